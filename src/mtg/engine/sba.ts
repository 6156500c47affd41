/**
 * State-based actions (CR 704) and putting triggered abilities on the stack (CR 603.3), which
 * together happen every time a player would receive priority (CR 117.5): all applicable
 * state-based actions at once, repeated until none applies, then the waiting triggers in APNAP
 * order (CR 101.4), each player ordering their own (CR 603.3b), then again from the top.
 */
import { cityBlessing } from './ascend.js';
import { lookAtPermitted } from './may-look-at.js';
import type { Seat } from './choice.js';
import { ask, cardRef, type Gen, type Opt } from './ask.js';
import { keywordOf, resolveNode } from './cards.js';
import { invariant, maybeObj, touch, type G } from './context.js';
import { chars, hasKeyword, noteControlChanges, playerKeywords } from './layers.js';
import { changeZone, destroy, lkiOf, raiseUnequip, removeCounters, sacrifice } from './actions.js';
import { putTrigger, resolveStaticTriggers } from './cast.js';
import { closeSimultaneous, openSimultaneous } from './replacement.js';
import { raise, stateTriggers } from './triggers.js';
import { moveObject } from './zones.js';
import { revealFaceDown } from './face-down.js';
import { globalRule } from './global-rules.js';
import { auraOnPlayerLegal, canEnchant } from './enchant.js';
import type { GameObject, PendingTrigger } from './types.js';
import { registerPrimitive } from '../cards/index.js';

// A Saga's final chapter number, for its sacrifice (CR 714.4; the chapters are keywords/saga.ts's triggers).
registerPrimitive('kw:Saga');
registerPrimitive('kw:Enchant');

/** Thrown to unwind the rules generators when the game is over (CR 104). */
export class GameEnded {
  readonly ended = true;
}

/**
 * Ends the game: `winner` null for a draw (CR 104.4a).
 *
 * @example
 * ```ts
 * endGame(g, 0, 'an effect won the game'); // throws GameEnded
 * ```
 */
export function endGame(g: G, winner: Seat | null, reason: string): never {
  if (!g.s.over) {
    g.s.over = { winner, reason };
    if (winner !== null) g.s.players[winner].won = true;
    revealFaceDown(g);
    g.events.push({ type: 'GameOver', winner, reason });
  }
  throw new GameEnded();
}

/**
 * Whether `seat` can't lose the game (Platinum Angel, Gideon of the Trials's emblem: the keyword
 * "You can't lose the game." on the player): neither the state-based actions (CR 704.5a–c) nor an
 * effect makes it lose, for as long as it has the keyword (CR 104.3). Its life stays at 0 or less
 * meanwhile, so it loses at the first check after the keyword is gone.
 *
 * @example
 * ```ts
 * cantLose(g, 1); // true while p2 controls Platinum Angel
 * ```
 */
export function cantLose(g: G, seat: Seat): boolean {
  return playerKeywords(g, seat).includes(CANT_LOSE);
}

/** Whether `seat` can't win the game (the keyword "You can't win the game." on the player). */
export function cantWin(g: G, seat: Seat): boolean {
  return playerKeywords(g, seat).includes(CANT_WIN);
}

const CANT_LOSE = "You can't lose the game.";
const CANT_WIN = "You can't win the game.";
registerPrimitive(`kw:${CANT_LOSE}`);
registerPrimitive(`kw:${CANT_WIN}`);

/** Whether an Aura's attachment is still legal (CR 303.4d, 704.5m). */
function auraLegal(g: G, aura: GameObject): boolean {
  if (aura.attachedToPlayer !== undefined) return auraOnPlayerLegal(g, aura, aura.attachedToPlayer);
  if (aura.attachedTo === null) return false;
  const host = maybeObj(g, aura.attachedTo);
  if (!host || (host.zone !== 'battlefield' && !host.zone.startsWith('graveyard'))) return false;
  return canEnchant(g, aura, host);
}

/** The zones a token ceases to exist in (CR 704.5d), in the order they are looked through. */
const TOKENLESS_PILES = ['graveyard-0', 'graveyard-1', 'hand-0', 'hand-1', 'exile', 'library-0', 'library-1'] as const;

