/**
 * Which of a decision's options the puzzle solver tries, and what each costs against its bound.
 *
 * Three kinds of option are left out, because another option leads to the same games:
 *
 * - **tapping a land for mana at priority**: a mana ability whose whole cost is `{T}` is one the
 *   automatic payer taps by itself when a cost is paid (architecture.md, "The automatic payer"),
 *   so activating it first only floats mana the payer would have made (leave-out `taps`);
 * - **the same action on an identical object**: casting the second of two Grizzly Bears in hand,
 *   targeting the third of three untapped Islands (same name, zone, status, counters and
 *   characteristics, nothing attached): the first one stands for all (leave-out `twins`);
 * - **declarations out of order**: attackers and blockers are declared one at a time, and the
 *   order of a declaration does not change it, so only increasing orders are tried; the same for
 *   the targets of one "up to N targets" (twins leave-out: the prompts after the first are those
 *   with the same prompt and one option fewer);
 * - **another order of one's simultaneous triggers** (leave-out `orders`): the first order
 *   offered stands for the others, which seldom matter and multiply (three triggers, six
 *   orders);
 * - **actions outside the windows that matter** (leave-out `windows`): at priority with an empty
 *   stack, seat 0 acts only in its own main phases, in the declare attackers and declare blockers
 *   steps of either turn, and at the opponent's beginning of combat and end step. An instant in
 *   one's own upkeep or end step does what it would do in the main phase next to it, and the
 *   steps left out hold most of a turn's priority decisions. With a spell or ability on the
 *   stack, seat 0 may always respond; and it may act after first-strike combat damage, before
 *   the regular damage (CR 510.4), where a trick does what it does at no other time.
 *
 * An option costs 1 when it is an action (at priority anything but pass; at a declaration
 * anything but done) and 0 otherwise (passing, a target, a mode, a yes or no): the solver's bound
 * counts actions, so the passes between them, and the answers a spell asks for as it is cast,
 * are free.
 */
import type { Game } from '../engine/index.js';
import type { ChoiceOption, ChoicePoint } from '../engine/choice.js';
import type { GameObject } from '../engine/types.js';
import { manaSources } from '../engine/costs.js';
import { valueHash } from '../../core/hash.js';

/** One option the solver tries: its index and its cost against the bound. */
export type Candidate = { index: number; cost: 0 | 1 };

/**
 * The last declaration made in the current declaration of attackers or blockers, so the next
 * one is taken only in increasing order: the declared card's id, then its attacker's (a block)
 * or its defender's.
 */
export type DeclarationMark = { kind: 'attackers' | 'blockers' | 'targets'; key: [number, number] };

/** Which leave-outs apply. */
export type LeaveOuts = { taps: boolean; twins: boolean; windows: boolean; orders: boolean };

/** Steps of seat 0's own turn in which it acts with an empty stack (the windows leave-out). */
const OWN_WINDOWS: ReadonlySet<string> = new Set(['main1', 'main2', 'declareAttackers', 'declareBlockers']);
/** Steps of the opponent's turn in which seat 0 acts with an empty stack. */
const THEIR_WINDOWS: ReadonlySet<string> = new Set(['beginCombat', 'declareAttackers', 'declareBlockers', 'end']);

/** Whether the windows leave-out closes this priority decision to everything but passing. */
function closed(game: Game, point: ChoicePoint): boolean {
  const g = game.internals;
  const s = g.s;
  if (point.kind !== 'priority' || s.stack.length > 0) return false;
  // Between first-strike and regular combat damage (CR 510.4) a trick does what it can do nowhere
  // else: move an aura from a creature that has dealt its damage to one that has not, pump or
  // unmake a creature that strikes second. Open in either player's turn.
  if (g.priority?.frame.round === 'firstStrike') return false;
  return !(s.active === point.seat ? OWN_WINDOWS : THEIR_WINDOWS).has(s.step);
}

/** Whether an option is an action: what the bound counts. */
function costOf(point: ChoicePoint, option: ChoiceOption): 0 | 1 {
  const verb = option.action.verb;
  if (point.kind === 'priority') return verb === 'pass' ? 0 : 1;
  if (point.kind === 'attackers' || point.kind === 'blockers') return verb === 'done' || verb === 'pass' ? 0 : 1;
  return 0;
}

/**
 * The order key of a declaration option: `[card, attacker or defender]`; null for done.
 *
 * @example
 * ```ts
 * declarationKey({ index: 1, label: '', action: { verb: 'attack', card: { id: 7, name: 'Bears', ordinal: 1 } } }); // [7, -1]
 * ```
 */
export function declarationKey(option: ChoiceOption): [number, number] | null {
  const a = option.action;
  if (a.verb === 'attack') return [a.card.id, a.defender ? -1 - a.defender.seat : -1];
  if (a.verb === 'block') return [a.card.id, a.attacker.id];
  if (a.verb === 'target') return a.card ? [a.card.id, 0] : a.player ? [-1 - a.player.seat, 0] : null;
  return null;
}

const choices = (point: ChoicePoint): number => point.options.filter((o) => o.action.verb !== 'done').length;

