/**
 * Mana costs and type lines: what the reports group cards by (mana value, colour, type).
 */
import type { Colour, TypeLine } from './ir.js';

const COLOURS: readonly Colour[] = ['W', 'U', 'B', 'R', 'G'];

/**
 * The mana value of a Forge mana cost (CR 202.3): generic numbers count their value, every
 * coloured, hybrid or Phyrexian shard counts one, `X` counts zero. A `2/W` shard counts two
 * (CR 202.3f). Forge writes hybrids both as `W/U` and as `WU`.
 *
 * @example
 * ```ts
 * manaValue('2 U U'); // 4
 * manaValue('X R');   // 1
 * manaValue('2/W');   // 2
 * ```
 */
export function manaValue(cost: string | null): number {
  if (cost === null) return 0;
  let total = 0;
  for (const shard of cost.split(/\s+/)) {
    if (shard === '') continue;
    if (/^\d+$/.test(shard)) total += Number(shard);
    else if (shard === 'X' || shard === 'Y' || shard === 'Z') continue;
    else if (/^2\/?[WUBRG]$/.test(shard)) total += 2;
    else total += 1;
  }
  return total;
}

/**
 * The colours a mana cost's shards mention, in WUBRG order (CR 105.2).
 *
 * @example
 * ```ts
 * costColours('1 W/U B'); // ['W', 'U', 'B']
 * ```
 */
export function costColours(cost: string | null): Colour[] {
  if (cost === null) return [];
  const seen = new Set<string>();
  for (const shard of cost.split(/\s+/)) {
    if (/^\d+$/.test(shard)) continue;
    for (const ch of shard) if ((COLOURS as readonly string[]).includes(ch)) seen.add(ch);
  }
  return COLOURS.filter((c) => seen.has(c));
}

const COLOUR_WORDS: Record<string, Colour> = { white: 'W', blue: 'U', black: 'B', red: 'R', green: 'G' };

/**
 * Reads a `Colors:` line (`white,green`, a colour indicator): returns the colours it names, or
 * `[]` for `colorless`.
 *
 * @example
 * ```ts
 * colourNames('white,green'); // ['W', 'G']
 * ```
 */
export function colourNames(value: string): Colour[] {
  const seen = new Set<Colour>();
  for (const word of value.split(',')) {
    const c = COLOUR_WORDS[word.trim().toLowerCase()];
    if (c) seen.add(c);
  }
  return COLOURS.filter((c) => seen.has(c));
}

const SUPERTYPES = new Set(['Basic', 'Legendary', 'Snow', 'World', 'Ongoing', 'Elite', 'Host']);
const CARD_TYPES = new Set([
  'Artifact',
  'Creature',
  'Enchantment',
  'Instant',
  'Land',
  'Planeswalker',
  'Sorcery',
  'Tribal',
  'Conspiracy',
  'Dungeon',
  'Emblem',
  'Phenomenon',
  'Plane',
  'Scheme',
  'Vanguard',
  'Battle',
]);

/**
 * Classifies a type line's words into supertypes, card types and subtypes (CR 205).
 *
 * @example
 * ```ts
 * parseTypeLine('Legendary Artifact Creature Golem');
 * // { supertypes: ['Legendary'], cardTypes: ['Artifact', 'Creature'], subtypes: ['Golem'] }
 * ```
 */
export function parseTypeLine(line: string): TypeLine {
  const out: TypeLine = { supertypes: [], cardTypes: [], subtypes: [] };
  for (const word of line.split(/\s+/)) {
    if (word === '' || word === '-' || word === '—') continue;
    if (SUPERTYPES.has(word)) out.supertypes.push(word);
    else if (CARD_TYPES.has(word)) out.cardTypes.push(word);
    else out.subtypes.push(word);
  }
  return out;
}

/** The basic land types and the mana each one's intrinsic ability adds (CR 305.6). */
export const BASIC_LAND_MANA: ReadonlyArray<readonly [string, Colour]> = [
  ['Plains', 'W'],
  ['Island', 'U'],
  ['Swamp', 'B'],
  ['Mountain', 'R'],
  ['Forest', 'G'],
];
