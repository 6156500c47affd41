/**
 * Replacement and prevention effects (CR 614, 615): Forge's `R:Event$ …` lines and the keywords
 * that work like them. Each applies at most once to an event; when several apply, the affected
 * player or the affected object's controller chooses the one to apply first, then the rest are
 * checked again (CR 616.1, 616.1e–f), option 0 the earliest timestamp. A replacement whose
 * `ReplaceWith$` ability modifies how a permanent enters (`ETB$ True`: enters tapped, with
 * counters) is run as the permanent enters; any other `ReplaceWith$` ability happens instead of
 * the event, unless it holds a `ReplaceEffect` that changes the event (`DamageAmount`, `CounterNum`), which
 * then goes on modified.
 */
import type { Seat } from './choice.js';
import { keywordOf, nodeKey, param, resolveNode, svarBase, svarNode, tryResolveNode, type NodeRef } from './cards.js';
import { maybeObj, type G, type Run } from './context.js';
import { conditionsHold } from './conditions.js';
import { definedCards } from './defined.js';
import { ask, askYesNo, cardRef, type Gen } from './ask.js';
import { chars, playerKeywords } from './layers.js';
import { matchesCard, matchesPlayer, refMatches, seen, seenLki, type Seen } from './select.js';
import { preventByStatics } from './prevent-static.js';
import { inPhases } from './statics.js';
import { zoneListMatches } from './triggers.js';
import type { GameObject, Lki, Ref, Zone } from './types.js';
import { registerPrimitive } from '../cards/index.js';
import { runAbility } from './resolve.js';
import { parseCost, payNonMana } from './costs.js';
import { emptyItem } from './stackitem.js';
import { evalNumber } from './values.js';
import { globalRule } from './global-rules.js';

type ReplSource = { host: number; controller: Seat; ref: NodeRef; id: string };

function sources(g: G, event: string, extra: GameObject | undefined): ReplSource[] {
  const out: ReplSource[] = [];
  const add = (o: GameObject, zone: Zone, moving = false) => {
    const c = chars(g, o);
    for (const key of c.replacements) {
      const ref = resolveNode(g.registry, key);
      if (ref.node.head !== event) continue;
      const active = param(ref, 'ActiveZones');
      const zoneName = zone === 'battlefield' ? 'Battlefield' : zone === 'command' ? 'Command' : zone.charAt(0).toUpperCase() + zone.slice(1);
      // A permanent's own replacement of how it enters applies from wherever it comes (CR 614.12:
      // checked as it would exist on the battlefield): Blooming Marsh's "enters tapped unless".
      const ownEntry = moving && active === undefined && param(ref, 'ValidCard') === 'Card.Self' && zoneListMatches(param(ref, 'Destination'), 'battlefield');
      if (
        !ownEntry &&
        (active === undefined ? zone !== 'battlefield' && zone !== 'command' : !active.split(',').some((z) => z.trim() === zoneName || z.trim() === 'All'))
      )
        continue;
      out.push({ host: o.id, controller: c.controller, ref, id: `${o.id}:${o.inc}:${key}` });
    }
  };
  for (const id of g.s.zones['battlefield']!) add(g.s.objects[id]!, 'battlefield');
  for (const id of g.s.zones['command']!) add(g.s.objects[id]!, 'command');
  // `CheckSelfLKIZone$ True` (Kalitas, Traitor of Ghet): a permanent that left the battlefield
  // earlier in the same simultaneous event still applies its replacement, as it last was there,
  // since the effect existed before the event (CR 614.1, 614.4: a wrath that takes Kalitas still
  // exiles the opponent's creatures and makes Zombies).
  for (const lki of leftTogether.get(g) ?? []) {
    for (const key of lki.chars.replacements) {
      const ref = resolveNode(g.registry, key);
      if (ref.node.head !== event || param(ref, 'CheckSelfLKIZone') !== 'True') continue;
      const zones = param(ref, 'ActiveZones');
      if (zones !== undefined && !zones.split(',').some((z) => z.trim() === 'Battlefield' || z.trim() === 'All')) continue;
      out.push({ host: lki.id, controller: lki.controller, ref, id: `${lki.id}:${lki.inc}:${key}` });
    }
  }
  if (extra && extra.zone !== 'battlefield' && extra.zone !== 'command') add(extra, extra.zone, event === 'Moved');
  out.sort((a, b) => g.s.objects[a.host]!.timestamp - g.s.objects[b.host]!.timestamp);
  return out;
}

/**
 * The permanents with replacement effects that have left the battlefield in the simultaneous event
 * being carried out (a batch of zone changes, one round of state-based actions), as they last
 * were; absent outside one. Transient like `applying`: a fork replays from a priority decision.
 */
const leftTogether = new WeakMap<G, Lki[]>();

/**
 * Opens a simultaneous event in which a permanent that leaves the battlefield keeps applying its
 * `CheckSelfLKIZone$` replacements to the rest of the event; returns whether this call opened it
 * (the caller then closes it with {@link closeSimultaneous}). Nested events join the outer one.
 * @example
 * ```ts
 * const opened = openSimultaneous(g);
 * try { yield* changeZone(g, dying, 'graveyard'); } finally { if (opened) closeSimultaneous(g); }
 * ```
 */
