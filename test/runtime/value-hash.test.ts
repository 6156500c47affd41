// valueHash keys the puzzle solver's transposition table (src/mtg/search/solve.ts): two states
// with the same JSON must meet at one key, and states that differ must not, or the search would
// skip a line it never tried.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { valueHash } from '../../src/core/hash.js';

describe('valueHash', () => {
  it('is the same for values with the same JSON text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(valueHash(v)).toBe(valueHash(JSON.parse(JSON.stringify(v)) as unknown));
      }),
      { numRuns: 1000 },
    );
    // What JSON leaves out or writes as null.
    expect(valueHash({ a: 1, b: undefined })).toBe(valueHash({ a: 1 }));
    expect(valueHash([1, undefined, NaN])).toBe(valueHash([1, null, null]));
    expect(valueHash(-0)).toBe(valueHash(0));
  });

  it('differs for values whose JSON differs', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        fc.pre(JSON.stringify(a) !== JSON.stringify(b));
        expect(valueHash(a)).not.toBe(valueHash(b));
      }),
      { numRuns: 2000 },
    );
    const distinct = [
      1,
      '1',
      1.5,
      true,
      null,
      [],
      {},
      [[]],
      [{}],
      { a: [] },
      { a: {} },
      { a: 1, b: 2 },
      { b: 2, a: 1 },
      ['ab'],
      ['a', 'b'],
      { ab: 1 },
      'x'.repeat(41),
      'x'.repeat(42),
      2 ** 40,
    ];
    expect(new Set(distinct.map((v) => valueHash(v))).size).toBe(distinct.length);
  });
});
