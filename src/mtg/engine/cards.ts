/**
 * The bridge from the compiled card IR to game objects: printed characteristics, and node keys.
 *
 * A node key names one ability, trigger, static or replacement of one face of one card as a
 * string (`Serra Angel|0|a|1`, `Swords to Plowshares|0|v|DBGainLife`), so that the stack,
 * pending triggers and continuous effects can hold nodes in plain JSON and still find the IR
 * node (and the face whose SVars it reads) in constant time.
 */
import { StoryletError } from '../../core/errors.js';
import { paramValue, parseKeyword } from '../cards/index.js';
import type { Card, CardRegistry, Face, ScriptNode } from '../cards/index.js';
import type { Chars, Mods, TextChange, TokenDef } from './types.js';

/** A resolved node key. */
export type NodeRef = {
  key: string;
  node: ScriptNode;
  /** The face whose SVars the node reads. */
  face: Face;
  card: Card;
  /** Parameter lookups already made (`param`), by key as asked; `null` when absent. */
  params?: Record<string, string | null>;
  /** The text changes this node's words went through (CR 612), for SVars read as text. */
  swaps?: readonly WordSwap[];
  /** Whether the node has any of the parameters conditionsHold reads, once asked (conditions.ts). */
  conditional?: boolean;
};

const LIST_OF = { a: 'abilities', t: 'triggers', s: 'statics', r: 'replacements' } as const;
type ListCode = keyof typeof LIST_OF | 'v';

/** Token scripts live beside cards under this name prefix. */
export const TOKEN_PREFIX = 'token:';

/** Per-registry caches: node keys, printed characteristics, parsed keywords. */
type Caches = { nodes: Map<string, NodeRef | null>; printed: Map<string, Chars>; cards: Map<string, Card | null> };
// Cached characteristics are shared and never mutated: the layer system copies what it changes.
const cachesOf = new WeakMap<CardRegistry, Caches>();

// The registry asked last and its caches: a game asks one registry all game long, and node keys
// are resolved hundreds of times a decision.
let lastRegistry: CardRegistry | undefined;
let lastCaches: Caches | undefined;

function caches(registry: CardRegistry): Caches {
  if (registry === lastRegistry) return lastCaches!;
  let c = cachesOf.get(registry);
  if (!c) cachesOf.set(registry, (c = { nodes: new Map(), printed: new Map(), cards: new Map() }));
  lastRegistry = registry;
  lastCaches = c;
  return c;
}

/**
 * A card by the name an object records: a registry card name, or `token:<script>` for a token
 * script.
 *
 * @example
 * ```ts
 * cardNamed(registry, 'Serra Angel')?.faces[0]?.power; // '4'
 * ```
 */
export function cardNamed(registry: CardRegistry, name: string): Card | undefined {
  const c = caches(registry);
  let card = c.cards.get(name);
  if (card === undefined) {
    card = (name.startsWith(TOKEN_PREFIX) ? registry.token(name.slice(TOKEN_PREFIX.length)) : registry.lookup(name)) ?? null;
    c.cards.set(name, card);
  }
  return card ?? undefined;
}

/**
 * Makes a card compiled outside the registry (a board set-up's ability lines) known by its name
 * to this registry's lookups, so its nodes resolve as any card's do. Its name must say what its
 * text is (a content hash), so that adding it again is the same card.
 *
 * @example
 * ```ts
 * addSetupCard(registry, compileScript('setup.txt', 'Name:setup:ab12\nA:AB$ Draw | Cost$ T').card!);
 * ```
 */
export function addSetupCard(registry: CardRegistry, card: Card): void {
  caches(registry).cards.set(card.name, card);
}

/**
 * The node keys of the SVars a comma-separated list names (`Triggers$ TrigA,TrigB`), in the card
 * and face of `ref`: what an effect grants or makes runs its own source's script.
 *
 * @example
 * ```ts
 * svarKeys(ref, param(ref, 'AddTriggers')); // ['Vesuvan Doppelganger|0|v|VesDopUpkeepTrig']
 * ```
 */
export function svarKeys(ref: NodeRef, list: string | undefined): string[] {
  const [card, face] = ref.key.split('|') as [string, string];
  return (list ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '')
    .map((n) => `${card}|${face}|v|${n}`);
}

/**
 * Builds the key of a face's node.
 *
 * @example
 * ```ts
 * nodeKey('Lightning Bolt', 0, 'a', 0); // 'Lightning Bolt|0|a|0'
 * ```
 */
export function nodeKey(card: string, face: number, list: ListCode, index: number | string): string {
  return `${card}|${face}|${list}|${index}`;
}

