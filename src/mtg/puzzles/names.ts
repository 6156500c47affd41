/**
 * Did-you-mean for unknown card names in puzzles. `nearest` compares a name with every
 * candidate; against 18,000 card names and a few hundred unknown names (a corpus newer than the
 * cards) that is slow, so candidates whose length alone puts them beyond `nearest`'s limit are
 * dropped first (the edit distance is at least the difference in length).
 */
import { nearest } from '../../core/errors.js';
import type { CardRegistry } from '../cards/index.js';

const byRegistry = new WeakMap<CardRegistry, Map<number, string[]>>();
const memo = new WeakMap<CardRegistry, Map<string, string[]>>();

function namesByLength(registry: CardRegistry): Map<number, string[]> {
  let m = byRegistry.get(registry);
  if (!m) {
    m = new Map();
    for (const card of registry.cards) {
      const list = m.get(card.name.length);
      if (list) list.push(card.name);
      else m.set(card.name.length, [card.name]);
    }
    byRegistry.set(registry, m);
  }
  return m;
}

/**
 * Up to three known card names near `name`, closest first (empty when none is plausibly a typo).
 *
 * @example
 * ```ts
 * suggestCardNames(registry, 'Lightnin Bolt'); // ['Lightning Bolt']
 * ```
 */
export function suggestCardNames(registry: CardRegistry, name: string): string[] {
  let cache = memo.get(registry);
  if (!cache) {
    cache = new Map();
    memo.set(registry, cache);
  }
  const known = cache.get(name);
  if (known) return known;
  const limit = Math.max(1, Math.floor(name.length / 3));
  const lengths = namesByLength(registry);
  let pool: string[] = [];
  for (let len = name.length - limit; len <= name.length + limit; len++) pool.push(...(lengths.get(len) ?? []));
  const found: string[] = [];
  for (let k = 0; k < 3; k++) {
    const next = nearest(name, pool);
    if (next === undefined) break;
    found.push(next);
    pool = pool.filter((n) => n !== next);
  }
  cache.set(name, found);
  return found;
}
