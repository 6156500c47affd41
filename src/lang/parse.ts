import nearley from 'nearley';
import type { Token } from 'moo';
import { runGrammar } from '../core/nearley.js';
import type { Expr, Span, Statement } from './ast.js';
import { lexer } from './lexer.js';
import grammar from './generated/expression.js';

/**
 * What kind of text is being parsed. An `expression` (condition, gate, priority) treats line
 * breaks as spaces, so a long condition may be folded over lines; in `effects` a line break ends
 * a statement, like `;`, unless the line plainly continues (it ends in an operator or is inside
 * parentheses).
 */
export type ParseMode = 'expression' | 'effects';

/** A syntax error: where it is (offsets into the parsed text) and what to do about it. */
export interface SyntaxProblem {
  code: 'lang/syntax' | 'lang/bad-character' | 'lang/too-deep' | 'lang/too-long' | 'lang/bad-number';
  message: string;
  span: Span;
}

export type ParseResult = { ok: true; statements: Statement[] } | { ok: false; problem: SyntaxProblem };

/** Deeper nesting than this is refused before parsing: no author writes it, and it bounds recursion. */
export const MAX_DEPTH = 64;
/** Longer text than this is refused before parsing. */
export const MAX_LENGTH = 10_000;
/**
 * Deeper syntax trees than this are refused after parsing. Every operator nests the tree one
 * level, parentheses or not (`1 + 1 + ... + 1`, `not not ... x`), and the checker, constant
 * folding and the runtime's compiler all recurse over the tree: a few thousand levels overflow
 * the stack.
 */
export const MAX_TREE_DEPTH = 256;

const compiled = nearley.Grammar.fromCompiled(grammar);

const CONTINUES = new Set([
  'op_eq',
  'op_ne',
  'op_le',
  'op_ge',
  'op_lt',
  'op_gt',
  'op_assign',
  'op_plus',
  'op_minus',
  'op_times',
  'op_div',
  'kw_and',
  'kw_or',
  'kw_not',
  'lparen',
  'comma',
]);

const HINTS: Record<string, string> = {
  '&': 'use `and` instead of `&&`',
  '|': 'use `or` instead of `||`',
  '!': 'use `not` for negation (`!=` is "not equal")',
  '"': 'a string is missing its closing quote',
  "'": 'a string is missing its closing quote',
  '@': 'a name is written `@world.name` or `@hand.name`',
};

/**
 * Parses a condition, gate, priority or effect list into statements. Never throws: anything the
 * grammar does not accept comes back as one {@link SyntaxProblem} with its position.
 */
export function parse(source: string, mode: ParseMode): ParseResult {
  if (source.length > MAX_LENGTH) {
    return fail(
      'lang/too-long',
      `this expression is ${source.length} characters long; the limit is ${MAX_LENGTH}: split it into smaller conditions or effects`,
      0,
      0,
    );
  }
  const lexed = tokenize(source, mode);
  if (!lexed.ok) return lexed;
  const tokens = lexed.tokens;

  const run = runGrammar(compiled, tokens);
  if (!run.ok) {
    const tok = run.token;
    if (tok) return fail('lang/syntax', `unexpected ${describe(tok)}${expectation(tok)}`, tok.offset, tok.offset + tok.text.length);
    return fail('lang/syntax', 'this text could not be parsed', 0, source.length);
  }
  if (run.results.length === 0) {
    // Right after the last thing written: a trailing comment is not where the operand is missing.
    const last = tokens[tokens.length - 1];
    const end = last ? last.offset + last.text.length : 0;
    return fail('lang/syntax', 'unexpected end of text: something is missing at the end (an operand or a closing parenthesis)', end, end);
  }
  if (run.results.length > 1) {
    // The grammar is written to be unambiguous and the tests hold it to that; reaching here is our bug.
    return fail('lang/syntax', `internal error: ${run.results.length} parses for one text; please report this expression`, 0, source.length);
  }
  const statements = run.results[0] as Statement[];
  const deep = tooDeep(statements);
  if (deep)
    return fail(
      'lang/too-deep',
      `this expression nests more than ${MAX_TREE_DEPTH} operators deep: split it into smaller conditions or effects`,
      deep.span.start,
      deep.span.end,
    );
  return { ok: true, statements };
}