/**
 * Resolves a node key, or throws `mtg/unknown-node` (an engine bug or a foreign snapshot).
 *
 * @example
 * ```ts
 * resolveNode(registry, 'Lightning Bolt|0|a|0').node.head; // 'DealDamage'
 * ```
 */
export function resolveNode(registry: CardRegistry, key: string): NodeRef {
  const found = tryResolveNode(registry, key);
  if (!found) throw new StoryletError('mtg/unknown-node', `no card node ${JSON.stringify(key)}`, { key });
  return found;
}

/**
 * Like {@link resolveNode}, but `undefined` when the key names nothing.
 *
 * @example
 * ```ts
 * tryResolveNode(registry, 'Nope|0|a|0'); // undefined
 * ```
 */
export function tryResolveNode(registry: CardRegistry, key: string): NodeRef | undefined {
  const c = caches(registry);
  const cached = c.nodes.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const parts = key.split('|');
  let found: NodeRef | null = null;
  if (parts.length === 5) {
    // A text-changed node (`textKey`): the printed node with its words swapped, built once.
    const base = tryResolveNode(registry, parts.slice(0, 4).join('|'));
    const swaps = parseSwaps(parts[4]!);
    if (base && swaps.length > 0)
      found = { key, node: swapNode(base.node, swaps), face: base.face, card: base.card, params: Object.create(null) as ParamCache, swaps };
  } else if (parts.length === 4) {
    const [name, faceText, list, index] = parts as [string, string, ListCode, string];
    const card = cardNamed(registry, name);
    const face = card?.faces[Number(faceText)];
    if (card && face) {
      let node: ScriptNode | undefined;
      if (list === 'v') node = Object.prototype.hasOwnProperty.call(face.svars, index) ? face.svars[index]?.node : undefined;
      else node = face[LIST_OF[list]]?.[Number(index)];
      if (node) found = { key, node, face, card, params: Object.create(null) as ParamCache, swaps: undefined };
    }
  }
  c.nodes.set(key, found);
  return found ?? undefined;
}

/**
 * The node an SVar of `ref`'s face holds, as a NodeRef (`SubAbility$ DBDraw`).
 *
 * @example
 * ```ts
 * svarNode(registry, bolt, 'DBDraw'); // undefined: Lightning Bolt has no such SVar
 * ```
 */
export function svarNode(registry: CardRegistry, ref: NodeRef, svar: string): NodeRef | undefined {
  const [name, face, , , swaps] = ref.key.split('|') as [string, string, string, string, string | undefined];
  // A sub-ability is part of the same text, so a text change follows the chain (CR 612.1).
  const key = nodeKey(name, Number(face), 'v', svar.trim());
  return tryResolveNode(registry, swaps === undefined ? key : `${key}|${swaps}`);
}

/**
 * Adds to `mods` what the keywords it grants mean beyond their names: for each keyword the
 * granting node's face expanded (`face.keywordGrants`: Undying Evil's `KW$ Undying`), the
 * expansion's triggers, abilities, statics and replacements as node keys of that face (as the
 * node reads them, text changes included, CR 612.1), and the keywords it adds. A granted ability
 * is an ability the object has (CR 613.1f, layer 6): it works, and leaves with the keyword.
 *
 * @example
 * ```ts
 * const mods: Mods = { addKeywords: ['Undying'] };
 * addKeywordGrants(undyingEvil, mods); // mods.addTriggers: ['Undying Evil|0|v|Undying-trigger#grant1.4']
 * ```
 */
export function addKeywordGrants(ref: NodeRef, mods: Mods): void {
  const grants = ref.face.keywordGrants;
  if (grants === undefined || mods.addKeywords === undefined) return;
  const [name, face, , , swaps] = ref.key.split('|') as [string, string, string, string, string | undefined];
  const key = (svar: string): string => (swaps === undefined ? nodeKey(name, Number(face), 'v', svar) : `${nodeKey(name, Number(face), 'v', svar)}|${swaps}`);
  const added: string[] = [];
  for (const kw of mods.addKeywords) {
    const grant = Object.prototype.hasOwnProperty.call(grants, kw) ? grants[kw] : undefined;
    if (!grant) continue;
    for (const [list, field] of [
      [grant.triggers, 'addTriggers'],
      [grant.abilities, 'addAbilities'],
      [grant.statics, 'addStatics'],
      [grant.replacements, 'addReplacements'],
    ] as const) {
      if (list.length > 0) mods[field] = [...(mods[field] ?? []), ...list.map(key)];
    }
    added.push(...grant.keywords);
  }
  if (added.length > 0) mods.addKeywords = [...mods.addKeywords, ...added];
}

