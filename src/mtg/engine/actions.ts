/**
 * The game's primitive actions: moving objects between zones (with replacements, "as it
 * enters" effects and triggers), drawing, damage, life, tapping, counters, destruction,
 * sacrifice, discard, tokens and attachment. Effects and turn-based actions are built from these;
 * each one logs what it did and raises the triggers it causes.
 */
import type { Seat } from './choice.js';
import { ask, cardRef, type Gen } from './ask.js';
import { maybeObj, nextTick, opponent, touch, touchQuiet, touchState, type G } from './context.js';
import { chars, hasKeyword, playerKeywords } from './layers.js';
import {
  closeSimultaneous,
  counterReplacements,
  counterReplacementsExist,
  damageReplacements,
  drawReplacement,
  entersTapped,
  etbCounters,
  etbKeywordAbilities,
  leftWithinEvent,
  moveReplacements,
  openSimultaneous,
  tokenReplacements,
} from './replacement.js';
import { registerPrimitive } from '../cards/index.js';
import { listening, raise } from './triggers.js';
import { createTokenObject, moveObject, pileId, revealBeforeMove, type Mover, type Position } from './zones.js';
import type { GameObject, Lki, Ref, TokenDef, Zone } from './types.js';
import { runAbility } from './resolve.js';
import { dredgeInstead } from './dredge.js';
import { amplifyCounters } from './amplify.js';
import { globalRule } from './global-rules.js';
import { cardNamed, type NodeRef } from './cards.js';
import { canEnchant } from './enchant.js';
import { chooseCards } from './effects/util.js';

registerPrimitive('kw:DamageLifeThreshold');
// Totem armor (umbra armor, CR 702.89a) is a destruction replacement, applied in destroy().
registerPrimitive('kw:Totem armor');
// Solemnity's grants (Players can't get counters; counters can't be put on the permanents):
// canHaveCounters, putPlayerCounters, and the counter costs (costs.ts).
registerPrimitive("kw:CARDNAME can't have counters put on it.");
registerPrimitive("kw:PLAYER can't have counters put on him or her.");
const CANT_GAIN_LIFE = "You can't gain life.";
registerPrimitive(`kw:${CANT_GAIN_LIFE}`);

/**
 * Last-known information of an object (CR 608.2h): a JSON copy of what it is now.
 *
 * @example
 * ```ts
 * const before = lkiOf(g, bears); // still says 2/2 after Bears died
 * ```
 */
export function lkiOf(g: G, o: GameObject): Lki {
  const c = chars(g, o);
  return {
    id: o.id,
    inc: o.inc,
    zone: o.zone,
    owner: o.owner,
    controller: o.zone === 'battlefield' ? c.controller : o.controller,
    tapped: o.tapped,
    token: o.token !== null,
    counters: { ...o.counters },
    damage: o.damage,
    attachedTo: o.attachedTo,
    chars: c,
    ...(o.remembered.length > 0 ? { remembered: [...o.remembered] } : {}),
    ...(o.exiledWith !== null && o.zone === 'exile' ? { exiledWith: o.exiledWith } : {}),
    ...(o.chosen.colour !== undefined ? { chosenColour: o.chosen.colour } : {}),
  };
}

/**
 * A reference to an object as it is now.
 *
 * @example
 * ```ts
 * refOf(bears); // { card: 12, inc: 3 }
 * ```
 */
export function refOf(o: GameObject, lki?: Lki): Ref {
  return lki ? { card: o.id, inc: o.inc, lki } : { card: o.id, inc: o.inc };
}

/**
 * Whether a reference still names the same object (CR 400.7).
 *
 * @example
 * ```ts
 * live(g, target); // the object, or undefined once it changed zones (CR 400.7)
 * ```
 */
export function live(g: G, r: Ref): GameObject | undefined {
  if (!('card' in r)) return undefined;
  const o = maybeObj(g, r.card);
  return o && o.inc === r.inc ? o : undefined;
}

export type MoveOptions = {
  position?: Position;
  /** Who controls it on the battlefield (default its owner, CR 110.2). */
  controller?: Seat;
  cause?: Ref | null;
  tapped?: boolean;
  /** Who exiled it (`ExiledWithSource`). */
  exiledWith?: number;
  /** Keep X and kicker from the stack (a resolving permanent spell). */
  fromSpell?: boolean;
  /** Put onto the battlefield face down (manifest), or exiled face down (CR 406.3). */
  faceDown?: boolean;
  /** Counters it enters with. */
  counters?: Record<string, number>;
  /** A double-faced card enters the battlefield with its back face up (CR 712.14a); the caller leaves other cards where they are. */
  transformed?: boolean;
  /** Moves the cards on the table another way (a private search session). */
  mover?: Mover;
  /**
   * The caller attaches what enters (an Aura spell resolving to its target, `AttachedTo$`, a
   * puzzle's precast): no Aura is asked where it goes as it enters (CR 303.4f).
   */
  attachedByCaller?: boolean;
};

/**
 * An Aura put onto the battlefield by anything but its own spell's resolution, by an effect that
 * does not say what it enchants (Replenish; Copy Enchantment entering as a copy of an Aura, which
 * it becomes only as it enters), is attached to what its controller chooses as it enters (CR
 * 303.4f): a permanent it could enchant (`canEnchant`), never itself. With none, it is left
 * unattached and the state-based actions put it into the graveyard (CR 704.5m), where CR 303.4g
 * would have it stay in the zone it came from; an Aura that can enchant only a player is left so
 * too.
 */
function* attachEnteringAura(g: G, o: GameObject): Gen<void> {
  if (o.attachedTo !== null || o.attachedToPlayer !== undefined) return;
  const c = chars(g, o);
  if (!c.subtypes.includes('Aura')) return;
  const legal = g.s.zones['battlefield']!.map((id) => g.s.objects[id]!).filter((h) => h.id !== o.id && canEnchant(g, o, h));
  const [host] = yield* chooseCards(g, c.controller, `Choose what ${c.name} enchants`, legal, 1);
  if (host) attach(g, o, host);
}

