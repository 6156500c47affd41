/**
 * Characteristics after continuous effects, applied in layers (CR 613): 1 copy, 2 control,
 * 3 text, 4 type, 5 colour, 6 abilities, 7a characteristic-defining P/T, 7b P/T setting, 7c P/T
 * modifying (effects and counters), 7d switching. Within a layer effects apply in timestamp
 * order (CR 613.7), except that one depending on another waits for it (CR 613.8: `layerOrder`;
 * an ability removed before its effect starts generates none, `affectedSet`). An effect from a static ability
 * determines its affected set at the first layer it applies in (CR 613.6); one from a resolved
 * spell or ability has it locked at resolution (CR 611.2c).
 *
 * The whole battlefield is computed in one pass and cached until something it reads changes: a
 * `touch` (zone, control, attachment, counters, text, copy, effects) always invalidates it; a
 * `touchState` (taps, damage, life, mana, the stack, the step) only when the last computation
 * was volatile, that is read a condition, a counted value or a state property of a selector
 * (docs/mtg/architecture.md, "Characteristics"). Each static's modifications are compiled once
 * per node. In strict games `verifyChars` checks the cache against a fresh computation at every
 * decision.
 *
 * Text changes (layer 3, CR 613.1c) come only from resolved spells and abilities and are recorded
 * on the object they change (`textChanges`); they are applied right after the copiable values,
 * before any static ability is read, since what a static says is itself text they change.
 */
import type { Seat } from './choice.js';
import {
  addKeywordGrants,
  cardNamed,
  changeWords,
  keywordOf,
  param,
  printedChars,
  resolveNode,
  splitKeywords,
  svarText,
  textKey,
  tokenChars,
  type NodeRef,
  type WordSwap,
} from './cards.js';
import { derived, invariant, maybeObj, nextTick, touchState, type Caches, type CharsTable, type G, type Run } from './context.js';
import { conditionsHold, hasConditions } from './conditions.js';
import { alternatives, canMatchCards, canMatchPlayers, matchesCard, matchesPlayer, seen } from './select.js';
import { evalNumber } from './values.js';
import { ZONE_NAMES } from './zones.js';
import { registerPrimitive } from '../cards/index.js';
import type { Chars, ContinuousEffect, CopyExceptions, GameObject, Mods, TextChange } from './types.js';

// Characteristic-defining keywords (CR 604.3): see `definingKeywords` below.
registerPrimitive('kw:Devoid');
registerPrimitive('kw:Changeling');

registerPrimitive('stat:Continuous', {
  reads: [
    'Affected',
    'AffectedZone',
    'EffectZone',
    'CharacteristicDefining',
    'GainControl',
    'AddType',
    'RemoveType',
    'RemoveCreatureTypes',
    'RemoveLandTypes',
    'RemoveIntrinsicAbilities',
    'SetColor',
    'AddColor',
    'AddKeyword',
    'AddHiddenKeyword',
    'RemoveKeyword',
    'RemoveAllAbilities',
    'AddAbility',
    'AddTrigger',
    'AddStaticAbility',
    'AddReplacementEffects',
    'SetPower',
    'SetToughness',
    'AddPower',
    'AddToughness',
  ],
});

/** An object's printed characteristics with what they were computed from; by object id (an array: ids are small integers). */
type BaseEntry = {
  card: string;
  face: number;
  controller: Seat;
  copyOf: unknown;
  token: unknown;
  faceDown: boolean;
  bestowed: boolean;
  fused: boolean;
  chars: Chars;
};
const baseCache = new WeakMap<G, Array<BaseEntry | undefined>>();

/** Printed (or copied, or token) characteristics: layer 1 (CR 613.2), cached per object. */
function baseChars(g: G, o: GameObject): Chars {
  let cache = baseCache.get(g);
  if (!cache) baseCache.set(g, (cache = []));
  const hit = cache[o.id];
  if (
    hit &&
    hit.card === o.card &&
    hit.face === o.face &&
    hit.controller === o.controller &&
    hit.copyOf === o.copyOf &&
    hit.token === o.token &&
    hit.faceDown === o.faceDown &&
    hit.bestowed === (o.bestowed === true) &&
    hit.fused === isFusedSpell(o)
  )
    return hit.chars;
  const computed = definingKeywords(computeBaseChars(g, o));
  const chars = o.bestowed ? bestowedChars(computed) : computed;
  cache[o.id] = {
    card: o.card,
    face: o.face,
    controller: o.controller,
    copyOf: o.copyOf,
    token: o.token,
    faceDown: o.faceDown,
    bestowed: o.bestowed === true,
    fused: isFusedSpell(o),
    chars,
  };
  return chars;
}

/**
 * Keywords that are characteristic-defining abilities (CR 604.3): they work in every zone and
 * apply before any other effect of their layer (CR 613.3), so they are applied to the printed
 * (or copied) values, under every continuous effect. An ability granted later is not a
 * characteristic-defining one (CR 604.3a), so only the object's own keywords count here.
 *
 * - Devoid (CR 702.114a): the object is colourless (layer 5), whatever its mana cost says.
 * - Changeling (CR 702.73a): every creature type (layer 4). It stays the keyword: type checks
 *   read it (`hasType` in select.ts), since listing every creature type on the object would put
 *   hundreds of words in every view. Simplification: an effect that removes creature types
 *   (layer 4, after the CDA) does not take the changeling's away.
 */
function definingKeywords(c: Chars): Chars {
  if (c.colours.length > 0 && c.keywords.includes('Devoid')) return { ...c, colours: [] };
  return c;
}

/**
 * A bestowed spell or permanent (CR 702.103b): it "becomes an Aura enchantment and gains enchant
 * creature". Becoming an Aura enchantment replaces its card types and subtypes (CR 205.1a: it is
 * no longer a creature, nor a Satyr), its supertypes stay; a noncreature has no power or
 * toughness (CR 208.3). Applied under every other effect, as the object's own ability, the
 * copiable values untouched (a copy of a bestowed Aura is the printed creature).
 */
function bestowedChars(c: Chars): Chars {
  return {
    ...c,
    cardTypes: ['Enchantment'],
    subtypes: ['Aura'],
    power: null,
    toughness: null,
    keywords: c.keywords.includes('Enchant creature') ? c.keywords : [...c.keywords, 'Enchant creature'],
  };
}

function computeBaseChars(g: G, o: GameObject): Chars {
  // A card exiled face down has no characteristics (CR 406.3a), but only to the seats that may not
  // look at it: that is the view's to withhold (view.ts, public-hash.ts), while the rules read its
  // face, since whoever may cast it turns it face up first (CR 406.3a, 601.2a).
  if (o.faceDown && o.zone !== 'exile') {
    // A face-down permanent is a 2/2 creature with no name, colour or abilities (CR 708.2).
    return {
      name: '',
      manaCost: null,
      cmc: 0,
      colours: [],
      supertypes: [],
      cardTypes: ['Creature'],
      subtypes: [],
      power: 2,
      toughness: 2,
      loyalty: null,
      keywords: [],
      abilities: [],
      triggers: [],
      statics: [],
      replacements: [],
      controller: o.controller,
    };
  }
  if (o.copyOf) {
    const base = o.copyOf.def ? tokenChars(o.copyOf.def, o.controller) : printedChars(g.registry, o.copyOf.card, o.copyOf.face, o.controller);
    const extra = o.copyOf.addTypes ?? [];
    const typed = extra.length === 0 ? base : { ...base, cardTypes: [...base.cardTypes, ...extra.filter((t) => !base.cardTypes.includes(t))] };
    return o.copyOf.except ? withExceptions(typed, o.copyOf.except) : typed;
  }
  if (o.token) {
    if (o.token.script && cardNamed(g.registry, o.token.script)) return printedChars(g.registry, o.token.script, 0, o.controller);
    return tokenChars(o.token, o.controller);
  }
  if (isFusedSpell(o)) return fusedChars(printedChars(g.registry, o.card, 0, o.controller), printedChars(g.registry, o.card, 1, o.controller), o.card);
  const printed = printedChars(g.registry, o.card, o.face, o.controller);
  // A transformed permanent's mana value is its front face's (CR 712.8e).
  if (o.face > 0 && cardNamed(g.registry, o.card)?.layout === 'transform') return { ...printed, cmc: cardNamed(g.registry, o.card)!.faces[0]!.manaValue };
  return printed;
}

