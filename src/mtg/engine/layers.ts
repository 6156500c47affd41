/**
 * Characteristics after continuous effects, applied in layers (CR 613): 1 copy, 2 control,
 * 3 text, 4 type, 5 colour, 6 abilities, 7a characteristic-defining P/T, 7b P/T setting, 7c P/T
 * modifying (effects and counters), 7d switching. Within a layer effects apply in timestamp
 * order (CR 613.7); dependencies (CR 613.8) are not modelled. An effect from a static ability
 * determines its affected set at the first layer it applies in (CR 613.6); one from a resolved
 * spell or ability has it locked at resolution (CR 611.2c).
 *
 * The whole battlefield is computed in one pass and cached until the state changes (`touch`).
 *
 * Text changes (layer 3, CR 613.1c) come only from resolved spells and abilities and are recorded
 * on the object they change (`textChanges`); they are applied right after the copiable values,
 * before any static ability is read, since what a static says is itself text they change.
 */
import type { Seat } from './choice.js';
import {
  cardNamed,
  changeWords,
  keywordOf,
  param,
  printedChars,
  resolveNode,
  splitKeywords,
  textKey,
  tokenChars,
  type NodeRef,
  type WordSwap,
} from './cards.js';
import { derived, maybeObj, nextTick, touch, unsupported, type G, type Run } from './context.js';
import { conditionsHold } from './conditions.js';
import { canMatchPlayers, matchesCard, matchesPlayer, seen } from './select.js';
import { evalNumber } from './values.js';
import { registerPrimitive } from '../cards/index.js';
import type { Chars, ContinuousEffect, GameObject, Mods, TextChange } from './types.js';

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

const baseCache = new WeakMap<
  G,
  Map<number, { card: string; face: number; controller: Seat; copyOf: unknown; token: unknown; faceDown: boolean; chars: Chars }>
>();