/** Removes an object from combat (CR 506.4). */
function removeFromCombat(g: G, id: number): void {
  const c = g.s.combat;
  if (!c) return;
  c.attackers = c.attackers.filter((a) => a.id !== id);
  c.blocks = c.blocks.filter((b) => b.blocker !== id && b.attacker !== id);
}

/**
 * Moves objects to a zone together (CR 400.7): replacement effects first, then the moves, then
 * what happens as a permanent enters (tapped, counters, "as it enters" abilities), then the
 * zone-change triggers, which for objects leaving the battlefield look back at all of them.
 * @example
 * ```ts
 * const [moved] = yield* changeZone(g, [bears], 'graveyard');
 * ```
 */
export function* changeZone(g: G, objs: readonly GameObject[], to: Zone, opts: MoveOptions = {}): Gen<GameObject[]> {
  const opened = openSimultaneous(g);
  try {
    return yield* changeZoneTogether(g, objs, to, opts);
  } finally {
    if (opened) closeSimultaneous(g);
  }
}

function* changeZoneTogether(g: G, objs: readonly GameObject[], to: Zone, opts: MoveOptions): Gen<GameObject[]> {
  const moved: Array<{ o: GameObject; before: Lki; asEnters: Array<{ host: number; controller: Seat; ref: NodeRef }> }> = [];
  // Auras and Equipment attached to an object that left: detached after the triggers looked back
  // (an Aura's "when enchanted creature dies" sees what it enchanted, CR 603.10a).
  const detach: GameObject[] = [];
  for (const o of objs) {
    if (o.zone === to && to !== 'library') continue;
    // A card put onto the battlefield face down (manifest) is not shown: the move decides (zones.ts).
    if (!opts.faceDown) revealBeforeMove(g, o, to);
    const before = lkiOf(g, o);
    const outcome = yield* moveReplacements(g, o, to, opts.cause ?? null);
    if (outcome.replaced) continue;
    // A spell or ability that targeted it still knows it as it last was (CR 608.2h): Rapid
    // Hybridization's "that creature's controller" after the creature was destroyed.
    for (const item of g.s.stack)
      for (const list of item.targets) for (const r of list ?? []) if ('card' in r && r.card === o.id && r.inc === o.inc && !r.lki) r.lki = before;
    const from = o.zone;
    if (from === 'battlefield') {
      leftWithinEvent(g, before);
      removeFromCombat(g, o.id);
      for (const id of g.s.zones['battlefield']!) if (g.s.objects[id]!.attachedTo === o.id) detach.push(g.s.objects[id]!);
    }
    const position = opts.position ?? (outcome.destination === 'battlefield' ? 'bottom' : 'top');
    moveObject(
      g,
      o,
      outcome.destination,
      position,
      outcome.destination === 'battlefield' ? (opts.controller ?? o.owner) : undefined,
      outcome.destination === to ? opts.mover : undefined,
      // Exiled face down (Gonti's Dig, CR 406.3): the move keeps its face from the seats.
      opts.faceDown === true && outcome.destination === 'exile',
    );
    if (opts.fromSpell && before.zone === 'stack') {
      // xPaid and kicked survive the stack → battlefield move (moveObject keeps them).
    }
    if (outcome.destination === 'exile' && opts.exiledWith !== undefined) o.exiledWith = opts.exiledWith;
    if (opts.faceDown && outcome.destination === to) o.faceDown = true;
    if (opts.transformed && o.zone === 'battlefield' && cardNamed(g.registry, o.card)?.layout === 'transform') {
      o.face = 1;
      touch(g);
    }
    moved.push({ o, before, asEnters: outcome.asEnters });
  }
  // Only a game with a counter replacement needs to know who enters together (most never do).
  const entering = counterReplacementsExist(g) ? new Set(moved.filter((m) => m.o.zone === 'battlefield').map((m) => m.o.id)) : undefined;
  // The graveyard as it last was before this move (Forge's `LastStateGraveyard`): a creature card
  // returned from it, Golgari Grave-Troll itself among them, still counts for what enters with it.
  const leftGraveyards = moved.filter((m) => m.before.zone.startsWith('graveyard')).map((m) => m.before);
  for (const m of moved) {
    const o = m.o;
    if (o.zone !== 'battlefield') continue;
    if (opts.tapped || entersTapped(g, o)) o.tapped = true;
    // A planeswalker enters with its printed loyalty in loyalty counters (CR 306.5b).
    const c = chars(g, o);
    // Entering with counters is putting them (CR 122.6), so the counter replacements of the
    // permanents already there apply (CR 614.12: not those of permanents entering with it).
    const put = entering ? { effect: true, log: false, entering } : { effect: true, log: false };
    // Its counters are put by the permanent itself (Nest of Scarabs: a creature you control entering
    // with -1/-1 counters is one you put them on), seen only when there are counters to put.
    if (c.cardTypes.includes('Planeswalker') && c.loyalty !== null) yield* putCounters(g, o, 'LOYALTY', c.loyalty, { ...put, source: lkiOf(g, o) });
    for (const [kind, n] of etbCounters(g, o, leftGraveyards)) yield* putCounters(g, o, kind, n, { ...put, source: lkiOf(g, o) });
    // Amplify (CR 702.38a): the cards revealed as it enters decide its +1/+1 counters.
    const amplified = yield* amplifyCounters(g, o);
    if (amplified > 0) yield* putCounters(g, o, 'P1P1', amplified, { ...put, source: lkiOf(g, o) });
    for (const [kind, n] of Object.entries(opts.counters ?? {})) yield* putCounters(g, o, kind, n, { ...put, source: lkiOf(g, o) });
    for (const ref of etbKeywordAbilities(g, o)) {
      yield* runAbility(g, { g, you: chars(g, o).controller, host: o.id, ref, replaced: { card: o.id } }, null, { etb: true });
    }
    for (const e of m.asEnters) {
      yield* runAbility(g, { g, you: e.controller, host: o.id, ref: e.ref, replaced: { card: o.id } }, null, { etb: true });
    }
    if (!opts.attachedByCaller) yield* attachEnteringAura(g, o);
    touch(g);
  }
  const lookback = moved.filter((m) => m.before.zone === 'battlefield').map((m) => m.before);
  // The cards moved together are one event for "whenever one or more ..." (`OncePerEffect$`): named
  // by the action log's length now, which no other zone change shares.
  const batch = g.actions.length;
  for (const m of moved) {
    const o = m.o;
    const name = m.before.chars.name;
    g.events.push({ type: 'ZoneChanged', card: o.id, name, from: m.before.zone, to: o.zone });
    if (m.before.zone === 'battlefield' && o.zone === 'graveyard' && m.before.chars.cardTypes.includes('Creature')) {
      g.events.push({ type: 'CreatureDied', card: o.id, name, owner: o.owner, controller: m.before.controller });
      g.s.turnFacts.creaturesDied++;
    }
    (g.s.turnFacts.entered ??= []).push({
      id: o.id,
      inc: o.inc,
      from: m.before.zone,
      to: o.zone,
      ...(m.before.zone === 'battlefield' ? { lki: m.before } : {}),
    });
    const card = m.before.zone === 'battlefield' || o.zone !== 'battlefield' ? m.before : lkiOf(g, o);
    const moved = o.zone === 'hand' || o.zone === 'library' ? {} : { moved: { card: o.id, inc: o.inc } };
    raise(g, { mode: 'ChangesZone', card, origin: m.before.zone, destination: o.zone, cause: opts.cause ?? null, batch, ...moved }, lookback);
  }
  // "Whenever one or more cards are put into exile from your graveyard" (Rakshasa Vizier): the
  // cards moved together are one event (CR 603.2c), seen once with all of them.
  if (listening(g, 'ChangesZoneAll') || lookback.some((l) => l.chars.triggers.length > 0)) {
    const cards = moved.map((m) => ({
      card: m.before.zone === 'battlefield' || m.o.zone !== 'battlefield' ? m.before : lkiOf(g, m.o),
      origin: m.before.zone,
      destination: m.o.zone,
    }));
    raise(g, { mode: 'ChangesZoneAll', cards, cause: opts.cause ?? null }, lookback);
  }
  // An Equipment that left the battlefield attached became unattached (CR 701.3d; the new object
  // is attached to nothing, CR 400.7): "whenever CARDNAME becomes unattached" looks back at it (Grafted
  // Exoskeleton, CR 603.10a).
  for (const m of moved) {
    const host = m.before.zone === 'battlefield' && m.before.attachedTo !== null ? maybeObj(g, m.before.attachedTo) : undefined;
    if (host && m.before.chars.subtypes.includes('Equipment')) raiseUnequip(g, host.zone === 'battlefield' ? lkiOf(g, host) : null, m.before, lookback);
  }
  // Now attached to nothing (CR 301.5c, 303.4c); state-based actions deal with them (CR 704.5m–n).
  for (const a of detach) {
    const was = moved.find((m) => m.o.id === a.attachedTo);
    if (a.zone === 'battlefield' && chars(g, a).subtypes.includes('Equipment')) raiseUnequip(g, was ? was.before : null, lkiOf(g, a), lookback);
    a.attachedTo = null;
    touch(g);
  }
  return moved.map((m) => m.o);
}

