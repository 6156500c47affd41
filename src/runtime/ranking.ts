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
  priority: Float64Array;
  specificity: Float64Array;
  tie: Float64Array;
  /** The card id of a survivor: the last tie-break. */
  idOf: (survivor: number) => string;
  /** Whether specificity counts (the box's switch). */
  useSpecificity: boolean;
}

/**
 * The one ordering of a deal's survivors: negative when survivor `a` goes before `b`. A total
 * order (ids are unique), so a full sort and a top-k selection always agree.
 *
 * @example
 * ```ts
 * const cmp = comparator({ priority, specificity, tie, idOf: (i) => ids[i]!, useSpecificity: true });
 * ```
 */
export function comparator(input: RankInput): (a: number, b: number) => number {
  const { priority, specificity, tie, idOf, useSpecificity } = input;
  return (a, b) => {
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
  };
}

/**
 * Sorts survivor positions `0..count-1` best first.
 *
 * @example
 * ```ts
 * const order = rank(3, comparator(input)); // e.g. Int32Array [2, 0, 1]
 * ```
 */
export function rank(count: number, cmp: (a: number, b: number) => number): Int32Array {
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  return order.sort(cmp);
}

/**
 * The best `k` survivors, best first, without sorting the rest: a deal needs only the top of
 * the stock; the full order is worked out when someone reads the trace.
 *
 * @example
 * ```ts
 * selectTop(5000, 3, comparator(input)); // the same as rank(5000, cmp).slice(0, 3)
 * ```
 */
export function selectTop(count: number, k: number, cmp: (a: number, b: number) => number): number[] {
  const top: number[] = [];
  if (k <= 0) return top;
  for (let i = 0; i < count; i++) {
    if (top.length === k && cmp(i, top[k - 1]!) >= 0) continue;
    let at = top.length === k ? k - 1 : top.length;
    while (at > 0 && cmp(i, top[at - 1]!) < 0) {
      top[at] = top[at - 1]!;
      at--;
    }
    top[at] = i;
  }
  return top;
}
