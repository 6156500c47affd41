/**
 * Targets (CR 115, 601.2c, 608.2b): which objects and players an ability may target, choosing
 * them one at a time through `targets` choice points, and checking them again on resolution.
 * A target must match `ValidTgts$` in the zones of `TgtZone$` (the battlefield by default, the
 * stack for `TargetType$ Spell`, a ChangeZone's `Origin$`), and must not be protected from the
 * source (CR 702.16b), have shroud (CR 702.18) or hexproof against an opponent (CR 702.11), or be
 * covered by a `CantTarget` static. A player with shroud, or hexproof against an opponent, is not
 * a target either.
 */
import type { Seat } from './choice.js';
import { ask, cardRef, type Gen, type Opt } from './ask.js';
import { param, resolveNode, type NodeRef } from './cards.js';
import { derived, maybeObj, type G, type Run } from './context.js';
import { chars, hasKeyword, playerKeywords } from './layers.js';
import { playerProtectedFrom, protectedFrom } from './replacement.js';
import { canMatchCards, canMatchPlayers, matchesCard, matchesPlayer, refMatches, seen, seenLki, type Seen } from './select.js';
import { evalNumber } from './values.js';
import type { GameObject, Ref, StackItem } from './types.js';
import { targetRefs } from './stackitem.js';
import { registerPrimitive, declareParamForms, declareParamReads } from '../cards/index.js';
import { definedPlayers } from './defined.js';

declareParamReads(
  'engine:targets',
  [
    'ValidTgts',
    'TgtPrompt',
    'TargetMin',
    'TargetMax',
    'TgtZone',
    'TargetType',
    'TargetUnique',
    'TargetsSingleTarget',
    'TargetValidTargeting',
    'TargetsWithDefinedController',
    'TargetingPlayer',
    'TargetsFromSingleZone',
    'TargetsWithSharedTypes',
  ],
  ['ability'],
);
/** The `TargetingPlayer$` values {@link targetChooser} names a player for (`TriggeredAttackingPlayer` is not one). */
const TARGETING_PLAYERS = new Set(['Player.Opponent', 'Opponent', 'DefendingPlayer', 'TriggeredPlayer', 'TriggeredCardController']);
declareParamForms('engine:targets', 'ability', '*', 'TargetingPlayer', (v) => TARGETING_PLAYERS.has(v.trim()));

/**
 * Who chooses a node's targets: its controller, or the player `TargetingPlayer$` names ("any
 * target of an opponent's choice", Cuombajj Witches: CR 601.6, 602.3 — the opponent chooses when
 * the controller would). The target's restrictions stay the controller's ("you" is still them).
 */
function targetChooser(run: Run): Seat {
  const text = run.ref ? param(run.ref, 'TargetingPlayer') : undefined;
  if (text === undefined) return run.you;
  return definedPlayers(run, text.trim())[0] ?? run.you;
}
registerPrimitive('stat:CantTarget', { reads: ['ValidCard', 'ValidSource', 'ValidSA', 'Activator'] });

/**
 * What an ability targets. `single` and `targeting` restrict a targeted spell or ability on the
 * stack: it must have exactly one target (`TargetsSingleTarget$`, "target spell with a single
 * target", CR 115.7) and one of its targets must match `TargetValidTargeting$` ("that targets you").
 */
export type TargetSpec = {
  selector: string;
  min: number;
  max: number;
  zones: string[];
  stack: string[];
  prompt: string;
  unique: boolean;
  single?: boolean;
  targeting?: string;
  /**
   * `TargetsWithDefinedController$`: a target card must be controlled by a player this `Defined`
   * text names, read as the ability is put on the stack ("target creature card from your
   * graveyard" where "your" is the dying creature's controller: `TriggeredCardController`).
   */
  controlledBy?: string;
  /**
   * `TargetsFromSingleZone$`: every card target is in the same zone as the first ("up to three
   * target cards from a single graveyard"; on the battlefield, "controlled by the same player").
   */
  singleZone?: boolean;
  /**
   * `TargetsWithSharedTypes$ Artifact,Creature`: a target card must share one of these card
   * types with a card the spell targets at another position ("another target permanent that
   * shares one of those types with it", Legerdemain, Shifting Loyalties).
   */
  sharedTypes?: string[];
};

/**
 * Specs that depend on the node alone (no `TargetMin$`/`TargetMax$`, or literal numbers, which
 * evalNumber reads without the game), built once per node; null for a node that does not target.
 * Callers never change a spec.
 */
const constantSpecs = new WeakMap<NodeRef, TargetSpec | null>();
const LITERAL = /^[+-]?\d+$/;