/**
 * Draws cards one at a time (CR 121.2); drawing from an empty library is remembered for the SBA (CR 704.5b).
 *
 * @example
 * ```ts
 * const drawn = yield* drawCards(g, 0, 2);
 * ```
 */
export function* drawCards(g: G, seat: Seat, n: number): Gen<GameObject[]> {
  const out: GameObject[] = [];
  for (let i = 0; i < n; i++) {
    if (yield* dredgeInstead(g, seat)) continue;
    if (yield* drawReplacement(g, seat)) continue;
    const lib = g.s.zones[pileId('library', seat)]!;
    if (lib.length === 0) {
      g.s.players[seat].drewFromEmpty = true;
      touchState(g);
      continue;
    }
    const o = g.s.objects[lib[0]!]!;
    moveObject(g, o, 'hand', 'top');
    g.s.players[seat].cardsDrawn++;
    (g.s.turnFacts.drawn ??= []).push(o.id);
    g.events.push({ type: 'CardDrawn', seat, card: o.id });
    if (listening(g, 'Drawn')) raise(g, { mode: 'Drawn', card: lkiOf(g, o), player: seat });
    out.push(o);
  }
  return out;
}

/**
 * A player loses life (CR 119.3).
 *
 * @example
 * ```ts
 * loseLife(g, 1, 3); // 3
 * ```
 */
export function loseLife(g: G, seat: Seat, n: number): number {
  if (n <= 0) return 0;
  const p = g.s.players[seat];
  const from = p.life;
  p.life -= n;
  p.lifeLost += n;
  g.actions.push({ type: 'Life', seat, delta: -n });
  g.events.push({ type: 'LifeChanged', seat, from, to: p.life, delta: -n });
  raise(g, { mode: 'LifeLost', player: seat, amount: n });
  touchState(g);
  return n;
}

/**
 * Whether a player may gain life now (CR 119.7: not under "You can't gain life.").
 *
 * @example
 * ```ts
 * canGainLife(g, 0); // false under Rampaging Ferocidon
 * ```
 */
export function canGainLife(g: G, seat: Seat): boolean {
  return !playerKeywords(g, seat).includes(CANT_GAIN_LIFE);
}

