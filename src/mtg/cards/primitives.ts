/**
 * Stage 7, primitives: every engine symbol a face needs, prefixed by kind, after keyword
 * expansion and across all its SVar bodies:
 *
 * - `api:DealDamage` for each ability node, `trig:ChangesZone`, `stat:Continuous`, `repl:Moved`;
 * - `kw:Flying` for each keyword not expanded, and for keywords granted by `KW$`, `AddKeyword$`,
 *   `Keywords$`, `TokenKeywords$` and their hidden forms (but not for a keyword granted by `KW$`
 *   or `AddKeyword$` that the linker expanded on the face, `face.keywordGrants`: its SVars count);
 * - `cost:Sac`, `cost:Tap`, `cost:Mana`, ... for each part of a `Cost$` or `UnlessCost$`, and
 *   for the face's own mana cost, which casting it pays;
 * - `count:Valid`, `count:Targeted$CardPower`, ... for each value SVar the face reads;
 * - `text:<face name>` for a face whose `Text:` line carries rules Forge implements by name in
 *   code ("Spend only mana produced by basic lands to cast CARDNAME"), and `variant:Plane`,
 *   `variant:Vanguard`, ... for the casual variants' card types;
 * - at card level, `error:<code>` for each error diagnostic, which no engine can register, so a
 *   card the compiler could not read is never counted playable.
 *
 * Every SVar body counts, referenced or not: an SVar the linker saw no reference to may still be
 * reached by a selector (`cmcLEX`) or by code, and over-counting a need only makes the report
 * stricter. The exception is the AI's hint SVars, which the rules never read.
 */
import type { Card, Face, ScriptNode } from './ir.js';
import { parseKeyword } from './keywords/names.js';
import { GRANT_KEYWORD_KEYS } from './link.js';
import { AI_HINT_SVARS } from './svar-names.js';
import { own, splitCost, splitKeywordList } from './tokens.js';

const KIND_PREFIX = { ability: 'api', trigger: 'trig', static: 'stat', replacement: 'repl' } as const;

const KEYWORD_LISTS: ReadonlyArray<readonly [string, ' & ' | '<>']> = [
  ['kw', ' & '],
  ['addkeyword', ' & '],
  ['addhiddenkeyword', ' & '],
  ['keywords', ' & '],
  ['hiddenkeywords', ' & '],
  ['tokenkeywords', '<>'],
];
const KEYWORD_SEPARATOR = new Map(KEYWORD_LISTS);
const COST_KEYS = new Set(['cost', 'unlesscost']);
const VARIANT_TYPES = new Set(['Conspiracy', 'Dungeon', 'Phenomenon', 'Plane', 'Scheme', 'Vanguard']);

/**
 * The `cost:` symbol of one cost part, as split by `splitCost`.
 *
 * @example
 * ```ts
 * costSymbol('Sac<1/Creature>'); // 'cost:Sac'
 * costSymbol('T');               // 'cost:Tap'
 * costSymbol('2/W');             // 'cost:Mana'
 * ```
 */
export function costSymbol(part: string): string {
  if (part === 'T') return 'cost:Tap';
  if (part === 'Q') return 'cost:Untap';
  if (part === 'X' || part === 'XX') return 'cost:X';
  if (/^(\d+|[WUBRGCS]|[WUBRG2]\/[WUBRGP]|[WUBRG]{2}|P[WUBRG]|[WUBRG]P)$/.test(part)) return 'cost:Mana';
  const angle = part.indexOf('<');
  return `cost:${angle > 0 ? part.slice(0, angle) : part}`;
}

function addNodeSymbols(face: Face, node: ScriptNode, out: Set<string>): void {
  if (node.head !== '') out.add(`${KIND_PREFIX[node.kind]}:${node.head}`);
  for (const key in node.params) {
    const folded = key.toLowerCase();
    const value = node.params[key]!;
    if (COST_KEYS.has(folded)) {
      for (const part of splitCost(value)) out.add(costSymbol(part));
      continue;
    }
    const separator = KEYWORD_SEPARATOR.get(folded);
    if (!separator) continue;
    for (const kw of splitKeywordList(value, separator)) {
      // A granted keyword the linker expanded needs what it expands to, SVars of this face.
      if (GRANT_KEYWORD_KEYS.has(folded) && face.keywordGrants?.[kw]) {
        for (const extra of face.keywordGrants[kw].keywords) out.add(`kw:${parseKeyword(extra).name}`);
        continue;
      }
      out.add(`kw:${parseKeyword(kw).name}`);
    }
  }
}

/**
 * Every symbol `face` needs, sorted. Call after linking, so keyword expansions and SVar shapes
 * are known.
 *
 * @example
 * ```ts
 * facePrimitives(shockFace); // ['api:DealDamage', 'cost:Mana']
 * ```
 */
export function facePrimitives(face: Face): string[] {
  const out = new Set<string>();
  for (const list of [face.abilities, face.triggers, face.statics, face.replacements]) {
    for (const node of list) addNodeSymbols(face, node, out);
  }
  // Rules text Forge implements in code by card name (a `Text:` line) and the casual variants'
  // card types (played from the command zone, with their own rules) need the engine too.
  const text = own(face.fields, 'Text');
  if (text !== undefined && text.trim() !== '' && text.trim() !== 'no text') out.add(`text:${face.name}`);
  for (const type of face.types.cardTypes) if (VARIANT_TYPES.has(type)) out.add(`variant:${type}`);
  // Casting a face with a mana cost means paying it (CR 601.2f), as an ability's Cost$ is paid.
  if (face.manaCost !== null) for (const part of splitCost(face.manaCost)) out.add(costSymbol(part));
  for (const kw of face.keywords) if (!kw.expandedBy) out.add(`kw:${kw.name}`);
  // A morph cost is paid to turn the card face up (CR 702.37e), as an ability's Cost$ is paid.
  for (const kw of face.keywords)
    if ((kw.name === 'Morph' || kw.name === 'Megamorph') && kw.args[0]) for (const part of splitCost(kw.args[0])) out.add(costSymbol(part));
  for (const name in face.svars) {
    const entry = face.svars[name]!;
    if (entry.node) addNodeSymbols(face, entry.node, out);
    else if (entry.value?.count && (entry.referenced || !AI_HINT_SVARS.has(name))) out.add(`count:${entry.value.count}`);
  }
  return [...out].sort();
}

/**
 * Fills `face.primitives` for every face and `card.primitives` with their union plus one
 * `error:<code>` per error code among the card's diagnostics.
 *
 * @example
 * ```ts
 * assignPrimitives(card);
 * card.primitives; // ['api:DealDamage', 'cost:Mana']
 * ```
 */
export function assignPrimitives(card: Card): void {
  const all = new Set<string>();
  for (const face of card.faces) {
    face.primitives = facePrimitives(face);
    for (const p of face.primitives) all.add(p);
  }
  for (const d of card.diagnostics) if (d.severity === 'error') all.add(`error:${d.code}`);
  card.primitives = [...all].sort();
}
