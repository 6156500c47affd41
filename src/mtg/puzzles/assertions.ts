/**
 * Reading and writing assertions: one `[assertions]` line → an {@link Assertion}, or a problem
 * with its line and column. Never throws. The grammar is grammar/puzzle-assertions.ne.
 */
import nearley from 'nearley';
import type { Token } from 'moo';
import type { LexToken } from '../../core/token.js';
import { nearest } from '../../core/errors.js';
import { runGrammar } from '../../core/nearley.js';
import type { Assertion, Predicate } from './assertion-ast.js';
import type { DraftAssertion } from './assertion-build.js';
import { ASSERTION_KEYWORDS, assertionLexer } from './assertion-lexer.js';
import grammar from './generated/assertions.js';

/** Numbers in assertions above this (or below its negative) are typing mistakes. */
export const MAX_ASSERTION_NUMBER = 1_000_000;

/** A line that is not an assertion, or one that cannot hold. */
export type AssertionProblem = {
  code: 'puzzle/assertion-syntax' | 'puzzle/bad-assertion';
  message: string;
  line: number;
  column: number;
};

const compiled = nearley.Grammar.fromCompiled(grammar);

/**
 * The tokens nearley sees for one line (moo's, without blanks and the comment), or the column of
 * a character no token matches. Exported for the tests, which count parses.
 *
 * @example
 * ```ts
 * assertionTokens('me life ge 3 # ok').tokens?.map((t) => t.type); // ['kw_me', 'kw_life', 'kw_ge', 'number']
 * ```
 */
export function assertionTokens(text: string): { tokens?: LexToken[]; badColumn?: number } {
  assertionLexer.reset(text);
  const tokens: Token[] = [];
  for (;;) {
    let tok: Token | undefined;
    try {
      tok = assertionLexer.next();
    } catch {
      // Unreachable with today's rules (a word is any run of non-blanks but `#`); kept so that a
      // future rule cannot turn a bad line into an exception.
      return { badColumn: 1 };
    }
    if (!tok) return { tokens };
    if (tok.type !== 'ws' && tok.type !== 'comment') tokens.push(tok);
  }
}

/** Runs the grammar over tokens: every parse, or the index of the token it stopped at. */
function run(tokens: Token[]): { results: unknown[] } | { failedAt: number } {
  const r = runGrammar(compiled, tokens);
  return r.ok ? { results: r.results } : { failedAt: r.at };
}

/**
 * Every parse nearley finds for a line: the tests hold valid lines to exactly one.
 *
 * @example
 * ```ts
 * assertionParses('opponent graveyard contains Grizzly Bears').length; // 1
 * ```
 */
export function assertionParses(text: string): unknown[] {
  const { tokens } = assertionTokens(text);
  if (!tokens) return [];
  const r = run(tokens);
  return 'results' in r ? r.results : [];
}

// What may come next after some tokens: each keyword, a number and a name word, tried in turn.
const PROBES: Array<{ label: string; token: Partial<Token> }> = [
  ...Object.entries(ASSERTION_KEYWORDS).map(([text, type]) => ({ label: text === 'not' ? 'NOT' : text, token: { type, text } })),
  { label: 'a number', token: { type: 'number', text: '1' } },
  { label: 'a card name', token: { type: 'word', text: 'Name' } },
];

function expected(before: Token[]): string[] {
  const out: string[] = [];
  for (const probe of PROBES) {
    const r = run([...before, probe.token as Token]);
    if ('results' in r) out.push(probe.label);
  }
  // A name may start with any word: listing every keyword as a possible first word is noise.
  return out.includes('a card name') ? ['a card name'] : out;
}

function describe(tok: Token): string {
  return tok.type === 'number' ? `number ${tok.text}` : JSON.stringify(tok.text);
}

function list(labels: string[]): string {
  if (labels.length === 0) return 'the end of the assertion';
  return labels.length === 1 ? labels[0]! : `one of ${labels.join(', ')}`;
}

