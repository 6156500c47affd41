// Postprocessors for grammar/expression.ne: turn nearley's match arrays into AST nodes.
// Kept out of the grammar file so they are type-checked like the rest of the code.
import type { Token } from 'moo';
import type { BinaryOp, Expr, NameRef, Span, Statement, UnaryOp } from './ast.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- nearley hands postprocessors untyped arrays
type Any = any;

const tokSpan = (t: Token): Span => ({ start: t.offset, end: t.offset + t.text.length });
const join = (a: Span, b: Span): Span => ({ start: a.start, end: b.end });

export function program(d: Any): Statement[] {
  const rest: Statement[] = d[2].map((pair: Any) => pair[1]);
  return [d[1], ...rest];
}

export function exprStatement(d: Any): Statement {
  const expr: Expr = d[0];
  return { kind: 'expr', span: expr.span, expr };
}

export function assign(d: Any): Statement {
  const target: NameRef = d[0];
  const value: Expr = d[2];
  return { kind: 'assign', span: join(target.span, value.span), target, value };
}

export function step(d: Any): Statement {
  const kw: Token = d[0];
  const target: NameRef = d[2];
  const close: Token = d[d.length - 1];
  const kind = kw.value as 'advance' | 'retreat';
  const span = join(tokSpan(kw), tokSpan(close));
  return d.length === 6 ? { kind, span, target, amount: d[4] } : { kind, span, target };
}

export function binary(d: Any): Expr {
  const left: Expr = d[0];
  const right: Expr = d[2];
  const op = d[1].value as BinaryOp;
  return { kind: 'binary', op, left, right, span: join(left.span, right.span) };
}

export function unary(d: Any): Expr {
  const t: Token = d[0];
  const operand: Expr = d[1];
  return { kind: 'unary', op: t.value as UnaryOp, operand, span: join(tokSpan(t), operand.span) };
}

export function number(d: Any): Expr {
  return { kind: 'number', value: Number(d[0].value), span: tokSpan(d[0]) };
}

export function string(d: Any): Expr {
  const t: Token = d[0];
  const body = t.value.slice(1, -1).replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
  return { kind: 'string', value: body, span: tokSpan(t) };
}

export function boolean(d: Any): Expr {
  return { kind: 'boolean', value: d[0].value === 'true', span: tokSpan(d[0]) };
}

export function bare(d: Any): Expr {
  return { kind: 'bare', name: d[0].value, span: tokSpan(d[0]) };
}

export function call(d: Any): Expr {
  const nameTok: Token = d[0];
  return { kind: 'call', name: nameTok.value, nameSpan: tokSpan(nameTok), args: d[2], span: join(tokSpan(nameTok), tokSpan(d[3])) };
}

export function args(d: Any): Expr[] {
  return [d[0], ...d[1].map((pair: Any) => pair[1])];
}

export function paren(d: Any): Expr {
  // Parentheses leave no node, but the span widens so a diagnostic underlines what was written.
  const inner: Expr = d[1];
  return { ...inner, span: join(tokSpan(d[0]), tokSpan(d[2])) };
}

export function name(d: Any): NameRef {
  const t: Token = d[0];
  const body = t.value.slice(1);
  const dot = body.indexOf('.');
  const scope = dot < 0 ? body : body.slice(0, dot);
  const nm = dot < 0 ? '' : body.slice(dot + 1);
  return { kind: 'name', scope, name: nm, span: tokSpan(t) };
}
