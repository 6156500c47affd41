/**
 * What most effects share: the cards or players an ability affects (its own targets, else its
 * `Defined$`), amounts, remembering, durations and the source of damage.
 */
import type { Seat } from '../choice.js';
import { ask, cardRef, type Gen, type Opt } from '../ask.js';
import { addKeywordGrants, param, splitKeywords } from '../cards.js';
import { maybeObj, nextTick, newId, touch, type G, type Run } from '../context.js';
import { definedCards, definedPlayers } from '../defined.js';
import { chars } from '../layers.js';
import { matchesCard, seen } from '../select.js';
import { live, lkiOf } from '../actions.js';
import { logReveal, pileId } from '../zones.js';
import { evalNumber } from '../values.js';
import type { ResolveRun } from '../resolve.js';
import { declareParamForms, declareParamReads, registerPrimitive } from '../../cards/index.js';
import type { Duration, GameObject, Lki, Mods, Ref, StackItem, TokenDef } from '../types.js';

/**
 * Whether the node has targets of its own.
 *
 * @example
 * ```ts
 * hasTargets(run); // true for `ValidTgts$ Creature`
 * ```
 */
export function hasTargets(run: ResolveRun): boolean {
  return param(run.ref, 'ValidTgts') !== undefined;
}

/**
 * The node's own chosen targets.
 *
 * @example
 * ```ts
 * ownTargets(run); // [{ card: 12, inc: 2 }]
 * ```
 */
export function ownTargets(run: ResolveRun): Ref[] {
  return run.item?.targets[run.pos ?? 0] ?? [];
}

/**
 * The stack items an effect's own targets name, still on the stack: a spell by its card and
 * incarnation, an ability by its stack id (what Counterspell counters, what Deflection retargets).
 *
 * @example
 * ```ts
 * for (const item of targetedItems(run)) yield* counterItem(g, item, 'graveyard');
 * ```
 */
export function targetedItems(run: ResolveRun): StackItem[] {
  const g = run.g;
  const out: StackItem[] = [];
  for (const t of run.item?.targets[run.pos ?? 0] ?? []) {
    const item =
      'card' in t
        ? g.s.stack.find((s) => s.kind === 'spell' && s.source === t.card && s.sourceInc === t.inc)
        : 'stack' in t
          ? g.s.stack.find((s) => s.id === t.stack)
          : undefined;
    if (item) out.push(item);
  }
  return out;
}

/**
 * The live card objects an effect acts on: its targets (still legal ones), else `Defined$`
 * (or `fallback` when it has none).
 * @example
 * ```ts
 * for (const o of affectedCards(run)) tapObject(run.g, o);
 * ```
 */
export function affectedCards(run: ResolveRun, fallback: string | undefined = 'Self', key = 'Defined'): GameObject[] {
  if (hasTargets(run)) {
    const out: GameObject[] = [];
    for (const t of ownTargets(run)) {
      const o = live(run.g, t);
      if (o) out.push(o);
    }
    if (out.length > 0 && param(run.ref, 'Radiance') === 'True') out.push(...radiance(run, out));
    return out;
  }
  return definedCards(run, param(run.ref, key) ?? fallback)
    .map((s) => s.live)
    .filter((o): o is GameObject => o !== null);
}

/**
 * Radiance (an ability word, CR 207.2c: Leave No Trace's "destroy target enchantment and each
 * other enchantment that shares a color with it"): the other permanents of the kind the targets
 * were chosen among (`ValidTgts$`) that share a colour with one of them as the ability resolves
 * (CR 105.4), in battlefield order. They are not targeted, so protection and hexproof do not stop
 * it. Effects whose node says `Radiance$ True` add them to their targets.
 * @example
 * ```ts
 * const also = radiance(run, [enchantment]); // the other enchantments sharing a colour with it
 * ```
 */
export function radiance(run: ResolveRun, targets: readonly GameObject[]): GameObject[] {
  const g = run.g;
  const valid = param(run.ref, 'ValidTgts') ?? 'Card';
  const colours = new Set<string>();
  for (const o of targets) for (const c of chars(g, o).colours) colours.add(c);
  const out: GameObject[] = [];
  if (colours.size === 0) return out;
  const ids = new Set(targets.map((o) => o.id));
  for (const id of g.s.zones['battlefield']!) {
    if (ids.has(id)) continue;
    const o = g.s.objects[id]!;
    if (chars(g, o).colours.some((c) => colours.has(c)) && matchesCard(run, valid, seen(run, o))) out.push(o);
  }
  return out;
}