/**
 * The card face whose SVars an object's keywords name: the copied card, a token's creator, or
 * the object's own card.
 * @example
 * ```ts
 * svarBase(clone); // { card: 'Serra Angel', face: 0 } while it copies an Angel
 * ```
 */
export function svarBase(o: { card: string; face: number; copyOf: { card: string; face: number; def?: TokenDef } | null; token: TokenDef | null }): {
  card: string;
  face: number;
} {
  if (o.copyOf?.def) return o.copyOf.def.script ? { card: o.copyOf.def.script, face: 0 } : (o.copyOf.def.svarsFrom ?? o.copyOf);
  if (o.copyOf) return o.copyOf;
  if (o.token) return o.token.script ? { card: o.token.script, face: 0 } : (o.token.svarsFrom ?? { card: o.card, face: 0 });
  return { card: o.card, face: o.face };
}

/** Parameter lookups already made, by key as asked; `null` records an absent parameter. */
type ParamCache = Record<string, string | null>;

const paramCache = new WeakMap<object, ParamCache>();

/**
 * A parameter of a node, case-insensitively (Forge's parameter maps ignore case). Lookups are
 * cached per node, one property read once made: the rules ask the same few parameters of the
 * same nodes hundreds of times a decision.
 * @example
 * ```ts
 * param(ref, 'NumDmg'); // '3'
 * ```
 */
export function param(ref: NodeRef | ScriptNode, key: string): string | undefined {
  let cache: ParamCache | undefined;
  let params: Record<string, string>;
  if ((ref as NodeRef).node !== undefined) {
    params = (ref as NodeRef).node.params;
    cache = (ref as NodeRef).params ??= Object.create(null) as ParamCache;
  } else {
    params = (ref as ScriptNode).params;
    cache = paramCache.get(params);
    if (!cache) paramCache.set(params, (cache = Object.create(null) as ParamCache));
  }
  const hit = cache[key];
  if (hit !== undefined) return hit === null ? undefined : hit;
  const value = paramValue(params, key);
  cache[key] = value ?? null;
  return value;
}

/**
 * The text of an SVar of the node's face (`SVar:X:Count$xPaid` → `Count$xPaid`).
 *
 * @example
 * ```ts
 * svarText(ref, 'X'); // 'Count$xPaid'
 * ```
 */
export function svarText(ref: NodeRef, name: string): string | undefined {
  const entry = Object.prototype.hasOwnProperty.call(ref.face.svars, name) ? ref.face.svars[name] : undefined;
  if (!entry) return undefined;
  let text: string | undefined;
  if (entry.text !== undefined) text = entry.text;
  else if (entry.value) text = entry.value.source === 'Number' ? entry.value.body : `${entry.value.source}$${entry.value.body}`;
  return text !== undefined && ref.swaps ? changeWords(text, ref.swaps) : text;
}

const keywordCache = new Map<string, { name: string; args: string[] }>();

/**
 * A keyword's name and arguments, cached: keywords are compared on every combat check.
 *
 * @example
 * ```ts
 * keywordOf('Protection from red'); // { name: 'Protection', args: ['from red'] }
 * ```
 */
export function keywordOf(text: string): { name: string; args: string[] } {
  let k = keywordCache.get(text);
  if (!k) {
    k = parseKeyword(text.startsWith('HIDDEN ') ? text.slice(7) : text);
    keywordCache.set(text, k);
  }
  return k;
}

/**
 * Splits a keyword list parameter (`KW$ Flying & First Strike`, `TokenKeywords$ Flying<>Haste`).
 *
 * @example
 * ```ts
 * splitKeywords('Haste & HIDDEN Unblockable'); // ['Haste', 'Unblockable']
 * ```
 */
export function splitKeywords(value: string): string[] {
  const sep = value.includes('<>') ? '<>' : ' & ';
  const out: string[] = [];
  for (const part of value.split(sep)) {
    let kw = part.trim();
    if (kw.startsWith('HIDDEN ')) kw = kw.slice(7).trim();
    if (kw !== '') out.push(kw);
  }
  return out;
}

function number(text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = Number(text);
  // `*` (a characteristic-defining ability) and `X` are 0 until a static sets them (CR 604.3).
  return Number.isFinite(n) ? n : 0;
}

/**
 * The printed characteristics of a card face (CR 109.3), cached per registry.
 *
 * @example
 * ```ts
 * printedChars(registry, 'Grizzly Bears', 0, 0).power; // 2
 * ```
 */