/**
 * A player gains life (CR 119.3).
 *
 * @example
 * ```ts
 * gainLife(g, 0, 4); // 4
 * ```
 */
export function gainLife(g: G, seat: Seat, n: number, source?: Lki): number {
  if (n <= 0) return 0;
  // "You can't gain life." on the player, from a static (Rampaging Ferocidon's "Players can't gain
  // life", Skullcrack's effect, `Affected$ Player | AddKeyword$ You can't gain life.`): the gain
  // does not happen (CR 119.7), so nothing triggers on it (CR 119.9); lifelink damage is still dealt.
  // Setting a life total higher goes through here too (CR 119.5).
  if (playerKeywords(g, seat).includes(CANT_GAIN_LIFE)) return 0;
  const p = g.s.players[seat];
  const from = p.life;
  p.life += n;
  p.lifeGained += n;
  g.actions.push({ type: 'Life', seat, delta: n });
  g.events.push({ type: 'LifeChanged', seat, from, to: p.life, delta: n });
  raise(g, { mode: 'LifeGained', player: seat, amount: n, ...(source ? { source } : {}) });
  touchState(g);
  return n;
}

/**
 * Deals damage (CR 120): prevention and replacement first, then the result: life loss for a
 * player, marked damage for a creature (−1/−1 counters with wither or infect), loyalty loss for a
 * planeswalker; lifelink (CR 702.15) and deathtouch (CR 702.2) as the source has them.
 * `unpreventable` damage can't be prevented (CR 615.12). Given `once`, the damage is part of a
 * larger simultaneous event: it is pushed there, and the caller raises `DamageDoneOnce` for the
 * whole event once it is dealt (damage-map.ts).
 * @example
 * ```ts
 * const dealt = yield* dealDamage(g, lkiOf(g, bolt), { player: 1 }, 3, false);
 * ```
 */
export function* dealDamage(
  g: G,
  source: Lki,
  target: Ref,
  amount: number,
  combat: boolean,
  unpreventable = false,
  once: DamageDealt[] | null = null,
): Gen<number> {
  const dealt = yield* damageReplacements(g, source, target, amount, combat, unpreventable);
  if (dealt <= 0) return 0;
  const srcLive = live(g, { card: source.id, inc: source.inc });
  const words = srcLive ? chars(g, srcLive).keywords : source.chars.keywords;
  const has = (k: string) => words.includes(k);
  const o = 'player' in target ? undefined : live(g, target);
  if (!('player' in target) && (!o || o.zone !== 'battlefield')) return 0;
  const c = o ? chars(g, o) : undefined;
  const targetName = 'player' in target ? `p${target.player + 1}` : c!.name;
  // The damage is logged before its results (the life it costs, the counters it puts), so a log
  // reads cause first: "Shock deals 2 damage to p2", then "p2 life 20 → 18".
  g.actions.push({
    type: 'Damage',
    source: source.id,
    target: 'player' in target ? (`p${target.player}` as const) : 'card' in target ? target.card : -1,
    amount: dealt,
  });
  g.events.push({ type: 'DamageDealt', source: source.id, sourceName: source.chars.name, target: targetName, amount: dealt, combat });
  const byKey = `c${source.id}:${source.inc}`;
  const by = (g.s.turnFacts.damageBy ??= {});
  by[byKey] = (by[byKey] ?? 0) + dealt;
  if ('player' in target) {
    // CR 724.2: "Whenever a creature deals combat damage to the monarch, its controller becomes
    // the monarch." Simplified: at once, not a triggered ability on the stack.
    if (combat && g.s.monarch === target.player && source.controller !== target.player) becomeMonarch(g, source.controller);
    // Damage dealt, whatever it does (poison with infect): bloodthirst reads it (CR 702.54a).
    (g.s.turnFacts.playerDamage ??= [0, 0])[target.player] += dealt;
    // Prowl (CR 702.76a) asks which creature types dealt combat damage to a player this turn, and
    // under whose control: the source as it dealt it.
    if (combat && dealt > 0) {
      const types = (g.s.turnFacts.prowl ??= [[], []])[source.controller];
      const c = source.chars;
      for (const t of c.keywords.includes('Changeling') ? ['Changeling'] : c.subtypes) if (!types.includes(t)) types.push(t);
    }
    if (has('Infect')) {
      // Poison counters the player gets (CR 702.90b), which "if you would get counters" replaces.
      yield* putPlayerCounters(g, target.player, 'POISON', dealt, false, source);
      touchState(g);
    } else {
      // "Damage that would reduce your life total to less than N reduces it to N instead" (Ali from Cairo).
      const floor = lifeFloor(g, target.player);
      const life = g.s.players[target.player].life;
      const loss = floor === null ? dealt : Math.max(0, Math.min(dealt, life - floor));
      loseLife(g, target.player, loss);
      g.s.players[target.player].damageTaken += dealt;
    }
  } else if (o && c) {
    if (c.cardTypes.includes('Planeswalker') && !c.cardTypes.includes('Creature')) {
      removeCounters(g, o, 'LOYALTY', dealt);
    } else if (has('Wither') || has('Infect') || globalRule(g, 'alwaysWither')) {
      // Everlasting Torment: "all damage is dealt as though its source had wither" (CR 702.80a).
      // −1/−1 counters put on it (CR 702.80a, 702.90c), which counter replacements see (Vizier of Remedies).
      yield* putCounters(g, o, 'M1M1', dealt, { effect: false, source });
    } else {
      o.damage += dealt;
    }
    if (has('Deathtouch')) o.deathtouched = true;
    if (!o.damagedBy.includes(source.id)) o.damagedBy.push(source.id);
    touchState(g);
  }
  const dealers = (g.s.turnFacts.dealtDamage ??= []);
  if (!dealers.includes(source.id)) dealers.push(source.id);
  if (has('Lifelink')) gainLife(g, srcLive ? chars(g, srcLive).controller : source.controller, dealt, source);
  // The damaged creature as it was when dealt damage: a trigger resolving after it died reads its
  // controller from that (Greatbow Doyen's "that creature's controller", CR 608.2h).
  const hit = o && 'card' in target ? { ...target, lki: lkiOf(g, o) } : target;
  raise(g, { mode: 'DamageDone', source, target: hit, amount: dealt, combat });
  // Combat damage is one event for all its sources (CR 510.2): the combat damage step raises it;
  // so does the end of a damage map (effects/damage-map.ts), damage an effect deals all at once.
  if (once) once.push({ source, target, amount: dealt });
  else if (!combat) damageDoneOnce(g, [{ source, target, amount: dealt }], false);
  return dealt;
}