/** Printed (or copied, or token) characteristics: layer 1 (CR 613.2), cached per object. */
function baseChars(g: G, o: GameObject): Chars {
  let cache = baseCache.get(g);
  if (!cache) baseCache.set(g, (cache = new Map()));
  const hit = cache.get(o.id);
  if (
    hit &&
    hit.card === o.card &&
    hit.face === o.face &&
    hit.controller === o.controller &&
    hit.copyOf === o.copyOf &&
    hit.token === o.token &&
    hit.faceDown === o.faceDown
  )
    return hit.chars;
  const chars = definingKeywords(computeBaseChars(g, o));
  cache.set(o.id, { card: o.card, face: o.face, controller: o.controller, copyOf: o.copyOf, token: o.token, faceDown: o.faceDown, chars });
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

function computeBaseChars(g: G, o: GameObject): Chars {
  if (o.faceDown) {
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
    return extra.length === 0 ? base : { ...base, cardTypes: [...base.cardTypes, ...extra.filter((t) => !base.cardTypes.includes(t))] };
  }
  if (o.token) {
    if (o.token.script && cardNamed(g.registry, o.token.script)) return printedChars(g.registry, o.token.script, 0, o.controller);
    return tokenChars(o.token, o.controller);
  }
  return printedChars(g.registry, o.card, o.face, o.controller);
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
  if (g.cache.version !== g.version) recompute(g);
  let c = g.cache.chars.get(o.id);
  if (!c) {
    // The printed values stand in while its own characteristic-defining abilities are read, so
    // a Lhurgoyf counting the graveyard it is in does not read itself forever.
    g.cache.chars.set(o.id, baseChars(g, o));
    c = offBattlefieldChars(g, o);
    g.cache.chars.set(o.id, c);
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
    if (ref.node.head !== 'Continuous' || param(ref, 'CharacteristicDefining') !== 'True') continue;
    const run: Run = { g, you: o.controller, host: o.id, ref };
    const sp = param(ref, 'SetPower');
    const st = param(ref, 'SetToughness');
    if (sp !== undefined) c = { ...c, power: evalNumber(run, sp) };
    if (st !== undefined) c = { ...c, toughness: evalNumber(run, st) };
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

/** Reads a `Mode$ Continuous` static's modifications. */
function staticMods(g: G, ref: NodeRef, host: GameObject, controller: Seat): { mods: Mods; perObject: Applier['perObject']; cda: boolean } {
  const mods: Mods = {};
  const perObject: NonNullable<Applier['perObject']> = {};
  const run: Run = { g, you: controller, host: host.id, ref };
  const cda = param(ref, 'CharacteristicDefining') === 'True';
  const gain = param(ref, 'GainControl');
  if (gain !== undefined) mods.control = controller;
  const addType = param(ref, 'AddType');
  if (addType !== undefined) mods.addTypes = addType.split('&').map((s) => s.trim());
  const removeType = param(ref, 'RemoveType');
  if (removeType !== undefined) mods.removeTypes = removeType.split('&').map((s) => s.trim());
  if (param(ref, 'RemoveCreatureTypes') === 'True') mods.removeCreatureTypes = true;
  const setColour = param(ref, 'SetColor');
  if (setColour !== undefined) mods.setColours = colourLetters(setColour);
  const addColour = param(ref, 'AddColor');
  if (addColour !== undefined) mods.addColours = colourLetters(addColour);
  const addKw = [
    ...(param(ref, 'AddKeyword') !== undefined ? splitKeywords(param(ref, 'AddKeyword')!) : []),
    ...(param(ref, 'AddHiddenKeyword') !== undefined ? splitKeywords(param(ref, 'AddHiddenKeyword')!) : []),
  ];
  if (addKw.length > 0) mods.addKeywords = addKw;
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
    else mods[field] = evalNumber(run, text);
  }
  return { mods, perObject: Object.keys(perObject).length > 0 ? perObject : undefined, cda };
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
function appliers(g: G, current: Map<number, Chars>): Applier[] {
  const out: Applier[] = [];
  const hosts = [...g.s.zones['battlefield']!, ...g.s.zones['command']!];
  for (const id of hosts) {
    const o = g.s.objects[id]!;
    const c = current.get(id)!;
    for (const key of c.statics) {
      const ref = resolveNode(g.registry, key);
      if (ref.node.head !== 'Continuous') continue;
      const zone = param(ref, 'EffectZone');
      if (zone !== undefined && zone !== 'Battlefield' && zone !== 'All' && !(zone === 'Command' && o.zone === 'command')) continue;
      if (param(ref, 'AffectedZone') !== undefined && param(ref, 'AffectedZone') !== 'Battlefield') {
        unsupported(g, 'static:AffectedZone');
        continue;
      }
      const { mods, perObject, cda } = staticMods(g, ref, o, c.controller);
      out.push({ timestamp: o.timestamp, host: id, controller: c.controller, mods, ref, cda, ...(perObject ? { perObject } : {}) });
    }
  }
  for (const e of g.s.effects) {
    if (!durationLive(g, e)) continue;
    const affected = new Set<number>();
    for (const r of e.affected) {
      if ('card' in r) {
        const t = maybeObj(g, r.card);
        if (t && t.inc === r.inc) affected.add(r.card);
      }
    }
    out.push({ timestamp: e.timestamp, host: e.source, controller: e.controller, mods: e.mods, affected, cda: false });
  }
  out.sort((a, b) => a.timestamp - b.timestamp);
  return out;
}

type Layer = 'control' | 'type' | 'colour' | 'ability' | 'cda' | 'set' | 'modify' | 'switch';
const LAYERS: readonly Layer[] = ['control', 'type', 'colour', 'ability', 'cda', 'set', 'modify', 'switch'];

function inLayer(a: Applier, layer: Layer): boolean {
  const m = a.mods;
  const p = a.perObject;
  switch (layer) {
    case 'control':
      return m.control !== undefined;
    case 'type':
      return m.addTypes !== undefined || m.removeTypes !== undefined || m.removeCreatureTypes === true;
    case 'colour':
      return m.setColours !== undefined || m.addColours !== undefined;
    case 'ability':
      return (
        m.addKeywords !== undefined ||
        m.removeKeywords !== undefined ||
        m.removeAllAbilities === true ||
        m.addAbilities !== undefined ||
        m.addTriggers !== undefined ||
        m.addStatics !== undefined ||
        m.addReplacements !== undefined
      );
    case 'cda':
      return a.cda && (m.setPower !== undefined || m.setToughness !== undefined || p?.setPower !== undefined || p?.setToughness !== undefined);
    case 'set':
      return !a.cda && (m.setPower !== undefined || m.setToughness !== undefined || p?.setPower !== undefined || p?.setToughness !== undefined);
    case 'modify':
      return m.addPower !== undefined || m.addToughness !== undefined || p?.addPower !== undefined || p?.addToughness !== undefined;
    case 'switch':
      return m.switchPT === true;
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
      for (const t of m.removeTypes ?? []) {
        cardTypes = cardTypes.filter((x) => x !== t);
        subtypes = subtypes.filter((x) => x !== t);
        supertypes = supertypes.filter((x) => x !== t);
      }
      for (const t of m.addTypes ?? []) {
        if (t === 'ChosenType') continue;
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
      if (m.addKeywords) out = { ...out, keywords: [...out.keywords, ...m.addKeywords] };
      if (m.addAbilities) out = { ...out, abilities: [...out.abilities, ...m.addAbilities] };
      if (m.addTriggers) out = { ...out, triggers: [...out.triggers, ...m.addTriggers] };
      if (m.addStatics) out = { ...out, statics: [...out.statics, ...m.addStatics] };
      if (m.addReplacements) out = { ...out, replacements: [...out.replacements, ...m.addReplacements] };
      return out;
    }
    case 'cda':
    case 'set': {
      if (!c.cardTypes.includes('Creature') && c.power === null) return c;
      const run: Run = { g, you: a.controller, host: a.host, ...(a.ref ? { ref: a.ref } : {}), replaced: { Affected: target.id } };
      const power = a.perObject?.setPower !== undefined ? evalNumber(run, a.perObject.setPower) : m.setPower;
      const toughness = a.perObject?.setToughness !== undefined ? evalNumber(run, a.perObject.setToughness) : m.setToughness;
      return { ...c, power: power ?? c.power, toughness: toughness ?? c.toughness };
    }
    case 'modify': {
      if (c.power === null && c.toughness === null) return c;
      const run: Run = { g, you: a.controller, host: a.host, ...(a.ref ? { ref: a.ref } : {}), replaced: { Affected: target.id } };
      const dp = a.perObject?.addPower !== undefined ? evalNumber(run, a.perObject.addPower) : (m.addPower ?? 0);
      const dt = a.perObject?.addToughness !== undefined ? evalNumber(run, a.perObject.addToughness) : (m.addToughness ?? 0);
      return { ...c, power: (c.power ?? 0) + dp, toughness: (c.toughness ?? 0) + dt };
    }
    case 'switch':
      return { ...c, power: c.toughness, toughness: c.power };
  }
}

const PT_COUNTER = /^([PM])(\d+)([PM])(\d+)$/;

/** +1/+1 and -1/-1 style counters' effect on P/T (CR 613.4c). */
function counterPT(o: GameObject): [number, number] {
  let p = 0;
  let t = 0;
  for (const [kind, n] of Object.entries(o.counters)) {
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
  for (const id of g.s.zones['battlefield']!) {
    const o = g.s.objects[id]!;
    const c = chars(g, o);
    if (c.controller !== o.lastController) {
      o.lastController = c.controller;
      o.controlSince = nextTick(g);
      touch(g);
    }
  }
}

function recompute(g: G): void {
  const current = new Map<number, Chars>();
  g.cache.chars = current;
  g.cache.version = g.version;
  const hosts = [...g.s.zones['battlefield']!, ...g.s.zones['command']!];
  for (const id of hosts) {
    const o = g.s.objects[id]!;
    current.set(id, o.textChanges ? withText(g, o, baseChars(g, o)) : baseChars(g, o));
  }
  const all = appliers(g, current);
  const live = new Set<Applier>();
  for (const layer of LAYERS) {
    if (layer === 'modify') {
      // Counters apply in layer 7c with effects (CR 613.4c); their order does not matter for sums.
      for (const id of g.s.zones['battlefield']!) {
        const o = g.s.objects[id]!;
        const [dp, dt] = counterPT(o);
        if (dp === 0 && dt === 0) continue;
        const c = current.get(id)!;
        if (c.power !== null || c.toughness !== null) current.set(id, { ...c, power: (c.power ?? 0) + dp, toughness: (c.toughness ?? 0) + dt });
      }
    }
    for (const a of all) {
      if (!inLayer(a, layer)) continue;
      if (!a.affected) {
        if (!a.ref) continue;
        const run: Run = { g, you: a.controller, host: a.host, ref: a.ref, charsOf: (o) => current.get(o.id) ?? baseChars(g, o) };
        if (!conditionsHold(run, a.ref)) {
          a.affected = new Set();
          continue;
        }
        const selector = param(a.ref, 'Affected');
        const set = new Set<number>();
        if (selector !== undefined) {
          for (const id of g.s.zones['battlefield']!) {
            const o = g.s.objects[id]!;
            if (matchesCard(run, selector, seen(run, o))) set.add(id);
          }
        }
        a.affected = set;
      }
      live.add(a);
      for (const id of a.affected) {
        const o = g.s.objects[id];
        const c = current.get(id);
        if (!o || !c || o.zone !== 'battlefield') continue;
        current.set(id, applyLayer(g, layer, a, c, o));
      }
    }
  }
}
