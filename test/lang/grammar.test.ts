// The grammar, case by case: test/fixtures/lang/ (see golden.ts for the layout and for the
// command that re-records the goldens).
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/lang/parse.js';
import { allParses, expectGolden, langCases } from './golden.js';

describe('valid texts parse to their golden tree, and to exactly one tree', () => {
  for (const c of langCases('valid')) {
    it(c.name, () => {
      const r = parse(c.input, c.mode);
      if (!r.ok) throw new Error(`${c.name}: ${r.problem.code} at ${r.problem.span.start}: ${r.problem.message}`);
      expectGolden(c.dir, r.statements);
      // parse() itself refuses an ambiguous text, but count nearley's parses directly so an
      // ambiguity shows as "2 parses" here rather than as a puzzling syntax error.
      expect(allParses(c.input, c.mode)).toHaveLength(1);
    });
  }
});

describe('invalid texts give one problem with its code and span', () => {
  for (const c of langCases('error')) {
    it(c.name, () => {
      const r = parse(c.input, c.mode);
      if (r.ok) throw new Error(`${c.name} parsed, but it is an error case`);
      expect(r.problem.message.length).toBeGreaterThan(0);
      expectGolden(c.dir, { code: r.problem.code, span: r.problem.span });
    });
  }
});
