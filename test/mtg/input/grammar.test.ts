// The fixed-input grammar, case by case: test/mtg/input/fixtures/parse/ (support.ts says how to
// re-record the goldens). Every valid script has exactly one parse, counted over the whole script.
import nearley from 'nearley';
import { describe, expect, it } from 'vitest';
import grammar from '../../../src/mtg/input/generated/fixed-input.js';
import { parseFixedInputs, tokenizeFixedInputs as tokenize } from '../../../src/mtg/input/index.js';
import { expectGolden, parseCases } from './support.js';

/** Every parse nearley finds for a whole script (parseFixedInputs parses command by command). */
function allParses(source: string): unknown[] {
  const { tokens, problems } = tokenize(source);
  expect(problems).toEqual([]);
  const parser = new nearley.Parser(nearley.Grammar.fromCompiled(grammar));
  let i = 0;
  parser.lexer = { reset: () => undefined, next: () => tokens[i++], save: () => ({}), formatError: () => '', has: () => true } as unknown as nearley.Lexer;
  parser.feed('');
  return parser.results;
}

describe('valid scripts parse to their golden commands, and to exactly one parse', () => {
  for (const c of parseCases('valid')) {
    it(c.name, () => {
      const r = parseFixedInputs(c.input);
      expect(r.problems).toEqual([]);
      expectGolden(c.dir, r.commands);
      expect(allParses(c.input)).toHaveLength(1);
    });
  }
});

describe('invalid scripts give one problem with its code and span', () => {
  for (const c of parseCases('error')) {
    it(c.name, () => {
      const r = parseFixedInputs(c.input);
      expect(r.problems).toHaveLength(1);
      const [p] = r.problems;
      expect(p!.message.length).toBeGreaterThan(0);
      expectGolden(c.dir, { code: p!.code, span: p!.span });
    });
  }
});

describe('a script with several problems', () => {
  it('reports each one, in order, and keeps the commands that parse', () => {
    const r = parseFixedInputs('play forest; cst bolt\ncast "open\nPASS_UNTIL phase=lunch; attack serra');
    expect(r.problems.map((p) => [p.code, p.span.line, p.span.column])).toEqual([
      ['input/syntax', 1, 14],
      ['input/bad-character', 2, 6],
      ['input/unknown-step', 3, 18],
    ]);
    expect(r.commands.map((c) => c.text)).toEqual(['play forest', 'attack serra']);
  });

  it('drops only the command holding an unclosed quote, not the others on its line', () => {
    const r = parseFixedInputs('play forest; cast "x\nplay island;cast "y";keep');
    expect(r.problems.map((p) => [p.code, p.span.line, p.span.column])).toEqual([['input/bad-character', 1, 19]]);
    expect(r.commands.map((c) => c.text)).toEqual(['play forest', 'play island', 'cast "y"', 'keep']);
  });

  it('refuses a script longer than the limit without reading it', () => {
    const r = parseFixedInputs('0;'.repeat(600_000));
    expect(r.problems.map((p) => p.code)).toEqual(['input/too-long']);
  });
});