/** A fused split spell on the stack (CR 702.102a, fuse.ts): cast both halves, `castWay` says so. */
function isFusedSpell(o: GameObject): boolean {
  return o.castWay === 'fuse' && o.zone === 'stack';
}

/**
 * A fused split spell's characteristics: its two halves' combined (CR 702.102b, 709.4d): both
 * names (the card's), the mana costs added (so the mana value and colours, 709.4b), every type
 * and ability of either half.
 */
function fusedChars(left: Chars, right: Chars, name: string): Chars {
  const union = <T>(a: readonly T[], b: readonly T[]): T[] => [...a, ...b.filter((x) => !a.includes(x))];
  return {
    ...left,
    name,
    manaCost: [left.manaCost, right.manaCost].filter((m) => m !== null).join(' ') || null,
    cmc: left.cmc + right.cmc,
    colours: union(left.colours, right.colours),
    supertypes: union(left.supertypes, right.supertypes),
    cardTypes: union(left.cardTypes, right.cardTypes),
    subtypes: union(left.subtypes, right.subtypes),
    keywords: [...left.keywords, ...right.keywords],
    abilities: [...left.abilities, ...right.abilities],
    triggers: [...left.triggers, ...right.triggers],
    statics: [...left.statics, ...right.statics],
    replacements: [...left.replacements, ...right.replacements],
  };
}

/** Copiable values with a copy effect's exceptions written in (CR 707.9b). */
function withExceptions(c: Chars, e: CopyExceptions): Chars {
  // Its own creature types give way to the exception's; its land types stay (as `RemoveCreatureTypes$` leaves them).
  if (e.creatureTypes) c = { ...c, subtypes: [...c.subtypes.filter((t) => LAND_TYPES.has(t)), ...e.creatureTypes] };
  return {
    ...c,
    ...(e.colours ? { colours: [...e.colours] } : {}),
    ...(e.subtypes ? { subtypes: [...c.subtypes, ...e.subtypes.filter((t) => !c.subtypes.includes(t))] } : {}),
    ...(e.noManaCost ? { manaCost: null, cmc: 0 } : {}),
    ...(e.power !== undefined ? { power: e.power } : {}),
    ...(e.toughness !== undefined ? { toughness: e.toughness } : {}),
    ...(e.triggers ? { triggers: [...c.triggers, ...e.triggers.filter((t) => !c.triggers.includes(t))] } : {}),
    ...(e.abilities ? { abilities: [...c.abilities, ...e.abilities.filter((a) => !c.abilities.includes(a))] } : {}),
  };
}

/** One continuous effect being applied: from a static ability or a resolved ability. */
type Applier = {
  timestamp: number;
  host: number;
  controller: Seat;
  mods: Mods;
  /** A static's node (its Affected$ and conditions are read per computation). */
  ref?: NodeRef;
  /** Locked affected objects (resolved effects), or the set computed at the first layer. */
  affected?: Set<number>;
  cda: boolean;
  /** Values read per affected object (`SetPower$ X` of a characteristic-defining ability). */
  perObject?: { setPower?: string; setToughness?: string; addPower?: string; addToughness?: string };
  /** The layers it applies in (`LAYER_BIT`). */
  layers: number;
  /** A static's compiled form. */
  st?: CompiledStatic;
};

/**
 * The current characteristics of an object.
 *
 * @example
 * ```ts
 * chars(g, bears).power; // 2, or 3 under a Glorious Anthem
 * ```
 */
export function chars(g: G, o: GameObject): Chars {
  if (!g.cache.charsValid) recompute(g);
  let c = g.cache.chars[o.id];
  if (!c) {
    // The printed values stand in while its own characteristic-defining abilities are read, so
    // a Lhurgoyf counting the graveyard it is in does not read itself forever.
    g.cache.chars[o.id] = baseChars(g, o);
    c = offBattlefieldChars(g, o);
    g.cache.chars[o.id] = c;
  }
  return c;
}

/**
 * The controller of an object after control-changing effects (CR 108.4).
 *
 * @example
 * ```ts
 * controllerOf(g, stolenBears); // 0 under p1's Control Magic
 * ```
 */
export function controllerOf(g: G, o: GameObject): Seat {
  return o.zone === 'battlefield' ? chars(g, o).controller : o.controller;
}

/**
 * Whether an object has a keyword (by name: `Flying`, `Protection`, `Landwalk`).
 *
 * @example
 * ```ts
 * hasKeyword(g, serraAngel, 'Flying'); // true
 * ```
 */
export function hasKeyword(g: G, o: GameObject, name: string): boolean {
  return chars(g, o).keywords.some((k) => keywordOf(k).name === name);
}

/**
 * The arguments of every instance of a keyword an object has.
 *
 * @example
 * ```ts
 * keywordArgs(g, bogWraith, 'Landwalk'); // [['Swamp']]
 * ```
 */
export function keywordArgs(g: G, o: GameObject, name: string): string[][] {
  const out: string[][] = [];
  for (const k of chars(g, o).keywords) {
    const kw = keywordOf(k);
    if (kw.name === name) out.push(kw.args);
  }
  return out;
}

/**
 * Keywords players have from statics (`Mode$ Continuous | Affected$ Player | AddKeyword$ …`):
 * Stasis's "Skip your untap step.", Winter Orb's `UntapAdjust:Land:1`, hexproof.
 * @example
 * ```ts
 * playerKeywords(g, 0); // ['Skip your untap step.'] under a Stasis
 * ```
 */
export function playerKeywords(g: G, seat: Seat): string[] {
  return derived(g, `player-keywords:${seat}`, () => {
    const out: string[] = [];
    for (const pile of ['battlefield', 'command']) {
      for (const id of g.s.zones[pile]!) {
        const host = g.s.objects[id]!;
        const c = chars(g, host);
        for (const key of c.statics) {
          const ref = resolveNode(g.registry, key);
          if (ref.node.head !== 'Continuous') continue;
          const affected = param(ref, 'Affected');
          const add = param(ref, 'AddKeyword');
          if (affected === undefined || add === undefined || !canMatchPlayers(affected)) continue;
          const run: Run = { g, you: c.controller, host: id, ref };
          if (!matchesPlayer(run, affected, seat) || !conditionsHold(run, ref)) continue;
          out.push(...splitKeywords(add));
        }
      }
    }
    // Keywords an effect gave the player for a time (Faith's Shield's protection from a colour).
    for (const e of g.s.effects) {
      if (e.mods.addKeywords && durationLive(g, e) && e.affected.some((r) => 'player' in r && r.player === seat)) out.push(...e.mods.addKeywords);
    }
    return out;
  });
}

/**
 * Whether something with `subtype` (Aura, Equipment) is attached to the object.
 *
 * @example
 * ```ts
 * isAttached(g, bears.id, 'Aura'); // true when enchanted
 * ```
 */
export function isAttached(g: G, id: number, subtype: string): boolean {
  for (const other of g.s.zones['battlefield']!) {
    const o = g.s.objects[other]!;
    if (o.attachedTo === id && chars(g, o).subtypes.includes(subtype)) return true;
  }
  return false;
}

/**
 * The text changes that apply to an object now (CR 612): those made on this incarnation, or on
 * the spell it was just before it resolved into a permanent (CR 400.7a), and not yet ended.
 *
 * @example
 * ```ts
 * liveTextChanges(g, terror); // [{ kind: 'color', from: 'Black', to: 'Green', ... }] after a Sleight of Mind
 * ```
 */
export function liveTextChanges(g: G, o: GameObject): TextChange[] {
  const all = o.textChanges;
  if (!all || all.length === 0) return [];
  return all.filter(
    (t) =>
      (t.inc === o.inc || (t.spell === true && t.inc + 1 === o.inc && o.zone === 'battlefield')) &&
      // "Until end of turn" effects end in the cleanup step (CR 514.2).
      (t.eotTurn === undefined || (t.eotTurn === g.s.turn && g.s.step !== 'cleanup')),
  );
}