export function openSimultaneous(g: G): boolean {
  if (leftTogether.has(g)) return false;
  leftTogether.set(g, []);
  return true;
}

/**
 * Closes the simultaneous event {@link openSimultaneous} opened.
 * @example
 * ```ts
 * closeSimultaneous(g);
 * ```
 */
export function closeSimultaneous(g: G): void {
  leftTogether.delete(g);
}

/**
 * Notes a permanent that has just left the battlefield within the open simultaneous event, as it
 * last was there (only one with replacement effects matters).
 * @example
 * ```ts
 * leftWithinEvent(g, before);
 * ```
 */
export function leftWithinEvent(g: G, before: Lki): void {
  if (before.chars.replacements.length > 0) leftTogether.get(g)?.push(before);
}

/** Replacement effects in the middle of being applied, so none applies twice to one event. */
const applying = new WeakMap<G, Set<string>>();
function active(g: G): Set<string> {
  let s = applying.get(g);
  if (!s) applying.set(g, (s = new Set()));
  return s;
}

/**
 * Which of several applicable replacement or prevention effects applies first (CR 616.1e): the
 * affected player's or the affected object's controller's choice, asked only when more than one
 * applies; option 0 is the one with the earliest timestamp, the order `sources` gives.
 */
function* firstToApply(g: G, seat: Seat, applicable: readonly ReplSource[], event: string): Gen<ReplSource> {
  if (applicable.length === 1) return applicable[0]!;
  const opts = applicable.map((s) => {
    const host = g.s.objects[s.host]!;
    const name = chars(g, host).name;
    const text = param(s.ref, 'Description');
    return { label: text ? `${name}: ${text.replace(/CARDNAME/g, name)}` : name, action: { verb: 'choose' as const, card: cardRef(host.id, name) } };
  });
  const k = yield* ask(g, seat, 'order-replacements', `Several replacement effects apply to ${event}: choose the one to apply first (CR 616.1)`, opts);
  return applicable[k]!;
}

/** Who chooses the order for an event affecting `o` (CR 616.1): its controller, or its owner when it has none. */
function affectedSeat(g: G, o: GameObject): Seat {
  return o.zone === 'battlefield' || o.zone === 'stack' ? chars(g, o).controller : o.owner;
}

function etbAbility(g: G, ref: NodeRef): boolean {
  for (let r: NodeRef | undefined = ref, n = 0; r && n < 8; n++) {
    if (param(r, 'ETB') === 'True') return true;
    const sub = param(r, 'SubAbility');
    r = sub ? svarNode(g.registry, r, sub) : undefined;
  }
  return false;
}

/** What a zone change's replacements decided. */
export type MoveOutcome = { replaced: boolean; asEnters: Array<{ host: number; controller: Seat; ref: NodeRef }>; tapped: boolean; destination: Zone };

/**
 * Applies `Moved` replacement effects to one object about to move (CR 614.1). Returns whether the
 * move was replaced outright, and the "as it enters" abilities to run once it is on the
 * battlefield.
 * @example
 * ```ts
 * const outcome = yield* moveReplacements(g, creature, 'graveyard', null); // outcome.replaced: exiled instead?
 * ```
 */
export function* moveReplacements(g: G, o: GameObject, to: Zone, cause: Ref | null): Gen<MoveOutcome> {
  const outcome: MoveOutcome = { replaced: false, asEnters: [], tapped: false, destination: to };
  const applied = active(g);
  const moving = seen({ g, you: o.controller, host: o.id }, o);
  const done = new Set<string>();
  const runOf = (s: ReplSource): Run => ({
    g,
    you: s.controller,
    host: s.host,
    ref: s.ref,
    replaced: { card: o.id, origin: o.zone, destination: outcome.destination },
  });
  const applies = (s: ReplSource): boolean => {
    if (applied.has(s.id) || done.has(s.id)) return false;
    const run = runOf(s);
    if (!zoneListMatches(param(s.ref, 'Destination'), outcome.destination)) return false;
    if (!zoneListMatches(param(s.ref, 'Origin'), o.zone)) return false;
    const exclude = param(s.ref, 'ExcludeDestination');
    if (exclude !== undefined && zoneListMatches(exclude, outcome.destination)) return false;
    const valid = param(s.ref, 'ValidCard');
    if (valid !== undefined && !matchesCard(run, valid, moving)) return false;
    const validLki = param(s.ref, 'ValidLKI');
    if (validLki !== undefined && !matchesCard(run, validLki, moving)) return false;
    if (!conditionsHold(run, s.ref)) return false;
    if (param(s.ref, 'Prevent') === 'True') return true;
    const withName = param(s.ref, 'ReplaceWith');
    return (withName ? svarNode(g.registry, s.ref, withName) : undefined) !== undefined;
  };
  const asEnters = (s: ReplSource): boolean => {
    if (outcome.destination !== 'battlefield' || param(s.ref, 'Prevent') === 'True') return false;
    const ability = svarNode(g.registry, s.ref, param(s.ref, 'ReplaceWith')!);
    return ability !== undefined && etbAbility(g, ability);
  };
  const all = sources(g, 'Moved', o);
  for (;;) {
    const applicable = all.filter(applies);
    if (applicable.length === 0) return outcome;
    // "As it enters" modifications all apply whatever their order, and none matters once the move
    // is replaced: the order is asked only among two or more effects that would each replace the
    // move, since the first applied is the only one that does (CR 616.1e–f).
    const instead = applicable.filter((x) => !asEnters(x));
    const s = instead.length < 2 ? applicable[0]! : yield* firstToApply(g, affectedSeat(g, o), instead, `${chars(g, o).name} moving`);
    done.add(s.id);
    if (param(s.ref, 'Prevent') === 'True') {
      outcome.replaced = true;
      return outcome;
    }
    const ability = svarNode(g.registry, s.ref, param(s.ref, 'ReplaceWith')!)!;
    if (asEnters(s)) {
      outcome.asEnters.push({ host: o.id, controller: s.controller, ref: ability });
      continue;
    }
    yield* runApplying(g, s, runOf(s), ability, cause);
    outcome.replaced = true;
    return outcome;
  }
}