export function printedChars(registry: CardRegistry, name: string, faceIndex: number, controller: 0 | 1): Chars {
  const c = caches(registry);
  const cacheKey = `${name}|${faceIndex}|${controller}`;
  let chars = c.printed.get(cacheKey);
  if (!chars) {
    const card = cardNamed(registry, name);
    const face = card?.faces[faceIndex];
    if (!card || !face) throw new StoryletError('mtg/unknown-card', `no card ${JSON.stringify(name)} face ${faceIndex}`, { name });
    chars = {
      name: face.name,
      manaCost: face.manaCost,
      cmc: face.manaValue,
      colours: [...face.colours],
      supertypes: [...face.types.supertypes],
      cardTypes: [...face.types.cardTypes],
      subtypes: [...face.types.subtypes],
      power: number(face.power),
      toughness: number(face.toughness),
      loyalty: face.loyalty === undefined ? null : number(face.loyalty),
      keywords: face.keywords.filter((k) => !k.expandedBy).map((k) => k.text),
      abilities: face.abilities.map((_, i) => nodeKey(name, faceIndex, 'a', i)),
      triggers: face.triggers.map((_, i) => nodeKey(name, faceIndex, 't', i)),
      statics: face.statics.map((_, i) => nodeKey(name, faceIndex, 's', i)),
      replacements: face.replacements.map((_, i) => nodeKey(name, faceIndex, 'r', i)),
      controller,
    };
    c.printed.set(cacheKey, chars);
  }
  return chars;
}

/**
 * The printed characteristics of a token (CR 111.4): from its definition.
 *
 * @example
 * ```ts
 * tokenChars(def, 0).name; // 'Soldier'
 * ```
 */
export function tokenChars(def: TokenDef, controller: 0 | 1): Chars {
  return {
    name: def.name,
    manaCost: null,
    cmc: 0,
    colours: [...def.colours],
    supertypes: [...def.types.supertypes],
    cardTypes: [...def.types.cardTypes],
    subtypes: [...def.types.subtypes],
    power: def.power,
    toughness: def.toughness,
    loyalty: null,
    keywords: [...def.keywords],
    abilities: [...def.abilities],
    triggers: [...def.triggers],
    statics: [...def.statics],
    replacements: [...def.replacements],
    controller,
  };
}

/** Every card type that makes a card a permanent (CR 110.4). */
export const PERMANENT_TYPES = ['Artifact', 'Creature', 'Enchantment', 'Land', 'Planeswalker', 'Battle'];

/**
 * Whether characteristics describe a permanent card.
 *
 * @example
 * ```ts
 * isPermanentChars(printedChars(registry, 'Shock', 0, 0)); // false
 * ```
 */
export function isPermanentChars(chars: Chars): boolean {
  return chars.cardTypes.some((t) => PERMANENT_TYPES.includes(t));
}

/** One word of an object's text replaced by another (CR 612): what a text change swaps. */
export type WordSwap = Pick<TextChange, 'kind' | 'from' | 'to'>;

const KIND_CODE: Record<WordSwap['kind'], string> = { color: 'c', landType: 'l', creatureType: 't' };
const CODE_KIND: Record<string, WordSwap['kind']> = { c: 'color', l: 'landType', t: 'creatureType' };

/**
 * The key of a node as text changes left it: the printed key with the swaps appended as a fifth
 * part, so the stack, the layer system and every `param` read see the changed text through the
 * same constant-time node lookup, and an object without text changes pays nothing.
 *
 * @example
 * ```ts
 * textKey('Terror|0|a|0', [{ kind: 'color', from: 'Black', to: 'Green' }]); // 'Terror|0|a|0|cBlack>Green'
 * ```
 */
export function textKey(key: string, swaps: readonly WordSwap[]): string {
  if (swaps.length === 0) return key;
  const suffix = swaps.map((w) => `${KIND_CODE[w.kind]}${w.from}>${w.to}`).join(';');
  // Changes already on the key (a granted ability of a changed host) come first: they are older.
  return key.split('|').length === 5 ? `${key};${suffix}` : `${key}|${suffix}`;
}

/**
 * The printed key under a text-changed one.
 *
 * @example
 * ```ts
 * printedKey('Terror|0|a|0|cBlack>Green'); // 'Terror|0|a|0'
 * ```
 */
export function printedKey(key: string): string {
  const parts = key.split('|');
  return parts.length === 5 ? parts.slice(0, 4).join('|') : key;
}

const swapCache = new Map<string, WordSwap[]>();

