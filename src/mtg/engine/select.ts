/**
 * Forge's `Valid` restrictions (`ValidTgts$ Creature.nonBlack+YouCtrl,Player`), read the way
 * Forge's `Card.isValid` reads them: alternatives split on `,`; each is a type word, optionally
 * followed by `.` and properties joined by `+`, all of which must hold. A property this engine
 * does not know never matches and is recorded in `g.unsupported`, so a card relying on it fails
 * closed instead of doing something else.
 */
import type { Seat } from './choice.js';
import { keywordOf, tryResolveNode } from './cards.js';
import { maybeObj, opponent, unsupported, type G, type Run } from './context.js';
import { chars, isAttached } from './layers.js';
import { evalNumber } from './values.js';
import type { Chars, GameObject, Lki, Ref } from './types.js';
import { PERMANENT_TYPES } from './cards.js';

type Alternative = { type: string; negated: boolean; props: string[] };

const parsed = new Map<string, Alternative[]>();

/**
 * Splits a restriction into alternatives, cached.
 *
 * @example
 * ```ts
 * alternatives('Creature.nonBlack+YouCtrl,Player'); // [{ type: 'Creature', props: ['nonBlack', 'YouCtrl'] }, { type: 'Player', props: [] }]
 * ```
 */
export function alternatives(selector: string): Alternative[] {
  let alts = parsed.get(selector);
  if (!alts) {
    alts = [];
    for (const raw of selector.split(',')) {
      const text = raw.trim();
      if (text === '') continue;
      const dot = text.indexOf('.');
      let type = dot < 0 ? text : text.slice(0, dot);
      const negated = type.startsWith('!');
      if (negated) type = type.slice(1);
      const props =
        dot < 0
          ? []
          : text
              .slice(dot + 1)
              .split('+')
              .map((p) => p.trim())
              .filter((p) => p !== '');
      alts.push({ type, negated, props });
    }
    parsed.set(selector, alts);
  }
  return alts;
}

const PLAYER_TYPES = new Set(['Player', 'You', 'Opponent', 'Opponents', 'Each', 'Any']);

/**
 * Whether a restriction can match players at all (`Creature,Player` can; `Creature` cannot).
 *
 * @example
 * ```ts
 * canMatchPlayers('Creature,Player'); // true
 * ```
 */
export function canMatchPlayers(selector: string): boolean {
  return alternatives(selector).some((a) => PLAYER_TYPES.has(a.type));
}

/**
 * Whether a restriction can match cards.
 *
 * @example
 * ```ts
 * canMatchCards('Opponent'); // false
 * ```
 */
export function canMatchCards(selector: string): boolean {
  return alternatives(selector).some((a) => !PLAYER_TYPES.has(a.type));
}

/** A card as selectors see it: a live object's current state, or last-known information. */
export type Seen = Lki & { live: GameObject | null };

/**
 * The current state of a live object as a {@link Seen}.
 *
 * @example
 * ```ts
 * matchesCard(run, 'Creature.tapped', seen(run, bears));
 * ```
 */
export function seen(run: Run, o: GameObject): Seen {
  const c = run.charsOf ? run.charsOf(o) : chars(run.g, o);
  return {
    id: o.id,
    inc: o.inc,
    zone: o.zone,
    owner: o.owner,
    controller: c.controller,
    tapped: o.tapped,
    token: o.token !== null,
    counters: o.counters,
    damage: o.damage,
    attachedTo: o.attachedTo,
    chars: c,
    live: o,
  };
}

/**
 * Last-known information as a {@link Seen}: the live object is attached while it is the same object.
 *
 * @example
 * ```ts
 * matchesCard(run, 'Creature.YouCtrl', seenLki(run, lki)); // as it was when it died
 * ```
 */
export function seenLki(run: Run, lki: Lki): Seen {
  const o = maybeObj(run.g, lki.id);
  return { ...lki, live: o && o.inc === lki.inc ? o : null };
}