/**
 * Layer 3 (CR 613.1c): the object's rules text with its text changes. Keywords are rewritten;
 * abilities, triggers, statics and replacements get text-changed node keys (`textKey`), so
 * everything that reads their parameters reads the changed words. Land and creature types on
 * the type line change too (CR 612.1); colour, name and mana cost do not (CR 612.2). What layer 6
 * grants later is not text of the object and stays as it is (CR 612.3).
 */
function withText(g: G, o: GameObject, c: Chars): Chars {
  // An "until end of turn" change reads the turn and step, which change with `touchState`.
  if (o.textChanges!.some((t) => t.eotTurn !== undefined)) g.cache.charsVolatile = true;
  const changes = liveTextChanges(g, o);
  if (changes.length === 0) return c;
  const swaps: WordSwap[] = changes.map((t) => ({ kind: t.kind, from: t.from, to: t.to }));
  let subtypes = c.subtypes;
  for (const w of swaps) {
    if (w.kind === 'color' || !subtypes.includes(w.from)) continue;
    subtypes = subtypes.filter((t) => t !== w.from);
    if (!subtypes.includes(w.to)) subtypes = [...subtypes, w.to];
  }
  const key = (k: string): string => textKey(k, swaps);
  return {
    ...c,
    subtypes,
    keywords: c.keywords.map((k) => changeWords(k, swaps)),
    abilities: c.abilities.map(key),
    triggers: c.triggers.map(key),
    statics: c.statics.map(key),
    replacements: c.replacements.map(key),
  };
}

/** A spell's or a card's characteristics outside the battlefield: printed, plus its own CDAs (CR 604.3). */
function offBattlefieldChars(g: G, o: GameObject): Chars {
  let c = baseChars(g, o);
  if (o.textChanges) c = withText(g, o, c);
  for (const key of c.statics) {
    const ref = resolveNode(g.registry, key);
    const st = compiledStatic(ref);
    if (!st.continuous || !st.cda) continue;
    // What a characteristic-defining ability counts may change with a zone change, or (volatile) any change.
    if (st.cdaVolatile) g.cache.charsVolatile = true;
    if (st.cdaReadsZones) g.cache.charsReadZones = true;
    const run: Run = { g, you: o.controller, host: o.id, ref };
    if (st.cdaPower !== undefined) c = { ...c, power: evalNumber(run, st.cdaPower) };
    if (st.cdaToughness !== undefined) c = { ...c, toughness: evalNumber(run, st.cdaToughness) };
  }
  return withLockedEffects(g, o, withZoneStatics(g, o, c));
}

/**
 * Resolved effects that locked this very object while it was outside the battlefield (Snapcaster
 * Mage's "target instant or sorcery card in your graveyard gains flashback", CR 611.2c: the
 * effect applies to the object it affected, and a card that changes zones is a new object it no
 * longer affects, CR 400.7), applied layer by layer in timestamp order. Adding or ending an
 * effect touches (context.ts), so the cache holds.
 */
function withLockedEffects(g: G, o: GameObject, c: Chars): Chars {
  let mine: Applier[] | null = null;
  for (const e of g.s.effects) {
    if (!e.affected.some((r) => 'card' in r && r.card === o.id && r.inc === o.inc)) continue;
    if (e.duration.until === 'host-untaps') g.cache.charsVolatile = true;
    if (!durationLive(g, e)) continue;
    (mine ??= []).push({
      timestamp: e.timestamp,
      host: e.source,
      controller: e.controller,
      mods: e.mods,
      affected: new Set([o.id]),
      cda: false,
      layers: layerMask(e.mods, undefined, false),
    });
  }
  if (!mine) return c;
  for (const layer of LAYERS) {
    if (layer === 'control' || layer === 'cda') continue;
    for (const a of mine) if ((a.layers & LAYER_BIT[layer]) !== 0) c = applyLayer(g, layer, a, c, o);
  }
  return c;
}

/**
 * Statics that work on cards outside the battlefield (`AffectedZone$ Stack`, `Graveyard`, `Hand`:
 * Taigam's "instant and sorcery spells you control can't be countered", Wort's conspire for the
 * spells you cast): the permanents' and command-zone objects' effects whose zones hold the card,
 * whose conditions hold and whose `Affected$` matches it, applied layer by layer in timestamp
 * order (CR 613), after its own characteristic-defining abilities. Control (a card's controller
 * outside the battlefield is its owner's or caster's) and counted P/T values are not changed
 * there. The cache's invariants hold: these effects come from objects whose changes `touch`, and
 * their volatile inputs were recorded when the computation collected them (`appliers`).
 */
function withZoneStatics(g: G, o: GameObject, c: Chars): Chars {
  const all = offZoneAppliers.get(g.cache.chars);
  if (!all || all.length === 0) return c;
  const zone = ZONE_NAMES[o.zone];
  const mine: Applier[] = [];
  for (const a of all) {
    const st = a.st!;
    if (!st.offZones.has(zone) || st.cda || st.selector === undefined) continue;
    const host = g.cache.chars[a.host];
    if (host && !host.statics.includes(a.ref!.key)) continue;
    const run: Run = { g, you: a.controller, host: a.host, ref: a.ref!, charsOf: (x) => (x.id === o.id ? c : (g.cache.chars[x.id] ?? baseChars(g, x))) };
    if (st.conditional && !conditionsHold(run, a.ref!)) continue;
    if (!matchesCard(run, st.selector, seen(run, o))) continue;
    mine.push(a);
  }
  for (const layer of LAYERS) {
    if (layer === 'control' || layer === 'cda') continue;
    for (const a of mine) if ((a.layers & LAYER_BIT[layer]) !== 0) c = applyLayer(g, layer, a, c, o);
  }
  return c;
}

function listParam(ref: NodeRef, key: string): string[] {
  const v = param(ref, key);
  return v === undefined
    ? []
    : v
        .split('&')
        .map((s) => s.trim())
        .filter((s) => s !== '');
}

type PTField = 'setPower' | 'setToughness' | 'addPower' | 'addToughness';

/** A static ability as the layers read it, compiled once per node (a node's parameters never change). */
type CompiledStatic = {
  /** A `Mode$ Continuous` static: the only kind that changes characteristics. */
  continuous: boolean;
  /** Where its host must be for it to apply: anywhere it is computed, only in the command zone, or nowhere. */
  where: 'any' | 'command' | 'never';
  /** Whether it affects permanents: no `AffectedZone$`, or one that lists the battlefield. */
  onBattlefield: boolean;
  /** The other zones its `AffectedZone$` lists, as scripts name them (`Graveyard`, `Stack`): their cards get its effect as they are read (`offBattlefieldChars`). */
  offZones: ReadonlySet<string>;
  cda: boolean;
  /** `GainControl$`: control goes to the host's controller of the moment. */
  gainControl: boolean;
  /** The modifications its text fixes once and for all (shared by every computation: never mutated). */
  mods: Mods;
  /** P/T values counted at each computation (`AddPower$ X`), in the order they are read. */
  dynamic: ReadonlyArray<readonly [PTField, string]>;
  /** P/T values read per affected object (`AffectedX`). */
  perObject: Applier['perObject'];
  /** The layers it applies in (`LAYER_BIT`). */
  layers: number;
  /** `Affected$`. */
  selector: string | undefined;
  /** Only its host can match `Affected$` (`Card.Self`), and no property of it records anything: only the host is tested. */
  selfOnly: boolean;
  /** Whether it has conditions at all (conditions.ts `conditionsHold` reads nothing else without one of these). */
  conditional: boolean;
  /**
   * Whether applying it reads a zone other than the battlefield (a Lhurgoyf-style count of
   * graveyards, a Threshold): then a move between such zones invalidates the computation.
   */
  readsZones: boolean;
  /** Its characteristic-defining values, read off the battlefield: volatile, reading other zones. */
  cdaVolatile: boolean;
  cdaReadsZones: boolean;
  /** `SetPower$` / `SetToughness$` of a characteristic-defining ability, as it is read off the battlefield. */
  cdaPower?: string;
  cdaToughness?: string;
  /**
   * Whether applying it reads anything but the inputs `touch` guards (conditions other than a
   * present-count of plain properties, counted values, per-object values, selector properties
   * such as `tapped`): then the computation is volatile.
   */
  volatile: boolean;
  /** Whether a keyword it grants names its host's choice or the host itself (see {@link hostBound}). */
  hostBound: boolean;
};

const compiledStatics = new WeakMap<NodeRef, CompiledStatic>();

