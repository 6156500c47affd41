/**
 * Triggered abilities (CR 603). When something happens the engine calls {@link raise} with what
 * happened; every trigger whose mode and conditions match becomes a pending trigger, put on the
 * stack the next time a player would receive priority (CR 603.3, in `stateCheck`). A trigger that
 * looks back in time (leaving the battlefield, CR 603.10a) is checked against the objects as they
 * were just before the event, which the caller passes as `lookback`.
 *
 * Each mode is a small matcher registered by name (and as `trig:<Mode>` for the coverage
 * report): {@link registerTriggerMode}.
 */
import type { Seat } from './choice.js';
import { param, resolveNode, type NodeRef } from './cards.js';
import { derived, maybeObj, touchState, type G, type Run } from './context.js';
import { conditionsHold } from './conditions.js';
import { definedPlayers } from './defined.js';
import { inPhases } from './statics.js';
import { chars } from './layers.js';
import { matchesCard, matchesPlayer, refMatches, seenLki } from './select.js';
import type { Lki, PendingTrigger, Ref, TriggerData, Zone } from './types.js';
import { ZONE_NAMES } from './zones.js';
import { singleTarget } from './targets.js';
import { registerPrimitive, declareParamForms, declareParamReads } from '../cards/index.js';
import { globalRule } from './global-rules.js';
import { extraEnterTriggers } from './panharmonicon.js';

/** Decides whether a trigger of this mode fires for an event. */
export type TriggerMatcher = (run: Run, ref: NodeRef, data: TriggerData) => boolean;

const MODES = new Map<string, TriggerMatcher>();

/**
 * Registers a trigger mode's matcher and its primitive `trig:<mode>`.
 *
 * @example
 * ```ts
 * registerTriggerMode('Drawn', (run, ref, data) => validCard(run, ref, data.card), ['ValidCard']);
 * ```
 */
export function registerTriggerMode(mode: string, matcher: TriggerMatcher, reads: string[] = [], narrow?: TriggerNarrower): void {
  MODES.set(mode, matcher);
  if (narrow) NARROWERS.set(mode, narrow);
  registerPrimitive(`trig:${mode}`, { reads });
}

/**
 * What a trigger that fired remembers of the event, when that is only the part of it it matched:
 * a batched trigger ("whenever one or more cards ...") keeps the cards its filter accepted, so
 * `TriggerCount$Amount` counts those as they were when it triggered.
 */
export type TriggerNarrower = (run: Run, ref: NodeRef, data: TriggerData) => TriggerData;

const NARROWERS = new Map<string, TriggerNarrower>();

function narrowed(run: Run, ref: NodeRef, data: TriggerData): TriggerData {
  const narrow = NARROWERS.get(data.mode);
  return narrow ? narrow(run, ref, data) : data;
}

/**
 * The matcher registered for a trigger mode, if any.
 *
 * @example
 * ```ts
 * triggerMatcher('Drawn'); // the Drawn matcher
 * ```
 */
export function triggerMatcher(mode: string): TriggerMatcher | undefined {
  return MODES.get(mode);
}

declareParamReads('engine:triggers', ['TriggerZones', 'Execute', 'OptionalDecider', 'TriggerDescription', 'TriggerController'], ['trigger']);
// `Mandatory$ True` (Tilonalli's Skinshifter): Forge lets a person cancel choosing a trigger's
// targets unless it is written; here a triggered ability's targets are always chosen when there are
// enough legal ones (CR 603.3d, targets.ts chooseTargets), so every trigger is as Forge's mandatory ones.
declareParamReads('engine:triggers', ['Mandatory', 'OncePerEffect', 'OneOff'], ['trigger']);
// Read on zone changes only: damage dealt at once to several creatures is not one event here yet
// (Briarbridge Patrol's "deals damage to one or more creatures").
declareParamForms('engine:triggers', 'trigger', 'DamageDone', 'OncePerEffect', () => false);

/**
 * Who controls a triggered ability that just triggered. CR 603.3a: the player who controlled its
 * source when it triggered, unless the ability says otherwise: `TriggerController$` names that
 * player as a `Defined` player, read in the trigger's context (`TriggeredPlayer` for Gate to the
 * Aether's "that player reveals", `TriggeredSourceController` for Brood Sliver's "its
 * controller"). The controller then puts it on the stack in APNAP order (CR 603.3b) and is its
 * "you". A definition naming nobody leaves the source's controller.
 */
function controllerOf(run: Run, ref: NodeRef): Seat {
  const who = param(ref, 'TriggerController');
  if (who === undefined) return run.you;
  return definedPlayers(run, who)[0] ?? run.you;
}

