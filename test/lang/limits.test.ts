// Absurd texts: they must come back as one problem with a code, quickly, and never overflow the
// stack of the parser or of anything that walks the tree afterwards (checker, folding, the
// runtime's compiler).
import { describe, expect, it } from 'vitest';
import type { Expr, Statement } from '../../src/lang/ast.js';
import { checkCondition, type CheckEnv } from '../../src/lang/check.js';
import { constantValue } from '../../src/lang/fold.js';
import { MAX_DEPTH, MAX_LENGTH, MAX_TREE_DEPTH, parse } from '../../src/lang/parse.js';
import { conditionSpecificity } from '../../src/lang/specificity.js';

const env: CheckEnv = {
  world: new Map([['x', { type: { kind: 'number' }, writable: true }]]),
  hand: null,
  qualities: new Map(),
  groups: new Map(),
};

/** Whatever parse says, the rest of the pipeline must not throw on what it accepted. */
function walkEverything(statements: Statement[]): void {
  checkCondition(statements, env);
  const first = statements[0];
  if (first?.kind === 'expr') {
    constantValue(first.expr);
    conditionSpecificity(first.expr);
  }
  JSON.stringify(statements);
}

function depthOf(e: Expr): number {
  // Iterative: the trees under test are exactly the ones that would overflow a recursive walk.
  let max = 0;
  const stack: [Expr, number][] = [[e, 1]];
  while (stack.length > 0) {
    const [n, d] = stack.pop()!;
    max = Math.max(max, d);
    if (n.kind === 'unary') stack.push([n.operand, d + 1]);
    if (n.kind === 'binary') stack.push([n.left, d + 1], [n.right, d + 1]);
    if (n.kind === 'call') for (const a of n.args) stack.push([a, d + 1]);
  }
  return max;
}

describe('nesting and length limits', () => {
  it('10,000 nested parentheses are refused before parsing, as too long', () => {
    const text = `${'('.repeat(10_000)}1${')'.repeat(10_000)}`;
    const r = parse(text, 'expression');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatchObject({ code: 'lang/too-long', span: { start: 0, end: 0 } });
  });

  it('4,999 nested parentheses (under the length limit) are too deep at the 65th', () => {
    const text = `${'('.repeat(4_999)}1${')'.repeat(4_999)}`;
    expect(text.length).toBeLessThanOrEqual(MAX_LENGTH);
    const r = parse(text, 'expression');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatchObject({ code: 'lang/too-deep', span: { start: MAX_DEPTH, end: MAX_DEPTH + 1 } });
  });

  it('a text of exactly the length limit is parsed; one character more is too long', () => {
    const ok = `1${' '.repeat(MAX_LENGTH - 1)}`;
    expect(parse(ok, 'expression').ok).toBe(true);
    const r = parse(`${ok} `, 'effects');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.code).toBe('lang/too-long');
  });

  // Each operator in a chain nests the tree one level deeper, parentheses or not.
  const chains: [string, string][] = [
    ['a sum', `1${' + 1'.repeat(2_400)}`],
    ['a product', `1${'*1'.repeat(4_900)}`],
    ['a difference', `1${'-1'.repeat(4_900)}`],
    ['a quotient', `1${'/1'.repeat(4_900)}`],
    ['an and-chain', `true${' and true'.repeat(1_100)}`],
    ['an or-chain', `true${' or true'.repeat(1_200)}`],
    ['a run of unary minus', `${'-'.repeat(9_000)}1`],
    ['a run of not', `${'not '.repeat(2_400)}true`],
    ['nested calls', `${'abs('.repeat(60)}1${')'.repeat(60)}${' + abs(1)'.repeat(900)}`],
  ];
  for (const [what, text] of chains) {
    it(`${what} ${text.length} characters long is too deep, and says where`, () => {
      expect(text.length).toBeLessThanOrEqual(MAX_LENGTH);
      const r = parse(text, 'expression');
      if (r.ok) walkEverything(r.statements);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.problem.code).toBe('lang/too-deep');
      expect(r.problem.span.start).toBeGreaterThanOrEqual(0);
      expect(r.problem.span.end).toBeGreaterThan(r.problem.span.start);
      expect(r.problem.span.end).toBeLessThanOrEqual(text.length);
    });
  }

  it(`a chain just within the tree limit (${'MAX_TREE_DEPTH'}) parses and can be checked`, () => {
    const text = `@world.x${' + 1'.repeat(MAX_TREE_DEPTH - 2)} > 0`;
    const r = parse(text, 'expression');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const first = r.statements[0]!;
    expect(first.kind === 'expr' && depthOf(first.expr)).toBe(MAX_TREE_DEPTH);
    const checked = checkCondition(r.statements, env);
    expect(checked.problems).toEqual([]);
  });

  it('one level more is too deep', () => {
    const r = parse(`@world.x${' + 1'.repeat(MAX_TREE_DEPTH - 1)} > 0`, 'expression');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.code).toBe('lang/too-deep');
  });

  it('effects are held to the same tree limit, statement by statement', () => {
    const deep = `@hand.a = 1${' + 1'.repeat(MAX_TREE_DEPTH)}`;
    const r = parse(`@hand.b = 1\n${deep}`, 'effects');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.code).toBe('lang/too-deep');
    const amount = parse(`advance(@hand.h, 1${' + 1'.repeat(MAX_TREE_DEPTH)})`, 'effects');
    expect(amount.ok).toBe(false);
  });
});