/**
 * {@link radiance} for target references: the permanents it adds, as references.
 * @example
 * ```ts
 * const refs = [...targets, ...radianceOf(run, targets)];
 * ```
 */
export function radianceOf(run: ResolveRun, targets: readonly Ref[]): Ref[] {
  const objs: GameObject[] = [];
  for (const t of targets) {
    const o = live(run.g, t);
    if (o) objs.push(o);
  }
  return radiance(run, objs).map((o) => ({ card: o.id, inc: o.inc }));
}

/**
 * The players an effect acts on: its player targets when it targets and says no other `Defined$`
 * (Balance of Power targets an opponent but `Defined$ You` draws), else `Defined$` (or `fallback`).
 *
 * @example
 * ```ts
 * for (const seat of affectedPlayers(run)) gainLife(run.g, seat, 3);
 * ```
 */
export function affectedPlayers(run: ResolveRun, fallback = 'You', key = 'Defined'): Seat[] {
  const defined = param(run.ref, key);
  if (hasTargets(run) && (defined === undefined || defined === 'Targeted' || defined === 'TargetedPlayer')) {
    const out: Seat[] = [];
    for (const t of ownTargets(run)) if ('player' in t) out.push(t.player);
    return out;
  }
  return definedPlayers(run, defined ?? fallback);
}

/**
 * A numeric parameter (`NumDmg$ 3`, `NumDmg$ X`), or `def` when absent.
 *
 * @example
 * ```ts
 * amount(run, 'NumCards', 1); // 2 for `NumCards$ 2`
 * ```
 */
export function amount(run: ResolveRun, key: string, def = 1): number {
  const v = param(run.ref, key);
  return v === undefined ? def : evalNumber(run, v);
}

/**
 * The host object, if it is still on the game.
 *
 * @example
 * ```ts
 * hostObject(run)?.remembered.length;
 * ```
 */
export function hostObject(run: Run): GameObject | undefined {
  return run.host ? maybeObj(run.g, run.host) : undefined;
}

/**
 * The source of an effect's damage (CR 120.2): `DamageSource$`, else the host as it is or was.
 *
 * @example
 * ```ts
 * const source = damageSource(run); // the host as it is, or as it last was
 * ```
 */
export function damageSource(run: ResolveRun): Lki | undefined {
  const ds = param(run.ref, 'DamageSource');
  if (ds !== undefined) {
    const s = definedCards(run, ds)[0];
    return s ? { ...s, chars: s.chars } : undefined;
  }
  return effectSource(run);
}

/**
 * The source of a resolving spell or ability (CR 113.7), as it is or as it last was: who "you put"
 * counters with it (Hapatra, Vizier of Poisons's `ValidSource$ Card.YouCtrl`).
 *
 * @example
 * ```ts
 * yield* putCounters(run.g, o, 'M1M1', 1, { effect: true, source: effectSource(run) });
 * ```
 */
export function effectSource(run: ResolveRun): Lki | undefined {
  const h = hostObject(run);
  if (h && (run.item === undefined || h.inc === run.item.sourceInc || h.zone === 'stack' || h.zone === 'battlefield')) return lkiOf(run.g, h);
  return run.item?.sourceLki ?? (h ? lkiOf(run.g, h) : undefined);
}

/**
 * Adds objects and players to the host's remembered list (`RememberObjects$`, `Remember…$ True`).
 *
 * @example
 * ```ts
 * remember(run, [{ card: o.id, inc: o.inc }]);
 * ```
 */
export function remember(run: Run, refs: Ref[]): void {
  const h = hostObject(run);
  if (!h) return;
  for (const r of refs) h.remembered.push(r);
  touch(run.g);
}

/**
 * The duration an effect's parameters ask for (CR 611.2a: until end of turn unless said otherwise).
 *
 * @example
 * ```ts
 * durationOf(run); // { until: 'eot' } unless `Permanent$ True` or another duration
 * ```
 */
