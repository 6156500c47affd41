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
  return aleaFirst(`${seed}\u0000${parts.join('\u0000')}`);
}

/**
 * The first number of seedrandom's alea stream seeded with `text` (`seedrandom.alea(text)()`),
 * worked out without making the stream. Alea seeds its three state words with Baagøe's Mash over
 * ' ' three times, then subtracts Mash over the seed from each in turn; its first number reads
 * only the first word. So the three spaces are hashed once (they never change), the seed once,
 * and the rest of the seeding is left out: the same operations on the same values, so the same
 * number to the last bit (test/runtime/stable-key.test.ts compares them). The AI controllers ask
 * for one at every option of every decision.
 */
function aleaFirst(text: string): number {
  mashState = AFTER_SPACES;
  let s0 = FIRST_SPACE - mash(text);
  if (s0 < 0) s0 += 1;
  // alea's first step, with its carry c = 1.
  const t = 2091639 * s0 + 2.3283064365386963e-10;
  return t - (t | 0);
}

/** The running value of {@link mash}, as alea's Mash closure keeps it. */
let mashState = 0xefc8249d;
/** Mash of the first ' ' (alea's first state word before the seed). */
const FIRST_SPACE = mash(' ');
mash(' ');
mash(' ');
/** Mash's running value after the three spaces: where hashing the seed starts. */
const AFTER_SPACES = mashState;

function mash(data: string): number {
  let n = mashState;
  for (let i = 0; i < data.length; i++) {
    n += data.charCodeAt(i);
    let h = 0.02519603282416938 * n;
    n = h >>> 0;
    h -= n;
    h *= n;
    n = h >>> 0;
    h -= n;
    n += h * 0x100000000;
  }
  mashState = n;
  return (n >>> 0) * 2.3283064365386963e-10;
}
