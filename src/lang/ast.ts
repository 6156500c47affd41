/**
 * The syntax tree of the condition/effect language.
 *
 * The parser produces these nodes with spans only; the checker then fills in `type` on every
 * expression and resolves bare words (`elder`, `uneasy`) into tag or stage literals. A bundle
 * stores the checked tree, and the runtime compiles it to closures without ever parsing again.
 *
 * Every node is plain JSON (no classes, no cycles) so that it can travel inside a bundle.
 */

/** Offsets into the expression's own source text, `end` exclusive. */
export interface Span {
  start: number;
  end: number;
}

/** The static type of an expression, filled in by the checker. */
export type Type =
  | { kind: 'number' }
  | { kind: 'boolean' }
  | { kind: 'string' }
  /** A stage of a quality ladder: compares by its position on the ladder. */
  | { kind: 'stage'; ladder: string }
  /** A tag of a tag group: compares only for (in)equality. */
  | { kind: 'tag'; group: string };

export type Scope = 'world' | 'hand';

export type BinaryOp = 'and' | 'or' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/';
export type UnaryOp = 'not' | '-';

interface NodeBase {
  span: Span;
  /** Filled in by the checker. */
  type?: Type;
}

export interface NumberLit extends NodeBase {
  kind: 'number';
  value: number;
}
export interface StringLit extends NodeBase {
  kind: 'string';
  value: string;
}
export interface BooleanLit extends NodeBase {
  kind: 'boolean';
  value: boolean;
}
/** `@world.now`, `@hand.peril`. `scope` is kept as written so the checker can reject `@wrld.x`. */
export interface NameRef extends NodeBase {
  kind: 'name';
  scope: string;
  name: string;
}
/**
 * A bare word: a tag name or a ladder stage, written without quotes. The checker resolves it from
 * the other side of the comparison or assignment and records what it is in `resolved`.
 */
export interface Bare extends NodeBase {
  kind: 'bare';
  name: string;
  resolved?: { kind: 'stage'; ladder: string; index: number } | { kind: 'tag'; group: string };
}
export interface Unary extends NodeBase {
  kind: 'unary';
  op: UnaryOp;
  operand: Expr;
}
export interface Binary extends NodeBase {
  kind: 'binary';
  op: BinaryOp;
  left: Expr;
  right: Expr;
}
/** `min(a, b)`, `max(a, b)`, `abs(a)`; `advance`/`retreat` are statements, not calls. */
export interface Call extends NodeBase {
  kind: 'call';
  name: string;
  /** Span of the function name alone, for diagnostics. */
  nameSpan: Span;
  args: Expr[];
}

export type Expr = NumberLit | StringLit | BooleanLit | NameRef | Bare | Unary | Binary | Call;

/** `@hand.peril = @hand.peril + 1` */
export interface Assign {
  kind: 'assign';
  span: Span;
  target: NameRef;
  value: Expr;
}
/** `advance(@hand.haunting)` or `retreat(@world.dread, 2)`: move a stage along its ladder. */
export interface Step {
  kind: 'advance' | 'retreat';
  span: Span;
  target: NameRef;
  amount?: Expr;
}
/** A statement as parsed; the checker decides which kinds are allowed where. */
export type Statement = Assign | Step | { kind: 'expr'; span: Span; expr: Expr };
/** A checked effect line. */
export type Effect = Assign | Step;