export function durationOf(run: ResolveRun, def: Duration = { until: 'eot' }): Duration {
  if (param(run.ref, 'Permanent') === 'True') return { until: 'forever' };
  if (param(run.ref, 'UntilEndOfCombat') === 'True') return { until: 'eoc' };
  if (param(run.ref, 'UntilYourNextTurn') === 'True') return { until: 'next-turn', seat: run.you, turn: run.g.s.turn };
  if (param(run.ref, 'UntilYourNextUpkeep') === 'True') return { until: 'next-upkeep', seat: run.you, turn: run.g.s.turn };
  if (param(run.ref, 'UntilHostLeavesPlay') === 'True' || param(run.ref, 'Duration') === 'UntilHostLeavesPlay') {
    const h = hostObject(run);
    if (h) return { until: 'host-leaves', host: h.id, inc: h.inc };
  }
  const d = param(run.ref, 'Duration');
  if (d === 'Permanent') return { until: 'forever' };
  if (d === 'UntilEndOfCombat') return { until: 'eoc' };
  if (d === 'UntilYourNextTurn') return { until: 'next-turn', seat: run.you, turn: run.g.s.turn };
  if (d === 'UntilYourNextUpkeep') return { until: 'next-upkeep', seat: run.you, turn: run.g.s.turn };
  return def;
}

/**
 * Adds a continuous effect locked to the given objects (CR 611.2c), or players (a seat: Faith's
 * Shield's protection, read by layers.ts playerKeywords).
 *
 * @example
 * ```ts
 * addEffect(run, [bears], { addPower: 3, addToughness: 3 }, { until: 'eot' });
 * ```
 */
export function addEffect(run: Run, affected: ReadonlyArray<GameObject | Seat>, mods: Mods, duration: Duration): void {
  if (affected.length === 0) return;
  const g = run.g;
  const id = newId(g);
  const timestamp = nextTick(g);
  // An effect that changes nothing (a pump of +0/+0, Lavaclaw Reaches with X = 0) is not kept:
  // it would only make every later characteristics pass longer, once per activation. Its id and
  // timestamp are still taken, and the state still counts as changed, so every later id,
  // timestamp and cache check is the same as before.
  if (Object.keys(mods).length === 0) {
    touch(g);
    return;
  }
  const refs: Ref[] = affected.map((o) => (typeof o === 'number' ? { player: o } : { card: o.id, inc: o.inc }));
  // Two effects that only switch power and toughness, on the same objects for the same time,
  // cancel out: layer 7d holds nothing but switches (CR 613.4d), so only whether their number is
  // odd matters. Dropping the pair keeps a {0} switch repeated all turn at one effect at most.
  if (isSwitchOnly(mods)) {
    const key = JSON.stringify([refs, duration]);
    const twin = g.s.effects.findIndex((e) => isSwitchOnly(e.mods) && JSON.stringify([e.affected, e.duration]) === key);
    if (twin >= 0) {
      g.s.effects.splice(twin, 1);
      touch(g);
      return;
    }
  }
  g.s.effects.push({
    id,
    timestamp,
    source: run.host,
    controller: run.you,
    affected: refs,
    mods,
    duration,
  });
  touch(g);
}

function isSwitchOnly(mods: Mods): boolean {
  return mods.switchPT === true && Object.keys(mods).length === 1;
}

/**
 * Keywords from a `KW$`-style parameter.
 *
 * @example
 * ```ts
 * keywordsParam(run, 'KW'); // ['Flying', 'First Strike']
 * ```
 */
export function keywordsParam(run: ResolveRun, key: string): string[] {
  const v = param(run.ref, key);
  return v === undefined ? [] : splitKeywords(v);
}

/**
 * Asks `seat` to choose `n` of `pool` (all of them when there are no more than `n`); with
 * `optional` it may stop at any time, with `min` once it has chosen that many ("choose up to
 * two", "any number": `min` 0 without `optional`'s meaning elsewhere).
 *
 * @example
 * ```ts
 * const [victim] = yield* chooseCards(g, 1, 'Choose a creature to sacrifice', creatures, 1);
 * ```
 */
export function* chooseCards(
  g: G,
  seat: Seat,
  prompt: string,
  pool: readonly GameObject[],
  n: number,
  optional = false,
  min = optional ? 0 : n,
): Gen<GameObject[]> {
  const chosen: GameObject[] = [];
  let left = [...pool];
  while (chosen.length < n && left.length > 0) {
    // As many must be chosen as are left: no choice to make.
    if (left.length <= min - chosen.length) {
      chosen.push(...left);
      break;
    }
    const opts: Opt[] = left.map((o) => {
      const name = chars(g, o).name;
      return { label: name, action: { verb: 'choose', card: cardRef(o.id, name) } };
    });
    // Once `min` are chosen, the chooser may stop.
    const mayStop = chosen.length >= min;
    if (mayStop) opts.unshift({ label: 'done', action: { verb: 'done' } });
    const k = yield* ask(g, seat, 'choose', prompt, opts);
    if (mayStop && k === 0) break;
    const o = left[mayStop ? k - 1 : k]!;
    chosen.push(o);
    left = left.filter((x) => x !== o);
  }
  return chosen;
}

