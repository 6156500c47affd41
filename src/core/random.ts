import seedrandom from 'seedrandom';

/**
 * All randomness in the SDK comes from here: seeded, identical in Node and in browsers, and
 * serialisable so that a snapshot taken mid-game continues with the same numbers.
 */

/**
 * The state of a {@link Rng}: plain JSON, safe to put in a snapshot. `alea` is seedrandom's
 * `State.Alea`, spelled out so that the declarations need no seedrandom types.
 */
export type RngState = { seed: string; alea: { c: number; s0: number; s1: number; s2: number } };

/** A seeded stream of numbers in [0, 1). */
export class Rng {
  private readonly seed: string;
  private readonly prng: seedrandom.StatefulPRNG<seedrandom.State.Alea>;

  constructor(seed: string, state?: RngState) {
    this.seed = seed;
    // alea is seedrandom's fast generator; `state: true` makes it able to export its state.
    this.prng = seedrandom.alea(seed, { state: state ? { ...state.alea } : true });
  }

  /** A number in [0, 1). */
  next(): number {
    return this.prng();
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.prng() * n);
  }

  /** Shuffles `items` in place (Fisher–Yates) and returns it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }

  state(): RngState {
    return { seed: this.seed, alea: this.prng.state() };
  }
}

/**
 * A number in [0, 1) that depends only on the seed and the given parts, never on call order:
 * the same seed and ids give the same key in every runtime. Used to break ties in ranking.
 */
export function stableKey(seed: string, ...parts: string[]): number {
  // \u0000 cannot appear in an id, so ('a','bc') and ('ab','c') give different keys.
  return seedrandom.alea(`${seed}\u0000${parts.join('\u0000')}`)();
}