function compiledStatic(ref: NodeRef): CompiledStatic {
  let st = compiledStatics.get(ref);
  if (!st) compiledStatics.set(ref, (st = compileStatic(ref)));
  return st;
}

const NOT_CONTINUOUS: CompiledStatic = {
  continuous: false,
  where: 'never',
  onBattlefield: true,
  offZones: new Set(),
  cda: false,
  gainControl: false,
  mods: {},
  dynamic: [],
  perObject: undefined,
  layers: 0,
  selector: undefined,
  selfOnly: false,
  conditional: false,
  readsZones: false,
  cdaVolatile: false,
  cdaReadsZones: false,
  volatile: false,
  hostBound: false,
};

/** Reads a `Mode$ Continuous` static's modifications (what `staticMods` read at every computation before). */
function compileStatic(ref: NodeRef): CompiledStatic {
  if (ref.node.head !== 'Continuous') return NOT_CONTINUOUS;
  const mods: Mods = {};
  const perObject: NonNullable<Applier['perObject']> = {};
  const dynamic: Array<readonly [PTField, string]> = [];
  const cda = param(ref, 'CharacteristicDefining') === 'True';
  const gainControl = param(ref, 'GainControl') !== undefined;
  const addType = param(ref, 'AddType');
  if (addType !== undefined) mods.addTypes = addType.split('&').map((s) => s.trim());
  const removeType = param(ref, 'RemoveType');
  if (removeType !== undefined) mods.removeTypes = removeType.split('&').map((s) => s.trim());
  if (param(ref, 'RemoveCreatureTypes') === 'True') mods.removeCreatureTypes = true;
  if (param(ref, 'RemoveLandTypes') === 'True') mods.removeLandTypes = true;
  if (param(ref, 'RemoveIntrinsicAbilities') === 'True') mods.removeIntrinsic = true;
  const setColour = param(ref, 'SetColor');
  if (setColour !== undefined) mods.setColours = colourLetters(setColour);
  const addColour = param(ref, 'AddColor');
  if (addColour !== undefined) mods.addColours = colourLetters(addColour);
  const addKw = [
    ...(param(ref, 'AddKeyword') !== undefined ? splitKeywords(param(ref, 'AddKeyword')!) : []),
    ...(param(ref, 'AddHiddenKeyword') !== undefined ? splitKeywords(param(ref, 'AddHiddenKeyword')!) : []),
  ];
  if (addKw.length > 0) mods.addKeywords = addKw;
  // What a granted expanded keyword means (Undying, Persist) comes with it, compiled once here.
  addKeywordGrants(ref, mods);
  const removeKw = param(ref, 'RemoveKeyword');
  if (removeKw !== undefined) mods.removeKeywords = splitKeywords(removeKw);
  if (param(ref, 'RemoveAllAbilities') === 'True') mods.removeAllAbilities = true;
  const [card, face, , , swaps] = ref.key.split('|') as [string, string, string, string, string | undefined];
  // What a changed static grants is its host's text, so it is granted as changed (CR 612.1).
  const svarKey = (name: string): string => (swaps === undefined ? `${card}|${face}|v|${name}` : `${card}|${face}|v|${name}|${swaps}`);
  const abilities = listParam(ref, 'AddAbility');
  if (abilities.length > 0) mods.addAbilities = abilities.map(svarKey);
  const triggers = listParam(ref, 'AddTrigger');
  if (triggers.length > 0) mods.addTriggers = triggers.map(svarKey);
  const statics = listParam(ref, 'AddStaticAbility');
  if (statics.length > 0) mods.addStatics = statics.map(svarKey);
  const repls = listParam(ref, 'AddReplacementEffects');
  if (repls.length > 0) mods.addReplacements = repls.map(svarKey);
  for (const [key, field] of [
    ['SetPower', 'setPower'],
    ['SetToughness', 'setToughness'],
    ['AddPower', 'addPower'],
    ['AddToughness', 'addToughness'],
  ] as const) {
    const text = param(ref, key);
    if (text === undefined) continue;
    if (/^[+-]?\d+$/.test(text)) mods[field] = Number(text);
    else if (text.startsWith('Affected')) perObject[field] = text;
    else dynamic.push([field, text]);
  }
  const zone = param(ref, 'EffectZone');
  const affectedZone = param(ref, 'AffectedZone');
  const selector = param(ref, 'Affected');
  const hasPerObject = Object.keys(perObject).length > 0;
  // The mask as `inLayer` sees the mods of a computation: control and counted values are filled in then.
  const probe: Mods = { ...mods, ...(gainControl ? { control: 0 } : {}) };
  for (const [field] of dynamic) probe[field] = 0;
  const hiddenOnly =
    param(ref, 'AddHiddenKeyword') !== undefined &&
    param(ref, 'AddKeyword') === undefined &&
    Object.keys(mods).every((k) => k === 'addKeywords') &&
    !gainControl &&
    !hasPerObject &&
    dynamic.length === 0;
  const layers = hiddenOnly && hasConditions(ref) ? LAYER_BIT.rules : layerMask(probe, hasPerObject ? perObject : undefined, cda);
  const sp = param(ref, 'SetPower');
  const st = param(ref, 'SetToughness');
  // A characteristic-defining ability affects its own card (recompute); another static the cards its
  // `Affected$` can match. One that can affect no card (`Affected$ Player`, none) changes no
  // characteristic, whatever it reads.
  const affectsCards = cda || (selector !== undefined && canMatchCards(selector));
  return {
    continuous: true,
    where: zone === undefined || zone === 'Battlefield' || zone === 'All' ? 'any' : zone === 'Command' ? 'command' : 'never',
    onBattlefield: affectedZone === undefined || zoneList(affectedZone).includes('Battlefield'),
    offZones: new Set(affectedZone === undefined ? [] : zoneList(affectedZone).filter((z) => z !== 'Battlefield')),
    cda,
    gainControl,
    mods,
    dynamic,
    perObject: hasPerObject ? perObject : undefined,
    layers,
    selector,
    selfOnly: selector !== undefined && selectorIsPlain(selector) && alternatives(selector).every((alt) => alt.props.includes('Self')),
    conditional: hasConditions(ref),
    readsZones: affectsCards && (dynamic.some(([, text]) => !valueIsPlain(ref, text, true)) || hasPerObject || conditionsAreVolatile(ref, true)),
    cdaVolatile: cda && [sp, st].some((v) => v !== undefined && !valueIsPlain(ref, v)),
    cdaReadsZones: cda && [sp, st].some((v) => v !== undefined && !valueIsPlain(ref, v, true)),
    ...(cda && sp !== undefined ? { cdaPower: sp } : {}),
    ...(cda && st !== undefined ? { cdaToughness: st } : {}),
    volatile:
      affectsCards &&
      (dynamic.some(([, text]) => !valueIsPlain(ref, text)) ||
        hasPerObject ||
        (!cda && selector !== undefined && !selectorIsPlain(selector)) ||
        conditionsAreVolatile(ref)),
    hostBound: (mods.addKeywords ?? []).some((k) => HOST_WORDS.test(k)),
  };
}

const HOST_WORDS = /ChosenColor|HostCardUID/;

/**
 * A granted keyword as its host means it: `ChosenColor` is the colour chosen as the host entered,
 * `HostCardUID` the host's id. Cho-Manno's Blessing grants
 * `Protection:Card.ChosenColor:…:Card.CardUID_HostCardUID`, protection from the chosen colour
 * that does not remove the Aura itself (CR 702.16); read on the protected creature, the words
 * would otherwise name that creature's choices.
 */
function hostBound(g: G, host: number, keywords: readonly string[]): string[] {
  const o = g.s.objects[host];
  const colour = o?.chosen.colour ?? 'NoChosenColor';
  return keywords.map((k) => (HOST_WORDS.test(k) ? k.replace(/ChosenColor/g, colour).replace(/HostCardUID/g, String(host)) : k));
}

function zoneList(text: string): string[] {
  return text
    .split(',')
    .map((z) => z.trim())
    .filter((z) => z !== '');
}

const LITERAL_COMPARISON = /^(LT|LE|EQ|NE|GE|GT)[+-]?\d+$/;