/**
 * Whether an object enters tapped because of a keyword or an `ETBTapped` static (Kismet), CR 614.1c.
 * @example
 * ```ts
 * entersTapped(g, tapland); // true
 * ```
 */
export function entersTapped(g: G, o: GameObject): boolean {
  const c = chars(g, o);
  if (c.keywords.some((k) => k === 'CARDNAME enters the battlefield tapped.')) return true;
  for (const id of g.s.zones['battlefield']!) {
    const host = g.s.objects[id]!;
    if (host.id === o.id) continue;
    const hc = chars(g, host);
    for (const key of hc.statics) {
      const ref = resolveNode(g.registry, key);
      if (ref.node.head !== 'ETBTapped') continue;
      const run: Run = { g, you: hc.controller, host: host.id, ref };
      const valid = param(ref, 'ValidCard');
      if (valid === undefined || matchesCard(run, valid, seen(run, o))) return true;
    }
  }
  return false;
}

/**
 * The "as it enters" abilities a permanent's own keywords give (`ETBReplacement:Other:DBTap`).
 * Forge's fifth argument is a condition on the entering card (`ETBReplacement:Other:DBPutCounter:
 * Mandatory::Card.Self+kicked`, Kavu Titan): the ability applies only when it holds (CR 614.12).
 *
 * @example
 * ```ts
 * etbKeywordAbilities(g, clone); // the Clone ability it enters with
 * ```
 */
export function etbKeywordAbilities(g: G, o: GameObject): NodeRef[] {
  const out: NodeRef[] = [];
  const c = chars(g, o);
  for (const k of c.keywords) {
    const kw = keywordOf(k);
    if (kw.name !== 'ETBReplacement') continue;
    const svar = kw.args[1];
    if (!svar) continue;
    const condition = kw.args[4];
    if (condition && !matchesCard({ g, you: chars(g, o).controller, host: o.id }, condition, seen({ g, you: chars(g, o).controller, host: o.id }, o))) continue;
    const ability = svarFromObject(g, o, svar);
    if (ability) out.push(ability);
  }
  return out;
}

function svarFromObject(g: G, o: GameObject, svar: string): NodeRef | undefined {
  const base = svarBase(o);
  return tryResolveNode(g.registry, nodeKey(base.card, base.face, 'v', svar));
}

/**
 * `etbCounter:P1P1:2` keywords: counters a permanent enters with (CR 614.1c).
 *
 * @example
 * ```ts
 * etbCounters(g, triskelion); // [['P1P1', 3]]
 * ```
 */
export function etbCounters(g: G, o: GameObject, leftGraveyards: readonly Lki[] = []): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (const k of chars(g, o).keywords) {
    const kw = keywordOf(k);
    // Sunburst (CR 702.44a): a +1/+1 counter for each colour of mana spent to cast it if it enters as a
    // creature, else a charge counter; none when it was not cast.
    if (k === 'Sunburst') {
      const n = o.coloursSpent ?? 0;
      if (n > 0) out.push([chars(g, o).cardTypes.includes('Creature') ? 'P1P1' : 'CHARGE', n]);
      continue;
    }
    if (kw.name !== 'etbCounter') continue;
    const text = (kw.args[1] ?? '1').trim();
    let n = Number(text);
    // A number the card's script counts (`etbCounter:CHARGE:XKicked` with `SVar:XKicked:Count$TimesKicked`,
    // `etbCounter:P1P1:X` with `Count$xPaid`), read as the permanent enters: what was paid stays on it
    // from the stack (zones.ts keeps X and the kickers paid for a spell that resolves).
    if (!Number.isFinite(n)) n = etbCounterValue(g, o, text, leftGraveyards);
    if (kw.args[0]) out.push([kw.args[0], Math.max(0, n)]);
  }
  return out;
}