/** One pass of state-based actions; true if any was performed (CR 704.3). */
function* sbaOnce(g: G): Gen<boolean> {
  let acted = false;
  // 704.5a–c: players lose.
  const losers: Seat[] = [];
  for (const p of g.s.players) {
    // A player an effect made lose (CR 104.3) is already marked.
    if (p.lost) {
      losers.push(p.seat);
      continue;
    }
    if (p.life <= 0) p.lossReason = 'life';
    else if (p.drewFromEmpty) p.lossReason = 'drew from an empty library';
    else if (p.poison >= 10) p.lossReason = 'poison';
    else continue;
    // Asked only of a player about to lose, so the common check reads no keywords.
    if (cantLose(g, p.seat)) {
      p.lossReason = null;
      continue;
    }
    p.lost = true;
    losers.push(p.seat);
  }
  if (losers.length === 2) endGame(g, null, 'both players lost');
  if (losers.length === 1) {
    // The one left in the game wins (CR 104.2a), unless it can't win the game: then nobody does.
    const other: Seat = losers[0] === 0 ? 1 : 0;
    endGame(g, cantWin(g, other) ? null : other, g.s.players[losers[0]!].lossReason!);
  }

  // 704.5d: tokens outside the battlefield cease to exist. None to look for in the hands and
  // libraries when no token was ever made (`tokenSlots` counts them, zones.ts).
  if (g.s.tokenSlots > 0) {
    for (const pile of TOKENLESS_PILES) {
      const ids = g.s.zones[pile]!;
      // Looked through in place, and copied (moving a token changes the pile) only when one is found.
      let i = 0;
      while (i < ids.length && !g.s.objects[ids[i]!]!.token) i++;
      if (i === ids.length) continue;
      for (const id of ids.slice(i)) {
        const o = g.s.objects[id]!;
        if (o.token) {
          moveObject(g, o, 'void', 'bottom');
          acted = true;
        }
      }
    }
  }

  const toGraveyard: GameObject[] = [];
  const toDestroy: GameObject[] = [];
  const battlefield = g.s.zones['battlefield']!.map((id) => g.s.objects[id]!);
  for (const o of battlefield) {
    const c = chars(g, o);
    if (c.cardTypes.includes('Creature')) {
      const t = c.toughness ?? 0;
      if (t <= 0)
        toGraveyard.push(o); // 704.5f
      // 704.5g, 704.5h. An indestructible creature is not destroyed, so nothing is performed (no loop).
      else if ((o.damage >= t || (o.deathtouched && o.damage > 0)) && !hasKeyword(g, o, 'Indestructible')) toDestroy.push(o);
    }
    if (c.cardTypes.includes('Planeswalker') && (o.counters['LOYALTY'] ?? 0) <= 0 && !c.cardTypes.includes('Creature')) toGraveyard.push(o); // 704.5i
    if (c.subtypes.includes('Aura') && !c.cardTypes.includes('Creature') && !auraLegal(g, o)) {
      if (o.bestowed) {
        // A bestowed Aura unattached or attached illegally becomes unattached and ceases to be
        // bestowed: it stays on the battlefield, a creature again (CR 702.103f, an exception to 704.5m).
        o.attachedTo = null;
        delete o.attachedToPlayer;
        delete o.bestowed;
        touch(g);
        acted = true;
      } else toGraveyard.push(o); // 704.5m
    }
    if ((c.subtypes.includes('Equipment') || c.subtypes.includes('Fortification')) && o.attachedTo !== null) {
      const host = maybeObj(g, o.attachedTo);
      const hostOk = host && host.zone === 'battlefield' && chars(g, host).cardTypes.includes(c.subtypes.includes('Equipment') ? 'Creature' : 'Land');
      if (!hostOk || c.cardTypes.includes('Creature')) {
        if (c.subtypes.includes('Equipment')) raiseUnequip(g, host && host.zone === 'battlefield' ? lkiOf(g, host) : null, lkiOf(g, o));
        o.attachedTo = null; // 704.5n
        touch(g);
        acted = true;
      }
    }
    if (!c.subtypes.includes('Aura') && !c.subtypes.includes('Equipment') && !c.subtypes.includes('Fortification') && o.attachedTo !== null) {
      o.attachedTo = null; // 704.5p
      touch(g);
      acted = true;
    }
    if (!c.subtypes.includes('Aura') && o.attachedToPlayer !== undefined) {
      delete o.attachedToPlayer; // 704.5p: only an Aura can be attached to a player (CR 303.4)
      touch(g);
      acted = true;
    }
    // Soulbond (CR 702.95e): a paired creature becomes unpaired when it or its partner stops
    // being a creature or another player gains control of one of them (leaving the battlefield
    // is zones.ts's). Checked with the state-based actions, not at the instant of the change.
    if (o.pairedWith !== undefined) {
      const partner = maybeObj(g, o.pairedWith);
      const pc = partner && partner.zone === 'battlefield' ? chars(g, partner) : undefined;
      if (!pc || !c.cardTypes.includes('Creature') || !pc.cardTypes.includes('Creature') || pc.controller !== c.controller) {
        if (partner?.pairedWith === o.id) delete partner.pairedWith;
        delete o.pairedWith;
        touch(g);
        acted = true;
      }
    }
    // 704.5q: +1/+1 and -1/-1 counters annihilate.
    const plus = o.counters['P1P1'] ?? 0;
    const minus = o.counters['M1M1'] ?? 0;
    if (plus > 0 && minus > 0) {
      const n = Math.min(plus, minus);
      removeCounters(g, o, 'P1P1', n);
      removeCounters(g, o, 'M1M1', n);
      acted = true;
    }
  }
  // 704.5j: the legend rule.
  // Made at the first legendary permanent: most boards have none.
  let legends: Map<string, GameObject[]> | undefined;
  // Mirror Gallery's rule change: "the legend rule doesn't apply".
  const legendRule = !globalRule(g, 'noLegendRule');
  for (const o of legendRule ? battlefield : []) {
    const c = chars(g, o);
    if (!c.supertypes.includes('Legendary') || toGraveyard.includes(o)) continue;
    const key = `${c.controller}\u0000${c.name}`;
    legends ??= new Map();
    const list = legends.get(key) ?? [];
    list.push(o);
    legends.set(key, list);
  }
  for (const list of legends?.values() ?? []) {
    if (list.length < 2) continue;
    const seat = chars(g, list[0]!).controller;
    const opts: Opt[] = list.map((o) => ({ label: `keep ${chars(g, o).name} (${o.id})`, action: { verb: 'choose', card: cardRef(o.id, chars(g, o).name) } }));
    const k = yield* ask(g, seat, 'choose', 'Legend rule: choose the one to keep', opts);
    list.forEach((o, i) => {
      if (i !== k) toGraveyard.push(o);
    });
  }
  // CR 714.4: a Saga with at least as many lore counters as its final chapter number, and no
  // chapter ability of it triggered and not yet left the stack, is sacrificed.
  const sagas: GameObject[] = [];
  for (const o of battlefield) {
    if (o.zone !== 'battlefield' || toGraveyard.includes(o) || (o.counters['LORE'] ?? 0) === 0) continue;
    const last = sagaChapters(g, o);
    if (last === null || (o.counters['LORE'] ?? 0) < last) continue;
    if (g.s.stack.some((s) => s.kind === 'trigger' && s.source === o.id) || g.s.pending.some((p) => p.source === o.id)) continue;
    sagas.push(o);
  }
  if (sagas.length > 0) {
    acted = true;
    yield* sacrifice(g, sagas);
  }
  const dying = toDestroy.filter((o) => !toGraveyard.includes(o));
  if (toGraveyard.length > 0 || dying.length > 0) {
    acted = true;
    // Simultaneous (CR 704.3): destruction and putting into the graveyard in one batch where
    // possible, and one event for the replacements that look back at a permanent leaving in it.
    const opened = openSimultaneous(g);
    try {
      yield* changeZone(g, toGraveyard, 'graveyard');
      yield* destroy(g, dying);
    } finally {
      if (opened) closeSimultaneous(g);
    }
    for (const o of dying) o.deathtouched = false;
  }
  for (const o of battlefield) if (o.deathtouched && o.zone === 'battlefield') o.deathtouched = false;
  return acted;
}

