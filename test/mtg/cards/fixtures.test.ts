// Data-driven cases. fixtures/mini/ holds hand-written scripts in Forge's format; each compiles to
// the IR recorded in fixtures/golden/<script>.ir.json. fixtures/_error_/ holds one problem per
// file, named in a comment (`# expect: <code> <line>`): that must be the file's only
// diagnostic. Re-record the goldens with:
//   UPDATE_GOLDENS=1 npx vitest run --config test/vitest.config.ts test/mtg/cards/fixtures.test.ts
// and review the diff.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDir, compileScript } from '../../../src/mtg/cards/index.js';
import { FIXTURES, MINI } from './support.js';

const update = process.env.UPDATE_GOLDENS === '1';

describe('golden IR of the hand-written scripts', () => {
  const corpus = compileDir(MINI);
  for (const card of [...corpus.cards, ...corpus.tokens]) {
    it(card.file, () => {
      const golden = `${FIXTURES}golden/${card.file.replace(/^.*\//, '').replace(/\.txt$/, '')}.ir.json`;
      const actual = `${JSON.stringify(card, null, 2)}\n`;
      if (update || !existsSync(golden)) writeFileSync(golden, actual);
      expect(actual).toBe(readFileSync(golden, 'utf8'));
    });
  }
  it('compiles byte-identically twice', () => {
    expect(JSON.stringify(compileDir(MINI))).toBe(JSON.stringify(corpus));
  });
  it('compiles every fixture without a diagnostic', () => {
    expect(corpus.rejected).toEqual([]);
    expect([...corpus.cards, ...corpus.tokens].flatMap((c) => c.diagnostics)).toEqual([]);
  });
});

describe('one problem per _error_ case', () => {
  const dir = `${FIXTURES}_error_/`;
  for (const file of readdirSync(dir).sort()) {
    it(file, () => {
      const text = readFileSync(dir + file, 'utf8');
      const expected = /^# expect: (\S+) (\d+)$/m.exec(text);
      expect(expected, 'each case names its problem: "# expect: <code> <line>"').not.toBeNull();
      const { diagnostics } = compileScript(file, text);
      expect(diagnostics.map((d) => [d.code, d.line])).toEqual([[expected![1], Number(expected![2])]]);
      expect(diagnostics[0]!.file).toBe(file);
    });
  }
});