function etbCounterValue(g: G, o: GameObject, name: string, leftGraveyards: readonly Lki[]): number {
  const base = svarBase(o);
  const svars = g.registry.get(base.card).faces[base.face]?.svars;
  const entry = svars && Object.prototype.hasOwnProperty.call(svars, name) ? svars[name] : undefined;
  const body = entry?.text ?? (entry?.value ? (entry.value.source === 'Number' ? entry.value.body : `${entry.value.source}$${entry.value.body}`) : undefined);
  // The cards that left a graveyard in the same move are still counted by `Count$LastStateGraveyard`.
  return body === undefined ? 0 : evalNumber({ g, you: chars(g, o).controller, host: o.id, replaced: { card: o.id, leftGraveyards } }, body);
}

function protectionQualityMatches(g: G, arg: string, source: Seen): boolean {
  const text = arg.trim();
  if (text.includes('.') || text.startsWith('Card') || text.startsWith('Creature')) {
    return matchesCard({ g, you: source.controller, host: 0 }, text, source);
  }
  const quality = text
    .replace(/^from\s+/, '')
    .trim()
    .toLowerCase();
  const colours: Record<string, string> = { white: 'W', blue: 'U', black: 'B', red: 'R', green: 'G' };
  if (colours[quality]) return source.chars.colours.includes(colours[quality]);
  if (quality === 'all colors' || quality === 'all colours') return source.chars.colours.length > 0;
  if (quality === 'everything') return true;
  if (quality === 'monocolored') return source.chars.colours.length === 1;
  if (quality === 'multicolored') return source.chars.colours.length > 1;
  if (quality === 'colorless') return source.chars.colours.length === 0;
  const singular = quality.replace(/s$/, '');
  const word = singular.charAt(0).toUpperCase() + singular.slice(1);
  return source.chars.cardTypes.includes(word) || source.chars.subtypes.includes(word);
}

/**
 * Whether an object has protection from a source (CR 702.16): "Protection from red",
 * `Protection:Card.Red:…`, "Protection from creatures".
 * @example
 * ```ts
 * protectedFrom(g, whiteKnight, seen(run, blackCreature)); // true
 * ```
 */
export function protectedFrom(g: G, o: GameObject, source: Seen): boolean {
  for (const k of chars(g, o).keywords) {
    const kw = keywordOf(k);
    if (kw.name !== 'Protection') continue;
    // `Protection:<quality>:<description>:<exceptions>`: "this effect doesn't remove [the Aura]"
    // (Cho-Manno's Blessing, Pledge of Loyalty) names what the protection lets be.
    if (kw.args[0] && protectionQualityMatches(g, kw.args[0], source) && !(kw.args[2] && protectionQualityMatches(g, kw.args[2], source))) return true;
  }
  return false;
}

/**
 * Whether a player has protection from a source (CR 702.16: Faith's Shield, Seht's Tiger give a
 * player "protection from the chosen color"): damage from it is prevented and it can't target them.
 *
 * @example
 * ```ts
 * playerProtectedFrom(g, 0, seen(run, lightningBolt)); // true under protection from red
 * ```
 */
export function playerProtectedFrom(g: G, seat: Seat, source: Seen): boolean {
  for (const k of playerKeywords(g, seat)) {
    const kw = keywordOf(k);
    if (kw.name === 'Protection' && kw.args[0] && protectionQualityMatches(g, kw.args[0], source)) return true;
  }
  return false;
}

/** The prevention effects that are not replacement effects of objects, applied first: the damage left. */
function preventDamage(
  g: G,
  src: Seen,
  sourceWords: readonly string[],
  targetObj: GameObject | undefined,
  target: Ref,
  amount: number,
  combat: boolean,
): number {
  // Protection prevents damage from sources with the quality (CR 702.16e).
  if (targetObj && protectedFrom(g, targetObj, src)) return 0;
  if ('player' in target && playerProtectedFrom(g, target.player, src)) return 0;
  // Keyword preventions on the source or the target.
  for (const k of sourceWords) {
    if (k === 'Prevent all combat damage that would be dealt by CARDNAME.' && combat) return 0;
    if (k === 'Prevent all damage that would be dealt by CARDNAME.') return 0;
    if (k === 'Prevent all combat damage that would be dealt to and dealt by CARDNAME.' && combat) return 0;
  }
  if (targetObj) {
    for (const k of chars(g, targetObj).keywords) {
      if (k === 'Prevent all damage that would be dealt to CARDNAME.') return 0;
      if (k === 'Prevent all combat damage that would be dealt to CARDNAME.' && combat) return 0;
      if (k === 'Prevent all combat damage that would be dealt to and dealt by CARDNAME.' && combat) return 0;
    }
  }
  if (combat && g.s.turnFacts.fog) return 0;
  const shieldKey = 'player' in target ? `p${target.player}` : 'card' in target ? `c${target.card}:${target.inc}` : '';
  const shields = g.s.turnFacts.shields?.[shieldKey] ?? 0;
  if (shields > 0) {
    const used = Math.min(shields, amount);
    g.s.turnFacts.shields![shieldKey] = shields - used;
    amount -= used;
    if (amount <= 0) return 0;
  }
  return preventByStatics(g, src, target, amount, combat);
}