/** One source's damage to one object or player, as dealt (after prevention and replacement). */
export type DamageDealt = { source: Lki; target: Ref; amount: number };

/**
 * Raises `DamageDealtOnce` ("whenever [this] deals damage") once for each source of a simultaneous
 * event, with the total it dealt: combat damage (CR 510.2), an effect's damage all at once, or a
 * single blow such as one side of a fight (CR 701.12b). Armadillo Cloak's "whenever enchanted
 * creature deals damage" gains life from a fight as from combat.
 */
function damageDealtOnce(g: G, dealt: readonly DamageDealt[], combat: boolean): void {
  if (!listening(g, 'DamageDealtOnce')) return;
  const bySource = new Map<number, { source: Lki; amount: number }>();
  for (const d of dealt) {
    if (d.amount <= 0) continue;
    const t = bySource.get(d.source.id) ?? { source: d.source, amount: 0 };
    t.amount += d.amount;
    bySource.set(d.source.id, t);
  }
  for (const t of bySource.values()) raise(g, { mode: 'DamageDealtOnce', source: t.source, amount: t.amount, combat });
}

/**
 * Raises `DamageDoneOnce` ("whenever [this] is dealt damage") once for each object or player
 * dealt damage by a simultaneous event, with the total and every source (CR 510.2, 603.2c).
 *
 * @example
 * ```ts
 * damageDoneOnce(g, [{ source: lkiOf(g, bears), target: { player: 1 }, amount: 2 }], true);
 * ```
 */
export function damageDoneOnce(g: G, dealt: readonly DamageDealt[], combat: boolean): void {
  damageDealtOnce(g, dealt, combat);
  if (!listening(g, 'DamageDoneOnce')) return;
  const byTarget = new Map<string, { target: Ref; sources: Lki[]; amount: number }>();
  for (const d of dealt) {
    if (d.amount <= 0) continue;
    const key = 'player' in d.target ? `p${d.target.player}` : 'card' in d.target ? `c${d.target.card}:${d.target.inc}` : '';
    if (key === '') continue;
    const t = byTarget.get(key) ?? { target: d.target, sources: [], amount: 0 };
    t.amount += d.amount;
    if (!t.sources.some((s) => s.id === d.source.id)) t.sources.push(d.source);
    byTarget.set(key, t);
  }
  for (const t of byTarget.values())
    raise(g, { mode: 'DamageDoneOnce', target: t.target, source: t.sources[0]!, sources: t.sources, amount: t.amount, combat });
}

/**
 * The life floor a player has from `DamageLifeThreshold:N`, or null. Every corpus card (Worship,
 * Ali from Cairo) grants it to the player (`Affected$ You | AddKeyword$ DamageLifeThreshold:1`),
 * so the player's keywords are read; a permanent printed with it (`K:DamageLifeThreshold:1`)
 * gives it to its controller too. It is a replacement effect (CR 614.1a): the damage is still
 * dealt, only the life lost shrinks.
 */
function lifeFloor(g: G, seat: Seat): number | null {
  const words = [...playerKeywords(g, seat)];
  for (const id of g.s.zones['battlefield']!) {
    const c = chars(g, g.s.objects[id]!);
    if (c.controller === seat) words.push(...c.keywords);
  }
  let floor: number | null = null;
  for (const k of words) {
    if (!k.startsWith('DamageLifeThreshold')) continue;
    const n = Number(k.split(':')[1] ?? '1');
    floor = Math.max(floor ?? n, n);
  }
  return floor;
}

/**
 * Taps a permanent (CR 701.26); raises `Taps`.
 *
 * @example
 * ```ts
 * tapObject(g, forest, true); // true if it was untapped
 * ```
 */
export function tapObject(g: G, o: GameObject, forMana = false): boolean {
  if (o.tapped) return false;
  o.tapped = true;
  g.actions.push({ type: 'Tap', card: o.id });
  touchQuiet(g);
  if (listening(g, 'Taps')) raise(g, { mode: 'Taps', card: lkiOf(g, o) });
  if (forMana && listening(g, 'TapsForMana')) raise(g, { mode: 'TapsForMana', card: lkiOf(g, o) });
  return true;
}

/**
 * Exerts a permanent (CR 701.43a): `seat`, its controller, has it not untap during their next
 * untap step; raises `Exerted`. It may be exerted again while already exerted (701.43b: it still
 * skips only that one untap step). Simplified: an exerted permanent that is untapped at that
 * untap step (vigilance) keeps the mark until an untap step finds it tapped.
 *
 * @example
 * ```ts
 * exertObject(g, ritualist, 1); // it won't untap during p2's next untap step
 * ```
 */
export function exertObject(g: G, o: GameObject, seat: Seat): void {
  o.skipNextUntap = true;
  const exerted = (g.s.turnFacts.exerted ??= []);
  if (!exerted.includes(o.id)) exerted.push(o.id);
  touchQuiet(g);
  raise(g, { mode: 'Exerted', card: lkiOf(g, o), player: seat });
}

/**
 * Untaps a permanent; raises `Untaps`.
 *
 * @example
 * ```ts
 * untapObject(g, forest); // true if it was tapped
 * ```
 */