/** The first node deeper than {@link MAX_TREE_DEPTH}, found without recursing. */
function tooDeep(statements: Statement[]): Expr | undefined {
  const stack: [Expr, number][] = [];
  for (const s of statements) {
    if (s.kind === 'expr') stack.push([s.expr, 1]);
    else if (s.kind === 'assign') stack.push([s.value, 1]);
    else if (s.amount) stack.push([s.amount, 1]);
  }
  while (stack.length > 0) {
    const [e, depth] = stack.pop()!;
    if (depth > MAX_TREE_DEPTH) return e;
    if (e.kind === 'unary') stack.push([e.operand, depth + 1]);
    else if (e.kind === 'binary') stack.push([e.left, depth + 1], [e.right, depth + 1]);
    else if (e.kind === 'call') for (const a of e.args) stack.push([a, depth + 1]);
  }
  return undefined;
}

/**
 * The tokens the grammar sees: moo's tokens without blanks and comments, and without the line
 * breaks that cannot end a statement in this `mode`. {@link parse} feeds exactly these to nearley;
 * it is exported so the tests can run nearley themselves and count its parses.
 *
 * @example
 * ```ts
 * const r = tokenize('@hand.peril +\n 1', 'effects');
 * if (r.ok) console.log(r.tokens.map((t) => t.type)); // ['scoped', 'op_plus', 'number']
 * ```
 */
export function tokenize(source: string, mode: ParseMode): { ok: true; tokens: Token[] } | { ok: false; problem: SyntaxProblem } {
  const tokens: Token[] = [];
  let depth = 0;
  // Where the last token moo produced (blanks and comments included) ends: moo stops exactly there.
  let lexedTo = 0;
  lexer.reset(source);
  for (;;) {
    let tok: Token | undefined;
    try {
      tok = lexer.next();
    } catch {
      // moo throws on a character no rule matches: the one right after the last token it lexed.
      const at = lexedTo;
      const ch = source[at] ?? '';
      const hint = HINTS[ch] ? `: ${HINTS[ch]}` : '';
      return fail('lang/bad-character', `unexpected character ${JSON.stringify(ch)}${hint}`, at, at + 1);
    }
    if (!tok) break;
    lexedTo = tok.offset + tok.text.length;
    if (tok.type === 'ws' || tok.type === 'comment') continue;
    if (tok.type === 'number' && !Number.isFinite(Number(tok.text))) {
      // 1e400 reads as Infinity, which the bundle (JSON) cannot hold and no comparison needs.
      return fail('lang/bad-number', `the number ${tok.text} is too large: numbers go up to about 1.8e308`, tok.offset, tok.offset + tok.text.length);
    }
    if (tok.type === 'lparen' && ++depth > MAX_DEPTH) {
      return fail('lang/too-deep', `parentheses nest more than ${MAX_DEPTH} deep here: simplify the expression`, tok.offset, tok.offset + 1);
    }
    if (tok.type === 'rparen') depth = Math.max(0, depth - 1);
    if (tok.type === 'nl') {
      const prev = tokens[tokens.length - 1];
      if (mode === 'expression' || depth > 0 || (prev && CONTINUES.has(prev.type ?? ''))) continue;
    }
    tokens.push(tok);
  }
  return { ok: true, tokens };
}

function describe(tok: Token): string {
  if (tok.type === 'nl') return 'line break';
  if (tok.type === 'semi') return '`;`';
  return `\`${tok.text}\``;
}

function expectation(tok: Token): string {
  switch (tok.type) {
    case 'rparen':
      return ': a closing parenthesis without a matching opening one, or an operand is missing before it';
    case 'op_assign':
      return ': `=` assigns, only at the start of an effect; compare with `==`';
    case 'nl':
    case 'semi':
      return ': the statement before it is incomplete';
    case 'kw_advance':
    case 'kw_retreat':
      return `: \`${tok.text}(...)\` is an effect of its own, not part of an expression`;
    default:
      return ': an operator or a separator (`;` or a new line) is missing before it, or an operand is missing';
  }
}

function fail(code: SyntaxProblem['code'], message: string, start: number, end: number): { ok: false; problem: SyntaxProblem } {
  return { ok: false, problem: { code, message, span: { start, end } } };
}
