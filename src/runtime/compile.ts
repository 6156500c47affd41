/**
 * Checked expressions → JavaScript closures, once, when the engine is created.
 *
 * **Architecture invariant:** no parsing and no `eval`/`new Function` here: the tree arrives
 * checked inside the bundle and becomes a tree of closures, so the runtime is safe under a
 * CSP-locked page and never needs the grammar.
 *
 * A closure either returns a value or throws {@link NotEvaluable}: a missing `@hand` name, a
 * division by zero, a non-finite number or a value of the wrong kind. The caller turns that into
 * an unavailable card with the reason recorded (reference, "The checks, in order": a condition
 * that cannot be evaluated never quietly passes).
 */
import type { Effect, Expr, NameRef, Type } from '../lang/ast.js';
import type { Value } from '../content/bundle.js';

/** What a compiled expression reads: the flow's world and the deal's assembled `@hand`. */
export interface EvalContext {
  /** Indexed by the world name's position in `bundle.world`. */
  world: Value[];
  /** Indexed by the `@hand` name's slot; `undefined` where this hand has no such name. */
  hand: (Value | undefined)[];
  /** The hand instance, for messages ("talk{npc=elder}"). */
  label: string;
}

export type Compiled = (ctx: EvalContext) => Value;

/**
 * Thrown (not returned) by a closure that cannot produce a value. A plain class rather than an
 * `Error`: no stack is captured, because this is an expected outcome on the deal path.
 *
 * @example
 * ```ts
 * try { condition(ctx); } catch (e) { if (e instanceof NotEvaluable) console.log(e.message); }
 * ```
 */
export class NotEvaluable {
  constructor(readonly message: string) {}
}

/**
 * A bundle whose trees this runtime cannot compile: the engine reports it as `bundle/malformed`.
 *
 * @example
 * ```ts
 * try { compileExpr(ast, env); } catch (e) { if (e instanceof CompileError) console.log(e.message); }
 * ```
 */
export class CompileError extends Error {}

