// Properties of the grammar over random trees built from it: whatever tree we print, parsing the
// text gives that tree back, nearley finds exactly one parse, and every span covers exactly the
// text of its node.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BinaryOp, Expr, Statement } from '../../src/lang/ast.js';
import { parse, type ParseMode } from '../../src/lang/parse.js';
import { allParses, withoutSpans } from './golden.js';

// ---- random trees ------------------------------------------------------------------------------

const KEYWORDS = new Set(['and', 'or', 'not', 'true', 'false', 'advance', 'retreat']);
const word = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,5}$/).filter((w) => !KEYWORDS.has(w));
const anyWord = fc.oneof(word, fc.constantFrom(...KEYWORDS));
const BINARY: BinaryOp[] = ['or', 'and', '==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/'];

type Tree = Expr; // spans are filled in as zeros and ignored when comparing
const at = { start: 0, end: 0 };

const numberValue = fc.oneof(
  fc.nat({ max: 1_000_000 }),
  fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }).map((v) => (v === 0 ? 0 : v)),
  fc.constantFrom(0.5, 1e21, 5e-7, 123.456),
);
// A name's scope is kept as written, so unknown scopes and a bare `@world` must parse too.
const nameRef = fc
  .oneof(
    { weight: 5, arbitrary: fc.record({ scope: fc.constantFrom('world', 'hand'), name: anyWord }) },
    { weight: 1, arbitrary: fc.record({ scope: word, name: fc.oneof(anyWord, fc.constant('')) }) },
  )
  .map(({ scope, name }) => ({ kind: 'name' as const, scope, name, span: at }));

const atom: fc.Arbitrary<Tree> = fc.oneof(
  numberValue.map((value) => ({ kind: 'number' as const, value, span: at })),
  fc.string({ unit: 'grapheme', maxLength: 8 }).map((value) => ({ kind: 'string' as const, value, span: at })),
  fc.boolean().map((value) => ({ kind: 'boolean' as const, value, span: at })),
  nameRef,
  word.map((name) => ({ kind: 'bare' as const, name, span: at })),
);

const { expr } = fc.letrec<{ expr: Tree; unary: Tree; binary: Tree; call: Tree }>((tie) => ({
  expr: fc.oneof({ maxDepth: 5, depthIdentifier: 'expr' }, atom, tie('unary'), tie('binary'), tie('call')),
  unary: fc.record({ kind: fc.constant('unary' as const), op: fc.constantFrom('not' as const, '-' as const), operand: tie('expr'), span: fc.constant(at) }),
  binary: fc.record({ kind: fc.constant('binary' as const), op: fc.constantFrom(...BINARY), left: tie('expr'), right: tie('expr'), span: fc.constant(at) }),
  call: fc.record({
    kind: fc.constant('call' as const),
    name: word,
    nameSpan: fc.constant(at),
    args: fc.array(tie('expr'), { maxLength: 3 }),
    span: fc.constant(at),
  }),
}));

const statement: fc.Arbitrary<Statement> = fc.oneof(
  expr.map((e) => ({ kind: 'expr' as const, span: at, expr: e })),
  fc.tuple(nameRef, expr).map(([target, value]) => ({ kind: 'assign' as const, span: at, target, value })),
  fc
    .tuple(fc.constantFrom('advance' as const, 'retreat' as const), nameRef, fc.option(expr, { nil: undefined }))
    .map(([kind, target, amount]) => (amount === undefined ? { kind, span: at, target } : { kind, span: at, target, amount })),
);

// ---- printers ----------------------------------------------------------------------------------

function printString(s: string): string {
  return `"${s.replace(/[\\"\n\t]/g, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : `\\${c}`))}"`;
}

function printAtom(e: Tree, sub: (e: Tree) => string): string | undefined {
  switch (e.kind) {
    case 'number':
      return String(e.value);
    case 'string':
      return printString(e.value);
    case 'boolean':
      return String(e.value);
    case 'name':
      return e.name === '' ? `@${e.scope}` : `@${e.scope}.${e.name}`;
    case 'bare':
      return e.name;
    case 'call':
      return `${e.name}(${e.args.map(sub).join(', ')})`;
    default:
      return undefined;
  }
}

