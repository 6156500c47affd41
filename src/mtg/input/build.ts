// Postprocessors for grammar/fixed-input.ne: nearley's match arrays → draft commands. Kept out
// of the grammar file so they are type-checked like the rest of the code. Drafts still hold the
// raw words of PASS_UNTIL conditions and player selectors; parse.ts checks and finishes them.
import type { Token } from 'moo';
import type { Selector, Span } from './ast.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- nearley hands postprocessors untyped arrays
type Any = any;

/** A player or a name, before parse.ts checks the player word (`p3` is an error there). */
export type RawTarget = { kind: 'player'; word: string; span: Span } | { kind: 'name'; selector: Selector };

/** One `key=value` of a PASS_UNTIL, unchecked. */
export type RawCondition = { key: 'turn' | 'step'; value: string; span: Span; valueSpan: Span };

type Spanned = { span: Span };
export type Draft = Spanned &
  (
    | { kind: 'index'; index: number; digits: string }
    | { kind: 'wildcard' }
    | { kind: 'pass-until'; conditions: RawCondition[] }
    | { kind: 'pass' | 'done' | 'keep' | 'mulligan' | 'yes' | 'no' }
    | { kind: 'play' | 'attack'; card: Selector }
    | { kind: 'cast' | 'activate'; card: Selector; targets: RawTarget[] }
    | { kind: 'block'; blocker: Selector; attacker: Selector }
    | { kind: 'target'; target: RawTarget }
    | { kind: 'choose'; choice: RawTarget }
    | { kind: 'expect'; expect: 'refused' | 'offered'; inner: Draft }
  );

export const tokSpan = (t: Token): Span => ({ start: t.offset, end: t.offset + t.text.length, line: t.line, column: t.col });
const join = (a: Span, b: Span): Span => ({ start: a.start, end: b.end, line: a.line, column: a.column });

// A single unquoted word that names a player rather than a card. Anything else is a name, which
// may still be a player's name (`target bob`) when the resolver is told the names.
const PLAYER_WORD = /^(?:p\d+|player\d+|me|you|opponent)$/i;

export function script(d: Any): Draft[] {
  const rest: Draft[] = d[2].map((pair: Any) => pair[1]);
  return [d[1], ...rest];
}

export function index(d: Any): Draft {
  const t: Token = d[0];
  return { kind: 'index', index: Number(t.text), digits: t.text, span: tokSpan(t) };
}

export function wildcard(d: Any): Draft {
  return { kind: 'wildcard', span: tokSpan(d[0]) };
}

export function passUntil(d: Any): Draft {
  const first: RawCondition = d[1];
  const rest: RawCondition[] = d[2].map((pair: Any) => pair[1]);
  const conditions = [first, ...rest];
  return { kind: 'pass-until', conditions, span: join(tokSpan(d[0]), conditions[conditions.length - 1]!.span) };
}

export function condition(d: Any): RawCondition {
  const key: Token = d[0];
  const value: Token = d[2];
  return {
    key: key.type === 'kw_turn' ? 'turn' : 'step',
    value: value.text,
    span: join(tokSpan(key), tokSpan(value)),
    valueSpan: tokSpan(value),
  };
}

export function expect(expect: 'refused' | 'offered'): (d: Any) => Draft {
  return (d) => {
    const inner: Draft = d[1];
    return { kind: 'expect', expect, inner, span: join(tokSpan(d[0]), inner.span) };
  };
}

export function oneWord(d: Any): Draft {
  const t: Token = d[0];
  const kind = t.text.toLowerCase() as 'pass' | 'done' | 'keep' | 'mulligan' | 'yes' | 'no';
  return { kind, span: tokSpan(t) };
}

export function play(d: Any): Draft {
  const card: Selector = d[1];
  return { kind: 'play', card, span: join(tokSpan(d[0]), card.span) };
}

export function attack(d: Any): Draft {
  const card: Selector = d[1];
  return { kind: 'attack', card, span: join(tokSpan(d[0]), card.span) };
}

function withTargets(kind: 'cast' | 'activate', d: Any): Draft {
  const card: Selector = d[1];
  const targets: Array<{ target: RawTarget; span: Span }> = d[2];
  const last = targets.length > 0 ? targets[targets.length - 1]!.span : card.span;
  return { kind, card, targets: targets.map((t) => t.target), span: join(tokSpan(d[0]), last) };
}

export function cast(d: Any): Draft {
  return withTargets('cast', d);
}

export function activate(d: Any): Draft {
  return withTargets('activate', d);
}

export function targeting(d: Any): { target: RawTarget; span: Span } {
  const selector: Selector = d[1];
  return { target: rawTarget(selector), span: join(tokSpan(d[0]), selector.span) };
}

export function block(d: Any): Draft {
  const blocker: Selector = d[0];
  const attacker: Selector = d[2];
  return { kind: 'block', blocker, attacker, span: join(blocker.span, attacker.span) };
}

export function target(d: Any): Draft {
  const selector: Selector = d[1];
  return { kind: 'target', target: rawTarget(selector), span: join(tokSpan(d[0]), selector.span) };
}

export function choose(d: Any): Draft {
  const selector: Selector = d[1];
  return { kind: 'choose', choice: rawTarget(selector), span: join(tokSpan(d[0]), selector.span) };
}

function rawTarget(selector: Selector): RawTarget {
  if (!selector.quoted && selector.ordinal === undefined && PLAYER_WORD.test(selector.name)) {
    return { kind: 'player', word: selector.name, span: selector.span };
  }
  return { kind: 'name', selector };
}

export function selector(d: Any): Selector {
  const name: Selector = d[0];
  if (d.length === 1) return name;
  const close: Token = d[3];
  // The ordinal's digits are checked (≥ 1, not huge) by parse.ts.
  return { ...name, ordinal: Number(d[2].text), span: join(name.span, tokSpan(close)) };
}

export function quoted(d: Any): Selector {
  const t: Token = d[0];
  return { name: t.text.slice(1, -1), quoted: true, span: tokSpan(t) };
}

export function words(d: Any): Selector {
  const tokens: Token[] = [d[0], ...d[1].map((group: Any) => group[0])];
  // parse.ts replaces this with the source text of the span; joining is enough to spot players.
  const name = tokens.map((t) => t.text).join(' ');
  return { name, quoted: false, span: join(tokSpan(tokens[0]!), tokSpan(tokens[tokens.length - 1]!)) };
}