/**
 * Whether a redirection effect (`DamageTarget$` on a `DamageDone` replacement: where its
 * `ReplaceWith$` sends the damage) can apply: damage that can't be redirected stays where it is,
 * and damage can be redirected only to a player or to a creature or planeswalker on the
 * battlefield (CR 120.1, 614.9) — an object `DamageTarget$` names that is not one (the redirecting
 * creature has left, or stopped being a creature) means the effect does nothing to the event.
 */
function canRedirect(g: G, run: Run, to: string, targetObj: GameObject | undefined): boolean {
  if (targetObj && chars(g, targetObj).keywords.includes("Damage that would be dealt to CARDNAME can't be redirected.")) return false;
  // The damage event's own source's controller or target's controller: always a player in the game.
  if (to === 'ReplacedSourceController') return true;
  if (to === 'ReplacedTargetController') return targetObj !== undefined;
  if (to === 'You') return true;
  for (const c of definedCards(run, to)) {
    const o = c.live;
    if (!o || o.zone !== 'battlefield' || o.inc !== c.inc) return false;
    const types = chars(g, o).cardTypes;
    if (!types.includes('Creature') && !types.includes('Planeswalker')) return false;
  }
  return true;
}

/**
 * Applies prevention and replacement to damage about to be dealt (CR 615, 614.1a); returns the
 * damage left to deal. Damage that can't be prevented (`unpreventable`, CR 615.12: `NoPrevention$`)
 * passes every prevention effect: protection, the prevention keywords and statics, a fog, a
 * prevention shield (not reduced), and each replacement that is a prevention effect (`Prevent$` or
 * `PreventionEffect$`); the replacements that are not still apply.
 * @example
 * ```ts
 * const left = yield* damageReplacements(g, source, { player: 0 }, 3, false); // 0 under a Circle of Protection
 * ```
 */
export function* damageReplacements(g: G, source: Lki, target: Ref, amount: number, combat: boolean, unpreventable = false): Gen<number> {
  if (amount <= 0) return 0;
  // "Damage can't be prevented." as a rule change (Leyline of Punishment, CR 615.12).
  if (!unpreventable && globalRule(g, 'noPrevention')) unpreventable = true;
  const src = seenLki({ g, you: source.controller, host: source.id }, source);
  const targetObj = 'card' in target ? maybeObj(g, target.card) : undefined;
  const srcObj = src.live;
  const sourceWords = srcObj ? chars(g, srcObj).keywords : source.chars.keywords;
  // Not a prevention: the creature assigns no combat damage at all (CR 510.1a).
  if (combat && sourceWords.includes('CARDNAME assigns no combat damage')) return 0;
  if (!unpreventable) {
    amount = preventDamage(g, src, sourceWords, targetObj, target, amount, combat);
    if (amount <= 0) return 0;
  }
  const applied = active(g);
  const done = new Set<string>();
  const runOf = (s: ReplSource): Run => ({
    g,
    you: s.controller,
    host: s.host,
    ref: s.ref,
    replaced: { source: source.id, amount, combat, sourceLki: source, target, unpreventable },
  });
  const applies = (s: ReplSource): boolean => {
    if (applied.has(s.id) || done.has(s.id)) return false;
    const run = runOf(s);
    const isCombat = param(s.ref, 'IsCombat');
    if (isCombat === 'True' && !combat) return false;
    if (isCombat === 'False' && combat) return false;
    const vs = param(s.ref, 'ValidSource');
    if (vs !== undefined && !matchesCard(run, vs, src)) return false;
    const vt = param(s.ref, 'ValidTarget');
    if (vt !== undefined && !refMatches(run, vt, target)) return false;
    if (!conditionsHold(run, s.ref)) return false;
    const redirectTo = param(s.ref, 'DamageTarget');
    if (redirectTo !== undefined && !canRedirect(g, run, redirectTo, targetObj)) return false;
    // A prevention effect prevents none of unpreventable damage (CR 615.12).
    if (unpreventable && (param(s.ref, 'Prevent') === 'True' || param(s.ref, 'PreventionEffect') === 'True')) return false;
    // One that neither prevents nor has an ability to run does nothing to the event.
    const withName = param(s.ref, 'ReplaceWith');
    return param(s.ref, 'Prevent') === 'True' || (withName ? svarNode(g.registry, s.ref, withName) : undefined) !== undefined;
  };
  const all = sources(g, 'DamageDone', undefined);
  // The affected player, or the controller of the affected permanent (CR 616.1).
  const chooser: Seat = 'player' in target ? target.player : targetObj ? affectedSeat(g, targetObj) : source.controller;
  for (;;) {
    const applicable = all.filter(applies);
    if (applicable.length === 0) break;
    const s = yield* firstToApply(g, chooser, applicable, `${amount} damage from ${source.chars.name}`);
    done.add(s.id);
    const run = runOf(s);
    const withName = param(s.ref, 'ReplaceWith');
    const ability = withName ? svarNode(g.registry, s.ref, withName) : undefined;
    if (ability) yield* runApplying(g, s, run, ability, null);
    if (param(s.ref, 'Prevent') === 'True') return 0;
    if (!ability) continue;
    // A `ReplaceEffect` in the ability modified the damage rather than replacing it (CR 615.1a,
    // "prevent all but 1"): the modified event goes on, and the other replacements that still
    // apply to it may apply (CR 616.1f).
    const event = run.replaced!;
    if (event['modified'] !== true) return 0;
    amount = typeof event['amount'] === 'number' ? event['amount'] : amount;
    if (amount <= 0) return 0;
  }
  return amount;
}

