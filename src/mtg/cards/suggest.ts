/**
 * Did-you-mean for unknown card names: decks, puzzles and registry lookups all use this one.
 */
import { nearest } from '../../core/errors.js';
import type { CardRegistry } from './registry.js';

// Suggestions compare an unknown name with every card name, which is slow for 18,000 names and
// hundreds of unknowns (a deck corpus newer than the cards). `nearest` only accepts a name within
// a third of the word's length in edits, so names that cannot be that close are dropped first by
// a cheap lower bound of the edit distance: the difference of their letter counts ("bag
// distance"). The survivors go to `nearest` as usual. Built once per registry.
const BUCKETS = 32;
type Profile = { names: string[]; bags: Uint16Array };
const profiles = new WeakMap<CardRegistry, Profile>();

function bagOf(text: string, out: Uint16Array, at: number): void {
  for (const ch of text.toLowerCase()) {
    const c = ch.codePointAt(0)!;
    out[at + (c >= 97 && c <= 122 ? c - 97 : 26 + (c % (BUCKETS - 26)))]!++;
  }
}

function profile(registry: CardRegistry): Profile {
  let p = profiles.get(registry);
  if (!p) {
    const names = registry.cards.map((c) => c.name);
    const bags = new Uint16Array(names.length * BUCKETS);
    names.forEach((n, i) => bagOf(n, bags, i * BUCKETS));
    p = { names, bags };
    profiles.set(registry, p);
  }
  return p;
}

const memos = new WeakMap<CardRegistry, Map<string, string[]>>();
/** Names remembered per registry: a long-lived reader (mtg server) is sent any number of new unknown names, so the memo starts again beyond this. */
const MEMO_LIMIT = 4096;

/**
 * Up to three known card names near `name`, closest first (empty when none is plausibly a typo).
 *
 * @example
 * ```ts
 * suggestCardNames(registry, 'Lightnin Bolt'); // ['Lightning Bolt']
 * ```
 */
export function suggestCardNames(registry: CardRegistry, name: string): string[] {
  let cache = memos.get(registry);
  if (!cache) memos.set(registry, (cache = new Map()));
  const known = cache.get(name);
  if (known) return known;
  const { names, bags } = profile(registry);
  const limit = Math.max(1, Math.floor(name.length / 3));
  const bag = new Uint16Array(BUCKETS);
  bagOf(name, bag, 0);
  let pool: string[] = [];
  for (let i = 0; i < names.length; i++) {
    let extra = 0;
    let missing = 0;
    for (let b = 0; b < BUCKETS; b++) {
      const d = bags[i * BUCKETS + b]! - bag[b]!;
      if (d > 0) extra += d;
      else missing -= d;
    }
    if (Math.max(extra, missing) <= limit) pool.push(names[i]!);
  }
  const found: string[] = [];
  // The three nearest, each found by `nearest` among the names not yet suggested.
  for (let k = 0; k < 3; k++) {
    const next = nearest(name, pool);
    if (next === undefined) break;
    found.push(next);
    pool = pool.filter((n) => n !== next);
  }
  if (cache.size >= MEMO_LIMIT) cache.clear();
  cache.set(name, found);
  return found;
}