/** A Saga's final chapter number (its `Saga:<N>` keyword, keywords/saga.ts), or null. */
function sagaChapters(g: G, o: GameObject): number | null {
  const c = chars(g, o);
  if (!c.subtypes.includes('Saga')) return null;
  for (const k of c.keywords) if (k.startsWith('Saga:')) return Number(keywordOf(k).args[0]) || null;
  return null;
}

/** Whether a state trigger (`Mode$ Always`, CR 603.8) from this source is already waiting or on the stack. */
function stateTriggerBusy(g: G, source: number, key: string): boolean {
  return g.s.stack.some((s) => s.source === source && s.triggerNode === key) || g.s.pending.some((p) => p.source === source && p.trigger === key);
}

function raiseStateTriggers(g: G): void {
  // The battlefield's Always triggers, in battlefield order (the trigger index keeps it).
  for (const { host: id, key } of stateTriggers(g)) {
    if (stateTriggerBusy(g, id, key)) continue;
    const before = g.s.pending.length;
    raise(g, { mode: 'Always' });
    // raise() checks every Always trigger; keep only this source's new ones once.
    g.s.pending = g.s.pending.filter(
      (p, i) => i < before || (p.trigger === key && p.source === id) || resolveNode(g.registry, p.trigger).node.head !== 'Always',
    );
    return;
  }
}