/**
 * Parses one assertion line. `at` is where the line's text starts in its file (line, column), so
 * problems and the assertion carry file positions. Never throws.
 *
 * @example
 * ```ts
 * const r = parseAssertion('NOT opponent life gt 0');
 * r.assertion?.predicate; // { kind: 'life', cmp: 'gt', value: 0 }
 * r.assertion?.negated; // true
 * parseAssertion('life about 3').problem?.code; // 'puzzle/assertion-syntax'
 * ```
 */
export function parseAssertion(
  text: string,
  at: { line: number; column: number } = { line: 1, column: 1 },
): { assertion?: Assertion; problem?: AssertionProblem } {
  const col = (t: Token): number => at.column + t.col - 1;
  const problem = (code: AssertionProblem['code'], column: number, message: string): { problem: AssertionProblem } => ({
    problem: { code, message, line: at.line, column },
  });
  if (text.length > 10_000)
    return problem('puzzle/assertion-syntax', at.column, `an assertion line is at most 10000 characters long; this one is ${text.length}`);
  const { tokens, badColumn } = assertionTokens(text);
  if (!tokens) return problem('puzzle/assertion-syntax', at.column + (badColumn ?? 1) - 1, 'this line cannot be read as an assertion');
  if (tokens.length === 0) return problem('puzzle/assertion-syntax', at.column, 'an empty assertion');

  const r = run(tokens);
  if ('failedAt' in r) {
    const tok = tokens[r.failedAt]!;
    const want = expected(tokens.slice(0, r.failedAt));
    const keywords = want.filter((w) => !w.startsWith('a '));
    const near = keywords.length > 0 ? nearest(tok.text, keywords) : undefined;
    const hint = near ? ` (did you mean ${near}?)` : '';
    return problem('puzzle/assertion-syntax', col(tok), `unexpected ${describe(tok)}: expected ${list(want)}${hint}`);
  }
  if (r.results.length === 0) {
    const last = tokens[tokens.length - 1]!;
    const want = expected(tokens);
    return problem('puzzle/assertion-syntax', col(last) + last.text.length, `the assertion stops short: expected ${list(want)} after ${describe(last)}`);
  }
  if (r.results.length > 1) {
    // The grammar is written to be unambiguous and the tests hold it to that; reaching here is our bug.
    return problem('puzzle/assertion-syntax', col(tokens[0]!), `internal error: ${r.results.length} parses for one assertion; please report it`);
  }

  const draft = r.results[0] as DraftAssertion;
  const number = (tok: Token, min: number): number | { problem: AssertionProblem } => {
    const n = Number(tok.text);
    if (!Number.isSafeInteger(n) || n < min || n > MAX_ASSERTION_NUMBER) {
      const range = min === 1 ? `1 to ${MAX_ASSERTION_NUMBER}` : `${-MAX_ASSERTION_NUMBER} to ${MAX_ASSERTION_NUMBER}`;
      return problem('puzzle/bad-assertion', col(tok), `${tok.text} is out of range: a number here is ${range}`);
    }
    return n;
  };
  const p = draft.predicate;
  let predicate: Predicate;
  switch (p.kind) {
    case 'life':
    case 'life-gained':
    case 'turn':
    case 'zone-count': {
      const value = number(p.value, -MAX_ASSERTION_NUMBER);
      if (typeof value !== 'number') return value;
      predicate = p.kind === 'zone-count' ? { kind: p.kind, zone: p.zone, cmp: p.cmp, value } : { kind: p.kind, cmp: p.cmp, value };
      break;
    }
    case 'library-top': {
      const count = number(p.count, 1);
      if (typeof count !== 'number') return count;
      predicate = { kind: 'library-top', count, name: p.name.text };
      break;
    }
    case 'zone-contains':
      predicate = { kind: 'zone-contains', zone: p.zone, name: p.name.text };
      break;
    case 'game':
      predicate = { kind: 'game', result: p.result };
      break;
    case 'tapped':
      predicate = { kind: 'tapped', tapped: p.tapped, name: p.name.text };
      break;
    case 'power':
    case 'toughness':
    case 'damage':
    case 'counters': {
      const value = number(p.value, -MAX_ASSERTION_NUMBER);
      if (typeof value !== 'number') return value;
      predicate =
        p.kind === 'counters'
          ? { kind: 'counters', counter: counterKind(p.counter.text), cmp: p.cmp, value, name: p.name.text }
          : { kind: p.kind, cmp: p.cmp, value, name: p.name.text };
      break;
    }
    case 'attached':
      predicate = { kind: 'attached', attachment: p.attachment.text, name: p.name.text };
      break;
    default:
      predicate = { kind: p.kind, ...(p.name ? { name: p.name.text } : {}) };
  }
  const assertion: Assertion = {
    negated: draft.negated,
    ...(draft.scope ? { scope: draft.scope } : {}),
    predicate,
    text: '',
    line: at.line,
    column: col(draft.first),
    origin: 'written',
  };
  assertion.text = formatAssertion(assertion);
  return { assertion };
}