/**
 * `Origin$`/`Destination$` lists: `Any`, `Battlefield`, `Graveyard,Exile`.
 *
 * @example
 * ```ts
 * zoneListMatches('Graveyard,Exile', 'exile'); // true
 * ```
 */
export function zoneListMatches(list: string | undefined, zone: Zone | undefined): boolean {
  if (list === undefined || list === 'Any') return true;
  if (zone === undefined) return false;
  return zoneNames(list).includes(ZONE_NAMES[zone]);
}

// Zone lists split once: a trigger or replacement asks the same few lists all game long.
const zoneLists = new Map<string, readonly string[]>();

function zoneNames(list: string): readonly string[] {
  let names = zoneLists.get(list);
  if (!names) zoneLists.set(list, (names = list.split(',').map((z) => z.trim())));
  return names;
}

/** Whether damage matches a trigger's `CombatDamage$` (absent: combat or not). */
function combatMatches(ref: NodeRef, d: TriggerData): boolean {
  const combat = param(ref, 'CombatDamage');
  return combat === 'True' ? Boolean(d.combat) : combat === 'False' ? !d.combat : true;
}

/** Whether a card in the event matches a `Valid…$` parameter (absent parameter: anything). */
function validCard(run: Run, ref: NodeRef, key: string, card: Lki | undefined): boolean {
  const sel = param(ref, key);
  if (sel === undefined) return true;
  if (!card) return false;
  return matchesCard(run, sel, seenLki(run, card));
}

function validPlayer(run: Run, ref: NodeRef, key: string, seat: Seat | undefined): boolean {
  const sel = param(ref, key);
  if (sel === undefined) return true;
  if (seat === undefined) return false;
  return matchesPlayer(run, sel, seat);
}

function validRef(run: Run, ref: NodeRef, key: string, target: Ref | undefined): boolean {
  const sel = param(ref, key);
  if (sel === undefined) return true;
  if (!target) return false;
  return refMatches(run, sel, target);
}

registerTriggerMode(
  'ChangesZone',
  (run, ref, d) =>
    zoneListMatches(param(ref, 'Origin'), d.origin) &&
    zoneListMatches(param(ref, 'Destination'), d.destination) &&
    !zoneNames(param(ref, 'ExcludedDestinations') ?? '').includes(d.destination ? ZONE_NAMES[d.destination] : '') &&
    validCard(run, ref, 'ValidCard', d.card),
  ['Origin', 'Destination', 'ValidCard', 'ExcludedDestinations'],
);
/** The cards of a `ChangesZoneAll` event that match the trigger's `Origin$`, `Destination$` and `ValidCards$`. */
function zoneChangesMatching(run: Run, ref: NodeRef, d: TriggerData): NonNullable<TriggerData['cards']> {
  const origin = param(ref, 'Origin');
  const destination = param(ref, 'Destination');
  return (d.cards ?? []).filter(
    (c) => zoneListMatches(origin, c.origin) && zoneListMatches(destination, c.destination) && validCard(run, ref, 'ValidCards', c.card),
  );
}
// "Whenever one or more cards are put into exile from your graveyard" (Rakshasa Vizier): one
// zone change moving several cards together is one event (CR 603.2c), so the ability triggers
// once for it if any card matches, and `TriggerCount$Amount` is how many matched (Forge's
// TriggerChangesZoneAll over the effect's moved-cards table).
registerTriggerMode(
  'ChangesZoneAll',
  (run, ref, d) => zoneChangesMatching(run, ref, d).length > 0,
  ['Origin', 'Destination', 'ValidCards'],
  (run, ref, d) => {
    const cards = zoneChangesMatching(run, ref, d);
    return { ...d, cards, amount: cards.length };
  },
);

/**
 * How many times `step` has begun this turn, the current one included (read from the action
 * log's Step entries, newest first, back to the turn's start): more than once only when an effect
 * added phases or steps (CR 500.8, `AddPhase`).
 */
function timesBegunThisTurn(g: G, step: string): number {
  let n = 0;
  for (let i = g.actions.length - 1; i >= 0; i--) {
    const a = g.actions[i]!;
    if (a.type !== 'Step') continue;
    if (a.turn !== g.s.turn) break;
    if (a.step === step) n++;
  }
  return n;
}