/**
 * Selector properties (select.ts `cardProperty`) that read, besides the characteristics being
 * computed, only what `touch` guards: ids, owner, zone, token-ness, attachments, counters, face,
 * what was chosen for the host. Capitalised words not listed in `STATE_PROPS` are type, colour
 * and controller words.
 */
const PLAIN_PROPS = new Set([
  'token',
  'Token',
  'nonToken',
  'nontoken',
  'enchanted',
  'unenchanted',
  'equipped',
  'inZoneBattlefield',
  'inZoneStack',
  'inZoneGraveyard',
  'inZoneHand',
  'faceDown',
  'faceUp',
  'hasManaAbility',
  // Set as it is cast, kept only from the stack to the battlefield: a zone change touches.
  'evoked',
  'dashed',
  'suspendCast',
]);

/** Capitalised selector properties that read the state beyond what `touch` guards. */
const STATE_PROPS = new Set([
  'ActivePlayerCtrl',
  'NonActivePlayerCtrl',
  'DefenderCtrl',
  'DefendingPlayerCtrl',
  'ChosenCtrl',
  'TargetedPlayerCtrl',
  'RememberedPlayerCtrl',
  'IsRemembered',
  'IsNotRemembered',
  'IsImprinted',
  'IsNotImprinted',
  'TopLibrary',
  'DamagedBy',
  'DrawnThisTurn',
  'ChosenCard',
  'EffectSource',
  'ExiledWithSource',
  'Triggered',
  'TriggeredCard',
]);