/**
 * Applies `Draw` replacement effects; true when the draw was replaced.
 *
 * @example
 * ```ts
 * if (yield* drawReplacement(g, 0)) return; // the draw was replaced
 * ```
 */
export function* drawReplacement(g: G, seat: Seat): Gen<boolean> {
  const applied = active(g);
  const runOf = (s: ReplSource): Run => ({ g, you: s.controller, host: s.host, ref: s.ref, replaced: { player: seat } });
  let applicable = sources(g, 'Draw', undefined).filter((s) => {
    if (applied.has(s.id)) return false;
    const run = runOf(s);
    const vp = param(s.ref, 'ValidPlayer');
    if (vp !== undefined && !matchesPlayer(run, vp, seat)) return false;
    if (!conditionsHold(run, s.ref)) return false;
    // "If you would draw a card during your draw step" (Island Sanctuary): `ActivePhases$`.
    const phases = param(s.ref, 'ActivePhases');
    if (phases !== undefined && !inPhases(g.s.step, phases)) return false;
    if (param(s.ref, 'Prevent') === 'True') return true;
    const withName = param(s.ref, 'ReplaceWith');
    return (withName ? svarNode(g.registry, s.ref, withName) : undefined) !== undefined;
  });
  while (applicable.length > 0) {
    // Each one replaces the draw, so the one chosen is the only one that applies (CR 616.1).
    const s = yield* firstToApply(g, seat, applicable, `p${seat + 1}'s draw`);
    // "Instead you may skip that draw" (`Optional$`): its controller chooses; declined, the
    // draw happens, unless another replacement applies to it.
    if (param(s.ref, 'Optional') === 'True') {
      const name = chars(g, g.s.objects[s.host]!).name;
      if (!(yield* askYesNo(g, s.controller, `Apply ${name}'s replacement to p${seat + 1}'s draw?`))) {
        applicable = applicable.filter((x) => x !== s);
        continue;
      }
    }
    if (param(s.ref, 'Prevent') === 'True') return true;
    yield* runReplaceWith(g, s, runOf(s));
    return true;
  }
  return false;
}

/**
 * The sources of one kind of replacement event, kept while `g.shape` is the same: they are read
 * from the characteristics and zones of the battlefield and the command zone (their replacement
 * lists, controllers, incarnations), none of which changes without the shape moving. Only events
 * that happen often and are rarely replaced use it (`AddCounter`, `CreateToken`), so a game with no such
 * replacement pays one comparison per event.
 */
const keptSources = new WeakMap<G, Map<string, { shape: number; list: ReplSource[] }>>();
function sourcesKept(g: G, event: string): ReplSource[] {
  let byEvent = keptSources.get(g);
  if (!byEvent) keptSources.set(g, (byEvent = new Map()));
  const kept = byEvent.get(event);
  if (kept && kept.shape === g.shape) return kept.list;
  const list = sources(g, event, undefined);
  byEvent.set(event, { shape: g.shape, list });
  return list;
}

/**
 * Whether any `AddCounter` replacement effect (Hardened Scales, Doubling Season, Winding
 * Constrictor) is on the battlefield or in the command zone: when none is, counters are put
 * without a replacement check.
 *
 * @example
 * ```ts
 * if (!counterReplacementsExist(g)) addCounters(g, bears, 'P1P1', 1);
 * ```
 */
export function counterReplacementsExist(g: G): boolean {
  return sourcesKept(g, 'AddCounter').length > 0;
}

/**
 * Applies `AddCounter` replacement effects (CR 614.1, 122.6) to `n` counters of `kind` about to be
 * put on a permanent (a `GameObject`, also one entering with counters, CR 122.6, 614.1c) or given
 * to a player (a seat: poison, energy, experience); returns how many are put instead. Each applies
 * once (CR 614.5); when several apply, the affected object's controller or the affected player
 * chooses the order (CR 616.1), so Winding Constrictor and Corpsejack Menace make one counter three
 * or four. `effect`: the counters are put by an effect (a resolving spell or ability, or entering
 * with counters), not as a cost or by damage; `EffectOnly$` replacements (Doubling Season) need
 * it. `entering`: objects entering the battlefield at the same time as the one given counters,
 * whose own replacements do not apply to it (CR 614.12).
 *
 * The event is `run.replaced` `{ card | player, counter, amount, effect }`; its `ReplaceWith$`
 * ability changes `amount` with `ReplaceEffect | VarName$ CounterNum` (read back by
 * `ReplaceCount$CounterNum`) and the event goes on modified.
 *
 * @example
 * ```ts
 * const n = yield* counterReplacements(g, bears, 'P1P1', 1, true); // 2 under Hardened Scales
 * ```
 */