// `FirstUpkeep$ True` (Paradox Haze: "at the beginning of enchanted player's first upkeep each
// turn"): not in an upkeep step an effect added.
registerTriggerMode(
  'Phase',
  (run, ref, d) => {
    if (!inPhases(run.g.s.step, param(ref, 'Phase') ?? '')) return false;
    if (param(ref, 'FirstUpkeep') === 'True' && timesBegunThisTurn(run.g, 'upkeep') > 1) return false;
    // `PreCombatMain$ True` ("at the beginning of your precombat main phase", CR 505.1a): no
    // combat phase has begun this turn, so not a main phase an effect added after a combat.
    if (param(ref, 'PreCombatMain') === 'True' && timesBegunThisTurn(run.g, 'beginCombat') > 0) return false;
    return validPlayer(run, ref, 'ValidPlayer', d.player);
  },
  ['Phase', 'ValidPlayer', 'FirstUpkeep', 'PreCombatMain'],
);
// `Alone$ True`: "whenever a creature you control attacks alone", the only creature declared as
// an attacker (CR 506.5). `FirstAttack$ True` (Aurelia: "attacks for the first time each turn"):
// it has not attacked in an earlier combat this turn. `FirstCombat$ True` (Finest Hour: "if it's
// the first combat phase of the turn"): no combat phase began before this one this turn.
registerTriggerMode(
  'Attacks',
  (run, ref, d) =>
    validCard(run, ref, 'ValidCard', d.attacker) &&
    (param(ref, 'Attacked') === undefined || validPlayer(run, ref, 'Attacked', d.defender)) &&
    (param(ref, 'Alone') !== 'True' || run.g.s.combat?.attackers.length === 1) &&
    (param(ref, 'FirstAttack') !== 'True' || (run.g.s.turnFacts.attacked ?? []).filter((id) => id === d.attacker?.id).length <= 1) &&
    (param(ref, 'FirstCombat') !== 'True' || timesBegunThisTurn(run.g, 'beginCombat') <= 1),
  ['ValidCard', 'Attacked', 'Alone', 'FirstAttack', 'FirstCombat'],
);
// `AttackedTarget$` (Curse of Bounty: "whenever enchanted player is attacked"): one of the
// players attacked matches. A player is attacked when a creature attacks them, not one of their
// planeswalkers (CR 506.3, 508.1b); every value the corpus writes names a player.
registerTriggerMode(
  'AttackersDeclared',
  (run, ref, d) => {
    if (!validPlayer(run, ref, 'AttackingPlayer', d.player)) return false;
    const attacked = param(ref, 'AttackedTarget');
    return attacked === undefined || (d.attackedPlayers ?? []).some((p) => matchesPlayer(run, attacked, p));
  },
  ['AttackingPlayer', 'AttackedTarget'],
);
registerTriggerMode('Blocks', (run, ref, d) => validCard(run, ref, 'ValidCard', d.blocker) && validCard(run, ref, 'ValidBlocked', d.attacker), [
  'ValidCard',
  'ValidBlocked',
]);
registerTriggerMode('AttackerBlocked', (run, ref, d) => validCard(run, ref, 'ValidCard', d.attacker) && validCard(run, ref, 'ValidBlocker', d.blocker), [
  'ValidCard',
  'ValidBlocker',
]);
registerTriggerMode(
  'AttackerBlockedByCreature',
  (run, ref, d) => validCard(run, ref, 'ValidCard', d.attacker) && validCard(run, ref, 'ValidBlocker', d.blocker),
  ['ValidCard', 'ValidBlocker'],
);
registerTriggerMode('AttackerUnblocked', (run, ref, d) => validCard(run, ref, 'ValidCard', d.attacker), ['ValidCard']);
registerTriggerMode(
  'DamageDone',
  (run, ref, d) => {
    return combatMatches(ref, d) && validCard(run, ref, 'ValidSource', d.source) && validRef(run, ref, 'ValidTarget', d.target);
  },
  ['ValidSource', 'ValidTarget', 'CombatDamage'],
);
registerTriggerMode(
  'DamageDealtOnce',
  (run, ref, d) => {
    return combatMatches(ref, d) && validCard(run, ref, 'ValidSource', d.source);
  },
  ['ValidSource', 'CombatDamage', 'ValidTarget'],
);
// "Whenever you cast a spell that targets [this]" (heroic): `TargetsValid$` wants one of the
// spell's targets, as chosen when it was cast (CR 601.2c), to match. `IsSingleTarget$ True`
// ("a spell that targets only a single Golem", Precursor Golem; "if it has a single target",
// Captured by the Consulate): the spell targets exactly one object or player (CR 115.9c), so
// with `TargetsValid$` that one target matches.
registerTriggerMode(
  'SpellCast',
  (run, ref, d) => validCard(run, ref, 'ValidCard', d.card) && validPlayer(run, ref, 'ValidActivatingPlayer', d.player) && spellTargetsMatch(run, ref, d.spell),
  ['ValidCard', 'ValidActivatingPlayer', 'TargetsValid', 'IsSingleTarget'],
);

