/**
 * Forge's `Valid` restrictions (`ValidTgts$ Creature.nonBlack+YouCtrl,Player`), read the way
 * Forge's `Card.isValid` reads them: alternatives split on `,`; each is a type word, optionally
 * followed by `.` and properties joined by `+`, all of which must hold. A property this engine
 * does not know never matches and is recorded in `g.unsupported`, so a card relying on it fails
 * closed instead of doing something else.
 */
import type { Seat } from './choice.js';
import { keywordOf, tryResolveNode } from './cards.js';
import { maybeObj, opponent, readsStep, unsupported, type G, type Run } from './context.js';
import { chars, isAttached } from './layers.js';
import { evalNumber } from './values.js';
import { definedCards } from './defined.js';
import { canEnchant } from './enchant.js';
import type { Chars, GameObject, Lki, Ref, Zone } from './types.js';
import { PERMANENT_TYPES } from './cards.js';
import { splitCost } from '../cards/index.js';

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

/** A test of a card, with the run that asks. */
type CardTest = (run: Run, card: Seen) => boolean;

/**
 * A restriction compiled once: its card alternatives with the type word and every property
 * already decided to the code that tests it, so that matching does no string work; and its
 * player alternatives, which are few and read as written.
 */
type CompiledSelector = {
  cards: Array<{ type: (c: Chars, card: Seen) => boolean; negated: boolean; props: CardTest[] }>;
  players: Alternative[];
  canMatchPlayers: boolean;
  canMatchCards: boolean;
};

const compiledSelectors = new Map<string, CompiledSelector>();

function compiled(selector: string): CompiledSelector {
  let c = compiledSelectors.get(selector);
  if (!c) {
    const alts = alternatives(selector);
    const cards = alts.filter((a) => !PLAYER_TYPES.has(a.type));
    const players = alts.filter((a) => PLAYER_TYPES.has(a.type));
    c = {
      cards: cards.map((a) =>
        REFERENTS[a.type] !== undefined && a.props.some((p) => REFERENT_PROPS.has(p))
          ? { type: ALWAYS, negated: a.negated, props: a.props.map((p) => referentProp(REFERENTS[a.type]!, p)) }
          : { type: typeTest(a.type), negated: a.negated, props: a.props.map(propTest) },
      ),
      players,
      canMatchPlayers: players.length > 0,
      canMatchCards: cards.length > 0,
    };
    compiledSelectors.set(selector, c);
  }
  return c;
}

/**
 * Type words that name the cards a property compares with, as Forge writes them:
 * `Remembered.sameName` (Echoing Truth's "all other permanents with the same name as that
 * permanent"), `Targeted.sameName`, `TriggeredCard.sharesCreatureTypeWith` (Faces of the Past's
 * "creatures that share a creature type with it"). Such an alternative matches any card that
 * has the property against one of those cards.
 */
const REFERENTS: Readonly<Record<string, string>> = {
  Remembered: 'Remembered',
  Targeted: 'Targeted',
  TriggeredCard: 'TriggeredCard',
  Triggered: 'TriggeredCard',
};
const REFERENT_PROPS: ReadonlySet<string> = new Set(['sameName', 'sharesCreatureTypeWith']);
/** The defined cards `sharesCreatureTypeWith <word>` compares with (defined.ts). */
const SHARES_WITH_DEFINED: ReadonlySet<string> = new Set(['Enchanted', 'Equipped', 'Remembered', 'AllRemembered', 'Targeted', 'TriggeredCard', 'Imprinted']);

function referentProp(referent: string, prop: string): CardTest {
  if (prop === 'sameName') return (run, card) => definedCards(run, referent).some((d) => d.chars.name === card.chars.name);
  if (prop === 'sharesCreatureTypeWith') return (run, card) => definedCards(run, referent).some((d) => sharesCreatureType(d.chars, card.chars));
  return propTest(prop);
}

/** Whether two objects have a creature type in common (CR 205.3m; a changeling has them all, 702.73a). */
function sharesCreatureType(a: Chars, b: Chars): boolean {
  const types = (c: Chars): string[] | 'all' => (c.keywords.includes('Changeling') ? 'all' : c.subtypes.filter((t) => !isNonCreatureSubtype(t)));
  const ta = types(a);
  const tb = types(b);
  if (ta === 'all') return tb === 'all' || tb.length > 0;
  if (tb === 'all') return ta.length > 0;
  return ta.some((t) => tb.includes(t));
}