/**
 * Whether a card matches a restriction.
 *
 * @example
 * ```ts
 * matchesCard(run, 'Creature.YouCtrl', seen(run, bears)); // true for your Grizzly Bears
 * ```
 */
export function matchesCard(run: Run, selector: string, card: Seen): boolean {
  for (const alt of alternatives(selector)) {
    if (PLAYER_TYPES.has(alt.type)) continue;
    let ok = typeMatches(alt.type, card.chars, card);
    if (alt.negated) ok = !ok;
    if (ok && alt.props.every((p) => cardProperty(run, p, card))) return true;
  }
  return false;
}

/**
 * Whether a live object matches a restriction.
 *
 * @example
 * ```ts
 * objectMatches(run, 'Creature.nonBlack', bears); // true
 * ```
 */
export function objectMatches(run: Run, selector: string, o: GameObject): boolean {
  return matchesCard(run, selector, seen(run, o));
}

/**
 * Whether a player matches a restriction (`Player`, `Opponent`, `Player.IsRemembered`).
 *
 * @example
 * ```ts
 * matchesPlayer(run, 'Opponent', 1); // true when run.you is 0
 * ```
 */
export function matchesPlayer(run: Run, selector: string, seat: Seat): boolean {
  for (const alt of alternatives(selector)) {
    if (!PLAYER_TYPES.has(alt.type)) continue;
    if (alt.type === 'You' && seat !== run.you) continue;
    if ((alt.type === 'Opponent' || alt.type === 'Opponents') && seat === run.you) continue;
    if (alt.props.every((p) => playerProperty(run, p, seat))) return true;
  }
  return false;
}

/**
 * Whether a target reference matches (cards through their current state).
 *
 * @example
 * ```ts
 * refMatches(run, 'Creature,Player', { player: 1 }); // true
 * ```
 */
export function refMatches(run: Run, selector: string, ref: Ref): boolean {
  if ('player' in ref) return matchesPlayer(run, selector, ref.player);
  if (!('card' in ref)) return false;
  const o = maybeObj(run.g, ref.card);
  if (!o || o.inc !== ref.inc) return ref.lki ? matchesCard(run, selector, seenLki(run, ref.lki)) : false;
  return objectMatches(run, selector, o);
}

const COLOUR_WORDS: Record<string, string> = { White: 'W', Blue: 'U', Black: 'B', Red: 'R', Green: 'G' };
const CARD_TYPES = new Set(['Artifact', 'Creature', 'Enchantment', 'Instant', 'Land', 'Planeswalker', 'Sorcery', 'Tribal', 'Battle']);

function typeMatches(type: string, c: Chars, card: Seen): boolean {
  switch (type) {
    case 'Card':
    case 'card':
    case 'Object':
      return true;
    case 'Permanent':
    case 'permanent':
      return c.cardTypes.some((t) => PERMANENT_TYPES.includes(t));
    case 'Spell':
      return card.zone === 'stack';
    case 'Emblem':
      return false;
    case 'nonland':
      return !c.cardTypes.includes('Land');
    case 'Self':
      return false;
    default:
      return hasType(c, type);
  }
}

/** Whether characteristics include a card type, subtype or supertype word. */
function hasType(c: Chars, word: string): boolean {
  if (CARD_TYPES.has(word)) return c.cardTypes.includes(word);
  const cap = word.charAt(0).toUpperCase() + word.slice(1);
  if (CARD_TYPES.has(cap)) return c.cardTypes.includes(cap);
  if (c.supertypes.includes(word) || c.subtypes.includes(word)) return true;
  // Changeling-style "all creature types" is written as the keyword (CR 702.73); a Tribal
  // (Kindred) card has creature types too (CR 205.3d): a Nameless Inversion is a Goblin.
  if (
    (c.cardTypes.includes('Creature') || c.cardTypes.includes('Tribal') || c.cardTypes.includes('Kindred')) &&
    c.keywords.includes('Changeling') &&
    !isNonCreatureSubtype(word)
  )
    return true;
  return false;
}