function plainProp(prop: string): boolean {
  if (prop.startsWith('non') && prop.length > 3 && prop !== 'nonToken' && prop !== 'nontoken') return plainProp(prop.slice(3));
  if (prop.startsWith('!')) return plainProp(prop.slice(1));
  if (PLAIN_PROPS.has(prop)) return true;
  if (prop.startsWith('named') || prop.startsWith('notnamed') || prop.startsWith('with')) return true;
  for (const word of ['cmc', 'power', 'toughness']) if (prop.startsWith(word)) return LITERAL_COMPARISON.test(prop.slice(word.length));
  if (prop.startsWith('counters_')) return LITERAL_COMPARISON.test(prop.split('_')[1] ?? '');
  return /^[A-Z][A-Za-z'-]*$/.test(prop) && !STATE_PROPS.has(prop);
}

/**
 * Whether a selector reads only characteristics and what `touch` guards (its type words always do).
 *
 * @example
 * ```ts
 * selectorIsPlain('Creature.YouCtrl'); // true
 * selectorIsPlain('Creature.tapped'); // false: a tap is no touch()
 * ```
 */
export function selectorIsPlain(selector: string): boolean {
  return alternatives(selector).every((alt) => alt.props.every(plainProp));
}

/** `Count$` values (values.ts `countValue`) that count the cards of zones matching a selector (`Count$Valid Forest.YouCtrl`). */
const COUNTS_OF_ZONES = new Set(['Valid', 'ValidGraveyard', 'ValidHand', 'ValidExile', 'ValidLibrary']);
/** `Count$` values that read only zone sizes, characteristics, counters or what was chosen. */
const PLAIN_COUNTS = new Set(['InYourHand', 'CardsInYourHand', 'InOppHand', 'InYourYard', 'InYourLibrary', 'InAllYards', 'ChosenNumber', 'ChosenX', 'Domain']);
/** `Count$Word.Type` values counting a zone's cards of a type (`Count$TypeInAllYards.Creature`), and the host's counters. */
const PLAIN_DOTTED_COUNTS = new Set(['CardCounters', 'TypeYouCtrl', 'TypeOppCtrl', 'TypeInYourYard', 'TypeInAllYards', 'TypeInYourHand']);
/** Of those, the ones that read no zone but the battlefield. */
const BATTLEFIELD_COUNTS = new Set(['Valid', 'ChosenNumber', 'ChosenX', 'Domain', 'CardCounters', 'TypeYouCtrl', 'TypeOppCtrl']);

/**
 * Whether a value (values.ts `evalNumber`, read for a static: no stack item, no trigger) reads
 * only what `touch` guards: numbers, SVars, and counts of a zone's cards matching a plain
 * selector (a zone's contents change only with zone changes, which `touch`), with math on such
 * values. A value stored on the host (`host.stored`) is set by effects, which `touch` too.
 */
function valueIsPlain(ref: NodeRef, text: string, battlefieldOnly = false, depth = 0): boolean {
  const t = text.trim();
  if (/^[+-]?\d+$/.test(t) || depth > 12) return true;
  if (t.startsWith('+') || t.startsWith('-')) return valueIsPlain(ref, t.slice(1), battlefieldOnly, depth + 1);
  if (t.includes('$')) {
    const dollar = t.indexOf('$');
    const source = t.slice(0, dollar);
    const [body, ...math] = t.slice(dollar + 1).split('/') as [string, ...string[]];
    for (const op of math) if (op.includes('.') && !valueIsPlain(ref, op.slice(op.indexOf('.') + 1), battlefieldOnly, depth + 1)) return false;
    if (source === 'Number') return true;
    if (source === 'SVar') return valueIsPlain(ref, body, battlefieldOnly, depth + 1);
    if (source !== 'Count') return false;
    const space = body.indexOf(' ');
    const dot = body.indexOf('.');
    const head = space > 0 ? body.slice(0, space) : dot > 0 ? body.slice(0, dot) : body;
    if (battlefieldOnly && !BATTLEFIELD_COUNTS.has(head)) return false;
    if (PLAIN_COUNTS.has(body)) return true;
    if (space > 0) return COUNTS_OF_ZONES.has(head) && selectorIsPlain(body.slice(space + 1));
    return dot > 0 && PLAIN_DOTTED_COUNTS.has(head) && selectorIsPlain(body.slice(dot + 1));
  }
  const body = svarText(ref, t);
  return body === undefined || valueIsPlain(ref, body, battlefieldOnly, depth + 1);
}

/** Whether a comparison (`GE1`, `LTX`) reads only plain values. */
function comparisonIsPlain(ref: NodeRef, text: string, battlefieldOnly: boolean): boolean {
  const m = /^(LT|LE|EQ|NE|GE|GT)(.+)$/.exec(text);
  return m === null || valueIsPlain(ref, m[2]!, battlefieldOnly);
}

/** `Condition$` words (conditions.ts `conditionWord`) that read only zone contents and characteristics. */
const PLAIN_CONDITION_WORDS = new Set(['Threshold', 'Hellbent', 'Metalcraft', 'Delirium']);

/**
 * Whether a static's conditions (conditions.ts `conditionsHold`) read anything `touch` does not
 * guard: present-counts with plain selectors, plain values and the zone-count words are plain;
 * whose turn it is, and anything else, is not. With `battlefieldOnly`, whether they read anything
 * but that and the battlefield (a graveyard, a hand: then a move between such zones matters).
 */
function conditionsAreVolatile(ref: NodeRef, battlefieldOnly = false): boolean {
  for (const [present, cmp, zone] of [
    ['IsPresent', 'PresentCompare', 'PresentZone'],
    ['IsPresent2', 'PresentCompare2', 'PresentZone2'],
  ] as const) {
    const selector = param(ref, present);
    if (selector === undefined) continue;
    if (!selectorIsPlain(selector) || !comparisonIsPlain(ref, param(ref, cmp) ?? 'GE1', battlefieldOnly)) return true;
    if (battlefieldOnly && (param(ref, zone) ?? 'Battlefield') !== 'Battlefield') return true;
  }
  for (const [check, cmp] of [
    ['CheckSVar', 'SVarCompare'],
    ['CheckSecondSVar', 'SecondSVarCompare'],
  ] as const) {
    const value = param(ref, check);
    if (value === undefined) continue;
    if (!valueIsPlain(ref, value, battlefieldOnly) || !comparisonIsPlain(ref, param(ref, cmp) ?? 'GE1', battlefieldOnly)) return true;
  }
  const word = param(ref, 'Condition');
  if (word !== undefined && !(battlefieldOnly ? word === 'Metalcraft' : PLAIN_CONDITION_WORDS.has(word))) return true;
  // `CheckDefinedPlayer$ You.isMonarch` reads a player's state, not zone contents.
  return (
    param(ref, 'PlayerTurn') !== undefined ||
    param(ref, 'OpponentTurn') !== undefined ||
    param(ref, 'CheckDefinedPlayer') !== undefined ||
    param(ref, 'LifeTotal') !== undefined ||
    // The top card of a library changes with a draw, a shuffle or a reordering, none of them a `touch`.
    param(ref, 'TopCardOfLibraryIs') !== undefined
  );
}

const COLOUR_NAME: Record<string, string> = { white: 'W', blue: 'U', black: 'B', red: 'R', green: 'G' };

/**
 * `Red`, `White,Blue`, `Colorless` → colour letters.
 *
 * @example
 * ```ts
 * colourLetters('White,Blue'); // ['W', 'U']
 * ```
 */
export function colourLetters(text: string): string[] {
  const out: string[] = [];
  for (const w of text.split(/[,&\s]+/)) {
    const c = COLOUR_NAME[w.trim().toLowerCase()];
    if (c && !out.includes(c)) out.push(c);
  }
  return ['W', 'U', 'B', 'R', 'G'].filter((c) => out.includes(c));
}

function durationLive(g: G, e: ContinuousEffect): boolean {
  const d = e.duration;
  if (d.until === 'host-leaves' || d.until === 'host-untaps') {
    const h = maybeObj(g, d.host);
    return h !== undefined && h.inc === d.inc && h.zone === 'battlefield' && (d.until === 'host-leaves' || h.tapped);
  }
  return true;
}

/** The effects every computation applies, in timestamp order. */
function appliers(g: G, current: CharsTable): Applier[] {
  const out: Applier[] = [];
  // Collected first, before any value is counted: a count may read a card in another zone, whose
  // characteristics these effects change.
  const offZone: Applier[] = [];
  offZoneAppliers.set(current, offZone);
  for (const pile of HOST_PILES) {
    for (const id of g.s.zones[pile]!) {
      const o = g.s.objects[id]!;
      const c = current[id]!;
      for (const key of c.statics) {
        const ref = resolveNode(g.registry, key);
        const st = compiledStatic(ref);
        if (!st.continuous || st.offZones.size === 0 || st.where === 'never' || (st.where === 'command' && o.zone !== 'command')) continue;
        offZone.push({ st, timestamp: o.timestamp, host: id, controller: c.controller, mods: st.mods, ref, cda: st.cda, layers: st.layers });
      }
    }
  }
  offZone.sort((a, b) => a.timestamp - b.timestamp);
  for (const pile of HOST_PILES) {
    for (const id of g.s.zones[pile]!) {
      const o = g.s.objects[id]!;
      const c = current[id]!;
      for (const key of c.statics) {
        const ref = resolveNode(g.registry, key);
        const st = compiledStatic(ref);
        if (!st.continuous || st.where === 'never' || (st.where === 'command' && o.zone !== 'command')) continue;
        if (st.volatile) g.cache.charsVolatile = true;
        if (st.readsZones) g.cache.charsReadZones = true;
        let mods = st.mods;
        if (st.gainControl || st.dynamic.length > 0) {
          mods = { ...mods };
          if (st.gainControl) mods.control = c.controller;
          const run: Run = { g, you: c.controller, host: id, ref };
          for (const [field, text] of st.dynamic) mods[field] = evalNumber(run, text);
        }
        const a: Applier = {
          st,
          timestamp: o.timestamp,
          host: id,
          controller: c.controller,
          mods,
          ref,
          cda: st.cda,
          layers: st.layers,
          ...(st.perObject ? { perObject: st.perObject } : {}),
        };
        if (st.onBattlefield) out.push(a);
      }
    }
  }
  for (const e of g.s.effects) {
    // "Until its host untaps" reads whether it is tapped, which changes with `touchState`.
    if (e.duration.until === 'host-untaps') g.cache.charsVolatile = true;
    if (!durationLive(g, e)) continue;
    const affected = new Set<number>();
    for (const r of e.affected) {
      if ('card' in r) {
        const t = maybeObj(g, r.card);
        if (t && t.inc === r.inc) affected.add(r.card);
      }
    }
    out.push({
      timestamp: e.timestamp,
      host: e.source,
      controller: e.controller,
      mods: e.mods,
      affected,
      cda: false,
      layers: layerMask(e.mods, undefined, false),
    });
  }
  out.sort((a, b) => a.timestamp - b.timestamp);
  return out;
}

/**
 * The effects of statics with an `AffectedZone$` other than the battlefield, per computation (the
 * map it fills), in timestamp order: applied to a card in one of those zones as it is read.
 */
const offZoneAppliers = new WeakMap<CharsTable, Applier[]>();

/** The zones whose objects' statics apply (CR 113.6: a static of a permanent, or of an emblem or effect in the command zone). */
const HOST_PILES = ['battlefield', 'command'] as const;

/**
 * The layers, in order, and after them `rules`: a conditional restriction written as a hidden
 * keyword (Rhonas the Indomitable's "can't attack or block unless you control another creature
 * with power 4 or greater"). Such a restriction is no ability (CR 613 does not apply it); it is
 * checked as attackers or blockers are declared (CR 508.1c, 509.1b) against the creatures as they
 * are then, so its condition is read once every layer, P/T included, has applied.
 */
type Layer = 'control' | 'type' | 'colour' | 'ability' | 'cda' | 'set' | 'modify' | 'switch' | 'rules';
const LAYERS: readonly Layer[] = ['control', 'type', 'colour', 'ability', 'cda', 'set', 'modify', 'switch', 'rules'];
const LAYER_BIT: Record<Layer, number> = { control: 1, type: 2, colour: 4, ability: 8, cda: 16, set: 32, modify: 64, switch: 128, rules: 256 };

/** The layers modifications apply in, as bits of `LAYER_BIT`. */
function layerMask(m: Mods, p: Applier['perObject'], cda: boolean): number {
  let mask = 0;
  for (const layer of LAYERS) if (inLayer(m, p, cda, layer)) mask |= LAYER_BIT[layer];
  return mask;
}

function inLayer(m: Mods, p: Applier['perObject'], cda: boolean, layer: Layer): boolean {
  switch (layer) {
    case 'control':
      return m.control !== undefined;
    case 'type':
      return (
        m.addTypes !== undefined || m.removeTypes !== undefined || m.removeCreatureTypes === true || m.removeLandTypes === true || m.removeIntrinsic === true
      );
    case 'colour':
      return m.setColours !== undefined || m.addColours !== undefined;
    case 'ability':
      return (
        m.addKeywords !== undefined ||
        m.removeKeywords !== undefined ||
        m.removeAllAbilities === true ||
        m.overwriteSpells === true ||
        m.addAbilities !== undefined ||
        m.addTriggers !== undefined ||
        m.addStatics !== undefined ||
        m.addReplacements !== undefined
      );
    case 'cda':
      return cda && (m.setPower !== undefined || m.setToughness !== undefined || p?.setPower !== undefined || p?.setToughness !== undefined);
    case 'set':
      return !cda && (m.setPower !== undefined || m.setToughness !== undefined || p?.setPower !== undefined || p?.setToughness !== undefined);
    case 'modify':
      return m.addPower !== undefined || m.addToughness !== undefined || p?.addPower !== undefined || p?.addToughness !== undefined;
    case 'switch':
      return m.switchPT === true;
    case 'rules':
      // Only a static compiled as a restriction applies here (compileStatic), never an effect's mods.
      return false;
  }
}

const CARD_TYPE_WORDS = new Set(['Artifact', 'Creature', 'Enchantment', 'Land', 'Planeswalker', 'Instant', 'Sorcery', 'Tribal', 'Battle']);
const SUPERTYPE_WORDS = new Set(['Basic', 'Legendary', 'Snow', 'World']);
const LAND_TYPES = new Set(['Plains', 'Island', 'Swamp', 'Mountain', 'Forest', 'Desert', 'Gate', 'Lair', 'Locus', 'Mine', 'Power-Plant', 'Tower', "Urza's"]);

function applyLayer(g: G, layer: Layer, a: Applier, c: Chars, target: GameObject): Chars {
  const m = a.mods;
  switch (layer) {
    case 'control':
      return { ...c, controller: m.control! };
    case 'type': {
      let { cardTypes, subtypes, supertypes } = c;
      if (m.removeCreatureTypes) subtypes = subtypes.filter((t) => LAND_TYPES.has(t));
      if (m.removeLandTypes) subtypes = subtypes.filter((t) => !LAND_TYPES.has(t));
      if (m.removeIntrinsic) c = withoutIntrinsic(g, target, c, m.addTypes ?? []);
      for (const t of m.removeTypes ?? []) {
        cardTypes = cardTypes.filter((x) => x !== t);
        subtypes = subtypes.filter((x) => x !== t);
        supertypes = supertypes.filter((x) => x !== t);
      }
      for (const word of m.addTypes ?? []) {
        // "are the chosen type in addition to their other types" (Arcane Adaptation): the creature
        // type chosen for the effect's source as it entered; nothing while none was chosen.
        const t = word === 'ChosenType' ? g.s.objects[a.host]?.chosen.type : word;
        if (t === undefined) continue;
        if (CARD_TYPE_WORDS.has(t)) {
          if (!cardTypes.includes(t)) cardTypes = [...cardTypes, t];
        } else if (SUPERTYPE_WORDS.has(t)) {
          if (!supertypes.includes(t)) supertypes = [...supertypes, t];
        } else if (t === 'AllCreatureTypes') {
          if (!c.keywords.includes('Changeling')) c = { ...c, keywords: [...c.keywords, 'Changeling'] };
        } else if (!subtypes.includes(t)) subtypes = [...subtypes, t];
      }
      return { ...c, cardTypes, subtypes, supertypes };
    }
    case 'colour': {
      let colours = m.setColours ?? c.colours;
      for (const x of m.addColours ?? []) if (!colours.includes(x)) colours = [...colours, x];
      return { ...c, colours };
    }
    case 'ability': {
      let out = c;
      if (m.removeAllAbilities) out = { ...out, keywords: [], abilities: [], triggers: [], statics: [], replacements: [] };
      if (m.removeKeywords) {
        const gone = new Set(m.removeKeywords.map((k) => keywordOf(k).name));
        out = { ...out, keywords: out.keywords.filter((k) => !gone.has(keywordOf(k).name) && !m.removeKeywords!.includes(k)) };
      }
      if (m.addKeywords) out = { ...out, keywords: [...out.keywords, ...(a.st?.hostBound ? hostBound(g, a.host, m.addKeywords) : m.addKeywords)] };
      if (m.overwriteSpells) out = { ...out, abilities: out.abilities.filter((k) => resolveNode(g.registry, k).node.record !== 'SP') };
      if (m.addAbilities) out = { ...out, abilities: [...out.abilities, ...m.addAbilities] };
      if (m.addTriggers) out = { ...out, triggers: [...out.triggers, ...m.addTriggers] };
      if (m.addStatics) out = { ...out, statics: [...out.statics, ...m.addStatics] };
      if (m.addReplacements) out = { ...out, replacements: [...out.replacements, ...m.addReplacements] };
      return out;
    }
    case 'cda':
    case 'set': {
      if (!c.cardTypes.includes('Creature') && c.power === null) return c;
      const run = perObjectRun(g, a, target);
      const power = a.perObject?.setPower !== undefined ? evalNumber(run, a.perObject.setPower) : m.setPower;
      const toughness = a.perObject?.setToughness !== undefined ? evalNumber(run, a.perObject.setToughness) : m.setToughness;
      return { ...c, power: power ?? c.power, toughness: toughness ?? c.toughness };
    }
    case 'modify': {
      if (c.power === null && c.toughness === null) return c;
      const run = perObjectRun(g, a, target);
      const dp = a.perObject?.addPower !== undefined ? evalNumber(run, a.perObject.addPower) : (m.addPower ?? 0);
      const dt = a.perObject?.addToughness !== undefined ? evalNumber(run, a.perObject.addToughness) : (m.addToughness ?? 0);
      return { ...c, power: (c.power ?? 0) + dp, toughness: (c.toughness ?? 0) + dt };
    }
    case 'switch':
      return { ...c, power: c.toughness, toughness: c.power };
    case 'rules':
      return { ...c, keywords: [...c.keywords, ...(m.addKeywords ?? [])] };
  }
}

/**
 * CR 305.7: a land whose subtype an effect sets to basic land types loses the abilities of its
 * rules text (what it has before any continuous effect: printed or copied, with its text changes)
 * and has the intrinsic mana ability of each of those types (305.6), the ability of the basic
 * land card of that name (`Mountain|0|a|0`). Abilities other effects grant stay.
 */
function withoutIntrinsic(g: G, o: GameObject, c: Chars, added: readonly string[]): Chars {
  const own = o.textChanges ? withText(g, o, baseChars(g, o)) : baseChars(g, o);
  const drop = (mine: readonly string[], now: readonly string[]): string[] => now.filter((k) => !mine.includes(k));
  const abilities = drop(own.abilities, c.abilities);
  for (const t of added) {
    if (!BASIC_LAND_TYPES.has(t) || !cardNamed(g.registry, t)) continue;
    for (const k of printedChars(g.registry, t, 0, c.controller).abilities) if (!abilities.includes(k)) abilities.push(k);
  }
  return {
    ...c,
    keywords: drop(own.keywords, c.keywords),
    abilities,
    triggers: drop(own.triggers, c.triggers),
    statics: drop(own.statics, c.statics),
    replacements: drop(own.replacements, c.replacements),
  };
}

const BASIC_LAND_TYPES = new Set(['Plains', 'Island', 'Swamp', 'Mountain', 'Forest']);

/**
 * The context a per-object value (`SetPower$ AffectedX`) is read in: the affected object is the
 * card the value is about (Opalescence's and March of the Machines's `Count$CardManaCost` is each
 * affected card's mana value, Coat of Arms's `sharesCreatureTypeWith+Other` counts the others
 * sharing a type with it), the static's card still holds the SVars.
 */
function perObjectRun(g: G, a: Applier, target: GameObject): Run {
  return { g, you: a.controller, host: a.perObject ? target.id : a.host, ...(a.ref ? { ref: a.ref } : {}), replaced: { Affected: target.id } };
}

const PT_COUNTER = /^([PM])(\d+)([PM])(\d+)$/;

/** +1/+1 and -1/-1 style counters' effect on P/T (CR 613.4c). */
function counterPT(o: GameObject): [number, number] {
  let p = 0;
  let t = 0;
  for (const kind in o.counters) {
    const n = o.counters[kind]!;
    const m = PT_COUNTER.exec(kind);
    if (!m || n <= 0) continue;
    p += (m[1] === 'P' ? 1 : -1) * Number(m[2]) * n;
    t += (m[3] === 'P' ? 1 : -1) * Number(m[4]) * n;
  }
  return [p, t];
}

/**
 * Notes when a permanent's controller changed through a layer-2 effect (an Aura like Control
 * Magic): from then on it has not been controlled continuously since its controller's turn began
 * (CR 302.6). Called by the engine at fixed points (every state check), never from a read, so a
 * controller looking at a view can never change the state.
 * @example
 * ```ts
 * noteControlChanges(g); // a creature just taken by Control Magic is now summoning sick
 * ```
 */
export function noteControlChanges(g: G): void {
  // Controllers are characteristics and the battlefield is a zone: unchanged while the shape is.
  if (g.cache.controlNoted === g.shape) return;
  for (const id of g.s.zones['battlefield']!) {
    const o = g.s.objects[id]!;
    const c = chars(g, o);
    if (c.controller !== o.lastController) {
      o.lastController = c.controller;
      o.controlSince = nextTick(g);
      // Neither is a characteristic; a selector reading them (`notFirstTurnControlled`) is volatile.
      touchState(g);
    }
  }
  g.cache.controlNoted = g.shape;
}

/** The number of whole-battlefield computations so far (every game; the verifier's not counted): for profiling and tests. */
export const layerStats = { recomputes: 0 };

function recompute(g: G): void {
  layerStats.recomputes++;
  const current: CharsTable = [];
  const cache = g.cache;
  cache.chars = current;
  cache.version = g.version;
  cache.charsValid = true;
  cache.charsVolatile = false;
  cache.charsReadZones = false;
  const battlefield = g.s.zones['battlefield']!;
  for (const pile of HOST_PILES) {
    for (const id of g.s.zones[pile]!) {
      const o = g.s.objects[id]!;
      current[id] = o.textChanges ? withText(g, o, baseChars(g, o)) : baseChars(g, o);
    }
  }
  const all = appliers(g, current);
  let used = 0;
  for (const a of all) used |= a.layers;
  for (const layer of LAYERS) {
    const bit = LAYER_BIT[layer];
    if (layer === 'modify') {
      // Counters apply in layer 7c with effects (CR 613.4c); their order does not matter for sums.
      for (const id of battlefield) {
        const o = g.s.objects[id]!;
        const [dp, dt] = counterPT(o);
        if (dp === 0 && dt === 0) continue;
        const c = current[id]!;
        if (c.power !== null || c.toughness !== null) current[id] = { ...c, power: (c.power ?? 0) + dp, toughness: (c.toughness ?? 0) + dt };
      }
    }
    // A layer no effect applies in changes nothing.
    if ((used & bit) === 0) continue;
    for (const a of layerOrder(g, layer, all, current, battlefield)) {
      if (!a.affected) {
        if (!a.ref || !a.st) continue;
        a.affected = affectedSet(g, a, current, battlefield);
      }
      for (const id of a.affected) {
        const o = g.s.objects[id];
        const c = current[id];
        if (!o || !c || o.zone !== 'battlefield') continue;
        current[id] = applyLayer(g, layer, a, c, o);
      }
    }
  }
}

/**
 * The objects a static's effect applies to, determined as it starts to apply (CR 613.6), in the
 * characteristics `current` holds: none when its conditions do not hold, or when the ability
 * generating it no longer exists, removed by an effect applied before it (CR 613.8a: Blood Moon
 * taking Urborg's ability in layer 4; Humility a creature's static in layer 6, whose effect would
 * start in layer 7).
 */
function affectedSet(g: G, a: Applier, current: Readonly<CharsTable>, battlefield: readonly number[]): Set<number> {
  const st = a.st!;
  const ref = a.ref!;
  const host = current[a.host];
  if (host && !host.statics.includes(ref.key)) return new Set();
  const run: Run = { g, you: a.controller, host: a.host, ref, charsOf: (o) => current[o.id] ?? baseChars(g, o) };
  if (st.conditional && !conditionsHold(run, ref)) return new Set();
  const selector = st.selector;
  const set = new Set<number>();
  // A characteristic-defining ability defines its own object's characteristics (CR 604.3),
  // whether or not the script writes `Affected$` (Nightmare, Uktabi Wildcats do not).
  if (a.cda) set.add(a.host);
  else if (selector !== undefined) {
    if (st.selfOnly) {
      // `Card.Self`: no other object can match, and testing them would record nothing.
      const o = g.s.objects[a.host];
      if (o && o.zone === 'battlefield' && matchesCard(run, selector, seen(run, o))) set.add(a.host);
    } else {
      for (const id of battlefield) {
        const o = g.s.objects[id]!;
        if (matchesCard(run, selector, seen(run, o))) set.add(id);
      }
    }
  }
  return set;
}

/** Selector words that read power or toughness (`powerLE2`, `toughnessGE4`): what the P/T layers change. */
const READS_PT = /power|toughness/i;

/**
 * The effects of one layer in the order they apply (CR 613.7–613.8): timestamp order, except
 * that an effect that depends on others waits until all of them have applied (613.8b). Effect A
 * depends on effect B of the same layer when applying B first would change whether A exists or
 * what A applies to (613.8a), neither being a characteristic-defining ability (613.8a(c): those
 * apply first, 613.3). Only effects of static abilities that have not started to apply can wait:
 * a resolved effect's objects are locked (611.2c), and one that started in an earlier layer keeps
 * its set (613.6). What an effect does to its objects never depends here: its counted values are
 * read once per computation, before layer 1. Effects in a dependency loop apply in timestamp
 * order (613.8b).
 *
 * It is worked out only where a dependency can arise (two or more static effects starting in a
 * type, control or colour layer; an ability layer with an effect that removes abilities or a
 * selector that reads keywords; a P/T layer with a selector reading P/T), so a computation with
 * none of these (nearly all of them) pays one scan of the list.
 */
function layerOrder(g: G, layer: Layer, all: readonly Applier[], current: Readonly<CharsTable>, battlefield: readonly number[]): Applier[] {
  const bit = LAYER_BIT[layer];
  const list = all.filter((a) => (a.layers & bit) !== 0);
  const waiting = list.filter((a) => !a.affected && a.st && a.ref && !a.cda);
  if (waiting.length < 2 || !mayDepend(layer, list, waiting)) return list;
  // What each waiting effect would exist as and apply to, applied now, and after each other effect.
  const key = (a: Applier, chars: Readonly<CharsTable>): string => [...affectedSet(g, a, chars, battlefield)].join(',');
  const alone = new Map(waiting.map((a) => [a, key(a, current)]));
  const deps = new Map<Applier, Set<Applier>>(waiting.map((a) => [a, new Set()]));
  for (const b of list) {
    if (b.cda) continue;
    const after = current.slice();
    const objects = b.affected ?? affectedSet(g, b, current, battlefield);
    let changed = false;
    for (const id of objects) {
      const o = g.s.objects[id];
      const c = after[id];
      if (!o || !c || o.zone !== 'battlefield') continue;
      after[id] = applyLayer(g, layer, b, c, o);
      changed = true;
    }
    if (!changed) continue;
    for (const a of waiting) if (a !== b && key(a, after) !== alone.get(a)) deps.get(a)!.add(b);
  }
  if ([...deps.values()].every((d) => d.size === 0)) return list;
  // 613.8b: the earliest effect none of whose dependencies is still to apply goes next; when
  // every one left waits for another (a loop), the earliest of them.
  const out: Applier[] = [];
  const left = [...list];
  while (left.length > 0) {
    const ready = left.findIndex((a) => ![...(deps.get(a) ?? [])].some((d) => left.includes(d)));
    out.push(left.splice(ready < 0 ? 0 : ready, 1)[0]!);
  }
  return out;
}

/** Whether an effect of the layer can depend on another of it at all (cheap tests on compiled statics). */
function mayDepend(layer: Layer, list: readonly Applier[], waiting: readonly Applier[]): boolean {
  switch (layer) {
    case 'control':
    case 'type':
    case 'colour':
      return true;
    case 'ability':
      return list.some((b) => b.mods.removeAllAbilities === true) || waiting.some((a) => a.st!.selector !== undefined && a.st!.selector.includes('with'));
    default:
      return waiting.some((a) => a.st!.selector !== undefined && READS_PT.test(a.st!.selector));
  }
}

/**
 * Checks the cached characteristics against a computation from scratch (strict games, at every
 * decision; tests): every cached object's characteristics must be equal. The check reads into a
 * fresh cache and puts the game's back, so it changes nothing, not even what was recorded as
 * unsupported. A mismatch is an `mtg/invariant` error naming the object: a change that should
 * have been a `touch` was a `touchState` (or no touch at all).
 * @example
 * ```ts
 * verifyChars(g); // throws mtg/invariant when the cache is stale
 * ```
 */
export function verifyChars(g: G): void {
  const kept = g.cache;
  if (!kept.charsValid) return;
  const unsupportedBefore = g.unsupported.size;
  const recomputes = layerStats.recomputes;
  const fresh: Caches = { version: -1, chars: [], derived: new Map(), derivedVersion: -1 };
  g.cache = fresh;
  let bad: string | undefined;
  try {
    for (let id = 0; id < kept.chars.length; id++) {
      const cached = kept.chars[id];
      const o = g.s.objects[id];
      if (!o || !cached) continue;
      const now = chars(g, o);
      if (JSON.stringify(now) !== JSON.stringify(cached)) {
        bad = `cached characteristics of object ${id} (${now.name || 'face-down'}, ${o.zone}) are stale: cached ${JSON.stringify(cached)}, now ${JSON.stringify(now)} (computed at version ${kept.version}, now ${g.version}); the change since was not a touch()`;
        break;
      }
    }
  } finally {
    g.cache = kept;
    // The check's own computation is not one of the game's.
    layerStats.recomputes = recomputes;
    if (g.unsupported.size !== unsupportedBefore) for (const w of [...g.unsupported].slice(unsupportedBefore)) g.unsupported.delete(w);
  }
  if (bad !== undefined) invariant(g, bad);
}