/**
 * The player who makes the choices of an effect (`Chooser$`), else `def`.
 *
 * @example
 * ```ts
 * chooser(run, run.you); // the `Chooser$` player, else you
 * ```
 */
export function chooser(run: ResolveRun, def: Seat): Seat {
  const c = param(run.ref, 'Chooser');
  if (c === undefined) return def;
  return definedPlayers(run, c)[0] ?? def;
}

/**
 * Ids of the cards in a zone of a player, live objects.
 *
 * @example
 * ```ts
 * cardsIn(g, 'graveyard-1').length;
 * ```
 */
export function cardsIn(g: G, pile: string): GameObject[] {
  return g.s.zones[pile]!.map((id) => g.s.objects[id]!);
}

export { newId };

/**
 * Scry and surveil's look at the top `n` cards of `seat`'s library (CR 701.22a, 701.42a): the
 * player learns each card, and for each one chooses to keep it on top or send it `away`; returns
 * those sent away, in library order. The options name only where the card goes, so a script's
 * `choose bottom` cannot match the card's own name by accident.
 *
 * @example
 * ```ts
 * const binned = yield* lookAtTop(run, seat, 2, { verb: 'Surveil', away: 'graveyard', label: 'into your graveyard' });
 * ```
 */
export function* lookAtTop(run: ResolveRun, seat: Seat, n: number, how: { verb: string; away: string; label: string }): Gen<GameObject[]> {
  const g = run.g;
  const top = g.s.zones[pileId('library', seat)]!.slice(0, n).map((id) => g.s.objects[id]!);
  for (const o of top) if (!o.known[seat]) logReveal(g, o, [seat]);
  const away: GameObject[] = [];
  for (const o of top) {
    const name = chars(g, o).name;
    const k = yield* ask(g, seat, 'choose', `${how.verb}: ${name}`, [
      { label: `keep ${name} on top`, action: { verb: 'choose', text: 'top' } },
      { label: `put ${name} ${how.label}`, action: { verb: 'choose', text: how.away } },
    ]);
    if (k === 1) away.push(o);
  }
  return away;
}

/**
 * What `Pump` and `PumpAll` give: `NumAtt$`/`NumDef$` (layer 7c) and `KW$` keywords (layer 6).
 *
 * @example
 * ```ts
 * pumpMods(run); // { addPower: 3, addToughness: 3, addKeywords: ['Trample'] } for Overrun
 * ```
 */
export function pumpMods(run: ResolveRun): Mods {
  const mods: Mods = {};
  const att = amount(run, 'NumAtt', 0);
  const def = amount(run, 'NumDef', 0);
  if (att !== 0) mods.addPower = att;
  if (def !== 0) mods.addToughness = def;
  let kws = sharedKeywords(run, keywordsParam(run, 'KW'));
  // "Switch this creature's power and toughness" (Wandering Fumarole) is written as a hidden
  // keyword; it is a layer 7d effect (CR 613.4d), each one switching again in timestamp order.
  // As a keyword it switched nothing and piled up on the object, one copy per activation, in
  // every last-known copy of it on the stack.
  if (kws.includes(SWITCH_PT)) {
    mods.switchPT = true;
    kws = kws.filter((k) => k !== SWITCH_PT);
  }
  if (kws.length > 0) mods.addKeywords = kws;
  // A granted Undying or Persist is its dies trigger too (Undying Evil, Cauldron of Souls).
  addKeywordGrants(run.ref, mods);
  return mods;
}

// Only the battlefield is looked at (every Pump and PumpAll of the corpus that shares keywords);
// Forge's other zones are written on statics (Cairn Wanderer's graveyards), read elsewhere or not.
declareParamReads('engine:shared-keywords', ['SharedKeywordsZone', 'SharedRestrictions'], ['ability']);
declareParamForms('engine:shared-keywords', 'ability', '*', 'SharedKeywordsZone', (v) => v.trim() === 'Battlefield');

/**
 * `SharedKeywordsZone$ Battlefield` with `SharedRestrictions$ <valid>` (Majestic Myriarch: "gains
 * flying until end of turn if you control a creature with flying. The same is true for first
 * strike, ..."; Odric, Lunarch Marshal's PumpAll): of the listed keywords, those some permanent
 * matching `<valid>` has as the ability resolves. `Landwalk` and `Protection` stand for every
 * landwalk and protection such a permanent has, with its own quality (Forge's sharedKeywords).
 */
