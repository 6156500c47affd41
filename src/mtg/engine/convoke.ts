/**
 * Convoke (CR 702.51): each untapped creature its caster taps while paying for the spell pays
 * for {1} or one mana of that creature's colour (CR 702.51a). Tapping creatures is not a {T}
 * cost, so summoning sickness does not matter. The automatic payer never convokes on its own
 * (tapping a blocker is a poor default): the caster is asked, one creature at a time, whether to
 * tap one, and may stop whenever its lands can pay the rest. A spell only convoke can pay for is
 * offered, and then the caster must tap enough creatures.
 *
 * Improvise (CR 702.126) is the same with artifacts, each paying for {1} only (CR 702.126a): generic
 * mana, never a coloured or {C} symbol. A spell with both may be helped by either kind; a tapped
 * artifact creature pays once.
 */
import type { Seat } from './choice.js';
import { ask, cardRef, type Gen, type Opt } from './ask.js';
import type { G } from './context.js';
import { chars, hasKeyword } from './layers.js';
import { costText, planPayment, type AutoSource, type ManaCost, type Shard } from './mana.js';
import { manaSources } from './costs.js';
import { lkiOf, tapObject } from './actions.js';
import type { GameObject, ManaColour, StackItem } from './types.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:Convoke');
registerPrimitive('kw:Improvise');

/** The two ways of tapping permanents to help cast a spell. */
type Helper = { keyword: 'Convoke' | 'Improvise'; type: 'Creature' | 'Artifact'; key: string };
const CONVOKE: Helper = { keyword: 'Convoke', type: 'Creature', key: '#convoke' };
const IMPROVISE: Helper = { keyword: 'Improvise', type: 'Artifact', key: '#improvise' };

const COLOURED: readonly ManaColour[] = ['W', 'U', 'B', 'R', 'G'];

/** Whether a spell card has convoke. */
export function hasConvoke(g: G, o: GameObject): boolean {
  return hasKeyword(g, o, 'Convoke');
}

/** Whether a spell card has improvise. */
export function hasImprovise(g: G, o: GameObject): boolean {
  return hasKeyword(g, o, 'Improvise');
}

/**
 * The seat's untapped creatures (convoke), each as a source of one mana of its colours (or of
 * {1}), or its untapped artifacts (improvise), each a source of {1}.
 */
function tapSources(g: G, seat: Seat, spell: GameObject, helper: Helper): AutoSource[] {
  const out: AutoSource[] = [];
  for (const id of g.s.zones['battlefield']!) {
    const o = g.s.objects[id]!;
    if (o.tapped || o.id === spell.id) continue;
    const c = chars(g, o);
    if (c.controller !== seat || !c.cardTypes.includes(helper.type)) continue;
    // An artifact pays for {1} only (CR 702.126a): a source of no colour, which only generic mana
    // takes. A colourless creature pays only generic mana too: 'C' stands for that here.
    const colours = helper === CONVOKE ? COLOURED.filter((x) => c.colours.includes(x)) : [];
    out.push({ id, key: helper.key, out: { colours: helper === IMPROVISE ? [] : colours.length > 0 ? colours : ['C'], amount: 1, each: null } });
  }
  return out;
}

function landSources(g: G, seat: Seat): readonly AutoSource[] {
  return manaSources(g, seat);
}

/**
 * Whether `cost` can be paid from the pool, the automatic sources and convoked creatures.
 * @example
 * ```ts
 * canPayWithConvoke(g, 0, cost, spell); // true with two Forests and three untapped creatures for {4}{G}
 * ```
 */
export function canPayWithConvoke(g: G, seat: Seat, cost: ManaCost, spell: GameObject): boolean {
  return canPayByTapping(g, seat, cost, spell, CONVOKE);
}

/**
 * Whether `cost` can be paid from the pool, the automatic sources and improvised artifacts (each
 * for {1}).
 * @example
 * ```ts
 * canPayWithImprovise(g, 0, cost, spell); // true with one Island and two untapped artifacts for {2}{U}
 * ```
 */
export function canPayWithImprovise(g: G, seat: Seat, cost: ManaCost, spell: GameObject): boolean {
  return canPayByTapping(g, seat, cost, spell, IMPROVISE);
}

