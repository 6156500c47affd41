// The one verdict table (src/core/verdicts.ts): the runtime and the Board's page both read it, so
// it must import nothing, and its codes are what a deal stores in its byte per card.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BY_CODE, CODE, VERDICT_TABLE } from '../../src/core/verdicts.js';
import { VERDICTS } from '../../src/runtime/index.js';

describe('the verdict table', () => {
  it('imports nothing, so the page can load it as it is', () => {
    const text = readFileSync(new URL('../../src/core/verdicts.ts', import.meta.url), 'utf8');
    expect(text).not.toMatch(/^\s*(import|export\s[^;]*\sfrom)\s/m);
  });

  it('numbers the verdicts 1, 2, 3 … in table order, with unique names and fold places', () => {
    expect(VERDICT_TABLE.map((v) => v.code)).toEqual(VERDICT_TABLE.map((_, i) => i + 1));
    expect(new Set(VERDICT_TABLE.map((v) => v.name)).size).toBe(VERDICT_TABLE.length);
    const folds = VERDICT_TABLE.flatMap((v) => (v.fold === null ? [] : [v.fold]));
    expect(folds.slice().sort((a, b) => a - b)).toEqual(folds.map((_, i) => i));
    for (const v of VERDICT_TABLE) {
      expect(CODE[v.name]).toBe(v.code);
      expect(BY_CODE[v.code]).toBe(v);
    }
    expect(BY_CODE[0]).toBeUndefined();
  });

  it('is what the runtime exports as VERDICTS, in the reference order', () => {
    expect(VERDICTS).toEqual(['dealt', 'capped', 'cooldown', 'deck-gate', 'tags', 'condition', 'priority', 'claimed', 'claimed-elsewhere', 'taken', 'listed']);
    expect(VERDICT_TABLE.filter((v) => v.ranked).map((v) => v.name)).toEqual(['dealt', 'capped', 'listed']);
  });
});