/**
 * The mark the next decision gets after `option` was chosen at `point`: the same declaration
 * going on, or the next target of the same "up to N targets"; null otherwise.
 *
 * @example
 * ```ts
 * nextMark(point, point.options[2]!, next); // { kind: 'attackers', key: [7, -1] }
 * ```
 */
export function nextMark(point: ChoicePoint, option: ChoiceOption, next: ChoicePoint, leave: LeaveOuts): DeclarationMark | null {
  const key = declarationKey(option);
  if (!key || next.kind !== point.kind) return null;
  if (point.kind === 'attackers' || point.kind === 'blockers') return { kind: point.kind, key };
  if (point.kind === 'targets' && leave.twins && next.prompt === point.prompt && choices(next) === choices(point) - 1) return { kind: 'targets', key };
  return null;
}

function after(key: [number, number], mark: [number, number]): boolean {
  return key[0] > mark[0] || (key[0] === mark[0] && key[1] > mark[1]);
}

// Fields of an object that say nothing about how it plays: its identity and when it arrived.
const IDENTITY = new Set(['id', 'tid', 'timestamp', 'inc', 'known', 'lastController']);

/**
 * What makes two objects interchangeable: the object without its identity, and for a permanent
 * its characteristics as seat 0 sees them. Null for an object nothing may stand in for: one that
 * something is attached to, or one on the stack.
 */
function twinKey(game: Game, o: GameObject, attachedTo: ReadonlySet<number>, seen: Map<number, unknown>): string | null {
  if (o.zone === 'stack' || attachedTo.has(o.id)) return null;
  const own: Record<string, unknown> = {};
  for (const k in o) if (!IDENTITY.has(k)) own[k] = (o as Record<string, unknown>)[k];
  let chars: unknown = null;
  if (o.zone === 'battlefield') {
    if (!seen.has(-1)) {
      seen.set(-1, null);
      let battlefield;
      try {
        battlefield = game.view(0).battlefield;
      } catch {
        return null; // no view, no twins
      }
      for (const c of battlefield) seen.set(c.id, { ...c, id: 0 });
    }
    chars = seen.get(o.id) ?? null;
  }
  // Hashed from the value (a key compared for equality only): cheaper than its JSON.
  return valueHash([own, chars]);
}

/** The card an option is about, for the twins leave-out (with the blocker's attacker, the ability's number). */
function optionObject(option: ChoiceOption): { id: number; extra: string } | null {
  const a = option.action;
  switch (a.verb) {
    case 'play':
    case 'cast':
      // The label tells apart the ways one card is cast: face down (CR 702.37), either half of a
      // split card, an alternative cost, another of its spell abilities. Twins have the same.
      return { id: a.card.id, extra: `${a.verb}|${option.label}` };
    case 'activate':
      return { id: a.card.id, extra: `activate|${a.ability}` };
    case 'target':
    case 'choose':
      return a.card ? { id: a.card.id, extra: a.verb } : null;
    default:
      return null;
  }
}

/**
 * The options the solver tries at `point`, in the point's order, with their costs.
 *
 * @example
 * ```ts
 * candidates(game, point, null, { taps: true, twins: true, windows: true, orders: true }); // [{ index: 0, cost: 0 }, { index: 1, cost: 1 }, ...]
 * ```
 */
export function candidates(game: Game, point: ChoicePoint, mark: DeclarationMark | null, leave: LeaveOuts): Candidate[] {
  const g = game.internals;
  if (leave.orders && point.kind === 'order-triggers') return [{ index: 0, cost: 0 }];
  if (leave.windows && closed(game, point)) {
    const pass = point.options.find((o) => o.action.verb === 'pass');
    if (pass) return [{ index: pass.index, cost: 0 }];
  }
  let taps: Set<string> | null = null;
  if (leave.taps && point.kind === 'priority' && g.priority) {
    taps = new Set();
    for (const s of manaSources(g, point.seat)) {
      taps.add(`${s.id}|${s.key}`);
      for (const k of Object.values(s.keys ?? {})) taps.add(`${s.id}|${k}`);
    }
  }
  const offers = point.kind === 'priority' ? (g.priority?.offers ?? []) : [];
  const twins = new Set<string>();
  const attachedTo = new Set<number>();
  if (leave.twins)
    for (const id of g.s.zones['battlefield'] ?? []) {
      const host = g.s.objects[id]!.attachedTo;
      if (host !== null) attachedTo.add(host);
    }
  const views = new Map<number, unknown>();
  const out: Candidate[] = [];
  for (const option of point.options) {
    if (taps && option.index > 0) {
      const offer = offers[option.index - 1];
      if (offer?.kind === 'activate' && offer.mana && taps.has(`${offer.card.id}|${offer.key}`)) continue;
    }
    if (mark && point.kind === mark.kind) {
      const key = declarationKey(option);
      if (key && !after(key, mark.key)) continue;
    }
    if (leave.twins) {
      const about = optionObject(option);
      const o = about ? g.s.objects[about.id] : undefined;
      if (about && o) {
        const key = twinKey(game, o, attachedTo, views);
        if (key !== null) {
          const full = `${about.extra}|${o.zone}|${o.controller}|${key}`;
          if (twins.has(full)) continue;
          twins.add(full);
        }
      }
    }
    out.push({ index: option.index, cost: costOf(point, option) });
  }
  return out;
}