/** Every operator's operands in parentheses: the grouping is spelt out. */
function full(e: Tree): string {
  const a = printAtom(e, full);
  if (a !== undefined) return a;
  if (e.kind === 'unary') return e.op === 'not' ? `(not ${full(e.operand)})` : `(-${full(e.operand)})`;
  if (e.kind === 'binary') return `(${full(e.left)} ${e.op} ${full(e.right)})`;
  throw new Error('unreachable');
}

/** Binding strength, loosest first, as docs/language.md lists the operators. */
function level(e: Tree): number {
  if (e.kind === 'binary') return { or: 1, and: 2, '==': 4, '!=': 4, '<': 4, '<=': 4, '>': 4, '>=': 4, '+': 5, '-': 5, '*': 6, '/': 6 }[e.op];
  if (e.kind === 'unary') return e.op === 'not' ? 3 : 7;
  return 8;
}

/**
 * As few parentheses as the precedence table allows, with `sep` between tokens: what an author
 * would write. Left-associative operators need parentheses only on the right; comparisons are not
 * associative, so a comparison under a comparison always needs them.
 */
function minimal(e: Tree, sep: () => string): string {
  const wrap = (child: Tree, need: boolean) => (need ? `(${minimal(child, sep)})` : minimal(child, sep));
  const a = printAtom(e, (x) => minimal(x, sep));
  if (a !== undefined) return a;
  const p = level(e);
  if (e.kind === 'unary') {
    return e.op === 'not' ? `not${sep() || ' '}${wrap(e.operand, level(e.operand) < 3)}` : `-${sep()}${wrap(e.operand, level(e.operand) < 7)}`;
  }
  if (e.kind === 'binary') {
    const cmp = p === 4;
    const left = wrap(e.left, cmp ? level(e.left) <= 4 : level(e.left) < p);
    const right = wrap(e.right, level(e.right) <= p);
    const gap = (s: string) => (s === '' && /^[a-z]/.test(e.op) ? ' ' : s);
    return `${left}${gap(sep())}${e.op}${gap(sep())}${right}`;
  }
  throw new Error('unreachable');
}

function printStatement(s: Statement, print: (e: Tree) => string): string {
  if (s.kind === 'expr') return print(s.expr);
  const target = printAtom(s.target, print)!;
  if (s.kind === 'assign') return `${target} = ${print(s.value)}`;
  return s.amount ? `${s.kind}(${target}, ${print(s.amount)})` : `${s.kind}(${target})`;
}

// ---- properties --------------------------------------------------------------------------------

function parsesTo(text: string, mode: ParseMode, expected: Statement[]): Statement[] {
  const r = parse(text, mode);
  if (!r.ok) throw new Error(`${JSON.stringify(text)}: ${r.problem.code} at ${r.problem.span.start}: ${r.problem.message}`);
  expect(withoutSpans(r.statements)).toEqual(withoutSpans(expected));
  expect(allParses(text, mode)).toHaveLength(1);
  return r.statements;
}

/** Every node's span, sliced out of the text and parsed alone, gives that node again. */
function spansCoverTheirText(text: string, e: Expr): void {
  const slice = text.slice(e.span.start, e.span.end);
  const r = parse(slice, 'expression');
  const first = r.ok ? r.statements[0] : undefined;
  if (!r.ok || r.statements.length !== 1 || first?.kind !== 'expr')
    throw new Error(`span ${e.span.start}-${e.span.end} of ${JSON.stringify(text)} is ${JSON.stringify(slice)}, which is not one expression`);
  expect(withoutSpans(first.expr)).toEqual(withoutSpans(e));
  if (e.kind === 'unary') spansCoverTheirText(text, e.operand);
  if (e.kind === 'binary') {
    spansCoverTheirText(text, e.left);
    spansCoverTheirText(text, e.right);
    // Parentheses widen a node's span to include them, so children sit within, not flush.
    expect(e.left.span.start).toBeGreaterThanOrEqual(e.span.start);
    expect(e.right.span.end).toBeLessThanOrEqual(e.span.end);
    expect(e.left.span.end).toBeLessThan(e.right.span.start);
  }
  if (e.kind === 'call') for (const a of e.args) spansCoverTheirText(text, a);
}