/** The names and ladders an expression may refer to, as the loader indexed them. */
export interface CompileEnv {
  world: ReadonlyMap<string, { index: number; type: Type }>;
  /** Every `@hand` name any hand can have, with its slot and type. */
  hand: ReadonlyMap<string, { slot: number; type: Type }>;
  /** Ladder id → stage name → position. */
  ladders: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Ladder id → stages, lowest first. */
  stages: ReadonlyMap<string, readonly string[]>;
  /** Tag group id → its tags. */
  groups: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * Compiles one expression.
 *
 * @example
 * ```ts
 * const f = compileExpr(ast, env);
 * f({ world: [2], hand: [], label: 'village' }); // → true
 * ```
 */
export function compileExpr(node: Expr, env: CompileEnv): Compiled {
  return new Compiler(env).expr(node);
}

/**
 * Compiles for one bundle, each distinct tree once. Content repeats itself (`@world.act >= 2` on
 * a hundred cards), and one closure shared by those cards stays in the processor's caches where a
 * hundred copies of it, spread over the heap, would not: on a 100,000-card box that is most of a
 * deal's time. Trees are looked up by their source text, then compared whole, so two texts alike
 * but checked differently never share a closure. Closures hold no state, so sharing is safe.
 *
 * @example
 * ```ts
 * const compile = expressionCompiler(env);
 * compile(a.ast, a.source) === compile(b.ast, b.source); // true when the two trees are the same
 * ```
 */
export function expressionCompiler(env: CompileEnv): (node: Expr, source: string) => Compiled {
  const seen = new Map<string, { node: Expr; compiled: Compiled }[]>();
  return (node, source) => {
    const alike = seen.get(source);
    if (alike) for (const s of alike) if (sameTree(s.node, node)) return s.compiled;
    const compiled = compileExpr(node, env);
    if (alike) alike.push({ node, compiled });
    else seen.set(source, [{ node, compiled }]);
    return compiled;
  };
}

function sameTree(a: unknown, b: unknown): boolean {
  // Object.is: a literal -0 and 0 are different constants.
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!Object.hasOwn(b, k) || !sameTree((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

/**
 * The names an expression reads, each once: a world name's index `i` as `i`, a `@hand` slot `s`
 * as `-1 - s`. A compiled expression reads nothing else, so it gives the same answer as long as
 * these hold the same values (what a deal's condition cache relies on).
 *
 * @example
 * ```ts
 * namesRead(ast, env); // e.g. [0, -3]: @world.now and the @hand name in slot 2
 * ```
 */
export function namesRead(node: Expr, env: CompileEnv): number[] {
  const out = new Set<number>();
  const walk = (n: Expr): void => {
    switch (n.kind) {
      case 'name': {
        const at = n.scope === 'world' ? env.world.get(n.name)?.index : n.scope === 'hand' ? env.hand.get(n.name)?.slot : undefined;
        if (at === undefined) throw new CompileError(`unknown name @${n.scope}.${n.name}`);
        out.add(n.scope === 'world' ? at : -1 - at);
        return;
      }
      case 'unary':
        return walk(n.operand);
      case 'binary':
        walk(n.left);
        return walk(n.right);
      case 'call':
        return n.args.forEach(walk);
      default:
        return;
    }
  };
  walk(node);
  return [...out];
}

/** An effect line compiled: it reads and writes through an {@link EffectTarget}. */
export type CompiledEffect = (target: EffectTarget) => void;

/**
 * Where effects write. The engine hands in scratch copies and commits them only when every
 * effect of the play succeeded (a play is atomic).
 */
export interface EffectTarget {
  ctx: EvalContext;
  /** Called for every `@hand` write; refuses (throws NotEvaluable) read-only or missing names. */
  writeHand(slot: number, name: string, value: Value): void;
}

/**
 * Compiles one effect statement: an assignment, `advance(...)` or `retreat(...)`.
 *
 * @example
 * ```ts
 * const raise = compileEffect(assignAst, env);
 * raise(target); // @hand.peril = @hand.peril + 1, written into the scratch scope
 * ```
 */
export function compileEffect(stmt: Effect, env: CompileEnv): CompiledEffect {
  return new Compiler(env).effect(stmt);
}

/**
 * Whether a value fits a declared type, as the runtime checks it on writes and restores.
 *
 * @example
 * ```ts
 * valueFits('uneasy', { kind: 'stage', ladder: 'haunting' }, env); // true
 * valueFits(Number.NaN, { kind: 'number' }, env);                  // false
 * ```
 */
export function valueFits(value: unknown, type: Type, env: CompileEnv): boolean {
  switch (type.kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'stage':
      return typeof value === 'string' && env.ladders.get(type.ladder)?.has(value) === true;
    case 'tag':
      return typeof value === 'string' && env.groups.get(type.group)?.has(value) === true;
  }
}

/**
 * Human words for a type, in messages.
 *
 * @example
 * ```ts
 * describeType({ kind: 'stage', ladder: 'haunting' }); // 'a stage of haunting'
 * ```
 */
export function describeType(type: Type): string {
  switch (type.kind) {
    case 'stage':
      return `a stage of ${type.ladder}`;
    case 'tag':
      return `a tag of ${type.group}`;
    default:
      return `a ${type.kind}`;
  }
}

const ARITH = new Set(['+', '-', '*', '/']);
const ORDER = new Set(['<', '<=', '>', '>=']);

class Compiler {
  constructor(private readonly env: CompileEnv) {}

  effect(stmt: Effect): CompiledEffect {
    const target = stmt.target;
    const type = this.nameType(target);
    const label = `@${target.scope}.${target.name}`;
    const write = this.writer(target);
    if (stmt.kind === 'assign') {
      const value = this.valueFor(stmt.value, type);
      return (t) => {
        const v = value(t.ctx);
        if (!valueFits(v, type, this.env)) {
          throw new NotEvaluable(`${label} must hold ${describeType(type)}; the effect computed ${JSON.stringify(v)}`);
        }
        write(t, v);
      };
    }
    if (type.kind !== 'stage') throw new CompileError(`${stmt.kind}(${label}) needs a stage, but ${label} is ${describeType(type)}`);
    const stages = this.env.stages.get(type.ladder)!;
    const positions = this.env.ladders.get(type.ladder)!;
    const read = this.expr(target);
    const amount = stmt.amount ? this.expr(stmt.amount) : () => 1;
    const sign = stmt.kind === 'advance' ? 1 : -1;
    return (t) => {
      const by = amount(t.ctx);
      if (typeof by !== 'number' || !Number.isInteger(by)) {
        throw new NotEvaluable(`${stmt.kind}(${label}, ...) moves by whole stages; got ${JSON.stringify(by)}`);
      }
      const at = positions.get(read(t.ctx) as string);
      if (at === undefined) throw new NotEvaluable(`${label} is not on the ${type.ladder} ladder`);
      // Moving past either end stops at the end: the ladder has nowhere further to go.
      const next = Math.min(stages.length - 1, Math.max(0, at + sign * by));
      write(t, stages[next]!);
    };
  }

  private writer(target: NameRef): (t: EffectTarget, v: Value) => void {
    if (target.scope === 'world') {
      const decl = this.env.world.get(target.name);
      if (!decl) throw new CompileError(`unknown name @world.${target.name}`);
      const i = decl.index;
      return (t, v) => {
        t.ctx.world[i] = v;
      };
    }
    const decl = this.env.hand.get(target.name);
    if (!decl) throw new CompileError(`unknown name @hand.${target.name}`);
    const slot = decl.slot;
    const name = target.name;
    return (t, v) => t.writeHand(slot, name, v);
  }

  expr(node: Expr): Compiled {
    switch (node.kind) {
      case 'number': {
        const v = node.value;
        if (!Number.isFinite(v)) throw new CompileError(`number ${v} is not finite`);
        return () => v;
      }
      case 'string':
      case 'boolean': {
        const v = node.value;
        return () => v;
      }
      case 'name':
        return this.name(node);
      case 'bare': {
        // A bare word alone (an assignment's value) is a constant: its resolution says what it is.
        const r = node.resolved;
        if (!r) throw new CompileError(`bare word ${node.name} was not resolved by the checker`);
        const v = node.name;
        return () => v;
      }
      case 'unary': {
        const operand = this.expr(node.operand);
        if (node.op === 'not') {
          return (ctx) => {
            const v = operand(ctx);
            if (v === true) return false;
            if (v === false) return true;
            throw notA('a boolean', 'not', v);
          };
        }
        return (ctx) => {
          const v = operand(ctx);
          if (typeof v !== 'number') throw notA('a number', 'unary -', v);
          return -v;
        };
      }
      case 'binary':
        return this.binary(node);
      case 'call':
        return this.call(node);
    }
  }

  private name(node: NameRef): Compiled {
    if (node.scope === 'world') {
      const decl = this.env.world.get(node.name);
      if (!decl) throw new CompileError(`unknown name @world.${node.name}`);
      const i = decl.index;
      return (ctx) => ctx.world[i]!;
    }
    if (node.scope === 'hand') {
      const decl = this.env.hand.get(node.name);
      if (!decl) throw new CompileError(`unknown name @hand.${node.name}`);
      const slot = decl.slot;
      const name = node.name;
      return (ctx) => {
        const v = ctx.hand[slot];
        if (v === undefined) throw missing(name, ctx);
        return v;
      };
    }
    throw new CompileError(`unknown scope @${node.scope}`);
  }

  private binary(node: Extract<Expr, { kind: 'binary' }>): Compiled {
    const { op } = node;
    if (op === 'and' || op === 'or') {
      const l = this.expr(node.left);
      const r = this.expr(node.right);
      const stopAt = op === 'or';
      return (ctx) => {
        const a = l(ctx);
        if (a === stopAt) return a;
        if (a !== !stopAt) throw notA('a boolean', op, a);
        const b = r(ctx);
        if (typeof b !== 'boolean') throw notA('a boolean', op, b);
        return b;
      };
    }
    if (ARITH.has(op)) {
      const l = this.expr(node.left);
      const r = this.expr(node.right);
      return arithmetic(op, l, r);
    }
    return this.compare(node);
  }

  private compare(node: Extract<Expr, { kind: 'binary' }>): Compiled {
    const { op } = node;
    const lt = this.typeOf(node.left);
    const rt = this.typeOf(node.right);
    const stage = lt?.kind === 'stage' ? lt : rt?.kind === 'stage' ? rt : undefined;
    if (stage) {
      // Stages compare by their position on the ladder (reference: qualities are ladders).
      const l = this.stagePosition(node.left, stage.ladder);
      const r = this.stagePosition(node.right, stage.ladder);
      return ordered(op, l, r);
    }
    const tag = lt?.kind === 'tag' ? lt : rt?.kind === 'tag' ? rt : undefined;
    const l = tag ? this.tagValue(node.left, tag.group) : this.expr(node.left);
    const r = tag ? this.tagValue(node.right, tag.group) : this.expr(node.right);
    if (op === '==') return (ctx) => l(ctx) === r(ctx);
    if (op === '!=') return (ctx) => l(ctx) !== r(ctx);
    if (!ORDER.has(op)) throw new CompileError(`unknown operator ${op}`);
    if (tag || lt?.kind === 'boolean' || rt?.kind === 'boolean') {
      throw new CompileError(`${op} does not apply to ${tag ? 'tags' : 'booleans'}`);
    }
    return ordered(op, l, r);
  }

  private stagePosition(node: Expr, ladder: string): Compiled {
    const positions = this.env.ladders.get(ladder);
    if (!positions) throw new CompileError(`unknown ladder ${ladder}`);
    if (node.kind === 'bare') {
      const r = node.resolved;
      const at = r?.kind === 'stage' ? r.index : positions.get(node.name);
      if (at === undefined || (r && r.kind !== 'stage')) throw new CompileError(`${node.name} is not a stage of ${ladder}`);
      return () => at;
    }
    const value = this.expr(node);
    return (ctx) => {
      const v = value(ctx);
      const at = positions.get(v as string);
      if (at === undefined) throw new NotEvaluable(`${JSON.stringify(v)} is not a stage of ${ladder}`);
      return at;
    };
  }

  private tagValue(node: Expr, group: string): Compiled {
    if (node.kind === 'bare') {
      const tags = this.env.groups.get(group);
      if (!tags?.has(node.name)) throw new CompileError(`${node.name} is not a tag of ${group}`);
      const v = node.name;
      return () => v;
    }
    return this.expr(node);
  }

  private call(node: Extract<Expr, { kind: 'call' }>): Compiled {
    const args = node.args.map((a) => this.expr(a));
    const name = node.name;
    if (name === 'abs' && args.length === 1) {
      const a = args[0]!;
      return (ctx) => Math.abs(num(a(ctx), name));
    }
    if ((name === 'min' || name === 'max') && args.length >= 2) {
      const pick = name === 'min' ? Math.min : Math.max;
      return (ctx) => {
        let acc = num(args[0]!(ctx), name);
        for (let i = 1; i < args.length; i++) acc = pick(acc, num(args[i]!(ctx), name));
        return acc;
      };
    }
    throw new CompileError(`unknown call ${name}/${args.length}: only min, max (2 or more) and abs (1)`);
  }

  /** The checker's type when it filled one; else what the declarations say. */
  private typeOf(node: Expr): Type | undefined {
    if (node.type) return node.type;
    switch (node.kind) {
      case 'number':
      case 'string':
      case 'boolean':
        return { kind: node.kind };
      case 'name':
        return this.nameType(node);
      case 'bare': {
        const r = node.resolved;
        if (r?.kind === 'stage') return { kind: 'stage', ladder: r.ladder };
        if (r?.kind === 'tag') return { kind: 'tag', group: r.group };
        return undefined;
      }
      case 'unary':
        return node.op === 'not' ? { kind: 'boolean' } : { kind: 'number' };
      case 'binary':
        return ARITH.has(node.op) ? { kind: 'number' } : { kind: 'boolean' };
      case 'call':
        return { kind: 'number' };
    }
  }

  private nameType(node: NameRef): Type {
    const decl = node.scope === 'world' ? this.env.world.get(node.name) : node.scope === 'hand' ? this.env.hand.get(node.name) : undefined;
    if (!decl) throw new CompileError(`unknown name @${node.scope}.${node.name}`);
    return decl.type;
  }

  /** An assignment's value: a bare word takes its meaning from the target's type. */
  private valueFor(node: Expr, type: Type): Compiled {
    if (node.kind === 'bare' && !node.resolved) {
      const ok =
        type.kind === 'stage'
          ? this.env.ladders.get(type.ladder)?.has(node.name)
          : type.kind === 'tag'
            ? this.env.groups.get(type.group)?.has(node.name)
            : false;
      if (!ok) throw new CompileError(`${node.name} is not ${describeType(type)}`);
      const v = node.name;
      return () => v;
    }
    return this.expr(node);
  }
}

function arithmetic(op: string, l: Compiled, r: Compiled): Compiled {
  switch (op) {
    case '+':
      return (ctx) => finite(num(l(ctx), op) + num(r(ctx), op), op);
    case '-':
      return (ctx) => finite(num(l(ctx), op) - num(r(ctx), op), op);
    case '*':
      return (ctx) => finite(num(l(ctx), op) * num(r(ctx), op), op);
    default:
      return (ctx) => {
        const a = num(l(ctx), op);
        const b = num(r(ctx), op);
        if (b === 0) throw new NotEvaluable('division by zero');
        return finite(a / b, op);
      };
  }
}

function ordered(op: string, l: Compiled, r: Compiled): Compiled {
  // Operands are numbers, ladder positions or strings (by code units); a mix never compares.
  const test = ORDERINGS[op];
  if (!test) throw new CompileError(`unknown operator ${op}`);
  return (ctx) => {
    const a = l(ctx);
    const b = r(ctx);
    if (typeof a !== typeof b || typeof a === 'boolean') throw new NotEvaluable(`${op} cannot compare ${JSON.stringify(a)} with ${JSON.stringify(b)}`);
    return test(a, b);
  };
}

const ORDERINGS: Record<string, (a: Value, b: Value) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

function num(v: Value, op: string): number {
  if (typeof v !== 'number') throw notA('a number', op, v);
  return v;
}

function finite(v: number, op: string): number {
  if (!Number.isFinite(v)) throw new NotEvaluable(`${op} gave a number too large to hold`);
  return v;
}

function notA(what: string, op: string, v: Value): NotEvaluable {
  return new NotEvaluable(`${op} needs ${what}, got ${JSON.stringify(v)}`);
}

function missing(name: string, ctx: EvalContext): NotEvaluable {
  return new NotEvaluable(`@hand.${name} is not set for hand ${ctx.label}: bind or ask for the group that gives it`);
}
