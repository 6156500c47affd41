/**
 * Ranking the survivors of a deal (reference, "Ranking the survivors"): priority, higher first;
 * then specificity, higher first, when the box has it on; then seeded chance; then card id.
 *
 * The chance is a tie key that depends only on the engine's seed and stable ids: the flow, the
 * hand instance, the box's turn and the card. Never on call order, so two deals with no state
 * change between them rank the same, in every runtime.
 *
 * Why not one `stableKey(seed, flow, hand, turn, card)` per card: it seeds a fresh alea stream
 * each time (about 3 µs), which on a 10,000-card box is 30 ms a deal. Instead one stableKey per
 * deal gives a 32-bit base (seedrandom, from the seed and the ids), and each card's key is that
 * base mixed with a hash of its id through a bijective integer mixer (Math.imul is exact in every
 * JavaScript engine). Same inputs, same keys; different turns, different orders.
 */
import { stableKey } from '../core/random.js';

/**
 * A stable 32-bit FNV-1a hash of an id, computed once per card when the engine is created.
 *
 * @example
 * ```ts
 * hashId('goblin'); // the same number in Node and in every browser
 * ```
 */
export function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The per-deal base of the tie keys: derived with seedrandom from the seed and the ids of the
 * flow, the hand instance and the box's turn.
 *
 * @example
 * ```ts
 * const base = tieBase('demo', 'alice', 'talk{npc=elder}', 3);
 * ```
 */
export function tieBase(seed: string, flow: string, handKey: string, turn: number): number {
  return Math.floor(stableKey(seed, flow, handKey, String(turn)) * 0x100000000) >>> 0;
}

/**
 * A card's tie key in one deal: lower goes first. A bijection of `hash` for a fixed base, so two
 * cards never share a key unless their id hashes collide (then the id decides).
 *
 * @example
 * ```ts
 * tieKey(tieBase('demo', 'alice', 'village', 0), hashId('goblin'));
 * ```
 */
export function tieKey(base: number, hash: number): number {
  // murmur3's finaliser over (base xor hash), then once more with the base folded in, so that
  // the order of two cards changes with the base and not only their xor difference.
  let h = (base ^ hash) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  h = (h + base) | 0;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
}

/** What ranking reads for each survivor, in parallel arrays indexed by survivor position. */
export interface RankInput {
  count: number;
  priority: Float64Array;
  specificity: Float64Array;
  tie: Float64Array;
  /** The card id of a survivor: the last tie-break. */
  idOf: (survivor: number) => string;
  /** Whether specificity counts (the box's switch). */
  useSpecificity: boolean;
}

/**
 * Sorts survivor positions best first.
 *
 * @example
 * ```ts
 * const order = rank({ count: 2, priority, specificity, tie, idOf: (i) => ids[i]!, useSpecificity: true });
 * ```
 */
export function rank(input: RankInput): Int32Array {
  const { count, priority, specificity, tie, idOf, useSpecificity } = input;
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  order.sort((a, b) => {
    const p = priority[b]! - priority[a]!;
    if (p !== 0) return p;
    if (useSpecificity) {
      const s = specificity[b]! - specificity[a]!;
      if (s !== 0) return s;
    }
    const t = tie[a]! - tie[b]!;
    if (t !== 0) return t;
    // Plain code-unit comparison: localeCompare would differ between runtimes.
    const x = idOf(a);
    const y = idOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return order;
}