export function untapObject(g: G, o: GameObject): boolean {
  if (!o.tapped) return false;
  o.tapped = false;
  g.actions.push({ type: 'Untap', card: o.id });
  touchQuiet(g);
  if (listening(g, 'Untaps')) raise(g, { mode: 'Untaps', card: lkiOf(g, o) });
  return true;
}

const NO_COUNTERS = "CARDNAME can't have counters put on it.";
const PLAYER_NO_COUNTERS = "PLAYER can't have counters put on him or her.";

/**
 * Whether counters can be put on an object (Solemnity's "Counters can't be put on artifacts,
 * creatures, enchantments, or lands", a keyword it grants): when they can't, none is put, also
 * as it enters with counters, and no replacement of the event applies (there is none, CR 614.1).
 *
 * @example
 * ```ts
 * canHaveCounters(g, bears); // false under Solemnity
 * ```
 */
export function canHaveCounters(g: G, o: GameObject): boolean {
  return !chars(g, o).keywords.includes(NO_COUNTERS);
}

/**
 * Puts counters on an object (CR 122).
 *
 * @example
 * ```ts
 * addCounters(g, bears, 'P1P1', 2);
 * ```
 */
export function addCounters(g: G, o: GameObject, kind: string, n: number, log = true, source?: Lki): void {
  if (n <= 0) return;
  o.counters[kind] = (o.counters[kind] ?? 0) + n;
  g.actions.push({ type: 'Counters', card: o.id, counter: kind, delta: n });
  if (log) g.events.push({ type: 'CounterAdded', card: o.id, counter: kind, amount: n });
  touch(g);
  // "Whenever a counter is put on" triggers once per counter (Forge's CounterAdded), each seeing
  // the count it made: a Saga's chapter N triggers on the counter that makes N (CR 714.2b).
  if (listening(g, 'CounterAdded')) {
    const card = lkiOf(g, o);
    const before = o.counters[kind] - n;
    for (let i = 1; i <= n; i++) raise(g, { mode: 'CounterAdded', card, amount: 1, counter: kind, count: before + i });
  }
  // "Whenever one or more [kind] counters are put on" triggers once for the event, with how many
  // (Forge's CounterAddedOnce): one putting is one event per object and kind (CR 122.6, 603.2c).
  if (listening(g, 'CounterAddedOnce')) raise(g, { mode: 'CounterAddedOnce', card: lkiOf(g, o), counter: kind, amount: n, ...(source ? { source } : {}) });
}

/**
 * Puts counters on a permanent after the `AddCounter` replacement effects (CR 614.1, 616.1:
 * Hardened Scales, Doubling Season, Winding Constrictor); returns how many were put. `effect`: put
 * by an effect (a resolving spell or ability, or as the permanent enters), which `EffectOnly$`
 * replacements need; false for a cost (CR 118) or damage. `entering`: the objects entering the
 * battlefield with it, whose replacements do not apply to it (CR 614.12). With no such replacement
 * in the game it is `addCounters`. `source`: the object that puts them (the resolving ability's
 * source, the damage's source), which "whenever you put one or more counters" reads as
 * `ValidSource$` (Hapatra, Vizier of Poisons).
 *
 * @example
 * ```ts
 * yield* putCounters(g, bears, 'P1P1', 1, { effect: true }); // 2 under Hardened Scales
 * ```
 */
export function* putCounters(
  g: G,
  o: GameObject,
  kind: string,
  n: number,
  opts: { effect: boolean; log?: boolean; entering?: ReadonlySet<number>; source?: Lki },
): Gen<number> {
  if (n <= 0 || !canHaveCounters(g, o)) return 0;
  if (counterReplacementsExist(g)) n = yield* counterReplacements(g, o, kind, n, opts.effect, opts.entering);
  if (n <= 0) return 0;
  addCounters(g, o, kind, n, opts.log ?? true, opts.source);
  return n;
}

/**
 * Puts counters on a player. Poison stays in its own field, which the state-based action reads
 * (CR 122.1f); any other kind (energy, experience) goes to the player's counters record, its
 * kind in upper case as Forge's `CounterType` names it (`Experience` and `EXPERIENCE` are one).
 * No replacement applies: `putPlayerCounters` is the event replacements see.
 *
 * @example
 * ```ts
 * addPlayerCounters(g, 0, 'ENERGY', 2); // you get {E}{E}
 * ```
 */
export function addPlayerCounters(g: G, seat: Seat, kind: string, n: number, source?: Lki): void {
  if (n <= 0) return;
  const p = g.s.players[seat];
  const k = kind.toUpperCase();
  if (k === 'POISON') p.poison += n;
  else p.counters = { ...p.counters, [k]: (p.counters?.[k] ?? 0) + n };
  touch(g);
  // "Whenever you get one or more {E}" (Territorial Gorger): once for the event, with how many.
  if (listening(g, 'CounterAddedOnce')) raise(g, { mode: 'CounterAddedOnce', player: seat, counter: k, amount: n, ...(source ? { source } : {}) });
}

/**
 * A player gets counters (CR 122.1) after the `AddCounter` replacement effects with `ValidPlayer$`
 * (Winding Constrictor's "if you would get one or more counters"); returns how many. `effect` as
 * for `putCounters`.
 *
 * @example
 * ```ts
 * yield* putPlayerCounters(g, 0, 'ENERGY', 2, true); // {E}{E}{E} under your Winding Constrictor
 * ```
 */
export function* putPlayerCounters(g: G, seat: Seat, kind: string, n: number, effect: boolean, source?: Lki): Gen<number> {
  // "Players can't get counters" (Solemnity): no event, so no replacement applies to it either.
  if (n <= 0 || playerKeywords(g, seat).includes(PLAYER_NO_COUNTERS)) return 0;
  if (counterReplacementsExist(g)) n = yield* counterReplacements(g, seat, kind, n, effect);
  if (n <= 0) return 0;
  addPlayerCounters(g, seat, kind, n, source);
  return n;
}