/**
 * Whether {@link stateCheck} would find nothing to do now: control changes noted (the one thing
 * it does first, done here), state-based actions checked since the last change that could matter,
 * no state trigger on the battlefield, no triggered ability waiting. Cheaper than asking it.
 *
 * @example
 * ```ts
 * if (!settled(g)) yield* stateCheck(g);
 * ```
 */
export function settled(g: G): boolean {
  noteControlChanges(g);
  return g.cache.sbaClean === g.version && stateTriggers(g).length === 0 && g.s.pending.length === 0;
}

/**
 * Everything that happens before a player receives priority (CR 117.5): state-based actions
 * until none applies, then triggered abilities onto the stack, repeated until stable.
 * @example
 * ```ts
 * yield* stateCheck(g); // before a player gets priority
 * ```
 */
export function* stateCheck(g: G): Gen<void> {
  for (let rounds = 0; ; rounds++) {
    if (rounds > 1000) invariant(g, 'triggered abilities kept triggering without end while putting them on the stack');
    noteControlChanges(g);
    // Nothing changed since the last check found nothing to do: nothing can apply now either.
    if (g.cache.sbaClean !== g.version) {
      g.cache.sbaVolatile = false;
      cityBlessing(g);
      // What a `MayLookAt$` static lets a player see is seen before anyone gets priority.
      lookAtPermitted(g);
      for (let passes = 0; yield* sbaOnce(g); passes++) {
        // Repeat until no state-based action applies (CR 704.3); each pass must change something.
        if (passes > 1000) invariant(g, 'state-based actions did not settle');
      }
      g.cache.sbaClean = g.version;
    }
    raiseStateTriggers(g);
    if (g.s.pending.length === 0) return;
    // `Static$ True` triggers resolve before the others go on the stack; then state-based
    // actions are checked again.
    if (yield* resolveStaticTriggers(g)) {
      if (g.s.over) return;
      continue;
    }
    const pending = g.s.pending;
    g.s.pending = [];
    // APNAP (CR 603.3b): the active player's go on the stack first, so they resolve last.
    for (const seat of [g.s.active, g.s.active === 0 ? 1 : 0] as Seat[]) {
      let mine: PendingTrigger[] = pending.filter((t) => t.controller === seat);
      while (mine.length > 0) {
        let k = 0;
        // Copies of one trigger of one source are interchangeable: their order is not asked.
        const same = mine.every((t) => t.source === mine[0]!.source && t.trigger === mine[0]!.trigger);
        if (mine.length > 1 && !same) {
          const opts: Opt[] = mine.map((t) => {
            const name = t.sourceLki?.chars.name ?? chars(g, g.s.objects[t.source]!).name;
            return { label: `put ${name}'s trigger on the stack next`, action: { verb: 'choose', card: cardRef(t.source, name) } };
          });
          k = yield* ask(g, seat, 'order-triggers', 'Order your triggered abilities (first chosen resolves last)', opts);
        }
        const t = mine[k]!;
        mine = mine.filter((_, i) => i !== k);
        yield* putTrigger(g, t);
      }
    }
  }
}