function canPayByTapping(g: G, seat: Seat, cost: ManaCost, spell: GameObject, helper: Helper): boolean {
  const sources = [...landSources(g, seat), ...tapSources(g, seat, spell, helper)];
  return planPayment(cost, g.s.players[seat].pool, sources, g.s.players[seat].life) !== null;
}

/** The cost left after a creature of `colours` pays one coloured shard it can, else {1}. */
function reduce(cost: ManaCost, colours: readonly string[]): ManaCost | null {
  // One mana of a colour pays that colour's shard, either half of a hybrid, a {2/C} or a {C/P}.
  const at = cost.shards.findIndex((s: Shard) => (s.t === 'hybrid' ? colours.includes(s.a) || colours.includes(s.b) : colours.includes(s.c)));
  if (at >= 0) return { generic: cost.generic, shards: cost.shards.filter((_, i) => i !== at) };
  if (cost.generic > 0) return { generic: cost.generic - 1, shards: cost.shards };
  return null;
}

/**
 * Asks the caster which creatures to tap for convoke, one at a time (a `pay` point: "pay the rest
 * with mana", or a creature that keeps the rest payable), taps them and returns the cost left for
 * the mana payer. The creatures tapped are recorded on the item (`paid.tapped`).
 * @example
 * ```ts
 * const rest = yield* payConvoke(g, 0, spell, cost, item);
 * ```
 */
export function* payConvoke(g: G, seat: Seat, spell: GameObject, cost: ManaCost, item: StackItem): Gen<ManaCost> {
  return yield* payByTapping(g, seat, spell, cost, item, CONVOKE);
}

/**
 * Asks the caster which artifacts to tap for improvise, one at a time, each paying {1} (CR
 * 702.126a), as payConvoke does for creatures; returns the cost left for the mana payer.
 * @example
 * ```ts
 * const rest = yield* payImprovise(g, 0, spell, cost, item);
 * ```
 */
export function* payImprovise(g: G, seat: Seat, spell: GameObject, cost: ManaCost, item: StackItem): Gen<ManaCost> {
  return yield* payByTapping(g, seat, spell, cost, item, IMPROVISE);
}

function* payByTapping(g: G, seat: Seat, spell: GameObject, cost: ManaCost, item: StackItem, helper: Helper): Gen<ManaCost> {
  const word = helper.keyword.toLowerCase();
  let left = cost;
  for (;;) {
    if (left.generic === 0 && left.shards.length === 0) return left;
    const pool = g.s.players[seat].pool;
    const life = g.s.players[seat].life;
    const lands = landSources(g, seat);
    const creatures = tapSources(g, seat, spell, helper);
    const opts: Opt[] = [];
    const picks: Array<{ o: GameObject; rest: ManaCost }> = [];
    if (planPayment(left, pool, lands, life)) opts.push({ label: `pay ${costText(left)} with mana`, action: { verb: 'done' } });
    for (const s of creatures) {
      const o = g.s.objects[s.id]!;
      const rest = reduce(left, helper === CONVOKE ? chars(g, o).colours : []);
      if (!rest) continue;
      // A mana creature is a land-like source too: once tapped for convoke it makes no mana.
      const others = [...lands, ...creatures].filter((x) => x.id !== s.id);
      if (!planPayment(rest, pool, others, life)) continue;
      const name = chars(g, o).name;
      opts.push({ label: `tap ${name} for ${word}`, action: { verb: 'choose', card: cardRef(o.id, name) } });
      picks.push({ o, rest });
    }
    if (picks.length === 0) return left;
    const hasDone = opts[0]!.action.verb === 'done';
    const k = yield* ask(g, seat, 'pay', `${helper.keyword}: tap ${helper === CONVOKE ? 'creatures' : 'artifacts'} to pay ${costText(left)}`, opts);
    if (hasDone && k === 0) return left;
    const pick = picks[hasDone ? k - 1 : k]!;
    item.paid.tapped.push(lkiOf(g, pick.o));
    tapObject(g, pick.o);
    left = pick.rest;
  }
}