/**
 * Removes up to `n` counters; returns how many were removed.
 *
 * @example
 * ```ts
 * removeCounters(g, battery, 'CHARGE', 1); // 1
 * ```
 */
export function removeCounters(g: G, o: GameObject, kind: string, n: number): number {
  const have = o.counters[kind] ?? 0;
  const removed = Math.min(have, Math.max(0, n));
  if (removed === 0) return 0;
  if (have - removed === 0) delete o.counters[kind];
  else o.counters[kind] = have - removed;
  g.actions.push({ type: 'Counters', card: o.id, counter: kind, delta: -removed });
  touch(g);
  return removed;
}

/**
 * Destroys permanents (CR 701.8): indestructible ones stay (CR 702.12b); a regeneration shield
 * replaces destruction by tapping, removing damage and removing from combat (CR 701.19); an Aura
 * with totem armor (umbra armor, CR 702.89a) attached to it replaces it by removing all damage
 * from it and destroying the Aura instead. When more than one of these applies, the permanent's
 * controller chooses which (CR 616.1); the Auras destroyed so are destroyed with the rest, at once
 * (each once, even when the same event destroys it too).
 * @example
 * ```ts
 * const dead = yield* destroy(g, [bears], { noRegen: true });
 * ```
 */
export function* destroy(g: G, objs: readonly GameObject[], opts: { noRegen?: boolean; cause?: Ref | null } = {}): Gen<GameObject[]> {
  const dying: GameObject[] = [];
  const queue = [...objs];
  for (let i = 0; i < queue.length; i++) {
    const o = queue[i]!;
    if (o.zone !== 'battlefield') continue;
    if (hasKeyword(g, o, 'Indestructible')) continue;
    const noRegen = opts.noRegen || chars(g, o).keywords.includes("CARDNAME can't be regenerated.");
    const regen = o.shields > 0 && !noRegen;
    const umbras = totemArmors(g, o);
    if (regen || umbras.length > 0) {
      const k = yield* chooseDestroyReplacement(g, o, regen, umbras);
      if (k === 'regenerate') {
        o.shields--;
        o.damage = 0;
        o.deathtouched = false;
        tapObject(g, o);
        removeFromCombat(g, o.id);
        g.events.push({ type: 'Regenerated', card: o.id, name: chars(g, o).name });
        touchState(g);
        continue;
      }
      // CR 702.89a: remove all damage from it (deathtouch's mark too: the damage is what made it
      // lethal, CR 704.5h) and destroy this Aura instead.
      o.damage = 0;
      o.deathtouched = false;
      touchState(g);
      // An Aura destroyed by the same event still saves it (the replacement applies to the
      // creature's destruction; the Aura is destroyed once).
      if (!queue.includes(k)) queue.push(k);
      continue;
    }
    dying.push(o);
  }
  for (const o of dying) g.events.push({ type: 'PermanentDestroyed', card: o.id, name: chars(g, o).name });
  return yield* changeZone(g, dying, 'graveyard', { cause: opts.cause ?? null });
}

/** The Auras with totem armor attached to `o` (CR 702.89a), oldest first. */
function totemArmors(g: G, o: GameObject): GameObject[] {
  const out: GameObject[] = [];
  for (const id of g.s.zones['battlefield']!) {
    const a = g.s.objects[id]!;
    if (a.attachedTo === o.id && hasKeyword(g, a, 'Totem armor')) out.push(a);
  }
  return out.sort((a, b) => a.timestamp - b.timestamp);
}

/**
 * Which replacement of a destruction applies (CR 616.1): the regeneration shield or one of the
 * Auras with totem armor, the permanent's controller's choice when there are several (option 0,
 * the shield when there is one, then the Auras oldest first).
 */
function* chooseDestroyReplacement(g: G, o: GameObject, regen: boolean, umbras: readonly GameObject[]): Gen<'regenerate' | GameObject> {
  const choices: Array<'regenerate' | GameObject> = [...(regen ? (['regenerate'] as const) : []), ...umbras];
  if (choices.length === 1) return choices[0]!;
  const name = chars(g, o).name;
  const opts = choices.map((c) => {
    if (c === 'regenerate') return { label: `${name}: regenerate`, action: { verb: 'choose' as const, card: cardRef(o.id, name) } };
    const aura = chars(g, c).name;
    return { label: `${aura}: totem armor (destroy ${aura} instead)`, action: { verb: 'choose' as const, card: cardRef(c.id, aura) } };
  });
  const k = yield* ask(
    g,
    chars(g, o).controller,
    'order-replacements',
    `Several replacement effects apply to ${name} being destroyed: choose the one to apply (CR 616.1)`,
    opts,
  );
  return choices[k]!;
}

/**
 * Sacrifices permanents (CR 701.17): they go to the graveyard; no regeneration.
 *
 * @example
 * ```ts
 * const gone = yield* sacrifice(g, [lotus]); // last-known information of what was sacrificed
 * ```
 * `causeParam` is the sacrificing effect's `SacrificeParam$`, for a `Sacrificed` trigger's `CauseParam$`.
 */
export function* sacrifice(g: G, objs: readonly GameObject[], opts: { causeParam?: string } = {}): Gen<Lki[]> {
  const out: Lki[] = [];
  for (const o of objs) if (o.zone === 'battlefield') out.push(lkiOf(g, o));
  const onField = objs.filter((o) => o.zone === 'battlefield');
  yield* changeZone(g, onField, 'graveyard');
  const cause = opts.causeParam === undefined ? {} : { causeParam: opts.causeParam };
  for (const l of out) raise(g, { mode: 'Sacrificed', card: l, player: l.controller, ...cause });
  return out;
}

/**
 * Discards cards (CR 701.9).
 *
 * @example
 * ```ts
 * yield* discard(g, 1, [card]);
 * ```
 */
