/**
 * How a name written in a command matches a card's name (reference guide, "Card Name Matching"):
 * case-insensitive, by prefix, ignoring spaces, underscores and punctuation. So `light`,
 * `Lightning Bolt`, `lightning_bolt` and `lightning bolt.` all name Lightning Bolt.
 *
 * A prefix may also start at any word of the name, as the guide's own examples need
 * (`serra blocks assassin` names Royal Assassin, `cast bolt` names Lightning Bolt). When several
 * names match, the closest kind of match wins: the whole name, then a prefix of the name, then a
 * prefix from a later word. Names that match equally well and differ are ambiguous; the resolver
 * reports them rather than guessing.
 */
import { normaliseCardName } from '../cards/index.js';

/**
 * The comparison key of a name: the registry's normalisation (accents, `Æ`, curly apostrophes,
 * lower case), then only letters and digits.
 *
 * @example
 * ```ts
 * nameKey('Man-o\'-War'); // 'manowar'
 * nameKey('lightning_bolt.'); // 'lightningbolt'
 * ```
 */
export function nameKey(text: string): string {
  return normaliseCardName(text).replace(/[^\p{L}\p{N}]+/gu, '');
}

/** How well a written name matches: 1 the whole name, 2 a prefix, 3 a prefix from a later word, 0 none. */
export type MatchTier = 0 | 1 | 2 | 3;

/**
 * How well `written` (as typed in a command) matches the name `name`.
 *
 * @example
 * ```ts
 * matchTier('mountain', 'Mountain'); // 1
 * matchTier('light', 'Lightning Bolt'); // 2
 * matchTier('bolt', 'Lightning Bolt'); // 3
 * matchTier('bolt', 'Boltwing'); // 2
 * matchTier('ning', 'Lightning Bolt'); // 0
 * ```
 */
export function matchTier(written: string, name: string): MatchTier {
  const key = nameKey(written);
  if (key === '') return 0;
  const full = nameKey(name);
  if (full === key) return 1;
  if (full.startsWith(key)) return 2;
  const words = normaliseCardName(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  for (let k = 1; k < words.length; k++) {
    if (words.slice(k).join('').startsWith(key)) return 3;
  }
  return 0;
}