function parseSwaps(text: string): WordSwap[] {
  let out = swapCache.get(text);
  if (!out) {
    out = [];
    for (const part of text.split(';')) {
      const kind = CODE_KIND[part.charAt(0)];
      const [from, to] = part.slice(1).split('>');
      if (kind && from && to) out.push({ kind, from, to });
    }
    swapCache.set(text, out);
  }
  return out;
}

// Parameters whose values are not rules text: script and SVar names, a name to set. Forge's
// CardTraitBase leaves the same ones alone.
const UNCHANGED_KEYS = new Set(['tokenscript', 'newname', 'choosefromlist', 'addability', 'legacyimage', 'tokenimage']);

/** The colour each basic land type's intrinsic ability adds (CR 305.6). */
const LAND_MANA: Record<string, string> = { Plains: 'W', Island: 'U', Swamp: 'B', Mountain: 'R', Forest: 'G' };

/** A copy of a node with its words swapped; SVar names and what it links to are left as they are. */
function swapNode(node: ScriptNode, swaps: readonly WordSwap[]): ScriptNode {
  const linked = new Set(node.links.map((l) => l.key.toLowerCase()));
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(node.params)) {
    params[k] = linked.has(k.toLowerCase()) || UNCHANGED_KEYS.has(k.toLowerCase()) ? v : changeWords(v, swaps);
  }
  let origin = node.origin;
  for (const w of swaps) {
    // A land's intrinsic mana ability comes from its basic land type (CR 305.6): when the type
    // line's word changes, so does the ability.
    if (w.kind === 'landType' && origin === `intrinsic:${w.from}` && LAND_MANA[w.to]) {
      origin = `intrinsic:${w.to}`;
      for (const k of Object.keys(params)) {
        if (k.toLowerCase() === 'produced') params[k] = LAND_MANA[w.to]!;
        if (k.toLowerCase() === 'spelldescription') params[k] = `Add {${LAND_MANA[w.to]}}.`;
      }
    }
  }
  return { ...node, params, ...(origin !== undefined ? { origin } : {}) };
}

const wordPatterns = new Map<string, RegExp>();

/**
 * The pattern of a swapped word used as a word of its kind (CR 612.2): whole, or after `non`
 * (`nonBlack`), with the suffixes rules text builds on it (`Swampwalk`, `Islands`,
 * `plainscycling`), in either initial case. Letters before or after it make it part of another
 * word, which is left alone.
 */
function wordPattern(w: WordSwap): RegExp {
  const id = `${w.kind}:${w.from}`;
  let re = wordPatterns.get(id);
  if (!re) {
    const lower = w.from.charAt(0).toLowerCase() + w.from.slice(1);
    const suffix = w.kind === 'landType' ? '(walk|cycling|s)?' : w.kind === 'creatureType' ? '(s)?' : '()';
    const words = w.kind === 'creatureType' ? w.from : `${w.from}|${lower}`;
    re = new RegExp(`(?<![A-Za-z])(non|Non)?(${words})${suffix}(?![a-z])`, 'g');
    wordPatterns.set(id, re);
  }
  return re;
}

function swapOne(text: string, w: WordSwap): string {
  return text.replace(wordPattern(w), (_m, non: string | undefined, word: string, tail: string | undefined) => {
    const to = word.charAt(0) === word.charAt(0).toLowerCase() ? w.to.charAt(0).toLowerCase() + w.to.slice(1) : w.to;
    // "Plains" is its own plural.
    const end = tail === 's' && to.endsWith('s') ? '' : (tail ?? '');
    return `${non ?? ''}${to}${end}`;
  });
}

/**
 * Rules text with text changes applied in order (CR 612, 613.7): each swapped word where it is
 * used as a colour word, land type or creature type, never inside a card name (`namedBlack
 * Knight` keeps its name, CR 612.2).
 *
 * @example
 * ```ts
 * changeWords('Creature.nonArtifact+nonBlack', [{ kind: 'color', from: 'Black', to: 'Green' }]); // 'Creature.nonArtifact+nonGreen'
 * changeWords('Swampwalk', [{ kind: 'landType', from: 'Swamp', to: 'Island' }]); // 'Islandwalk'
 * ```
 */
export function changeWords(text: string, swaps: readonly WordSwap[]): string {
  if (!text.includes('named')) {
    for (const w of swaps) text = swapOne(text, w);
    return text;
  }
  // Card names (`named…` up to the next `+` or `,`) are kept word for word.
  return text
    .split(/((?:not)?named[^+,]*)/)
    .map((part, i) => (i % 2 === 1 ? part : swaps.reduce(swapOne, part)))
    .join('');
}