export function* counterReplacements(g: G, affected: GameObject | Seat, kind: string, n: number, effect: boolean, entering?: ReadonlySet<number>): Gen<number> {
  const all = sourcesKept(g, 'AddCounter');
  if (all.length === 0 || n <= 0) return n;
  const applied = active(g);
  const done = new Set<string>();
  const card = typeof affected === 'number' ? undefined : affected;
  const player = typeof affected === 'number' ? affected : undefined;
  const upper = kind.toUpperCase();
  const runOf = (s: ReplSource): Run => ({
    g,
    you: s.controller,
    host: s.host,
    ref: s.ref,
    replaced: { ...(card ? { card: card.id } : { player }), counter: kind, amount: n, effect },
  });
  const applies = (s: ReplSource): boolean => {
    if (applied.has(s.id) || done.has(s.id)) return false;
    if (card && entering && s.host !== card.id && entering.has(s.host)) return false;
    if (param(s.ref, 'EffectOnly') === 'True' && !effect) return false;
    const type = param(s.ref, 'ValidCounterType');
    if (type !== undefined && !type.split(',').some((t) => t.trim().toUpperCase() === upper)) return false;
    const run = runOf(s);
    // Forge's matchesValidParam: a card is never a player, so a replacement naming one kind of
    // affected thing never applies to the other (Winding Constrictor's two lines).
    const vc = param(s.ref, 'ValidCard');
    const vp = param(s.ref, 'ValidPlayer');
    if (card) {
      if (vp !== undefined || (vc !== undefined && !matchesCard(run, vc, seen(run, card)))) return false;
    } else if (vc !== undefined || (vp !== undefined && !matchesPlayer(run, vp, player!))) return false;
    if (!conditionsHold(run, s.ref)) return false;
    const withName = param(s.ref, 'ReplaceWith');
    return (withName ? svarNode(g.registry, s.ref, withName) : undefined) !== undefined;
  };
  const chooser: Seat = card ? affectedSeat(g, card) : player!;
  for (;;) {
    const applicable = all.filter(applies);
    if (applicable.length === 0) return n;
    const what = card ? chars(g, card).name : `p${player! + 1}`;
    const s = yield* firstToApply(g, chooser, applicable, `${n} ${kind} counter${n === 1 ? '' : 's'} on ${what}`);
    done.add(s.id);
    // Anything but a `ReplaceEffect` of the number replaced the event outright: no counters.
    const event = yield* runReplaceWith(g, s, runOf(s));
    if (event['modified'] !== true) return 0;
    n = typeof event['amount'] === 'number' ? event['amount'] : n;
    if (n <= 0) return 0;
  }
}

/**
 * Runs a replacement effect's ability with the effect marked as applying, so it does not apply to
 * the event its own ability makes (CR 614.5).
 */
function* runApplying(g: G, s: ReplSource, run: Run, ability: NodeRef, cause: Ref | null): Gen<void> {
  const applied = active(g);
  applied.add(s.id);
  try {
    // A replacement written as an ability with a cost ("As Phyrexian Processor enters the
    // battlefield, pay any amount of life", CR 614.12): the cost is part of what happens instead,
    // paid as the event is replaced; it is never optional. Only costs without mana are written so.
    const costText = param(ability, 'Cost');
    const host = maybeObj(g, run.host);
    if (costText !== undefined && host) {
      const cost = parseCost(costText);
      if (cost.mana.length === 0 && cost.xCount === 0) {
        const item = emptyItem(g, host, run.you, ability.key, 'ability');
        yield* payNonMana(g, { ...run, ref: ability }, cost, host, item);
      }
    }
    const inc = host?.inc;
    const stored = host?.stored;
    yield* runAbility(g, { ...run, ref: ability }, cause);
    // What the ability stored on its card before moving it onto the battlefield ("the life paid as
    // Phyrexian Processor entered") belongs to the permanent it became: the replacement modified
    // how it entered (CR 614.12), though the move made a new object (CR 400.7).
    const now = maybeObj(g, run.host);
    if (host && stored && now && now.inc !== inc && now.zone === 'battlefield') Object.assign(now.stored, stored);
  } finally {
    applied.delete(s.id);
  }
}

/**
 * Runs a replacement effect's `ReplaceWith$` ability on `run.replaced`, the event as it now is;
 * returns the event as the ability left it (`modified` when a `ReplaceEffect` changed it and it
 * goes on).
 */
function* runReplaceWith(g: G, s: ReplSource, run: Run): Gen<Record<string, unknown>> {
  yield* runApplying(g, s, run, svarNode(g.registry, s.ref, param(s.ref, 'ReplaceWith')!)!, null);
  return run.replaced!;
}

/**
 * The order Forge's `Layer$` puts a replacement effect in among the others that apply to one event
 * (CR 616.1b–e): control-changing effects first, then copy effects, then those that make a
 * permanent enter transformed, then all others (the default). Self-replacement effects
 * (CR 616.1a) are not written with `Layer$`.
 */