/**
 * The target requirements of a node, or null when it does not target.
 *
 * @example
 * ```ts
 * targetSpec(run, boltRef); // { selector: 'Creature,Player,Planeswalker', min: 1, max: 1, zones: ['Battlefield'], ... }
 * ```
 */
export function targetSpec(run: Run, ref: NodeRef): TargetSpec | null {
  const known = constantSpecs.get(ref);
  if (known !== undefined) return known;
  const selector = param(ref, 'ValidTgts');
  if (selector === undefined) {
    constantSpecs.set(ref, null);
    return null;
  }
  const type = param(ref, 'TargetType');
  const zoneText = param(ref, 'TgtZone');
  const stack = type ? type.split(',').map((s) => s.trim()) : [];
  // A ChangeZone that names no TgtZone$ targets in its Origin$ (Raise Dead and Junktroller target
  // cards in graveyards, as Forge reads them; CR 115.1: the zone is part of what the text targets).
  const origin = ref.node.head === 'ChangeZone' ? param(ref, 'Origin') : undefined;
  const zones = zoneText ? zoneText.split(',').map((s) => s.trim()) : type ? ['Stack'] : origin ? origin.split(',').map((s) => s.trim()) : ['Battlefield'];
  const minText = param(ref, 'TargetMin');
  const maxText = param(ref, 'TargetMax');
  const min = minText === undefined ? 1 : Math.max(0, evalNumber(run, minText));
  const max = maxText === undefined ? Math.max(1, min) : Math.max(min, evalNumber(run, maxText));
  const spec: TargetSpec = {
    selector,
    min,
    max,
    zones,
    stack,
    prompt: param(ref, 'TgtPrompt') ?? 'Choose a target',
    unique: param(ref, 'TargetUnique') === 'True',
  };
  if (param(ref, 'TargetsSingleTarget') === 'True') spec.single = true;
  const targeting = param(ref, 'TargetValidTargeting');
  if (targeting !== undefined) spec.targeting = targeting;
  const controlledBy = param(ref, 'TargetsWithDefinedController');
  if (controlledBy !== undefined) spec.controlledBy = controlledBy;
  if (param(ref, 'TargetsFromSingleZone') === 'True') spec.singleZone = true;
  const shared = param(ref, 'TargetsWithSharedTypes');
  if (shared !== undefined) spec.sharedTypes = shared.split(',').map((t) => t.trim());
  if ((minText === undefined || LITERAL.test(minText.trim())) && (maxText === undefined || LITERAL.test(maxText.trim()))) constantSpecs.set(ref, spec);
  return spec;
}

function sourceSeen(run: Run): Seen | undefined {
  const h = run.host ? maybeObj(run.g, run.host) : undefined;
  if (h) return seen(run, h);
  return run.item?.sourceLki ? seenLki(run, run.item.sourceLki) : undefined;
}

type CantTargetStatic = { id: number; controller: Seat; ref: NodeRef };

/**
 * The `CantTarget` statics of the battlefield and the command zone, in that order, found once
 * per state version: every candidate target of every offer's check asks for them.
 */
function cantTargetStatics(g: G): readonly CantTargetStatic[] {
  return derived(g, 'cant-target-statics', () => {
    const out: CantTargetStatic[] = [];
    for (const pile of ['battlefield', 'command']) {
      for (const id of g.s.zones[pile]!) {
        const hc = chars(g, g.s.objects[id]!);
        for (const key of hc.statics) {
          const ref = resolveNode(g.registry, key);
          if (ref.node.head === 'CantTarget') out.push({ id, controller: hc.controller, ref });
        }
      }
    }
    return out;
  });
}

/** Whether a static `CantTarget` forbids targeting this object with this ability. */
function cantTarget(g: G, run: Run, o: GameObject, isSpell: boolean, source: () => Seen | undefined): boolean {
  for (const { id, controller, ref } of cantTargetStatics(g)) {
    const srun: Run = { g, you: controller, host: id, ref };
    const vc = param(ref, 'ValidCard');
    if (vc === undefined || !matchesCard(srun, vc, seen(srun, o))) continue;
    const sa = param(ref, 'ValidSA');
    if (sa !== undefined && !sa.split(',').some((w) => (w.trim() === 'Spell') === isSpell || (w.trim() === 'Activated' && !isSpell))) continue;
    const act = param(ref, 'Activator');
    if (act !== undefined && !matchesPlayer(srun, act, run.you)) continue;
    const vs = param(ref, 'ValidSource');
    const src = source();
    if (vs !== undefined && (!src || !matchesCard(srun, vs, src))) continue;
    return true;
  }
  return false;
}

