/**
 * Static abilities other than continuous effects (those are layers.ts): the rule-modifying
 * modes that the rules ask about at a given moment (`CantAttack`, `CantBlockBy`, `CantBeCast`,
 * `RaiseCost`, `ReduceCost`, `CantPlayLand`, ...). A static works from the battlefield unless its
 * `EffectZone$` names other zones (CR 113.6).
 */
import type { Seat } from './choice.js';
import { param, resolveNode, type NodeRef } from './cards.js';
import { derived, readsStep, type G, type Run } from './context.js';
import { conditionsHold } from './conditions.js';
import { chars } from './layers.js';
import type { GameObject, Step } from './types.js';
import { declareParamReads } from '../cards/index.js';

/** One active static ability of a mode. */
export type ActiveStatic = { host: GameObject; controller: Seat; ref: NodeRef; run: Run };

const ZONE_OF_PILE: Record<string, string> = {
  battlefield: 'Battlefield',
  command: 'Command',
  exile: 'Exile',
  stack: 'Stack',
};

function zoneName(pile: string): string {
  return ZONE_OF_PILE[pile] ?? (pile.startsWith('graveyard') ? 'Graveyard' : pile.startsWith('hand') ? 'Hand' : 'Library');
}

/** A static ability that works from where its host is (its `EffectZone$`), conditions unchecked. */
type Candidate = { host: GameObject; controller: Seat; ref: NodeRef };

/**
 * The statics of one state version, bucketed by mode in one pass over the zones (in zone order,
 * each object's statics in order), and each mode's active list once asked. The zones outside the
 * battlefield and the command zone are read only when someone asks with `extraZones`.
 */
type StaticsIndex = {
  base: Map<string, Candidate[]> | null;
  extra: Map<string, Candidate[]> | null;
  active: Map<string, ActiveStatic[]>;
  activeExtra: Map<string, ActiveStatic[]>;
  /** Active statics of a mode with a parameter ({@link activeStaticsWith}), by mode then parameter; [base zones, with extra zones]. */
  withKey: [Map<string, Map<string, ActiveStatic[]>>, Map<string, Map<string, ActiveStatic[]>>];
};

const BASE_PILES = ['battlefield', 'command'];
const EXTRA_PILES = ['stack', 'hand-0', 'hand-1', 'graveyard-0', 'graveyard-1', 'exile'];
// Frozen: shared by every mode nobody has a static of.
const NONE = Object.freeze([]) as unknown as ActiveStatic[];

const newIndex = (): StaticsIndex => ({ base: null, extra: null, active: new Map(), activeExtra: new Map(), withKey: [new Map(), new Map()] });

/**
 * The static abilities of `mode` that apply now, with their conditions checked.
 *
 * @example
 * ```ts
 * activeStatics(g, 'CantAttack').length; // 1 with a Moat on the battlefield
 * ```
 */
export function activeStatics(g: G, mode: string, extraZones = false): ActiveStatic[] {
  const ix = derived(g, 'statics', newIndex);
  const done = extraZones ? ix.activeExtra : ix.active;
  let out = done.get(mode);
  if (!out) done.set(mode, (out = activeFrom(g, ix, mode, extraZones)));
  return out;
}

/**
 * The static abilities of `mode` that apply now and have the parameter `key` (`WithFlash`,
 * `MayPlay`, `GlobalRule`): {@link activeStatics} of them, in the same order, without checking
 * the conditions of the statics that lack it.
 *
 * @example
 * ```ts
 * activeStaticsWith(g, 'Continuous', 'WithFlash', true).length; // 1 with a Vedalken Orrery out
 * ```
 */
export function activeStaticsWith(g: G, mode: string, key: string, extraZones = false): ActiveStatic[] {
  const ix = derived(g, 'statics', newIndex);
  const byMode = ix.withKey[extraZones ? 1 : 0];
  let byKey = byMode.get(mode);
  if (!byKey) byMode.set(mode, (byKey = new Map()));
  let out = byKey.get(key);
  if (!out) byKey.set(key, (out = activeFrom(g, ix, mode, extraZones, (c) => param(c.ref, key) !== undefined)));
  return out;
}

/** The active statics of `mode` among the candidates (those `has` keeps), their conditions checked, in zone order. */
function activeFrom(g: G, ix: StaticsIndex, mode: string, extraZones: boolean, has?: (c: Candidate) => boolean): ActiveStatic[] {
  let base = (ix.base ??= candidates(g, BASE_PILES, 0)).get(mode);
  let extra = extraZones ? (ix.extra ??= candidates(g, EXTRA_PILES, 1)).get(mode) : undefined;
  if (has) {
    base = base?.filter(has);
    extra = extra?.filter(has);
  }
  if (!base?.length && !extra?.length) return NONE;
  const out: ActiveStatic[] = [];
  if (base) activeOf(g, base, out);
  if (extra) activeOf(g, extra, out);
  return out;
}

function activeOf(g: G, list: readonly Candidate[], out: ActiveStatic[]): void {
  for (const { host, controller, ref } of list) {
    const phases = phasesOf(ref);
    if (phases !== null) {
      // Read the step: offers found now are not kept across a step beginning (cast.ts).
      readsStep(g);
      if (!inPhases(g.s.step, phases)) continue;
    }
    const run: Run = { g, you: controller, host: host.id, ref };
    if (conditionsHold(run, ref)) out.push({ host, controller, ref, run });
  }
}

/**
 * A static's `Phases$` (Basandra, Battle Seraph's "players can't cast spells during combat":
 * `BeginCombat->EndCombat`): the steps it applies in, as Forge's `StaticAbility` checks them; null
 * when it applies in every step. Read once per node.
 */