export function* discard(g: G, seat: Seat, cards: readonly GameObject[], cause: Ref | null = null): Gen<Lki[]> {
  const out: Lki[] = [];
  for (const o of cards) {
    if (o.zone !== 'hand') continue;
    revealBeforeMove(g, o, 'graveyard');
    const l = lkiOf(g, o);
    out.push(l);
    // Madness (CR 702.35a): discarded, but exiled instead of put into the graveyard; its trigger
    // (src/mtg/cards/keywords/madness.ts) then lets its owner cast it from exile.
    const madness = l.chars.keywords.some((k) => k.startsWith('Madness:'));
    yield* changeZone(g, [o], madness ? 'exile' : 'graveyard', { cause });
    (g.s.turnFacts.discarded ??= [0, 0])[seat]++;
    g.events.push({ type: 'Discarded', seat, card: o.id, name: l.chars.name });
    raise(g, { mode: 'Discarded', card: l, player: seat, cause });
  }
  return out;
}

/**
 * Creates tokens (CR 111.1), after the replacement effects that change how many or under whose
 * control (CR 614.1), and gives them what entering the battlefield gives.
 *
 * @example
 * ```ts
 * const [soldier] = yield* createTokens(g, def, 0, 1);
 * ```
 */
export function* createTokens(
  g: G,
  def: TokenDef,
  controller: Seat,
  n: number,
  opts: { tapped?: boolean; card?: string; copyOf?: GameObject['copyOf'] } = {},
): Gen<GameObject[]> {
  const made: GameObject[] = [];
  // Replacement effects change how many tokens are created and under whose control (CR 614.1,
  // 111.1: Anointed Procession, Crafty Cutpurse); every caller creates tokens by an effect.
  ({ controller, n } = yield* tokenReplacements(g, controller, n, true));
  for (let i = 0; i < n; i++) {
    const o = createTokenObject(g, def, controller, opts.card ?? def.name);
    // A token that is a copy (CR 707.2: it takes the copiable values of the original) has them
    // from the start, so it enters tapped, with counters and with triggers as the copy would.
    if (opts.copyOf) o.copyOf = { ...opts.copyOf };
    made.push(o);
    g.events.push({ type: 'TokenCreated', seat: controller, card: o.id, name: def.name });
  }
  const entering = new Set(made.map((o) => o.id));
  for (const o of made) {
    if (opts.tapped || entersTapped(g, o)) o.tapped = true;
    for (const [kind, k] of etbCounters(g, o)) yield* putCounters(g, o, kind, k, { effect: true, log: false, entering, source: lkiOf(g, o) });
  }
  touch(g);
  for (const o of made) (g.s.turnFacts.entered ??= []).push({ id: o.id, inc: o.inc, to: 'battlefield' });
  for (const o of made) raise(g, { mode: 'ChangesZone', card: lkiOf(g, o), destination: 'battlefield' });
  return made;
}

/**
 * Attaches an Aura or Equipment to an object (CR 701.3).
 *
 * @example
 * ```ts
 * attach(g, aura, bears);
 * ```
 */
export function attach(g: G, o: GameObject, target: GameObject): void {
  // Moved from one permanent to another (CR 701.3a), an Equipment becomes unattached from the first (CR 701.3d).
  if (o.attachedTo !== null && o.attachedTo !== target.id && chars(g, o).subtypes.includes('Equipment')) {
    const was = maybeObj(g, o.attachedTo);
    if (was && was.zone === 'battlefield') raiseUnequip(g, lkiOf(g, was), lkiOf(g, o));
  }
  o.attachedTo = target.id;
  delete o.attachedToPlayer;
  o.timestamp = nextTick(g);
  touch(g);
}

/**
 * Attaches an Aura to a player (CR 303.4: "Enchant player" Auras such as Curses enchant a player,
 * not an object; 303.4f: an Aura spell with a player target resolves attached to that player).
 *
 * @example
 * ```ts
 * attachToPlayer(g, curse, 1);
 * ```
 */
export function attachToPlayer(g: G, o: GameObject, seat: Seat): void {
  o.attachedTo = null;
  o.attachedToPlayer = seat;
  o.timestamp = nextTick(g);
  touch(g);
}

/**
 * Mills cards: top of library into the graveyard (CR 701.13).
 *
 * @example
 * ```ts
 * yield* mill(g, 1, 3);
 * ```
 */
export function* mill(g: G, seat: Seat, n: number): Gen<GameObject[]> {
  const lib = g.s.zones[pileId('library', seat)]!;
  const cards = lib.slice(0, n).map((id) => g.s.objects[id]!);
  return yield* changeZone(g, cards, 'graveyard');
}

/** The opponent of a seat (re-exported for effects). */
export { opponent };

/**
 * A player becomes the monarch (CR 724.1, 724.3: there is only one; the designation passes).
 *
 * @example
 * ```ts
 * becomeMonarch(g, 0); // p1 is the monarch
 * ```
 */
export function becomeMonarch(g: G, seat: Seat): void {
  if (g.s.monarch === seat) return;
  g.s.monarch = seat;
  g.events.push({ type: 'MonarchChanged', seat });
  touchState(g);
}

/**
 * "Whenever CARDNAME becomes unattached from a permanent" (CR 701.3d; Forge's `Unequip` trigger:
 * `ValidEquipment$` the Equipment, `ValidCard$` the permanent it left, as it last was). `card` is
 * null when that permanent is gone too; the trigger still fires, with nothing left to act on.
 *
 * @example
 * ```ts
 * raiseUnequip(g, lkiOf(g, creature), lkiOf(g, equipment));
 * ```
 */
export function raiseUnequip(g: G, card: Lki | null, equipment: Lki, lookback: readonly Lki[] = []): void {
  raise(g, { mode: 'Unequip', ...(card ? { card } : {}), source: equipment }, lookback);
}