const REPLACEMENT_LAYERS: Record<string, number> = { Control: 0, Copy: 1, Transform: 2, Other: 3 };
function replacementLayer(ref: NodeRef): number {
  const layer = param(ref, 'Layer');
  return layer === undefined ? 3 : (REPLACEMENT_LAYERS[layer] ?? 3);
}

/** The effects among `applicable` in the earliest layer any of them is in (CR 616.1b–e). */
function earliestLayer(applicable: readonly ReplSource[]): ReplSource[] {
  let best = 3;
  for (const s of applicable) best = Math.min(best, replacementLayer(s.ref));
  return applicable.filter((s) => replacementLayer(s.ref) === best);
}

/** What a token creation's replacements decided: under whose control, and how many (0: none). */
export type TokenOutcome = { controller: Seat; n: number };

/**
 * Applies `CreateToken` replacement effects (CR 614.1, 111.1) to `n` tokens an effect is about to
 * create under `controller`'s control; returns under whose control and how many are created
 * instead. Each applies once (CR 614.5), a control-changing one (`Layer$ Control`: Crafty
 * Cutpurse) before the others (CR 616.1b), the rest in the order the affected player chooses
 * (CR 616.1e) and each checked against the event as it now is (CR 616.1f): Crafty Cutpurse takes
 * the tokens, then its controller's Anointed Procession doubles them, not the opponent's.
 *
 * The event is `run.replaced` `{ event: 'CreateToken', player, amount, effect }`; its
 * `ReplaceWith$` ability changes `amount` with `ReplaceEffect | VarName$ TokenNum` (read back by
 * `ReplaceCount$TokenNum`) or `player` with `VarName$ Affected | VarType$ Player`, and the event
 * goes on modified. Any other ability replaces the creation outright (no tokens).
 *
 * @example
 * ```ts
 * const { controller, n } = yield* tokenReplacements(g, 0, 1, true); // 2 under Anointed Procession
 * ```
 */
export function* tokenReplacements(g: G, controller: Seat, n: number, effect: boolean): Gen<TokenOutcome> {
  const all = sourcesKept(g, 'CreateToken');
  if (all.length === 0 || n <= 0) return { controller, n };
  const applied = active(g);
  const done = new Set<string>();
  const runOf = (s: ReplSource): Run => ({
    g,
    you: s.controller,
    host: s.host,
    ref: s.ref,
    replaced: { event: 'CreateToken', player: controller, amount: n, effect },
  });
  const applies = (s: ReplSource): boolean => {
    if (applied.has(s.id) || done.has(s.id)) return false;
    if (param(s.ref, 'EffectOnly') === 'True' && !effect) return false;
    const run = runOf(s);
    const vp = param(s.ref, 'ValidPlayer');
    if (vp !== undefined && !matchesPlayer(run, vp, controller)) return false;
    if (!conditionsHold(run, s.ref)) return false;
    const withName = param(s.ref, 'ReplaceWith');
    return (withName ? svarNode(g.registry, s.ref, withName) : undefined) !== undefined;
  };
  for (;;) {
    const applicable = all.filter(applies);
    if (applicable.length === 0) return { controller, n };
    const s = yield* firstToApply(g, controller, earliestLayer(applicable), `${n} token${n === 1 ? '' : 's'} for p${controller + 1}`);
    done.add(s.id);
    const event = yield* runReplaceWith(g, s, runOf(s));
    if (event['modified'] !== true) return { controller, n: 0 };
    n = typeof event['amount'] === 'number' ? event['amount'] : n;
    controller = typeof event['player'] === 'number' ? (event['player'] as Seat) : controller;
    if (n <= 0) return { controller, n: 0 };
  }
}

registerPrimitive('kw:Sunburst');
registerPrimitive('repl:Moved', {
  reads: ['ValidCard', 'Origin', 'Destination', 'ReplaceWith', 'ActiveZones', 'Prevent', 'ExcludeDestination', 'ValidLKI', 'CheckSelfLKIZone'],
});
registerPrimitive('repl:DamageDone', {
  reads: ['ValidSource', 'ValidTarget', 'IsCombat', 'Prevent', 'PreventionEffect', 'ReplaceWith', 'ActiveZones', 'DamageTarget'],
});
registerPrimitive('repl:AddCounter', { reads: ['ValidCard', 'ValidPlayer', 'ValidCounterType', 'EffectOnly', 'ReplaceWith', 'ActiveZones'] });
registerPrimitive('repl:CreateToken', { reads: ['ValidPlayer', 'EffectOnly', 'ReplaceWith', 'ActiveZones', 'Layer'] });
registerPrimitive('repl:Draw', { reads: ['ValidPlayer', 'ReplaceWith', 'Prevent', 'ActiveZones', 'ActivePhases', 'Optional'] });
registerPrimitive('stat:ETBTapped', { reads: ['ValidCard'] });
registerPrimitive('kw:CARDNAME enters the battlefield tapped.');
registerPrimitive('kw:etbCounter');
registerPrimitive('kw:ETBReplacement');