function phasesOf(ref: NodeRef): string | null {
  let phases = staticPhases.get(ref);
  if (phases === undefined) staticPhases.set(ref, (phases = param(ref, 'Phases') ?? null));
  return phases;
}
const staticPhases = new WeakMap<NodeRef, string | null>();
declareParamReads('engine:statics', ['Phases'], ['static']);

/**
 * What a bucketing was made from: for each object with statics, in zone order, the object, who
 * controls its statics, the zone it is in and its static list. Most state changes leave all of it
 * as it was, and the last bucketing is then this version's.
 */
type Bucketed = { sig: unknown[]; shape: number; byMode: Map<string, Candidate[]> };

const lastBucketed = new WeakMap<G, [Bucketed | null, Bucketed | null]>();

function candidates(g: G, piles: readonly string[], which: 0 | 1): Map<string, Candidate[]> {
  let last = lastBucketed.get(g);
  if (!last) lastBucketed.set(g, (last = [null, null]));
  const before = last[which];
  // What it is made from (zones, controllers, static lists) is unchanged while the shape is.
  if (before?.shape === g.shape) return before.byMode;
  const sig: unknown[] = [];
  for (const pile of piles) {
    const here = zoneName(pile);
    for (const id of g.s.zones[pile]!) {
      const host = g.s.objects[id]!;
      const c = chars(g, host);
      if (c.statics.length > 0) sig.push(host, host.zone === 'battlefield' ? c.controller : host.owner, here, c.statics);
    }
  }
  if (before && sameSignature(before.sig, sig)) {
    before.shape = g.shape;
    return before.byMode;
  }
  // Kept as copies: the next version's lists are compared with these word for word.
  for (let i = 3; i < sig.length; i += 4) sig[i] = [...(sig[i] as readonly string[])];
  const byMode = new Map<string, Candidate[]>();
  for (let i = 0; i < sig.length; i += 4) {
    const [host, controller, here, statics] = [sig[i] as GameObject, sig[i + 1] as Seat, sig[i + 2] as string, sig[i + 3] as readonly string[]];
    for (const key of statics) {
      const ref = resolveNode(g.registry, key);
      if (!worksFrom(ref, here)) continue;
      let list = byMode.get(ref.node.head);
      if (!list) byMode.set(ref.node.head, (list = []));
      list.push({ host, controller, ref });
    }
  }
  last[which] = { sig, shape: g.shape, byMode };
  return byMode;
}

function sameSignature(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 4) {
    if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) return false;
    const x = a[i + 3] as readonly string[];
    const y = b[i + 3] as readonly string[];
    if (x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) if (x[j] !== y[j]) return false;
  }
  return true;
}

/** Whether a static works from a zone: the battlefield or command zone, or what `EffectZone$` names (CR 113.6). */
function worksFrom(ref: NodeRef, here: string): boolean {
  const zones = param(ref, 'EffectZone');
  if (zones === undefined) return here === 'Battlefield' || here === 'Command';
  return zones === 'All' || zones.split(',').some((z) => z.trim() === here);
}

const FORGE_PHASES: Record<Step, string> = {
  untap: 'Untap',
  upkeep: 'Upkeep',
  draw: 'Draw',
  main1: 'Main1',
  beginCombat: 'BeginCombat',
  declareAttackers: 'Declare Attackers',
  declareBlockers: 'Declare Blockers',
  combatDamage: 'Combat Damage',
  endCombat: 'EndCombat',
  main2: 'Main2',
  end: 'End of Turn',
  cleanup: 'Cleanup',
};

// Lower-cased: Forge compares phase names ignoring case (18 corpus cards write "End Of Turn").
const ORDER: string[] = [
  'Untap',
  'Upkeep',
  'Draw',
  'Main1',
  'BeginCombat',
  'Declare Attackers',
  'Declare Blockers',
  'First Strike Damage',
  'Combat Damage',
  'EndCombat',
  'Main2',
  'End of Turn',
  'Cleanup',
].map((p) => p.toLowerCase());

/**
 * Whether the current step is in a Forge phase list (`Upkeep,Draw`, `BeginCombat->EndCombat`),
 * as activation restrictions (`ActivationPhases$`) and phase triggers (`Phase$`) write them.
 *
 * @example
 * ```ts
 * inPhases('upkeep', 'Upkeep->BeginCombat'); // true
 * ```
 */
export function inPhases(step: Step, text: string): boolean {
  let steps = phaseLists.get(text);
  if (!steps) {
    steps = new Set((Object.keys(FORGE_PHASES) as Step[]).filter((st) => readPhases(st, text)));
    phaseLists.set(text, steps);
  }
  return steps.has(step);
}

// A phase list read once: the steps it names (it depends on nothing else).
const phaseLists = new Map<string, ReadonlySet<Step>>();

function readPhases(step: Step, text: string): boolean {
  const now = FORGE_PHASES[step].toLowerCase();
  for (const part of text.split(',')) {
    const p = part.trim().toLowerCase();
    const arrow = p.indexOf('->');
    if (arrow >= 0) {
      const from = ORDER.indexOf(p.slice(0, arrow).trim());
      const toText = p.slice(arrow + 2).trim();
      const to = toText === '' ? ORDER.length - 1 : ORDER.indexOf(toText);
      const at = ORDER.indexOf(now);
      if (from >= 0 && to >= 0 && at >= from && at <= to) return true;
    } else if (p === now) return true;
  }
  return false;
}