/**
 * Whether a player may be targeted by the ability of `run`: a player with shroud cannot be, one
 * with hexproof cannot be by an opponent's spell or ability (CR 702.18, 702.11; Witchbane Orb
 * gives its controller hexproof with a static, `playerKeywords`).
 */
function playerTargetable(g: G, run: Run, seat: Seat): boolean {
  const words = playerKeywords(g, seat);
  if (words.length === 0) return true;
  if (words.includes('Shroud')) return false;
  if (words.includes('Hexproof') && seat !== run.you) return false;
  // A player with protection can't be the target of a source with that quality (CR 702.16b).
  const src = sourceSeen(run);
  return !(src && playerProtectedFrom(g, seat, src));
}

/** Whether an object may be targeted by the ability of `run` (ignoring `ValidTgts$`). */
function targetable(g: G, run: Run, o: GameObject, source: () => Seen | undefined = () => sourceSeen(run)): boolean {
  if (o.zone !== 'battlefield') return true;
  const c = chars(g, o);
  if (hasKeyword(g, o, 'Shroud')) return false;
  if (hasKeyword(g, o, 'Hexproof') && c.controller !== run.you) return false;
  const src = source();
  if (src && protectedFrom(g, o, src)) return false;
  if (cantTarget(g, run, o, run.item?.kind === 'spell', source)) return false;
  return true;
}

/** The piles of each zone a spec may name (both players' for a player's zone); shared, never changed. */
const ZONE_PILES: Record<string, readonly string[]> = {
  Battlefield: ['battlefield'],
  Graveyard: ['graveyard-0', 'graveyard-1'],
  Exile: ['exile'],
  Hand: ['hand-0', 'hand-1'],
  Library: ['library-0', 'library-1'],
  Stack: ['stack'],
};
const NO_PILES: readonly string[] = [];
const SEATS: readonly Seat[] = [0, 1];

/**
 * Every legal target of a spec now, players first.
 *
 * @example
 * ```ts
 * candidates(g, run, spec, null).length; // every legal target now
 * ```
 */
export function candidates(g: G, run: Run, spec: TargetSpec, item: StackItem | null): Ref[] {
  return collectCandidates(g, run, spec, item, Infinity);
}

/**
 * Whether a spec has at least `min` legal targets now: the offer check's question (CR 601.2c,
 * a spell or ability needs its minimum number of targets). The same scan as {@link candidates},
 * in the same order, stopping at the `min`th target instead of finding them all.
 *
 * @example
 * ```ts
 * hasCandidates(g, run, spec, null, spec.min); // false when Lightning Bolt has nothing to hit
 * ```
 */
export function hasCandidates(g: G, run: Run, spec: TargetSpec, item: StackItem | null, min: number): boolean {
  return collectCandidates(g, run, spec, item, min).length >= min;
}

/** The legal targets of a spec, players first, up to `limit` of them. */
function collectCandidates(g: G, run: Run, spec: TargetSpec, item: StackItem | null, limit: number): Ref[] {
  const out: Ref[] = [];
  // The source as targets see it (protection, CantTarget's ValidSource), built once for all of them.
  let src: Seen | undefined;
  let built = false;
  const source = (): Seen | undefined => {
    if (!built) {
      src = sourceSeen(run);
      built = true;
    }
    return src;
  };
  if (canMatchPlayers(spec.selector)) {
    for (const s of SEATS) if (matchesPlayer(run, spec.selector, s) && playerTargetable(g, run, s)) out.push({ player: s });
  }
  if (out.length >= limit || !canMatchCards(spec.selector)) return out;
  const controllers = spec.controlledBy === undefined ? null : definedPlayers(run, spec.controlledBy);
  const castOnly = castingRestriction(source());
  for (const zone of spec.zones) {
    const piles = ZONE_PILES[zone] ?? NO_PILES;
    for (const pile of piles) {
      for (const id of g.s.zones[pile]!) {
        const o = g.s.objects[id]!;
        if (zone === 'Stack') {
          if (item && o.id === item.id) continue;
          if (spec.stack.length > 0 && !spec.stack.includes('Spell')) continue;
        }
        // A card in a hidden zone is offered only to a seat that knows it (information independence).
        if ((zone === 'Hand' || zone === 'Library') && !o.known[run.you]) continue;
        if (controllers && !controllers.includes(chars(g, o).controller)) continue;
        if (!matchesCard(run, spec.selector, seen(run, o))) continue;
        if (!targetable(g, run, o, source)) continue;
        if (castOnly !== undefined && matchesCard(run, castOnly, seen(run, o))) continue;
        if (zone === 'Stack' && (spec.single || spec.targeting !== undefined)) {
          const s = g.s.stack.find((x) => x.kind === 'spell' && x.source === o.id);
          if (!s || !targetsFit(g, run, spec, s)) continue;
        }
        out.push({ card: o.id, inc: o.inc });
        if (out.length >= limit) return out;
      }
    }
  }
  if (spec.stack.includes('Activated') || spec.stack.includes('Triggered')) {
    for (const s of g.s.stack) {
      if (s.kind === 'spell' || (item && s.id === item.id)) continue;
      if (!targetsFit(g, run, spec, s)) continue;
      if ((s.kind === 'ability' && spec.stack.includes('Activated')) || (s.kind === 'trigger' && spec.stack.includes('Triggered'))) out.push({ stack: s.id });
    }
  }
  return out;
}

