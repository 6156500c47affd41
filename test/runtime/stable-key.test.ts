// stableKey works out the first number of seedrandom's alea stream without making the stream
// (src/core/random.ts): it must be that number exactly, or every tie the AI controllers break and
// every random controller's choice would change.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { stableKey } from '../../src/core/random.js';

const alea = (seed: string, parts: string[]): number => seedrandom.alea(`${seed}\u0000${parts.join('\u0000')}`)();

describe('stableKey', () => {
  it('is seedrandom.alea(seed, parts)() to the last bit', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string(), { maxLength: 4 }), (seed, parts) => {
        expect(stableKey(seed, ...parts)).toBe(alea(seed, parts));
      }),
      { numRuns: 2000 },
    );
    for (const [seed, parts] of [
      ['a', ['0', '12']],
      ['bench3', ['1', '254']],
      ['', []],
      ['ünïcödé 🂡', ['x', '']],
    ] as const)
      expect(stableKey(seed, ...parts)).toBe(alea(seed, [...parts]));
  });
});