/**
 * A counter kind as the engine and Forge's puzzles name it: `+1/+1` is `P1P1`, `-1/-1` `M1M1`,
 * any other kind in capitals (`loyalty` → `LOYALTY`).
 *
 * @example
 * ```ts
 * counterKind('+1/+1'); // 'P1P1'
 * ```
 */
export function counterKind(text: string): string {
  const m = /^([+-])(\d+)\/([+-])(\d+)$/.exec(text);
  if (m) return `${m[1] === '+' ? 'P' : 'M'}${m[2]}${m[3] === '+' ? 'P' : 'M'}${m[4]}`;
  return text.toUpperCase();
}

/**
 * An assertion in its one canonical spelling: `NOT` in capitals, every other keyword in lower
 * case, single spaces. Parsing the result gives the same assertion back.
 *
 * @example
 * ```ts
 * formatAssertion({ negated: true, scope: 'opponent', predicate: { kind: 'game', result: 'won' }, text: '', line: 1, column: 1, origin: 'written' });
 * // 'NOT opponent game won'
 * ```
 */
export function formatAssertion(a: Pick<Assertion, 'negated' | 'scope' | 'predicate'>): string {
  const p = a.predicate;
  let body: string;
  switch (p.kind) {
    case 'life':
      body = `life ${p.cmp} ${p.value}`;
      break;
    case 'life-gained':
      body = `life gained ${p.cmp} ${p.value}`;
      break;
    case 'zone-count':
      body = `${p.zone} count ${p.cmp} ${p.value}`;
      break;
    case 'zone-contains':
      body = `${p.zone} contains ${p.name}`;
      break;
    case 'library-top':
      body = `library top ${p.count} contains ${p.name}`;
      break;
    case 'game':
      body = `game ${p.result}`;
      break;
    case 'turn':
      body = `turn ${p.cmp} ${p.value}`;
      break;
    case 'trigger-fired':
      body = p.name ? `trigger fired ${p.name}` : 'trigger fired';
      break;
    case 'spell-cast':
      body = p.name ? `spell cast ${p.name}` : 'spell cast';
      break;
    case 'creature-died':
      body = p.name ? `creature died ${p.name}` : 'creature died';
      break;
    case 'tapped':
      body = `${p.tapped ? 'tapped' : 'untapped'} ${p.name}`;
      break;
    case 'power':
    case 'toughness':
    case 'damage':
      body = `${p.kind} ${p.cmp} ${p.value} ${p.name}`;
      break;
    case 'counters':
      body = `counters ${p.counter} ${p.cmp} ${p.value} ${p.name}`;
      break;
    case 'attached':
      body = `attached ${p.attachment} to ${p.name}`;
      break;
  }
  return [a.negated ? 'NOT' : '', a.scope ?? '', body].filter((s) => s !== '').join(' ');
}