function spellTargetsMatch(run: Run, ref: NodeRef, spell: number | undefined): boolean {
  const sel = param(ref, 'TargetsValid');
  const single = param(ref, 'IsSingleTarget') === 'True';
  if (sel === undefined && !single) return true;
  const item = spell === undefined ? undefined : run.g.s.stack.find((i) => i.id === spell);
  if (!item) return false;
  if (single && singleTarget(item) === undefined) return false;
  return sel === undefined || item.targets.some((list) => list?.some((t) => refMatches(run, sel, t)));
}
// `Miracle$ True` (miracle's trigger, keywords/miracle.ts): only the first card its player drew
// this turn (CR 702.94a); the draw is counted before the event is raised.
registerTriggerMode(
  'Drawn',
  (run, ref, d) =>
    validCard(run, ref, 'ValidCard', d.card) &&
    validPlayer(run, ref, 'ValidPlayer', d.player) &&
    (param(ref, 'Miracle') !== 'True' || (d.player !== undefined && run.g.s.players[d.player].cardsDrawn === 1)),
  ['ValidCard', 'ValidPlayer', 'Miracle'],
);
registerTriggerMode('LifeGained', (run, ref, d) => validPlayer(run, ref, 'ValidPlayer', d.player) && validCard(run, ref, 'ValidSource', d.source), [
  'ValidPlayer',
  'ValidSource',
]);
registerTriggerMode('LifeLost', (run, ref, d) => validPlayer(run, ref, 'ValidPlayer', d.player), ['ValidPlayer']);
registerTriggerMode('Taps', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
registerTriggerMode('TapsForMana', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
registerTriggerMode('Untaps', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
// `ValidCause$` (Guerrilla Tactics: "when a spell or ability an opponent controls causes you to
// discard"): the source of the effect that discarded, countered or moved the card matches; an
// event with no such source (a discard to pay a cost, to hand size) matches none.
const validCause = (run: Run, ref: NodeRef, d: TriggerData): boolean => validRef(run, ref, 'ValidCause', d.cause ?? undefined);
registerTriggerMode(
  'Discarded',
  (run, ref, d) => validCard(run, ref, 'ValidCard', d.card) && validPlayer(run, ref, 'ValidPlayer', d.player) && validCause(run, ref, d),
  ['ValidCard', 'ValidPlayer', 'ValidCause'],
);
// A zone change's cause is not recorded by every effect that moves cards (Vivien's Invocation's
// dig does not), so `ValidCause$` on `ChangesZone` is not honoured.
declareParamForms('engine:triggers', 'trigger', 'ChangesZone', 'ValidCause', () => false);
// The player who sacrificed is the permanent's controller (CR 701.17a): Ruthless Deathfang's
// "whenever you sacrifice" does not see the opponent's sacrifice its own trigger caused.
// `CauseParam$ <word>` (Heart-Piercer Manticore's "you may sacrifice another creature. When you
// do, ...": a reflexive trigger, CR 603.12, written by Forge's older scripts this way) fires only
// for a sacrifice made by an effect with `SacrificeParam$ <word>` (effects/sacrifice.ts).
registerTriggerMode(
  'Sacrificed',
  (run, ref, d) => {
    const cause = param(ref, 'CauseParam');
    if (cause !== undefined && d.causeParam !== cause) return false;
    return validCard(run, ref, 'ValidCard', d.card) && validPlayer(run, ref, 'ValidPlayer', d.player);
  },
  ['ValidCard', 'ValidPlayer', 'CauseParam'],
);
// "When CARDNAME exploits a creature" (CR 702.110b): `ValidCard$` the creature sacrificed,
// `ValidSource$` the creature whose exploit ability sacrificed it (effects/sacrifice.ts raises it).
registerTriggerMode('Exploited', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card) && validCard(run, ref, 'ValidSource', d.source), [
  'ValidCard',
  'ValidSource',
]);
// "Whenever CARDNAME becomes unattached from a permanent" (CR 701.3d, Grafted Exoskeleton): `ValidEquipment$`
// the Equipment, `ValidCard$` the permanent it was attached to (actions.ts raiseUnequip).
registerTriggerMode(
  'Unequip',
  (run, ref, d) => validCard(run, ref, 'ValidEquipment', d.source) && (d.card === undefined || validCard(run, ref, 'ValidCard', d.card)),
  ['ValidEquipment', 'ValidCard'],
);
registerTriggerMode('LandPlayed', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
registerTriggerMode('Countered', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card) && validCause(run, ref, d), ['ValidCard', 'ValidCause']);
registerTriggerMode('Always', () => true, []);
// "Whenever a [kind] counter is put on ...", once per counter (actions.ts addCounters). `ChapterNumber$`
// is a Saga's chapter (keywords/saga.ts, CR 714.2b): only the counter that makes the count N.
registerTriggerMode(
  'CounterAdded',
  (run, ref, d) => {
    const kind = param(ref, 'CounterType');
    const chapter = param(ref, 'ChapterNumber');
    return validCard(run, ref, 'ValidCard', d.card) && (kind === undefined || kind === d.counter) && (chapter === undefined || Number(chapter) === d.count);
  },
  ['ValidCard', 'CounterType', 'ChapterNumber'],
);
// "Whenever one or more [kind] counters are put on ..." / "whenever you put one or more ...": once
// per putting, with how many (`TriggerCount$Amount`; actions.ts addCounters, addPlayerCounters).
// `ValidSource$ Card.YouCtrl` is "you put": the object whose effect, cost or damage put them
// (Hapatra, Nest of Scarabs); `ValidPlayer$` a player who got them (Territorial Gorger's energy).
registerTriggerMode(
  'CounterAddedOnce',
  (run, ref, d) => {
    const kind = param(ref, 'CounterType');
    if (kind !== undefined && kind.toUpperCase() !== d.counter?.toUpperCase()) return false;
    if (param(ref, 'ValidCard') !== undefined && d.card === undefined) return false;
    if (param(ref, 'ValidPlayer') !== undefined && d.player === undefined) return false;
    return validCard(run, ref, 'ValidCard', d.card) && validPlayer(run, ref, 'ValidPlayer', d.player) && validCard(run, ref, 'ValidSource', d.source);
  },
  ['ValidCard', 'ValidPlayer', 'ValidSource', 'CounterType'],
);
// "Whenever [this] is dealt damage" is one event per object or player however many sources dealt
// it at once (combat damage is simultaneous, CR 510.2): the total, and every source.
registerTriggerMode(
  'DamageDoneOnce',
  (run, ref, d) => {
    if (!combatMatches(ref, d)) return false;
    if (!validRef(run, ref, 'ValidTarget', d.target)) return false;
    if (param(ref, 'ValidSource') === undefined) return true;
    return (d.sources ?? (d.source ? [d.source] : [])).some((s) => validCard(run, ref, 'ValidSource', s));
  },
  ['ValidTarget', 'ValidSource', 'CombatDamage', 'DamageSource'],
);
// "Becomes the target": when a spell or ability is cast, activated or put on the stack with
// it among its targets (CR 115.1a–d: 601.2c, 602.2b, 603.3d). `SourceType$` narrows to spells or abilities;
// `FirstTime$` to the object's first time this turn.
registerTriggerMode(
  'BecomesTarget',
  (run, ref, d) => {
    const type = param(ref, 'SourceType');
    if (type !== undefined && type.toLowerCase() !== d.sourceType) return false;
    if (param(ref, 'FirstTime') === 'True' && !d.firstTime) return false;
    return validRef(run, ref, 'ValidTarget', d.target) && validCard(run, ref, 'ValidSource', d.source);
  },
  ['ValidTarget', 'ValidSource', 'SourceType', 'FirstTime'],
);
// An ability that isn't a mana ability was activated (CR 602.2): its source, who activated it, and
// whether {T} is part of its cost (`HasTapCost$`, `NonTapCost$`).
registerTriggerMode(
  'AbilityCast',
  (run, ref, d) => {
    if (!validCard(run, ref, 'ValidCard', d.card) || !validPlayer(run, ref, 'ValidActivatingPlayer', d.player)) return false;
    const wantsTap = param(ref, 'HasTapCost') === 'True';
    const wantsNoTap = param(ref, 'NonTapCost') === 'True';
    if (!wantsTap && !wantsNoTap) return true;
    const item = run.g.s.stack.find((i) => i.id === d.spell);
    const cost = item ? (param(resolveNode(run.g.registry, item.node), 'Cost') ?? '') : '';
    const taps = cost.split(/\s+/).includes('T');
    return wantsTap ? taps : !taps;
  },
  ['ValidCard', 'ValidActivatingPlayer', 'HasTapCost', 'NonTapCost'],
);
// "When you cycle this card" (CR 702.29c): it was discarded to pay a cycling cost. Such an
// ability of the cycled card itself triggers from whatever zone the card wound up in.
registerTriggerMode('Cycled', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
// So does a discarded card's own "when ... causes you to discard CARDNAME" (Guerrilla Tactics,
// Psychic Purge): it triggers from the graveyard it went to (CR 603.6c, 603.10).
const FROM_WHERE_IT_WENT = new Set(['Cycled', 'Discarded']);
// A creature was exerted as it attacked (CR 701.43a; combat.ts asks).
registerTriggerMode('Exerted', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
// A permanent phased in or out (CR 702.26; phasing.ts raises them, a phased-out one looking back at itself).
registerTriggerMode('PhaseIn', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
registerTriggerMode('PhaseOut', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
// The permanent became renowned or monstrous (CR 702.112b, 701.37b).
registerTriggerMode('BecomeRenowned', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
registerTriggerMode('BecomeMonstrous', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);

/**
 * One trigger of an object in a zone, as the trigger index holds it: its source (id, who
 * controls the trigger, the zone it is in), its node key and resolved node, and whether its
 * `TriggerZones$` let it work from that zone.
 */
type Listener = {
  host: number;
  controller: Seat;
  key: string;
  ref: NodeRef;
  zone: Zone;
  zoneOk: boolean;
  /** It works from wherever its own card went (`Cycled`): whether it does depends on the event. */
  fromWhereItWent: boolean;
};

/**
 * Every trigger of every object that could have one that fires, by mode, built once per state
 * version (the state only changes through `touch`, which moves the version). Within a mode the
 * listeners keep the order a scan of the zones gives (battlefield, command, then the graveyards,
 * hands and exile; each object's triggers in order), which is the order pending triggers are
 * queued in.
 */
type TriggerIndex = {
  byMode: Map<string, Listener[]>;
  /** Every mode a source or a delayed trigger listens for (what {@link listening} answers). */
  modes: Set<string>;
};

const NO_LISTENERS: readonly Listener[] = [];
const LIVE_PILES = ['battlefield', 'command'];
// Cards whose triggers work from other zones (TriggerZones$ Graveyard, Hand, Exile).
const OTHER_PILES = ['graveyard-0', 'graveyard-1', 'hand-0', 'hand-1', 'exile'];

function triggerIndex(g: G): TriggerIndex {
  return derived(g, 'trigger-index', () => buildIndex(g));
}

/**
 * What an index was built from: for each object with triggers, in scan order, its id, who
 * controls its triggers, its zone and its trigger list. Most state changes (a tap, damage, life,
 * mana) leave all of it as it was: the index of the last version is then the index of this one.
 */
type Built = { sig: unknown[]; shape: number; byMode: Map<string, Listener[]>; modes: Set<string> };

const lastBuilt = new WeakMap<G, Built>();

function sameTriggers(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function buildIndex(g: G): TriggerIndex {
  let built = lastBuilt.get(g);
  // What it is built from (zones, controllers, trigger lists) is unchanged while the shape is.
  if (built?.shape !== g.shape) built = rebuild(g, built);
  if (g.s.delayed.length === 0) return { byMode: built.byMode, modes: built.modes };
  const modes = new Set(built.modes);
  for (const d of g.s.delayed) modes.add(delayedMode(resolveNode(g.registry, d.trigger)));
  return { byMode: built.byMode, modes };
}

/** The index's listeners for the state now: those of `last` when nothing they are made from changed. */
function rebuild(g: G, last: Built | undefined): Built {
  const sig: unknown[] = [];
  for (const pile of LIVE_PILES) {
    for (const id of g.s.zones[pile]!) {
      const o = g.s.objects[id]!;
      const c = chars(g, o);
      if (c.triggers.length > 0) sig.push(id, c.controller, o.zone, c.triggers);
    }
  }
  for (const pile of OTHER_PILES) {
    for (const id of g.s.zones[pile]!) {
      const o = g.s.objects[id]!;
      const c = chars(g, o);
      if (c.triggers.length > 0) sig.push(id, o.owner, o.zone, c.triggers);
    }
  }
  if (last && sameSignature(last.sig, sig)) {
    last.shape = g.shape;
    return last;
  }
  // Kept as copies: the next version's lists are compared with these word for word.
  for (let i = 3; i < sig.length; i += 4) sig[i] = [...(sig[i] as readonly string[])];
  const built = { sig, shape: g.shape, ...listenersOf(g, sig) };
  lastBuilt.set(g, built);
  return built;
}

function sameSignature(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 4) {
    if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) return false;
    if (!sameTriggers(a[i + 3] as readonly string[], b[i + 3] as readonly string[])) return false;
  }
  return true;
}

function listenersOf(g: G, sig: readonly unknown[]): { byMode: Map<string, Listener[]>; modes: Set<string> } {
  const byMode = new Map<string, Listener[]>();
  const modes = new Set<string>();
  for (let i = 0; i < sig.length; i += 4) {
    const [host, controller, zone, triggers] = [sig[i] as number, sig[i + 1] as Seat, sig[i + 2] as Zone, sig[i + 3] as readonly string[]];
    for (const key of triggers) {
      const ref = resolveNode(g.registry, key);
      const mode = ref.node.head;
      modes.add(mode);
      let list = byMode.get(mode);
      if (!list) byMode.set(mode, (list = []));
      list.push({ host, controller, key, ref, zone, zoneOk: zoneAllowed(ref, zone), fromWhereItWent: worksFromWhereItWent(ref) });
    }
  }
  return { byMode, modes };
}

/** A delayed trigger is a `DelayedTrigger` node whose own `Mode$` is the trigger mode. */
function delayedMode(ref: NodeRef): string {
  return param(ref, 'Mode') ?? ref.node.head;
}

/** Whether a trigger works from the zone its source is in (a look-back source: where it was). */
function zoneAllowed(ref: NodeRef, zone: Zone): boolean {
  const zones = param(ref, 'TriggerZones');
  if (zones === undefined) return zone === 'battlefield' || zone === 'command' || (zone === 'stack' && ownCastTrigger(ref));
  return zoneListMatches(zones, zone);
}

/**
 * Whether a trigger is a spell's own "when you cast this spell" (CR 603.2, 601.2i), which works
 * while the spell is on the stack: a `SpellCast` trigger written `TriggerZones$ Stack` (the keyword
 * modules: storm, cascade), or one about the card itself with no zone written (`ValidCard$
 * Card.Self`, as Forge's scripts of Elder Deep-Fiend, Emrakul, the Aeons Torn write it: the card
 * is cast only from outside the battlefield, so the trigger can mean nothing else).
 *
 * @example
 * ```ts
 * ownCastTrigger(resolveNode(g.registry, 'Elder Deep-Fiend|0|t|0')); // true
 * ```
 */
export function ownCastTrigger(ref: NodeRef): boolean {
  if (ref.node.head !== 'SpellCast') return false;
  const zones = param(ref, 'TriggerZones');
  if (zones === undefined) return param(ref, 'ValidCard')?.startsWith('Card.Self') === true;
  return zones.split(',').some((z) => z.trim() === 'Stack');
}

/** A trigger of a mode that works from wherever the card it is about went, unless it names zones. */
function worksFromWhereItWent(ref: NodeRef): boolean {
  return FROM_WHERE_IT_WENT.has(ref.node.head) && param(ref, 'TriggerZones') === undefined;
}

/**
 * The `Always` triggers (CR 603.8) of permanents on the battlefield, in battlefield order: what
 * state-based checks raise.
 *
 * @example
 * ```ts
 * for (const t of stateTriggers(g)) console.log(t.host, t.key);
 * ```
 */
export function stateTriggers(g: G): ReadonlyArray<{ host: number; key: string }> {
  const list = triggerIndex(g).byMode.get('Always');
  if (!list) return NO_LISTENERS;
  let n = 0;
  while (n < list.length && list[n]!.zone === 'battlefield') n++;
  return n === list.length ? list : list.slice(0, n);
}

/**
 * Checks every trigger against an event and queues those that fire: first those of objects that
 * look back in time (in `lookback` order), then those of the objects in the zones, then delayed
 * triggers.
 *
 * @example
 * ```ts
 * raise(g, { mode: 'Drawn', card: lkiOf(g, drawn), player: 0 });
 * ```
 */
export function raise(g: G, data: TriggerData, lookback: readonly Lki[] = []): void {
  const matcher = MODES.get(data.mode);
  if (!matcher) return;
  const index = triggerIndex(g);
  let looksBack = false;
  for (const l of lookback) if (l.chars.triggers.length > 0) looksBack = true;
  if (!index.modes.has(data.mode) && !looksBack) return;
  // Torpor Orb's rule change: a creature entering the battlefield causes no ability to trigger,
  // its own included (CR 603.2 as changed; the creature as it entered, CR 603.6a).
  if (
    data.mode === 'ChangesZone' &&
    data.destination === 'battlefield' &&
    data.card?.chars.cardTypes.includes('Creature') &&
    globalRule(g, 'noCreatureETBTriggers')
  )
    return;
  // Panharmonicon (CR 603.2d): an ability of a permanent that an artifact or creature entering
  // makes trigger may trigger additional times (panharmonicon.ts); never a delayed trigger.
  const enters = data.mode === 'ChangesZone' && data.destination === 'battlefield' && data.card !== undefined;
  for (const l of lookback) {
    for (const key of l.chars.triggers) {
      const ref = resolveNode(g.registry, key);
      if (ref.node.head !== data.mode) continue;
      // A look-back source was on the battlefield when the event happened (CR 603.10a).
      if (!zoneAllowed(ref, l.zone) && !(worksFromWhereItWent(ref) && data.card?.id === l.id)) continue;
      const run: Run = { g, you: l.controller, host: l.id, ref, trigger: data };
      if (!matcher(run, ref, data)) continue;
      if (!conditionsHold(run, ref)) continue;
      const times = 1 + (enters && l.zone === 'battlefield' ? extraEnterTriggers(g, l.controller, data.card!) : 0);
      const fired = narrowed(run, ref, data);
      for (let i = 0; i < times; i++) queue(g, { source: l.id, sourceLki: l, controller: controllerOf(run, ref), trigger: key, data: fired, effect: null });
    }
  }
  for (const t of index.byMode.get(data.mode) ?? NO_LISTENERS) {
    if (!t.zoneOk && !(t.fromWhereItWent && data.card?.id === t.host)) continue;
    // An object that looks back is seen as it was, not as it is now.
    if (lookback.length > 0 && lookback.some((l) => l.id === t.host)) continue;
    const run: Run = { g, you: t.controller, host: t.host, ref: t.ref, trigger: data };
    if (!matcher(run, t.ref, data)) continue;
    if (!conditionsHold(run, t.ref)) continue;
    if (data.batch !== undefined && alreadyForBatch(g, t.host, t.key, t.ref, data.batch)) continue;
    if (spendOneOff(g, t.host, t.key, t.ref)) continue;
    const times = 1 + (enters && t.zone === 'battlefield' ? extraEnterTriggers(g, t.controller, data.card!) : 0);
    const fired = narrowed(run, t.ref, data);
    for (let i = 0; i < times; i++)
      queue(g, { source: t.host, sourceLki: null, controller: controllerOf(run, t.ref), trigger: t.key, data: fired, effect: null });
  }
  // The list is replaced, never changed in place, when a once-only trigger fires: this loop sees
  // the delayed triggers as they were when the event happened.
  const delayed = g.s.delayed;
  for (const d of delayed) {
    const ref = resolveNode(g.registry, d.trigger);
    if (delayedMode(ref) !== data.mode) continue;
    const run: Run = { g, you: d.controller, host: d.source, ref, trigger: data };
    if (!matcher(run, ref, data) || !conditionsHold(run, ref)) continue;
    queue(g, {
      source: d.source,
      sourceLki: null,
      controller: d.controller,
      trigger: d.trigger,
      data: narrowed(run, ref, data),
      effect: d.id,
      remembered: [...d.remembered],
    });
    if (d.once) g.s.delayed = g.s.delayed.filter((x) => x.id !== d.id);
  }
}

/**
 * `OneOff$ True` (Howl of the Horde's "when you cast your next instant or sorcery spell this
 * turn"): the trigger of an effect that works like a delayed triggered ability, which triggers
 * only the next time its event happens (CR 603.7c). Whether this host's trigger already fired
 * (then it is skipped); else, when it is a one-off, it is marked as fired now. The mark is the
 * object's, so it goes with the object (a new object has none, CR 400.7).
 */
function spendOneOff(g: G, host: number, key: string, ref: NodeRef): boolean {
  if (param(ref, 'OneOff') !== 'True') return false;
  const o = maybeObj(g, host);
  if (!o) return false;
  if (o.spentTriggers?.includes(key)) return true;
  o.spentTriggers = [...(o.spentTriggers ?? []), key];
  touchState(g);
  return false;
}

/**
 * Whether any trigger of `mode` could fire now (any source or delayed trigger has one): lets hot
 * paths skip building an event nobody listens to.
 * @example
 * ```ts
 * if (listening(g, 'Taps')) raise(g, { mode: 'Taps', card: lkiOf(g, o) });
 * ```
 */
export function listening(g: G, mode: string): boolean {
  return triggerIndex(g).modes.has(mode);
}

/**
 * `OncePerEffect$ True` ("whenever one or more creature cards leave your graveyard": Desecrated
 * Tomb): the cards one zone change moves together are one event (CR 603.2c), so the trigger
 * waits once for it however many of them match.
 */
function alreadyForBatch(g: G, host: number, key: string, ref: NodeRef, batch: number): boolean {
  if (param(ref, 'OncePerEffect') !== 'True') return false;
  return g.s.pending.some((p) => p.source === host && p.trigger === key && p.data.batch === batch);
}

function queue(g: G, t: PendingTrigger): void {
  g.s.pending.push(t);
}

/**
 * The source object of a pending trigger if it is still the same object.
 *
 * @example
 * ```ts
 * triggerSource(g, g.s.pending[0]!); // the source, if it is still the same object
 * ```
 */
export function triggerSource(g: G, t: PendingTrigger) {
  const o = maybeObj(g, t.source);
  if (!o) return undefined;
  if (t.sourceLki && t.sourceLki.inc !== o.inc) return undefined;
  return o;
}