const NON_CREATURE_SUBTYPES = new Set([
  'Aura',
  'Equipment',
  'Forest',
  'Island',
  'Mountain',
  'Plains',
  'Swamp',
  'Vehicle',
  'Saga',
  'Gate',
  'Desert',
  'Clue',
  'Food',
  'Treasure',
  'Curse',
  'Shrine',
  'Cartouche',
  'Fortification',
  "Urza's",
  'Mine',
  'Power-Plant',
  'Tower',
  'Lair',
  'Locus',
]);
function isNonCreatureSubtype(word: string): boolean {
  return NON_CREATURE_SUBTYPES.has(word);
}

const COMPARE = /^(LT|LE|EQ|NE|GE|GT)(.+)$/;

/**
 * Compares with Forge's two-letter operators.
 *
 * @example
 * ```ts
 * compare(3, 'GE', 2); // true
 * ```
 */
export function compare(a: number, op: string, b: number): boolean {
  switch (op) {
    case 'LT':
      return a < b;
    case 'LE':
      return a <= b;
    case 'EQ':
      return a === b;
    case 'NE':
      return a !== b;
    case 'GE':
      return a >= b;
    case 'GT':
      return a > b;
    default:
      return false;
  }
}

/**
 * `GE2`, `LEX` (an SVar), `EQ0`: an operator and the number it compares against.
 *
 * @example
 * ```ts
 * comparison(run, 'GE2'); // { op: 'GE', value: 2 }
 * ```
 */
export function comparison(run: Run, text: string): { op: string; value: number } | undefined {
  const m = COMPARE.exec(text);
  if (!m) return undefined;
  const value = /^-?\d+$/.test(m[2]!) ? Number(m[2]) : evalNumber(run, m[2]);
  return { op: m[1]!, value };
}

function hostObject(run: Run): GameObject | undefined {
  return run.host ? maybeObj(run.g, run.host) : undefined;
}

function rememberedHas(list: readonly Ref[], card: Seen): boolean {
  return list.some((r) => 'card' in r && r.card === card.id && (r.inc === card.inc || (r.lki !== undefined && r.lki.inc === card.inc)));
}

function colourOf(c: Chars, word: string): boolean | undefined {
  const letter = COLOUR_WORDS[word];
  if (letter) return c.colours.includes(letter);
  if (word === 'Colorless') return c.colours.length === 0;
  if (word === 'MultiColor') return c.colours.length > 1;
  if (word === 'MonoColor') return c.colours.length === 1;
  return undefined;
}