const SPELL_CANT_TARGET = 'SpellCantTarget:';
registerPrimitive('kw:SpellCantTarget');

/**
 * "You can cast [this] only targeting a tapped permanent" (Dream Leash's `SpellCantTarget:
 * Permanent.untapped`): what a card being cast may not target. It restricts the choice as the
 * spell is cast (CR 601.2c), not the target's legality as it resolves, so it is read only here.
 */
function castingRestriction(src: Seen | undefined): string | undefined {
  if (!src || src.zone === 'battlefield') return undefined;
  for (const k of src.chars.keywords) if (k.startsWith(SPELL_CANT_TARGET)) return k.slice(SPELL_CANT_TARGET.length);
  return undefined;
}

/** Whether a stack item's own targets meet a spec's `single` and `targeting` restrictions. */
function targetsFit(g: G, run: Run, spec: TargetSpec, s: StackItem): boolean {
  if (!spec.single && spec.targeting === undefined) return true;
  const all = targetRefs(s);
  if (spec.single && all.length !== 1) return false;
  if (spec.targeting === undefined) return true;
  return all.some((t) => refMatches(run, spec.targeting!, t));
}

/**
 * Whether a chosen target is still legal (CR 608.2b).
 *
 * @example
 * ```ts
 * stillLegal(g, run, spec, { card: 12, inc: 2 }); // false once it left the battlefield
 * ```
 */
export function stillLegal(g: G, run: Run, spec: TargetSpec, t: Ref): boolean {
  if ('player' in t) return !g.s.players[t.player].lost && matchesPlayer(run, spec.selector, t.player) && playerTargetable(g, run, t.player);
  if ('stack' in t) return g.s.stack.some((s) => s.id === t.stack);
  if (!('card' in t)) return false;
  const o = maybeObj(g, t.card);
  if (!o || o.inc !== t.inc) return false;
  const zoneName = o.zone.charAt(0).toUpperCase() + o.zone.slice(1);
  if (!spec.zones.includes(zoneName)) return false;
  if (spec.controlledBy !== undefined && !definedPlayers(run, spec.controlledBy).includes(chars(g, o).controller)) return false;
  return matchesCard(run, spec.selector, seen(run, o)) && targetable(g, run, o);
}

/** A label and action for a target option. */
export function targetOption(g: G, t: Ref): Opt {
  if ('player' in t) return { label: `target p${t.player + 1}`, action: { verb: 'target', player: { seat: t.player } } };
  if ('stack' in t) {
    const s = g.s.stack.find((x) => x.id === t.stack);
    return { label: `target ${s?.text ?? 'ability'}`, action: { verb: 'target', card: cardRef(t.stack, s?.text ?? 'ability') } };
  }
  if (!('card' in t)) return { label: `choose ${'number' in t ? t.number : '?'}`, action: { verb: 'choose', text: String('number' in t ? t.number : '') } };
  const o = g.s.objects[t.card]!;
  // A face-down object has no name (CR 708.2): it is called what it is.
  const name = chars(g, o).name || (o.faceDown ? 'face-down' : '');
  return { label: `target ${name}`, action: { verb: 'target', card: cardRef(o.id, name) } };
}

/**
 * Whether a candidate card shares one of `types` with a card targeted at another position of the
 * item (`TargetsWithSharedTypes$`). With no such card chosen yet, nothing restricts it.
 */
