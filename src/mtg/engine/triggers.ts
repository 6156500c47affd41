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
import { derived, maybeObj, type G, type Run } from './context.js';
import { conditionsHold } from './conditions.js';
import { inPhases } from './statics.js';
import { chars } from './layers.js';
import { matchesCard, matchesPlayer, refMatches, seenLki } from './select.js';
import type { Lki, PendingTrigger, Ref, TriggerData, Zone } from './types.js';
import { registerPrimitive, declareParamReads } from '../cards/index.js';

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
export function registerTriggerMode(mode: string, matcher: TriggerMatcher, reads: string[] = []): void {
  MODES.set(mode, matcher);
  registerPrimitive(`trig:${mode}`, { reads });
}

declareParamReads('engine:triggers', ['TriggerZones', 'Execute', 'OptionalDecider', 'TriggerDescription'], ['trigger']);

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
  const name = ZONE_NAMES[zone];
  return list.split(',').some((z) => z.trim() === name);
}

export const ZONE_NAMES: Record<Zone, string> = {
  library: 'Library',
  hand: 'Hand',
  battlefield: 'Battlefield',
  graveyard: 'Graveyard',
  exile: 'Exile',
  stack: 'Stack',
  command: 'Command',
  void: 'None',
};

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
    !(param(ref, 'ExcludedDestinations') ?? '').split(',').some((z) => z.trim() === (d.destination ? ZONE_NAMES[d.destination] : '')) &&
    validCard(run, ref, 'ValidCard', d.card),
  ['Origin', 'Destination', 'ValidCard', 'ExcludedDestinations'],
);
registerTriggerMode(
  'Phase',
  (run, ref, d) => {
    if (!inPhases(run.g.s.step, param(ref, 'Phase') ?? '')) return false;
    return validPlayer(run, ref, 'ValidPlayer', d.player);
  },
  ['Phase', 'ValidPlayer'],
);
registerTriggerMode(
  'Attacks',
  (run, ref, d) => validCard(run, ref, 'ValidCard', d.attacker) && (param(ref, 'Attacked') === undefined || validPlayer(run, ref, 'Attacked', d.defender)),
  ['ValidCard', 'Attacked'],
);
registerTriggerMode('AttackersDeclared', (run, ref, d) => validPlayer(run, ref, 'AttackingPlayer', d.player), ['AttackingPlayer']);
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
    const combat = param(ref, 'CombatDamage');
    if (combat === 'True' && !d.combat) return false;
    if (combat === 'False' && d.combat) return false;
    return validCard(run, ref, 'ValidSource', d.source) && validRef(run, ref, 'ValidTarget', d.target);
  },
  ['ValidSource', 'ValidTarget', 'CombatDamage'],
);
registerTriggerMode(
  'DamageDealtOnce',
  (run, ref, d) => {
    const combat = param(ref, 'CombatDamage');
    if (combat === 'True' && !d.combat) return false;
    if (combat === 'False' && d.combat) return false;
    return validCard(run, ref, 'ValidSource', d.source);
  },
  ['ValidSource', 'CombatDamage', 'ValidTarget'],
);
registerTriggerMode('SpellCast', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card) && validPlayer(run, ref, 'ValidActivatingPlayer', d.player), [
  'ValidCard',
  'ValidActivatingPlayer',
]);
registerTriggerMode('Drawn', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card) && validPlayer(run, ref, 'ValidPlayer', d.player), [
  'ValidCard',
  'ValidPlayer',
]);
registerTriggerMode('LifeGained', (run, ref, d) => validPlayer(run, ref, 'ValidPlayer', d.player) && validCard(run, ref, 'ValidSource', d.source), [
  'ValidPlayer',
  'ValidSource',
]);
registerTriggerMode('LifeLost', (run, ref, d) => validPlayer(run, ref, 'ValidPlayer', d.player), ['ValidPlayer']);
registerTriggerMode('Taps', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
registerTriggerMode('TapsForMana', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
registerTriggerMode('Untaps', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
registerTriggerMode('Discarded', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card) && validPlayer(run, ref, 'ValidPlayer', d.player), [
  'ValidCard',
  'ValidPlayer',
]);
registerTriggerMode('Sacrificed', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
registerTriggerMode('LandPlayed', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
registerTriggerMode('Countered', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
registerTriggerMode('Always', () => true, []);
// "Whenever [this] is dealt damage" is one event per object or player however many sources dealt
// it at once (combat damage is simultaneous, CR 510.2): the total, and every source.
registerTriggerMode(
  'DamageDoneOnce',
  (run, ref, d) => {
    const combat = param(ref, 'CombatDamage');
    if (combat === 'True' && !d.combat) return false;
    if (combat === 'False' && d.combat) return false;
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
const FROM_WHERE_IT_WENT = new Set(['Cycled']);
// The permanent became renowned or monstrous (CR 702.112b, 701.37b).
registerTriggerMode('BecomeRenowned', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);
registerTriggerMode('BecomeMonstrous', (run, ref, d) => validCard(run, ref, 'ValidCard', d.card), ['ValidCard']);

/** An object that may have a trigger that fires: its id, LKI when it looks back, its triggers. */
type Source = { host: number; lki: Lki | null; controller: Seat; triggers: readonly string[]; zone: Zone };

function sources(g: G, lookback: readonly Lki[]): Source[] {
  const out: Source[] = [];
  const seenIds = new Set<number>();
  for (const l of lookback) {
    seenIds.add(l.id);
    if (l.chars.triggers.length > 0) out.push({ host: l.id, lki: l, controller: l.controller, triggers: l.chars.triggers, zone: l.zone });
  }
  for (const pile of ['battlefield', 'command']) {
    for (const id of g.s.zones[pile]!) {
      if (seenIds.has(id)) continue;
      const o = g.s.objects[id]!;
      const c = chars(g, o);
      if (c.triggers.length > 0) out.push({ host: id, lki: null, controller: c.controller, triggers: c.triggers, zone: o.zone });
    }
  }
  // Cards whose triggers work from other zones (TriggerZones$ Graveyard, Hand, Exile).
  for (const pile of ['graveyard-0', 'graveyard-1', 'hand-0', 'hand-1', 'exile']) {
    for (const id of g.s.zones[pile]!) {
      if (seenIds.has(id)) continue;
      const o = g.s.objects[id]!;
      const c = chars(g, o);
      if (c.triggers.length > 0) out.push({ host: id, lki: null, controller: o.owner, triggers: c.triggers, zone: o.zone });
    }
  }
  return out;
}

function zoneAllowed(ref: NodeRef, source: Source, data: TriggerData): boolean {
  const zones = param(ref, 'TriggerZones');
  if (zones === undefined && data.card?.id === source.host && FROM_WHERE_IT_WENT.has(ref.node.head)) return true;
  // A look-back source was on the battlefield when the event happened (CR 603.10a).
  const zone = source.lki ? source.lki.zone : source.zone;
  if (zones === undefined) return zone === 'battlefield' || zone === 'command';
  return zoneListMatches(zones, zone);
}

/**
 * Checks every trigger against an event and queues those that fire.
 *
 * @example
 * ```ts
 * raise(g, { mode: 'Drawn', card: lkiOf(g, drawn), player: 0 });
 * ```
 */
export function raise(g: G, data: TriggerData, lookback: readonly Lki[] = []): void {
  const matcher = MODES.get(data.mode);
  if (!matcher) return;
  if (!listening(g, data.mode) && !lookback.some((l) => l.chars.triggers.length > 0)) return;
  for (const source of sources(g, lookback)) {
    for (const key of source.triggers) {
      const ref = resolveNode(g.registry, key);
      if (ref.node.head !== data.mode) continue;
      if (!zoneAllowed(ref, source, data)) continue;
      const run: Run = { g, you: source.controller, host: source.host, ref, trigger: data };
      if (!matcher(run, ref, data)) continue;
      if (!conditionsHold(run, ref)) continue;
      queue(g, { source: source.host, sourceLki: source.lki, controller: source.controller, trigger: key, data, effect: null });
    }
  }
  for (const d of [...g.s.delayed]) {
    const ref = resolveNode(g.registry, d.trigger);
    // A delayed trigger is a `DelayedTrigger` node whose own `Mode$` is the trigger mode.
    if ((param(ref, 'Mode') ?? ref.node.head) !== data.mode) continue;
    const run: Run = { g, you: d.controller, host: d.source, ref, trigger: data };
    if (!matcher(run, ref, data) || !conditionsHold(run, ref)) continue;
    queue(g, { source: d.source, sourceLki: null, controller: d.controller, trigger: d.trigger, data, effect: d.id, remembered: [...d.remembered] });
    if (d.once) g.s.delayed = g.s.delayed.filter((x) => x.id !== d.id);
  }
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
  return derived(g, 'trigger-modes', () => {
    const modes = new Set<string>();
    for (const s of sources(g, [])) for (const key of s.triggers) modes.add(resolveNode(g.registry, key).node.head);
    for (const d of g.s.delayed) {
      const ref = resolveNode(g.registry, d.trigger);
      modes.add(param(ref, 'Mode') ?? ref.node.head);
    }
    return modes;
  }).has(mode);
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