function cardProperty(run: Run, prop: string, card: Seen): boolean {
  const g = run.g;
  const c = card.chars;
  const host = hostObject(run);
  if (prop.startsWith('non') && prop.length > 3 && prop !== 'nonToken' && prop !== 'nontoken') {
    return !cardProperty(run, prop.slice(3), card);
  }
  if (prop.startsWith('!')) return !cardProperty(run, prop.slice(1), card);
  // `kicked 2`: the card's second kicker was paid (CR 702.33d).
  if (prop.startsWith('kicked ')) return card.live?.kickers?.includes(Number(prop.slice(7))) ?? false;
  const colour = colourOf(c, prop);
  if (colour !== undefined) return colour;
  if (prop.endsWith('Source') && COLOUR_WORDS[prop.slice(0, -6)]) return colourOf(c, prop.slice(0, -6))!;
  switch (prop) {
    case 'Self':
    case 'StrictlySelf':
      return card.id === run.host && (prop === 'Self' || host?.inc === card.inc);
    case 'Other':
    case 'StrictlyOther':
      return card.id !== run.host;
    // Designations (CR 702.112b renowned, 701.37b monstrous): marks on the object, not abilities.
    case 'IsRenowned':
    case 'IsMonstrous':
      return card.live?.designations?.includes(prop === 'IsRenowned' ? 'renowned' : 'monstrous') ?? false;
    case 'IsNotRenowned':
    case 'IsNotMonstrous':
      return !(card.live?.designations?.includes(prop === 'IsNotRenowned' ? 'renowned' : 'monstrous') ?? false);
    case 'YouCtrl':
      return card.controller === run.you;
    case 'YouDontCtrl':
    case 'OppCtrl':
      return card.controller !== run.you;
    case 'YouOwn':
      return card.owner === run.you;
    case 'YouDontOwn':
    case 'OppOwn':
      return card.owner !== run.you;
    case 'ActivePlayerCtrl':
      return card.controller === g.s.active;
    case 'NonActivePlayerCtrl':
      return card.controller !== g.s.active;
    case 'OwnerDoesntControl':
      return card.owner !== card.controller;
    case 'DefenderCtrl':
    case 'DefendingPlayerCtrl':
      return g.s.combat !== null && card.controller !== g.s.active;
    case 'ChosenCtrl':
      return host?.chosen.player === card.controller;
    case 'TargetedPlayerCtrl':
      return targetedPlayers(run).includes(card.controller);
    case 'RememberedPlayerCtrl':
      return (host?.remembered ?? []).some((r) => 'player' in r && r.player === card.controller);
    case 'Permanent':
      return c.cardTypes.some((t) => PERMANENT_TYPES.includes(t));
    case 'token':
    case 'Token':
      return card.token;
    case 'nonToken':
    case 'nontoken':
      return !card.token;
    case 'tapped':
      return card.tapped;
    case 'untapped':
      return !card.tapped;
    case 'attacking':
      return isAttacking(run, card.id);
    case 'notattacking':
      return !isAttacking(run, card.id);
    case 'attackingYou':
      return isAttacking(run, card.id) && run.you !== g.s.active;
    case 'blocking':
      return (g.s.combat?.blocks ?? []).some((b) => b.blocker === card.id);
    case 'blocked':
      return (g.s.combat?.blocked ?? []).includes(card.id);
    case 'unblocked':
      // An attacker is unblocked only once blockers have been declared (CR 509.1h): before
      // that it is neither blocked nor unblocked.
      return blockersDeclared(g) && isAttacking(run, card.id) && !(g.s.combat?.blocked ?? []).includes(card.id);
    case 'blockingSource':
      return (g.s.combat?.blocks ?? []).some((b) => b.blocker === card.id && b.attacker === run.host);
    case 'blockedBySource':
      return (g.s.combat?.blocks ?? []).some((b) => b.attacker === card.id && b.blocker === run.host);
    case 'EnchantedBy':
    case 'EquippedBy':
    case 'AttachedBy':
      return host !== undefined && host.attachedTo === card.id && host.zone === 'battlefield';
    case 'Attached':
      return card.attachedTo === run.host;
    case 'enchanted':
      return isAttached(g, card.id, 'Aura');
    case 'unenchanted':
      return !isAttached(g, card.id, 'Aura');
    case 'equipped':
      return isAttached(g, card.id, 'Equipment');
    case 'IsRemembered':
      return rememberedHas(rememberedOf(run), card);
    case 'IsNotRemembered':
      return !rememberedHas(rememberedOf(run), card);
    case 'IsImprinted':
      return rememberedHas(host?.imprinted ?? [], card);
    case 'IsNotImprinted':
      return !rememberedHas(host?.imprinted ?? [], card);
    case 'kicked':
      return card.live?.kicked ?? false;
    case 'notkicked':
      return !(card.live?.kicked ?? false);
    case 'wasCast':
      return card.live?.cast ?? false;
    case 'wasNotCast':
      return !(card.live?.cast ?? false);
    case 'inZoneBattlefield':
      return card.zone === 'battlefield';
    case 'inZoneStack':
      return card.zone === 'stack';
    case 'inZoneGraveyard':
      return card.zone === 'graveyard';
    case 'inZoneHand':
      return card.zone === 'hand';
    case 'TopLibrary': {
      const lib = g.s.zones[`library-${card.owner}`]!;
      return card.zone === 'library' && lib[0] === card.id;
    }
    case 'wasDealtDamageThisTurn':
      return (card.live?.damagedBy.length ?? 0) > 0;
    case 'DamagedBy':
      return card.live?.damagedBy.includes(run.host) ?? false;
    case 'enteredBattlefieldThisTurn':
      return card.zone === 'battlefield' && card.live?.enteredTurn === g.s.turn;
    case 'notFirstTurnControlled':
      return card.live !== null && card.live.controlSince <= g.s.players[card.controller].turnStartTick;
    case 'wasCastFromHand':
      return card.live?.castFrom === 'hand';
    case 'wasCastFromGraveyard':
      return card.live?.castFrom === 'graveyard';
    case 'attackedThisTurn':
    case 'attackedThisCombat':
      return (g.s.turnFacts.attacked ?? []).includes(card.id);
    case 'notAttackedThisTurn':
      return !(g.s.turnFacts.attacked ?? []).includes(card.id);
    case 'blockedThisTurn':
    case 'blockedThisCombat':
      return (g.s.turnFacts.blocked ?? []).includes(card.id);
    case 'dealtDamageThisTurn':
      return (g.s.turnFacts.dealtDamage ?? []).includes(card.id);
    case 'hasManaAbility':
      return c.abilities.some((k) => {
        const ref = tryResolveNode(g.registry, k);
        return ref !== undefined && (ref.node.head === 'Mana' || ref.node.head === 'ManaReflected') && ref.node.record === 'AB';
      });
    case 'DrawnThisTurn':
      return card.zone === 'hand' && (g.s.turnFacts.drawn ?? []).includes(card.id);
    case 'ChosenCard':
      return (host?.chosen.cards ?? []).some((r) => r.card === card.id);
    case 'nonChosenCard':
      return !(host?.chosen.cards ?? []).some((r) => r.card === card.id);
    case 'HasCounters':
      return Object.values(card.counters).some((n) => n > 0);
    case 'sameName':
      return host !== undefined && chars(g, host).name === c.name;
    case 'NamedCard':
      return host?.chosen.name === c.name;
    case 'ChosenType':
      return host?.chosen.type !== undefined && hasType(c, host.chosen.type);
    case 'ChosenColor':
      return host?.chosen.colour !== undefined && colourOf(c, host.chosen.colour) === true;
    case 'EffectSource':
      return host?.effect?.source === card.id;
    case 'ExiledWithSource':
      return card.live?.exiledWith === run.host;
    case 'Historic':
      return c.supertypes.includes('Legendary') || c.cardTypes.includes('Artifact') || c.subtypes.includes('Saga');
    case 'faceDown':
      return card.live?.faceDown ?? false;
    case 'faceUp':
      return !(card.live?.faceDown ?? false);
    case 'Triggered':
    case 'TriggeredCard':
      return run.trigger?.card?.id === card.id;
    case 'Creature':
    case 'Land':
    case 'Artifact':
    case 'Enchantment':
    case 'Planeswalker':
    case 'Instant':
    case 'Sorcery':
      return c.cardTypes.includes(prop);
    case 'Legendary':
    case 'Basic':
    case 'Snow':
    case 'World':
      return c.supertypes.includes(prop);
    case 'IsCommander':
      return false;
    default:
      break;
  }
  if (prop.startsWith('named')) return c.name === prop.slice(5).replace(/;/g, ',').replace(/_/g, ' ');
  if (prop.startsWith('notnamed')) return c.name !== prop.slice(8).replace(/;/g, ',').replace(/_/g, ' ');
  if (prop.startsWith('with') && !prop.startsWith('without')) return hasKeywordNamed(c, prop.slice(4));
  if (prop.startsWith('without')) return !hasKeywordNamed(c, prop.slice(7));
  for (const [word, read] of STAT_PROPS) {
    if (prop.startsWith(word)) {
      const cmp = comparison(run, prop.slice(word.length));
      if (cmp) return compare(read(c), cmp.op, cmp.value);
    }
  }
  if (prop.startsWith('counters_')) {
    // counters_GE1_P1P1
    const [, cmpText, kind] = prop.split('_');
    const cmp = cmpText ? comparison(run, cmpText) : undefined;
    if (cmp && kind) return compare(card.counters[kind] ?? 0, cmp.op, cmp.value);
  }
  if (prop.startsWith('ControlledBy ')) {
    const who = prop.slice(13).trim();
    return matchesPlayer(run, who === 'You' ? 'You' : who === 'Opponent' ? 'Opponent' : 'Player', card.controller);
  }
  if (prop.startsWith('sharesNameWith')) return false;
  if (hasType(c, prop)) return true;
  if (/^[A-Z][A-Za-z'-]*$/.test(prop)) return false;
  unsupported(g, `select:${prop}`);
  return false;
}

const STAT_PROPS: ReadonlyArray<readonly [string, (c: Chars) => number]> = [
  ['cmc', (c) => c.cmc],
  ['power', (c) => c.power ?? 0],
  ['toughness', (c) => c.toughness ?? 0],
];

function hasKeywordNamed(c: Chars, name: string): boolean {
  for (const k of c.keywords) {
    const kw = keywordOf(k);
    if (kw.name === name || kw.name.replace(/\s+/g, '') === name.replace(/\s+/g, '')) return true;
    if (kw.name === 'Landwalk' && `${kw.args[0]}walk` === name) return true;
  }
  return false;
}

function isAttacking(run: Run, id: number): boolean {
  return (run.g.s.combat?.attackers ?? []).some((a) => a.id === id);
}

/**
 * Whether this combat's blockers have been declared: the declare blockers step's turn-based
 * action (CR 509.1) comes first in that step, so from then to the end of combat.
 */
function blockersDeclared(g: G): boolean {
  return g.s.combat !== null && (g.s.step === 'declareBlockers' || g.s.step === 'combatDamage' || g.s.step === 'endCombat');
}

/**
 * The remembered list the run reads: the host object's, or, for an ability of a card that has
 * since changed zones (a new object, CR 400.7), what the card remembered when the ability
 * triggered: leaves-the-battlefield abilities look back in time (CR 603.10a).
 */
function rememberedOf(run: Run): Ref[] {
  const host = hostObject(run);
  const lki = run.item?.sourceLki;
  if (host && lki && lki.id === host.id && lki.inc !== host.inc && lki.remembered) return lki.remembered;
  return host?.remembered ?? [];
}

/** The players targeted by the current ability chain. */
function targetedPlayers(run: Run): Seat[] {
  const out: Seat[] = [];
  for (const list of run.item?.targets ?? []) for (const t of list) if ('player' in t) out.push(t.player);
  return out;
}

function playerProperty(run: Run, prop: string, seat: Seat): boolean {
  const g = run.g;
  const host = hostObject(run);
  switch (prop) {
    case 'You':
      return seat === run.you;
    case 'Opponent':
    case 'OppCtrl':
      return seat !== run.you;
    case 'Other':
      return seat !== run.you;
    case 'IsRemembered':
      return rememberedOf(run).some((r) => 'player' in r && r.player === seat);
    case 'IsNotRemembered':
      return !rememberedOf(run).some((r) => 'player' in r && r.player === seat);
    case 'Active':
    case 'ActivePlayer':
      return seat === g.s.active;
    case 'NonActive':
      return seat !== g.s.active;
    case 'Chosen':
      return host?.chosen.player === seat;
    case 'EnchantedBy':
      return false;
    case 'wasDealtDamageThisTurn':
      return g.s.players[seat].lifeLost > 0;
    case 'TargetedBy':
      return targetedPlayers(run).includes(seat);
    case 'withMostLife':
      return g.s.players[seat].life >= g.s.players[opponent(seat)].life;
    case 'withLeastLife':
    case 'withLowestLife':
      return g.s.players[seat].life <= g.s.players[opponent(seat)].life;
    default:
      break;
  }
  if (prop.startsWith('life')) {
    const cmp = comparison(run, prop.slice(4));
    if (cmp) return compare(g.s.players[seat].life, cmp.op, cmp.value);
  }
  unsupported(g, `select-player:${prop}`);
  return false;
}