const blank = fc.constantFrom(' ', '  ', '\t', '\n', ' # note\n', '\r\n');

describe('random expressions', () => {
  it('printed fully parenthesised, parse back to the same tree, with exactly one parse', () => {
    fc.assert(
      fc.property(expr, (e) => {
        parsesTo(full(e), 'expression', [{ kind: 'expr', span: at, expr: e }]);
      }),
      { numRuns: 400 },
    );
  });

  it('printed with the fewest parentheses precedence allows, parse back to the same tree', () => {
    fc.assert(
      fc.property(expr, (e) => {
        parsesTo(
          minimal(e, () => ' '),
          'expression',
          [{ kind: 'expr', span: at, expr: e }],
        );
      }),
      { numRuns: 400 },
    );
  });

  it('with any blanks, line breaks and comments between tokens, in expression mode, still parse the same', () => {
    fc.assert(
      fc.property(expr, fc.infiniteStream(blank), (e, blanks) => {
        const text = minimal(e, () => blanks.next().value);
        parsesTo(text, 'expression', [{ kind: 'expr', span: at, expr: e }]);
      }),
      { numRuns: 300 },
    );
  });

  it('have spans that cover exactly their own text', () => {
    fc.assert(
      fc.property(expr, fc.boolean(), (e, parenthesised) => {
        const text = parenthesised ? full(e) : minimal(e, () => ' ');
        const [s] = parsesTo(text, 'expression', [{ kind: 'expr', span: at, expr: e }]);
        if (s?.kind === 'expr') spansCoverTheirText(text, s.expr);
      }),
      { numRuns: 200 },
    );
  });
});

describe('random effect lists', () => {
  const separator = fc.constantFrom('; ', ';', '\n', ';\n', '\n\n', ' # done\n', ';;\n');

  it('joined by `;` and line breaks, parse back statement by statement, with exactly one parse', () => {
    fc.assert(
      fc.property(fc.array(statement, { minLength: 1, maxLength: 5 }), fc.infiniteStream(separator), fc.boolean(), (list, seps, parenthesised) => {
        const print = parenthesised ? full : (e: Tree) => minimal(e, () => ' ');
        const text = list
          .map((s) => printStatement(s, print))
          .map((s, i) => (i === 0 ? s : `${seps.next().value}${s}`))
          .join('');
        parsesTo(text, 'effects', list);
      }),
      { numRuns: 300 },
    );
  });

  it('broken over lines after operators and inside parentheses, still parse the same', () => {
    // In effects a line break ends a statement unless the line plainly continues: it ends in an
    // operator (including `=`), or it is inside parentheses. Break every line where that holds.
    const broken = (e: Tree): string => {
      if (e.kind === 'call') return `${e.name}(\n${e.args.map(broken).join(',\n')}\n)`;
      const a = printAtom(e, broken);
      if (a !== undefined) return a;
      if (e.kind === 'unary') return e.op === 'not' ? `(not\n${broken(e.operand)})` : `(-\n${broken(e.operand)})`;
      if (e.kind === 'binary') return `(\n${broken(e.left)} ${e.op}\n${broken(e.right)}\n)`;
      throw new Error('unreachable');
    };
    fc.assert(
      fc.property(fc.array(statement, { minLength: 1, maxLength: 4 }), (list) => {
        const text = list.map((s) => (s.kind === 'assign' ? `${printAtom(s.target, broken)} =\n${broken(s.value)}` : printStatement(s, broken))).join('\n');
        parsesTo(text, 'effects', list);
      }),
      { numRuns: 300 },
    );
  });
});