/**
 * Whether a restriction can match players at all (`Creature,Player` can; `Creature` cannot).
 *
 * @example
 * ```ts
 * canMatchPlayers('Creature,Player'); // true
 * ```
 */
export function canMatchPlayers(selector: string): boolean {
  return compiled(selector).canMatchPlayers;
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
  return compiled(selector).canMatchCards;
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
 * A {@link Seen} as last-known information to keep in the state (a remembered card, CR 608.2h):
 * without the live object, which is no part of what the state may hold (a copy of it would go
 * stale, carry its table id into every replicated copy, and grow the state), and with its own
 * counters (a live object's map keeps changing).
 *
 * @example
 * ```ts
 * o.remembered.push({ card: c.id, inc: c.inc, lki: lkiOfSeen(c) });
 * ```
 */
export function lkiOfSeen(c: Seen): Lki {
  const { live: _live, ...lki } = c;
  return { ...lki, counters: { ...c.counters } };
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
  const alts = compiled(selector).cards;
  for (let i = 0; i < alts.length; i++) {
    const alt = alts[i]!;
    if (alt.type(card.chars, card) === alt.negated) continue;
    const props = alt.props;
    let all = true;
    for (let j = 0; j < props.length; j++) {
      if (!props[j]!(run, card)) {
        all = false;
        break;
      }
    }
    if (all) return true;
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
  for (const alt of compiled(selector).players) {
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

const ALWAYS = (): boolean => true;
const NEVER = (): boolean => false;

function isPermanent(c: Chars): boolean {
  for (const t of c.cardTypes) if (PERMANENT_TYPES.includes(t)) return true;
  return false;
}

/** The test of an alternative's type word (`Creature`, `Card`, `Permanent`, `Spell`, a subtype). */
function typeTest(type: string): (c: Chars, card: Seen) => boolean {
  switch (type) {
    case 'Card':
    case 'card':
    case 'Object':
      return ALWAYS;
    case 'Permanent':
    case 'permanent':
      return isPermanent;
    case 'Spell':
      return (_c, card) => card.zone === 'stack';
    case 'Emblem':
      return NEVER;
    case 'nonland':
      return (c) => !c.cardTypes.includes('Land');
    case 'Self':
      return NEVER;
    default:
      return hasTypeTest(type);
  }
}

const typeTests = new Map<string, (c: Chars) => boolean>();

/** Whether characteristics include a card type, subtype or supertype word. */
function hasType(c: Chars, word: string): boolean {
  return hasTypeTest(word)(c);
}

/** {@link hasType} for one word, decided once: which list it is looked up in. */
function hasTypeTest(word: string): (c: Chars) => boolean {
  let test = typeTests.get(word);
  if (test) return test;
  const cap = word.charAt(0).toUpperCase() + word.slice(1);
  if (CARD_TYPES.has(word)) test = (c) => c.cardTypes.includes(word);
  else if (CARD_TYPES.has(cap)) test = (c) => c.cardTypes.includes(cap);
  else {
    // Changeling-style "all creature types" is written as the keyword (CR 702.73); a Tribal
    // (Kindred) card has creature types too (CR 205.3d): a Nameless Inversion is a Goblin.
    const creatureType = !isNonCreatureSubtype(word);
    test = (c) =>
      c.supertypes.includes(word) ||
      c.subtypes.includes(word) ||
      (creatureType &&
        (c.cardTypes.includes('Creature') || c.cardTypes.includes('Tribal') || c.cardTypes.includes('Kindred')) &&
        c.keywords.includes('Changeling'));
  }
  typeTests.set(word, test);
  return test;
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

/** The player the host Aura enchants (CR 303.4), if it is on the battlefield attached to one. */
function enchantedPlayer(run: Run): Seat | undefined {
  const host = hostObject(run);
  return host !== undefined && host.zone === 'battlefield' ? host.attachedToPlayer : undefined;
}

function attachedBy(run: Run, card: Seen): boolean {
  const host = hostObject(run);
  return host !== undefined && host.attachedTo === card.id && host.zone === 'battlefield';
}

function isManaAbility(g: G, key: string): boolean {
  const ref = tryResolveNode(g.registry, key);
  return ref !== undefined && (ref.node.head === 'Mana' || ref.node.head === 'ManaReflected') && ref.node.record === 'AB';
}

function hasTapCost(g: G, key: string): boolean {
  const ref = tryResolveNode(g.registry, key);
  return ref !== undefined && ref.node.record === 'AB' && splitCost(String(ref.node.params.Cost ?? '')).includes('T');
}

/** The characteristics of an object as the run sees them (mid-recompute, its in-progress values). */
function charsIn(run: Run, o: GameObject): Chars {
  return run.charsOf ? run.charsOf(o) : chars(run.g, o);
}

function extremeTest(which: 'least' | 'greatest', stat: (c: Chars) => number): CardTest {
  return (run, card) => {
    const mine = stat(card.chars);
    for (const id of run.g.s.zones['battlefield']!) {
      const other = charsIn(run, run.g.s.objects[id]!);
      if (!other.cardTypes.includes('Creature')) continue;
      if (which === 'least' ? stat(other) < mine : stat(other) > mine) return false;
    }
    return true;
  };
}

/**
 * The properties a word names outright (`YouCtrl`, `tapped`, `attacking`), each the code that
 * tests it.
 */
const FIXED_PROPS = new Map<string, CardTest>([
  ['Self', (run, card) => card.id === run.host],
  ['StrictlySelf', (run, card) => card.id === run.host && hostObject(run)?.inc === card.inc],
  ['Other', (run, card) => card.id !== run.host],
  ['StrictlyOther', (run, card) => card.id !== run.host],
  // Designations (CR 702.112b renowned, 701.37b monstrous): marks on the object, not abilities.
  ['IsRenowned', (run, card) => card.live?.designations?.includes('renowned') ?? false],
  ['IsMonstrous', (run, card) => card.live?.designations?.includes('monstrous') ?? false],
  ['IsNotRenowned', (run, card) => !(card.live?.designations?.includes('renowned') ?? false)],
  ['IsNotMonstrous', (run, card) => !(card.live?.designations?.includes('monstrous') ?? false)],
  // Tribute was paid (CR 702.104b): the opponent put the counters as it entered (put-counter.ts).
  ['IsTributed', (run, card) => card.live?.designations?.includes('tributed') ?? false],
  ['IsNotTributed', (run, card) => !(card.live?.designations?.includes('tributed') ?? false)],
  ['YouCtrl', (run, card) => card.controller === run.you],
  ['YouDontCtrl', (run, card) => card.controller !== run.you],
  ['OppCtrl', (run, card) => card.controller !== run.you],
  ['YouOwn', (run, card) => card.owner === run.you],
  ['YouDontOwn', (run, card) => card.owner !== run.you],
  ['OppOwn', (run, card) => card.owner !== run.you],
  ['ActivePlayerCtrl', (run, card) => card.controller === run.g.s.active],
  ['NonActivePlayerCtrl', (run, card) => card.controller !== run.g.s.active],
  ['OwnerDoesntControl', (run, card) => card.owner !== card.controller],
  ['DefenderCtrl', (run, card) => run.g.s.combat !== null && card.controller !== run.g.s.active],
  ['DefendingPlayerCtrl', (run, card) => run.g.s.combat !== null && card.controller !== run.g.s.active],
  ['ChosenCtrl', (run, card) => hostObject(run)?.chosen.player === card.controller],
  ['TargetedPlayerCtrl', (run, card) => targetedPlayers(run).includes(card.controller)],
  ['RememberedPlayerCtrl', (run, card) => (hostObject(run)?.remembered ?? []).some((r) => 'player' in r && r.player === card.controller)],
  ['Permanent', (run, card) => card.chars.cardTypes.some((t) => PERMANENT_TYPES.includes(t))],
  ['token', (run, card) => card.token],
  ['Token', (run, card) => card.token],
  ['nonToken', (run, card) => !card.token],
  ['nontoken', (run, card) => !card.token],
  ['tapped', (run, card) => card.tapped],
  ['untapped', (run, card) => !card.tapped],
  ['attacking', (run, card) => isAttacking(run, card.id)],
  ['notattacking', (run, card) => !isAttacking(run, card.id)],
  ['attackingYou', (run, card) => isAttacking(run, card.id) && run.you !== run.g.s.active],
  ['blocking', (run, card) => (run.g.s.combat?.blocks ?? []).some((b) => b.blocker === card.id)],
  ['blocked', (run, card) => (run.g.s.combat?.blocked ?? []).includes(card.id)],
  // An attacker is unblocked only once blockers have been declared (CR 509.1h): before that it
  // is neither blocked nor unblocked.
  ['unblocked', (run, card) => blockersDeclared(run.g) && isAttacking(run, card.id) && !(run.g.s.combat?.blocked ?? []).includes(card.id)],
  ['blockingSource', (run, card) => (run.g.s.combat?.blocks ?? []).some((b) => b.blocker === card.id && b.attacker === run.host)],
  ['blockedBySource', (run, card) => (run.g.s.combat?.blocks ?? []).some((b) => b.attacker === card.id && b.blocker === run.host)],
  // Trial's "creatures blocking or blocked by target creature" (remembered as the spell begins).
  ['blockingRemembered', (run, card) => (run.g.s.combat?.blocks ?? []).some((b) => b.blocker === card.id && rememberedIds(run).has(b.attacker))],
  ['isBlockedByRemembered', (run, card) => (run.g.s.combat?.blocks ?? []).some((b) => b.attacker === card.id && rememberedIds(run).has(b.blocker))],
  // An Aura card that could enchant the host (Academy Researchers' "an Aura card … attached to
  // Academy Researchers", CR 303.4f): its Enchant restriction and the host's protections.
  ['CanEnchantSource', (run, card) => card.live !== null && hostObject(run) !== undefined && canEnchant(run.g, card.live, hostObject(run)!)],
  ['EnchantedBy', attachedBy],
  ['EquippedBy', attachedBy],
  ['AttachedBy', attachedBy],
  ['Attached', (run, card) => card.attachedTo === run.host],
  // Controlled / owned by the player the host Aura enchants (CR 303.4: "creatures enchanted player controls").
  ['EnchantedPlayerCtrl', (run, card) => enchantedPlayer(run) === card.controller],
  ['EnchantedPlayerOwn', (run, card) => enchantedPlayer(run) === card.owner],
  ['enchanted', (run, card) => isAttached(run.g, card.id, 'Aura')],
  ['unenchanted', (run, card) => !isAttached(run.g, card.id, 'Aura')],
  ['equipped', (run, card) => isAttached(run.g, card.id, 'Equipment')],
  // Soulbond (CR 702.95b): paired, unpaired, and the creature the host is paired with (effects/bond.ts).
  ['Paired', (run, card) => card.live?.pairedWith !== undefined],
  ['NotPaired', (run, card) => card.live !== null && card.live.pairedWith === undefined],
  ['unpaired', (run, card) => card.live !== null && card.live.pairedWith === undefined],
  ['PairedWith', (run, card) => card.live !== null && card.live.pairedWith === run.host && maybeObj(run.g, run.host)?.pairedWith === card.id],
  // The creature the host haunts (CR 702.55b): the one its haunt ability targeted, as that object
  // (its incarnation then), while the host is the card exiled haunting it (effects/haunt.ts).
  [
    'HauntedBy',
    (run, card) => {
      const h = hostObject(run)?.haunting;
      return h !== undefined && h.card === card.id && h.inc === card.inc;
    },
  ],
  ['IsRemembered', (run, card) => rememberedHas(rememberedOf(run), card)],
  ['IsNotRemembered', (run, card) => !rememberedHas(rememberedOf(run), card)],
  ['IsImprinted', (run, card) => rememberedHas(hostObject(run)?.imprinted ?? [], card)],
  ['IsNotImprinted', (run, card) => !rememberedHas(hostObject(run)?.imprinted ?? [], card)],
  // `SharesColorWith` alone: shares a colour with the host, the spell being cast or paid for
  // (conspire's "two untapped creatures you control that each share a color with it", CR 702.78a;
  // Dream Halls' "a card that shares a color with that spell"). A colourless host shares none.
  [
    'SharesColorWith',
    (run, card) => {
      const h = hostObject(run);
      if (!h) return false;
      const mine = charsIn(run, h).colours;
      return card.chars.colours.some((c) => mine.includes(c));
    },
  ],
  ['kicked', (run, card) => card.live?.kicked ?? false],
  ['notkicked', (run, card) => !(card.live?.kicked ?? false)],
  ['wasCast', (run, card) => card.live?.cast ?? false],
  ['wasNotCast', (run, card) => !(card.live?.cast ?? false)],
  ['inZoneBattlefield', (run, card) => card.zone === 'battlefield'],
  ['inZoneStack', (run, card) => card.zone === 'stack'],
  ['inZoneGraveyard', (run, card) => card.zone === 'graveyard'],
  ['inZoneHand', (run, card) => card.zone === 'hand'],
  // Where the card is now, not where a remembered last-known copy says it was: Terastodon's "for
  // each permanent put into a graveyard this way" asks it of each target, and an indestructible or
  // regenerated one is still on the battlefield.
  ['inRealZoneGraveyard', (run, card) => maybeObj(run.g, card.id)?.zone === 'graveyard'],
  ['inRealZoneBattlefield', (run, card) => maybeObj(run.g, card.id)?.zone === 'battlefield'],
  ['TopLibrary', (run, card) => card.zone === 'library' && run.g.s.zones[`library-${card.owner}`]![0] === card.id],
  ['wasDealtDamageThisTurn', (run, card) => (card.live?.damagedBy.length ?? 0) > 0],
  ['DamagedBy', (run, card) => card.live?.damagedBy.includes(run.host) ?? false],
  ['enteredBattlefieldThisTurn', (run, card) => card.zone === 'battlefield' && card.live?.enteredTurn === run.g.s.turn],
  ['notFirstTurnControlled', (run, card) => card.live !== null && card.live.controlSince <= run.g.s.players[card.controller].turnStartTick],
  ['wasCastFromHand', (run, card) => card.live?.castFrom === 'hand'],
  // The alternative cost it was cast with (alt-costs.ts): Evoke's sacrifice, Dash's haste and return.
  ['evoked', (run, card) => card.live?.castWay === 'evoke'],
  ['dashed', (run, card) => card.live?.castWay === 'dash'],
  ['surged', (run, card) => card.live?.castWay === 'surge'],
  // "If its prowl cost was paid" (CR 702.76: Latchkey Faerie, Notorious Throng).
  ['prowled', (run, card) => card.live?.castWay === 'prowl'],
  // "If its spectacle cost was paid" (CR 702.137a): Rix Maadi Reveler, Spikewheel Acrobat's kin.
  ['spectacle', (run, card) => card.live?.castWay === 'spectacle'],
  ['suspendCast', (run, card) => card.live?.castWay === 'suspend'],
  ['wasCastFromGraveyard', (run, card) => card.live?.castFrom === 'graveyard'],
  ['attackedThisTurn', (run, card) => (run.g.s.turnFacts.attacked ?? []).includes(card.id)],
  ['attackedThisCombat', (run, card) => (run.g.s.turnFacts.attacked ?? []).includes(card.id)],
  ['notAttackedThisTurn', (run, card) => !(run.g.s.turnFacts.attacked ?? []).includes(card.id)],
  ['exertedThisTurn', (run, card) => (run.g.s.turnFacts.exerted ?? []).includes(card.id)],
  ['notExertedThisTurn', (run, card) => !(run.g.s.turnFacts.exerted ?? []).includes(card.id)],
  ['blockedThisTurn', (run, card) => (run.g.s.turnFacts.blocked ?? []).includes(card.id)],
  ['blockedThisCombat', (run, card) => (run.g.s.turnFacts.blocked ?? []).includes(card.id)],
  ['dealtDamageThisTurn', (run, card) => (run.g.s.turnFacts.dealtDamage ?? []).includes(card.id)],
  ['hasManaAbility', (run, card) => card.chars.abilities.some((k) => isManaAbility(run.g, k))],
  // Magewright's Stone: an activated ability with {T} in its cost (CR 602.1a, 107.5).
  ['hasActivatedAbilityWithTapCost', (run, card) => card.chars.abilities.some((k) => hasTapCost(run.g, k))],
  // Least or greatest (ties included) among the creatures on the battlefield, as Forge reads it
  // (Wretched Banquet: "if it has the least power or is tied for least power").
  ['leastPower', extremeTest('least', (x) => x.power ?? 0)],
  ['greatestPower', extremeTest('greatest', (x) => x.power ?? 0)],
  ['leastToughness', extremeTest('least', (x) => x.toughness ?? 0)],
  ['greatestToughness', extremeTest('greatest', (x) => x.toughness ?? 0)],
  ['DrawnThisTurn', (run, card) => card.zone === 'hand' && (run.g.s.turnFacts.drawn ?? []).includes(card.id)],
  ['ChosenCard', (run, card) => (hostObject(run)?.chosen.cards ?? []).some((r) => r.card === card.id)],
  ['HasCounters', (run, card) => Object.values(card.counters).some((n) => n > 0)],
  [
    'sameName',
    (run, card) => {
      const host = hostObject(run);
      return host !== undefined && chars(run.g, host).name === card.chars.name;
    },
  ],
  ['NamedCard', (run, card) => hostObject(run)?.chosen.name === card.chars.name],
  [
    'ChosenType',
    (run, card) => {
      const type = hostObject(run)?.chosen.type;
      return type !== undefined && hasType(card.chars, type);
    },
  ],
  [
    'ChosenColor',
    (run, card) => {
      const colour = hostObject(run)?.chosen.colour;
      return colour !== undefined && colourOf(card.chars, colour) === true;
    },
  ],
  ['EffectSource', (run, card) => hostObject(run)?.effect?.source === card.id],
  // A card that left exile is seen as it was there (a trigger's "when a card exiled with it leaves exile").
  ['ExiledWithSource', (run, card) => (card.live ? card.live.exiledWith : card.exiledWith) === run.host],
  ['Historic', (run, card) => card.chars.supertypes.includes('Legendary') || card.chars.cardTypes.includes('Artifact') || card.chars.subtypes.includes('Saga')],
  ['faceDown', (run, card) => card.live?.faceDown ?? false],
  ['faceUp', (run, card) => !(card.live?.faceDown ?? false)],
  ['Triggered', (run, card) => run.trigger?.card?.id === card.id],
  ['TriggeredCard', (run, card) => run.trigger?.card?.id === card.id],
  ['Creature', (run, card) => card.chars.cardTypes.includes('Creature')],
  ['Land', (run, card) => card.chars.cardTypes.includes('Land')],
  ['Artifact', (run, card) => card.chars.cardTypes.includes('Artifact')],
  ['Enchantment', (run, card) => card.chars.cardTypes.includes('Enchantment')],
  ['Planeswalker', (run, card) => card.chars.cardTypes.includes('Planeswalker')],
  ['Instant', (run, card) => card.chars.cardTypes.includes('Instant')],
  ['Sorcery', (run, card) => card.chars.cardTypes.includes('Sorcery')],
  ['Legendary', (run, card) => card.chars.supertypes.includes('Legendary')],
  ['Basic', (run, card) => card.chars.supertypes.includes('Basic')],
  ['Snow', (run, card) => card.chars.supertypes.includes('Snow')],
  ['World', (run, card) => card.chars.supertypes.includes('World')],
  ['IsCommander', (_run, _card) => false],
]);

const propTests = new Map<string, CardTest>();

/** The test of one property of an alternative (`YouCtrl`, `nonBlack`, `powerGE2`), compiled once per word. */
function propTest(prop: string): CardTest {
  let test = propTests.get(prop);
  if (!test) {
    test = compileProp(prop);
    propTests.set(prop, test);
  }
  return test;
}

// The property words in the order Forge's `CardProperty` reads them: negations, colours, the
// words named outright, then the prefixed ones, then type words; the decision of which applies is
// made here once, what it tests is left to the returned code.
function compileProp(prop: string): CardTest {
  if (prop.startsWith('non') && prop.length > 3 && prop !== 'nonToken' && prop !== 'nontoken') {
    const inner = propTest(prop.slice(3));
    return (run, card) => !inner(run, card);
  }
  if (prop.startsWith('!')) {
    const inner = propTest(prop.slice(1));
    return (run, card) => !inner(run, card);
  }
  // `kicked 2`: the card's second kicker was paid (CR 702.33d).
  if (prop.startsWith('kicked ')) {
    const n = Number(prop.slice(7));
    return (_run, card) => card.live?.kickers?.includes(n) ?? false;
  }
  if (COLOUR_WORDS[prop] || prop === 'Colorless' || prop === 'MultiColor' || prop === 'MonoColor') return (_run, card) => colourOf(card.chars, prop)!;
  if (prop.endsWith('Source') && COLOUR_WORDS[prop.slice(0, -6)]) {
    const word = prop.slice(0, -6);
    return (_run, card) => colourOf(card.chars, word)!;
  }
  const fixed = FIXED_PROPS.get(prop);
  if (fixed) return fixed;
  if (prop.startsWith('named')) {
    const name = prop.slice(5).replace(/;/g, ',').replace(/_/g, ' ');
    return (_run, card) => card.chars.name === name;
  }
  if (prop.startsWith('notnamed')) {
    const name = prop.slice(8).replace(/;/g, ',').replace(/_/g, ' ');
    return (_run, card) => card.chars.name !== name;
  }
  if (prop.startsWith('with') && !prop.startsWith('without')) {
    const name = prop.slice(4);
    return (_run, card) => hasKeywordNamed(card.chars, name);
  }
  if (prop.startsWith('without')) {
    const name = prop.slice(7);
    return (_run, card) => !hasKeywordNamed(card.chars, name);
  }
  for (const [word, read] of STAT_PROPS) {
    if (prop.startsWith(word)) {
      const cmp = comparisonOf(prop.slice(word.length));
      if (cmp) return (run, card) => compareWith(run, cmp, read(card.chars));
    }
  }
  const tail = compileTail(prop);
  if (prop.startsWith('counters_')) {
    // counters_GE1_P1P1
    const [, cmpText, kind] = prop.split('_');
    const cmp = cmpText ? comparisonOf(cmpText) : undefined;
    if (cmp && kind) return (run, card) => compareWith(run, cmp, card.counters[kind] ?? 0);
    if (cmp) {
      // No counter kind: the comparison's value is still read (an SVar), as Forge reads it.
      return (run, card) => {
        cmp.value(run);
        return tail(run, card);
      };
    }
  }
  return tail;
}

function compileTail(prop: string): CardTest {
  if (prop.startsWith('ControlledBy ')) {
    const who = prop.slice(13).trim();
    const sel = who === 'You' ? 'You' : who === 'Opponent' ? 'Opponent' : 'Player';
    return (run, card) => matchesPlayer(run, sel, card.controller);
  }
  if (prop.startsWith('sharesNameWith')) return NEVER;
  // "Shares a creature type with" the host (Coat of Arms, read for each affected creature), or with
  // a defined card: Crown of Suspicion's `sharesCreatureTypeWith Enchanted`, the creature the Aura
  // was on as it was sacrificed (defined.ts reads it as it last was).
  if (prop === 'sharesCreatureTypeWith') {
    return (run, card) => {
      const host = hostObject(run);
      return host !== undefined && sharesCreatureType(charsIn(run, host), card.chars);
    };
  }
  if (prop.startsWith('sharesCreatureTypeWith ')) {
    const what = prop.slice(23).trim();
    if (SHARES_WITH_DEFINED.has(what)) return (run, card) => definedCards(run, what).some((d) => sharesCreatureType(d.chars, card.chars));
  }
  // `CardUID_<id>`: that very object (a granted protection's exception, layers.ts `hostBound`).
  if (prop.startsWith('CardUID_')) {
    const id = Number(prop.slice(8));
    return (_run, card) => card.id === id;
  }
  if (prop.startsWith('SharesCMCWith ')) {
    // "a card with the same mana value as that card" (Disciple of Deceit's `Card.SharesCMCWith
    // Discarded`): the card's mana value equals that of one of the defined cards (CR 202.3;
    // Forge's CardProperty reads the rest as defined cards).
    const what = prop.slice(14).trim();
    return (run, card) => definedCards(run, what).some((d) => d.chars.cmc === card.chars.cmc);
  }
  if (prop.startsWith('ThisTurnEntered_')) return enteredThisTurn(prop);
  if (prop.startsWith('MostProminentColor ')) {
    // The Djinn and Efreet of Mirage: the colour is the most common among all permanents, or tied
    // for it (a permanent of several colours counts for each).
    const word = prop.slice(19).trim();
    const letter = COLOUR_WORDS[word.charAt(0).toUpperCase() + word.slice(1)];
    if (!letter) return NEVER;
    return (run) => {
      const count: Record<string, number> = {};
      for (const id of run.g.s.zones['battlefield']!) for (const col of charsIn(run, run.g.s.objects[id]!).colours) count[col] = (count[col] ?? 0) + 1;
      const most = Math.max(0, ...Object.values(count));
      return most > 0 && (count[letter] ?? 0) === most;
    };
  }
  const type = hasTypeTest(prop);
  // A capitalised word is a type this card does not have; anything else is a property this
  // engine does not know, recorded when it is asked.
  if (/^[A-Z][A-Za-z'-]*$/.test(prop)) return (_run, card) => type(card.chars);
  return (run, card) => {
    if (type(card.chars)) return true;
    unsupported(run.g, `select:${prop}`);
    return false;
  };
}

const ENTERED_ZONES: Record<string, Zone> = { Battlefield: 'battlefield', Graveyard: 'graveyard', Exile: 'exile', Hand: 'hand', Library: 'library' };

/**
 * `ThisTurnEntered_<Zone>[_from_<Zone>]` (Grim Return's "creature card in a graveyard that was put
 * there from the battlefield this turn"): the object is in that zone now, and this incarnation of
 * it (CR 400.7: a card that moved again is a new object) got there this turn, from that zone when
 * one is named. An unknown zone word matches nothing and says so.
 */
function enteredThisTurn(prop: string): CardTest {
  const parts = prop.split('_');
  const to = ENTERED_ZONES[parts[1] ?? ''];
  const from = parts[2] === 'from' ? ENTERED_ZONES[parts[3] ?? ''] : undefined;
  if (to === undefined || (parts[2] === 'from' && from === undefined) || parts.length > (parts[2] === 'from' ? 4 : 2)) {
    return (run) => {
      unsupported(run.g, `select:${prop}`);
      return false;
    };
  }
  return (run, card) =>
    card.zone === to &&
    (run.g.s.turnFacts.entered ?? []).some((e) => e.id === card.id && e.inc === card.inc && e.to === to && (from === undefined || e.from === from));
}

/** A comparison (`GE2`, `LEX`) decided once: its operator, and its number or how to read it. */
type Comparison = { op: string; value: (run: Run) => number };

function comparisonOf(text: string): Comparison | undefined {
  const m = COMPARE.exec(text);
  if (!m) return undefined;
  const body = m[2]!;
  if (/^-?\d+$/.test(body)) {
    const n = Number(body);
    return { op: m[1]!, value: () => n };
  }
  return { op: m[1]!, value: (run) => evalNumber(run, body) };
}

function compareWith(run: Run, cmp: Comparison, a: number): boolean {
  return compare(a, cmp.op, cmp.value(run));
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
  readsStep(g);
  return g.s.combat !== null && (g.s.step === 'declareBlockers' || g.s.step === 'combatDamage' || g.s.step === 'endCombat');
}

/**
 * The remembered list the run reads: the host object's, or, for an ability of a card that has
 * since changed zones (a new object, CR 400.7), what the card remembered when the ability
 * triggered: leaves-the-battlefield abilities look back in time (CR 603.10a).
 *
 * @example
 * ```ts
 * rememberedOf(run); // Oblivion Ring's exiled card, read by its leaves-the-battlefield ability
 * ```
 */
export function rememberedOf(run: Run): Ref[] {
  const host = hostObject(run);
  const lki = run.item?.sourceLki;
  if (host && lki && lki.id === host.id && lki.inc !== host.inc && lki.remembered) return lki.remembered;
  return host?.remembered ?? [];
}

/** The ids of the cards the host remembers. */
function rememberedIds(run: Run): Set<number> {
  const out = new Set<number>();
  for (const r of rememberedOf(run)) if ('card' in r) out.add(r.card);
  return out;
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
    // The player the host Aura enchants (CR 303.4: "enchanted player", a Curse's or Paradox Haze's).
    case 'EnchantedBy':
      return host !== undefined && host.zone === 'battlefield' && host.attachedToPlayer === seat;
    case 'wasDealtDamageThisTurn':
      return g.s.players[seat].lifeLost > 0;
    // The monarch (CR 724).
    case 'isMonarch':
      return g.s.monarch === seat;
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
  // `controls<Type>_<comparison>`: how many permanents of a type the player controls (Thornbow
  // Archer's "each opponent who doesn't control an Elf", `controlsElf_EQ0`).
  const controls = /^controls([A-Za-z]+)_(.+)$/.exec(prop);
  if (controls) {
    const cmp = comparison(run, controls[2]!);
    if (cmp) {
      const type = hasTypeTest(controls[1]!);
      let n = 0;
      for (const id of g.s.zones['battlefield']!) {
        const c = chars(g, g.s.objects[id]!);
        if (c.controller === seat && type(c)) n++;
      }
      return compare(n, cmp.op, cmp.value);
    }
  }
  unsupported(g, `select-player:${prop}`);
  return false;
}