function sharedKeywords(run: ResolveRun, kws: string[]): string[] {
  if (param(run.ref, 'SharedKeywordsZone') === undefined) return kws;
  const valid = param(run.ref, 'SharedRestrictions') ?? 'Card';
  const have: string[] = [];
  for (const o of cardsIn(run.g, 'battlefield')) {
    if (!matchesCard(run, valid, seen(run, o))) continue;
    for (const k of chars(run.g, o).keywords) if (!have.includes(k)) have.push(k);
  }
  const out: string[] = [];
  const add = (k: string) => {
    if (!out.includes(k)) out.push(k);
  };
  for (const k of kws) {
    if (k === 'Landwalk') have.filter((h) => /walk$/i.test(h)).forEach(add);
    else if (k === 'Protection') have.filter((h) => h.startsWith('Protection')).forEach(add);
    else if (have.some((h) => h.toLowerCase() === k.toLowerCase())) add(k);
  }
  return out;
}

const SWITCH_PT = "CARDNAME's power and toughness are switched";
// Granted by Pump and PumpAll (`KW$ HIDDEN …`, Twisted Image, Aquamoeba): pumpMods turns it into
// the layer 7d switch above.
registerPrimitive(`kw:${SWITCH_PT}`);

/**
 * Up to `n` of the objects chosen at random ("a card at random", Forge's `AtRandom$`): one after
 * another, each uniformly among those left, from the game's random stream, so replays and
 * replicas choose alike.
 *
 * @example
 * ```ts
 * randomPick(g, creatureCards, 1); // one of them, drawn with g.rng
 * ```
 */
export function randomPick<T>(g: G, objs: readonly T[], n: number): T[] {
  const left = [...objs];
  const out: T[] = [];
  while (out.length < n && left.length > 0) out.push(left.splice(g.rng.int(left.length), 1)[0]!);
  return out;
}

/**
 * The objects in a random order, a Fisher–Yates shuffle from the game's random stream (CR 401.4:
 * cards put into a library "in a random order"), so replays and replicas order them alike.
 *
 * @example
 * ```ts
 * randomOrder(g, revealed); // the revealed cards, shuffled with g.rng
 * ```
 */
export function randomOrder<T>(g: G, objs: readonly T[]): T[] {
  const out = [...objs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = g.rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The definition of an Effect object (a card in the command zone that holds abilities for a
 * while): no colour, no characteristics but the type Effect, the given abilities, whose SVars are
 * read from face `face` of `card`.
 */
export function effectObjectDef(
  card: string,
  face: string,
  name: string,
  parts: Pick<TokenDef, 'triggers' | 'statics' | 'replacements'> & Partial<Pick<TokenDef, 'abilities'>>,
): TokenDef {
  return {
    name,
    colours: [],
    types: { supertypes: [], cardTypes: ['Effect'], subtypes: [] },
    power: null,
    toughness: null,
    keywords: [],
    abilities: [],
    ...parts,
    svarsFrom: { card, face: Number(face) },
  };
}

/**
 * The kinds of counter on a permanent or card, sorted so that a choice among them is deterministic.
 *
 * @example
 * ```ts
 * counterKindsOn(o); // ['M1M1', 'P1P1']
 * ```
 */
export function counterKindsOn(o: GameObject): string[] {
  return Object.keys(o.counters)
    .filter((k) => (o.counters[k] ?? 0) > 0)
    .sort();
}

/**
 * The kinds of counter a player has (CR 122.1): poison, then the others in name order.
 *
 * @example
 * ```ts
 * playerCounterKinds(g, 1); // ['POISON', 'ENERGY']
 * ```
 */
export function playerCounterKinds(g: G, seat: Seat): string[] {
  const p = g.s.players[seat];
  const others = Object.keys(p.counters ?? {})
    .filter((k) => (p.counters?.[k] ?? 0) > 0)
    .sort();
  return p.poison > 0 ? ['POISON', ...others] : others;
}

/**
 * Asks `seat` to choose one of `kinds` of counter (no question when there is one).
 *
 * @example
 * ```ts
 * const kind = yield* chooseCounterKind(run.g, run.you, 'Grizzly Bears', ['M1M1', 'P1P1']);
 * ```
 */
export function* chooseCounterKind(g: G, seat: Seat, on: string, kinds: readonly string[]): Gen<string | undefined> {
  if (kinds.length <= 1) return kinds[0];
  const k = yield* ask(
    g,
    seat,
    'choose',
    `Choose a kind of counter on ${on}`,
    kinds.map((kind) => ({ label: `${kind} counter`, action: { verb: 'choose' as const, text: kind } })),
  );
  return kinds[k];
}