function sharesType(g: G, types: readonly string[], c: Ref, item: StackItem, pos: number): boolean {
  if (!('card' in c)) return false;
  const others = item.targets.flatMap((list, i) => (i === pos ? [] : (list ?? []))).filter((r): r is { card: number; inc: number } => 'card' in r);
  if (others.length === 0) return true;
  const mine = chars(g, g.s.objects[c.card]!).cardTypes;
  return others.some((r) => {
    const o = maybeObj(g, r.card);
    if (!o) return false;
    const theirs = chars(g, o).cardTypes;
    return types.some((t) => mine.includes(t) && theirs.includes(t));
  });
}

/**
 * Chooses the targets of one node (CR 601.2c), one at a time; "done" is offered once the
 * minimum is reached. Returns false when the minimum cannot be met.
 * @example
 * ```ts
 * if (!(yield* chooseTargets(g, run, spec, item, 0))) return false;
 * ```
 */
export function* chooseTargets(g: G, run: Run, spec: TargetSpec, item: StackItem, pos: number): Gen<boolean> {
  const chosen: Ref[] = [];
  const chooser = targetChooser(run);
  // `TargetUnique$ True` ("another target creature", Phyrexian Splicer): nothing the spell or
  // ability already targets at another position may be chosen here. CR 115.3 lets one object be
  // chosen once for each instance of "target"; "another" is the text that forbids it.
  const taken = spec.unique ? item.targets.filter((_, i) => i !== pos).flat() : [];
  for (;;) {
    if (chosen.length >= spec.max) break;
    let pool = candidates(g, run, spec, item).filter((c) => !chosen.some((x) => sameRef(x, c)) && !taken.some((x) => sameRef(x, c)));
    if (spec.singleZone) {
      const first = chosen.find((c): c is { card: number; inc: number } => 'card' in c);
      if (first) {
        const zone = singleZoneOf(g, first.card);
        pool = pool.filter((c) => 'card' in c && singleZoneOf(g, c.card) === zone);
      }
    }
    if (spec.sharedTypes) pool = pool.filter((c) => sharesType(g, spec.sharedTypes!, c, item, pos));
    if (pool.length === 0) break;
    const opts = pool.map((t) => targetOption(g, t));
    const canStop = chosen.length >= spec.min;
    if (canStop) opts.unshift({ label: 'done choosing targets', action: { verb: 'done' } });
    if (!canStop && spec.min - chosen.length >= pool.length && spec.max >= chosen.length + pool.length) {
      // Every remaining candidate is needed: the choice is forced.
      chosen.push(...pool);
      break;
    }
    const k = yield* ask(g, chooser, 'targets', spec.prompt, opts);
    if (canStop && k === 0) break;
    chosen.push(pool[canStop ? k - 1 : k]!);
  }
  item.targets[pos] = chosen;
  return chosen.length >= spec.min;
}

/**
 * The zone a `TargetsFromSingleZone$` spec keeps its targets in: a player's graveyard, hand or
 * library, the exile, or the part of the battlefield one player controls.
 */
function singleZoneOf(g: G, id: number): string {
  const o = g.s.objects[id]!;
  if (o.zone === 'battlefield') return `battlefield-${chars(g, o).controller}`;
  if (o.zone === 'exile' || o.zone === 'stack') return o.zone;
  return `${o.zone}-${o.owner}`;
}

/**
 * Whether two target references name the same player, object (same incarnation) or stack item.
 *
 * @example
 * ```ts
 * sameRef({ player: 1 }, { player: 1 }); // true
 * ```
 */
export function sameRef(a: Ref, b: Ref): boolean {
  if ('player' in a) return 'player' in b && a.player === b.player;
  if ('stack' in a) return 'stack' in b && a.stack === b.stack;
  if ('number' in a) return 'number' in b && a.number === b.number;
  return 'card' in b && a.card === b.card && a.inc === b.inc;
}

/**
 * The one object or player a spell or ability targets, or undefined when it targets none or more
 * than one. Each different object or player counts once, however many instances of the word
 * "target" chose it (CR 115.9c, a spell that "targets only" one thing; Captured by the
 * Consulate's "if it has a single target" is read the same way, as Forge does).
 *
 * @example
 * ```ts
 * singleTarget(boltItem); // { card: 12, inc: 1 }
 * ```
 */
export function singleTarget(item: StackItem): Ref | undefined {
  const all = targetRefs(item);
  const first = all[0];
  return first !== undefined && all.every((t) => sameRef(t, first)) ? first : undefined;
}

/**
 * Describes targets for logs.
 *
 * @example
 * ```ts
 * describeTargets(g, [{ player: 1 }]); // ['p2']
 * ```
 */
export function describeTargets(g: G, refs: readonly Ref[]): string[] {
  return refs.map((t) => targetOption(g, t).label.replace(/^target /, ''));
}
