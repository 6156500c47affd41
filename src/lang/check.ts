/**
 * The type checker of the condition/effect language. It works on one parsed text at a time,
 * against an environment that says which names exist, their types and whether they may be
 * written. It fills in `type` on every expression node and resolves bare words (`elder`,
 * `uneasy`) into tags or stages, so the runtime never has to guess.
 *
 * It never throws and keeps going after a problem, so an author sees every mistake at once.
 */
import type { DiagnosticCode } from '../content/diagnostics.js';
import { nearest } from '../core/errors.js';
import type { Bare, Effect, Expr, NameRef, Span, Statement, Type } from './ast.js';

export interface NameInfo {
  type: Type;
  writable: boolean;
}

export type HandLookup =
  { ok: true; info: NameInfo } | { ok: false; code: 'lang/unknown-name' | 'lang/hand-name-missing' | 'lang/type'; message: string; hint?: string };

/** The `@hand` names a text may use: they depend on which hands can be asking. */
export interface HandNames {
  lookup(name: string): HandLookup;
}

export interface CheckEnv {
  world: ReadonlyMap<string, NameInfo>;
  /** `null` where `@hand` cannot be used at all. */
  hand: HandNames | null;
  /** Why `@hand` cannot be used here, when `hand` is null. */
  handUnavailable?: string;
  qualities: ReadonlyMap<string, readonly string[]>;
  groups: ReadonlyMap<string, readonly string[]>;
}

export interface LangProblem {
  code: DiagnosticCode;
  message: string;
  span: Span;
  hint?: string;
}

/** Every name a text reads and writes: what `links` and the unused-name lint are built on. */
export interface Uses {
  reads: NameRef[];
  writes: NameRef[];
}

export interface Checked<T> {
  /** Present when the text checked without error. */
  value?: T;
  problems: LangProblem[];
  uses: Uses;
}

const FUNCTIONS: Record<string, { min: number; max: number }> = {
  min: { min: 2, max: Infinity },
  max: { min: 2, max: Infinity },
  abs: { min: 1, max: 1 },
};

const T_NUMBER: Type = { kind: 'number' };
const T_BOOLEAN: Type = { kind: 'boolean' };

export function typeName(t: Type): string {
  switch (t.kind) {
    case 'stage':
      return `a stage of ${t.ladder}`;
    case 'tag':
      return `a ${t.group} tag`;
    default:
      return `a ${t.kind}`;
  }
}

export function sameType(a: Type, b: Type): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'stage') return a.ladder === (b as typeof a).ladder;
  if (a.kind === 'tag') return a.group === (b as typeof a).group;
  return true;
}

/** Checks a condition or a deck gate: exactly one expression, of boolean type. */
export function checkCondition(statements: Statement[], env: CheckEnv, what = 'a condition'): Checked<Expr> {
  return checkSingle(statements, env, what, T_BOOLEAN, 'lang/not-boolean');
}

/** Checks a priority expression: exactly one expression, of number type. */
export function checkPriority(statements: Statement[], env: CheckEnv): Checked<Expr> {
  return checkSingle(statements, env, 'a priority', T_NUMBER, 'lang/not-number');
}

function checkSingle(statements: Statement[], env: CheckEnv, what: string, want: Type, code: DiagnosticCode): Checked<Expr> {
  const c = new Checker(env);
  const first = statements[0];
  if (!first) {
    c.problem('lang/empty', { start: 0, end: 0 }, `${what} is empty`, 'write an expression, or leave the key out');
    return c.result();
  }
  for (const s of statements.slice(1))
    c.problem('lang/syntax', s.span, `${what} is one expression; this is a second statement`, 'join them with `and` or `or`');
  if (first.kind !== 'expr') {
    c.problem('lang/write-in-condition', first.span, `${what} cannot change anything`, "assignments and advance/retreat belong in a card's effects");
    return c.result();
  }
  const t = c.expr(first.expr);
  if (t && !sameType(t, want)) c.problem(code, first.expr.span, `${what} must be ${typeName(want)}, but this is ${typeName(t)}`);
  return c.result(c.ok() ? first.expr : undefined);
}

/** Checks a card's effects: assignments and advance/retreat, any number of them. */
export function checkEffects(statements: Statement[], env: CheckEnv): Checked<Effect[]> {
  const c = new Checker(env);
  const out: Effect[] = [];
  for (const s of statements) {
    if (s.kind === 'expr') {
      c.problem(
        'lang/not-an-effect',
        s.span,
        'an effect must change something: this expression changes nothing',
        'write `@name = value`, `advance(@name)` or `retreat(@name)`; conditions go in `condition`',
      );
      continue;
    }
    const target = c.target(s.target);
    if (s.kind === 'assign') {
      // A bare value takes its meaning from the target; with no usable target there is nothing to say about it.
      if (!target && s.value.kind === 'bare') continue;
      const t = target && s.value.kind === 'bare' ? c.bare(s.value, target) : c.expr(s.value);
      if (target && t && !sameType(target, t)) {
        c.problem('lang/type', s.value.span, `cannot assign ${typeName(t)} to @${s.target.scope}.${s.target.name}, which holds ${typeName(target)}`);
      }
    } else {
      if (target && target.kind !== 'stage') {
        c.problem(
          'lang/type',
          s.target.span,
          `${s.kind}() moves a stage along its ladder, but @${s.target.scope}.${s.target.name} holds ${typeName(target)}`,
          'use an assignment for other values',
        );
      }
      if (s.amount) {
        const t = c.expr(s.amount);
        if (t && t.kind !== 'number') c.problem('lang/type', s.amount.span, `the number of stages to ${s.kind} must be a number, not ${typeName(t)}`);
      }
    }
    out.push(s);
  }
  return c.result(c.ok() ? out : undefined);
}

class Checker {
  readonly problems: LangProblem[] = [];
  readonly uses: Uses = { reads: [], writes: [] };

  constructor(private readonly env: CheckEnv) {}

  ok(): boolean {
    return this.problems.length === 0;
  }

  result<T>(value?: T): Checked<T> {
    const r: Checked<T> = { problems: this.problems, uses: this.uses };
    if (value !== undefined && this.ok()) r.value = value;
    return r;
  }

  problem(code: DiagnosticCode, span: Span, message: string, hint?: string): void {
    const p: LangProblem = { code, span, message };
    if (hint) p.hint = hint;
    this.problems.push(p);
  }

  /** The type of a name being written, or undefined (reported) when it cannot be written. */
  target(ref: NameRef): Type | undefined {
    const info = this.lookup(ref);
    if (!info) return undefined;
    if (!info.writable) {
      this.problem(
        'lang/read-only',
        ref.span,
        `@${ref.scope}.${ref.name} is read-only: it is the tag the hand was dealt for`,
        'write one of its properties instead',
      );
      return undefined;
    }
    this.uses.writes.push(ref);
    ref.type = info.type;
    return info.type;
  }

  /** The type of an expression, or undefined when it has an error (already reported). */
  expr(e: Expr): Type | undefined {
    const t = this.exprInner(e);
    if (t) e.type = t;
    return t;
  }

  private exprInner(e: Expr): Type | undefined {
    switch (e.kind) {
      case 'number':
        return T_NUMBER;
      case 'boolean':
        return T_BOOLEAN;
      case 'string':
        return { kind: 'string' };
      case 'name': {
        const info = this.lookup(e);
        if (!info) return undefined;
        this.uses.reads.push(e);
        return info.type;
      }
      case 'bare':
        this.unresolvedBare(e);
        return undefined;
      case 'unary': {
        const t = this.expr(e.operand);
        if (!t) return undefined;
        const want = e.op === 'not' ? T_BOOLEAN : T_NUMBER;
        if (!sameType(t, want)) {
          this.problem('lang/type', e.operand.span, `\`${e.op}\` needs ${typeName(want)}, but this is ${typeName(t)}`);
          return undefined;
        }
        return want;
      }
      case 'call':
        return this.call(e);
      case 'binary':
        return this.binary(e);
    }
  }

  private binary(e: Extract<Expr, { kind: 'binary' }>): Type | undefined {
    const { op } = e;
    if (op === '==' || op === '!=' || op === '<' || op === '<=' || op === '>' || op === '>=') {
      const [l, r] = this.operands(e.left, e.right);
      if (!l || !r) return l === null || r === null ? undefined : T_BOOLEAN;
      if (!sameType(l, r)) {
        this.problem('lang/type', e.span, `cannot compare ${typeName(l)} with ${typeName(r)}`);
        return undefined;
      }
      if (op !== '==' && op !== '!=' && l.kind !== 'number' && l.kind !== 'stage') {
        this.problem('lang/type', e.span, `\`${op}\` orders numbers and ladder stages; ${typeName(l)} can only be compared with == or !=`);
        return undefined;
      }
      return T_BOOLEAN;
    }
    const want = op === 'and' || op === 'or' ? T_BOOLEAN : T_NUMBER;
    const l = this.expr(e.left);
    const r = this.expr(e.right);
    let ok = true;
    for (const [t, side] of [
      [l, e.left],
      [r, e.right],
    ] as const) {
      if (t && !sameType(t, want)) {
        ok = false;
        this.problem('lang/type', side.span, `\`${op}\` needs ${typeName(want)} on both sides, but this is ${typeName(t)}`);
      }
    }
    return l && r && ok ? want : undefined;
  }

  /**
   * Types both sides of a comparison. A bare word takes its meaning from the other side: against
   * a stage it must be a stage of that ladder, against a tag a tag of that group. `null` marks a
   * side that failed (reported).
   */
  private operands(left: Expr, right: Expr): [Type | null, Type | null] {
    if (left.kind === 'bare' && right.kind === 'bare') {
      this.unresolvedBare(left);
      this.unresolvedBare(right);
      return [null, null];
    }
    if (left.kind === 'bare') {
      const r = this.expr(right) ?? null;
      return [r ? (this.bare(left, r) ?? null) : null, r];
    }
    const l = this.expr(left) ?? null;
    if (right.kind === 'bare') return [l, l ? (this.bare(right, l) ?? null) : null];
    return [l, this.expr(right) ?? null];
  }

  /** Resolves a bare word against the type it is compared with or assigned to. */
  bare(b: Bare, against: Type): Type | undefined {
    if (against.kind === 'stage') {
      const stages = this.env.qualities.get(against.ladder) ?? [];
      const index = stages.indexOf(b.name);
      if (index < 0) {
        const near = nearest(b.name, stages);
        this.problem(
          'lang/unknown-name',
          b.span,
          `\`${b.name}\` is not a stage of ${against.ladder}`,
          near ? `did you mean ${near}?` : `its stages are ${stages.join(', ')}`,
        );
        return undefined;
      }
      b.resolved = { kind: 'stage', ladder: against.ladder, index };
      b.type = against;
      return against;
    }
    if (against.kind === 'tag') {
      const tags = this.env.groups.get(against.group) ?? [];
      if (!tags.includes(b.name)) {
        const near = nearest(b.name, tags);
        this.problem(
          'lang/unknown-name',
          b.span,
          `\`${b.name}\` is not a tag of ${against.group}`,
          near ? `did you mean ${near}?` : `its tags are ${tags.join(', ')}`,
        );
        return undefined;
      }
      b.resolved = { kind: 'tag', group: against.group };
      b.type = against;
      return against;
    }
    this.problem(
      'lang/unknown-name',
      b.span,
      `unknown name \`${b.name}\`: a bare word must be a tag or a ladder stage, but it is compared with ${typeName(against)}`,
      against.kind === 'string' ? `quote it: "${b.name}"` : undefined,
    );
    return undefined;
  }

  private unresolvedBare(b: Bare): void {
    const words: string[] = [];
    // Not push(...list): a ladder or a group may be long enough to overflow the argument stack.
    for (const list of [...this.env.qualities.values(), ...this.env.groups.values()]) for (const w of list) words.push(w);
    const near = nearest(b.name, words);
    this.problem(
      'lang/unknown-name',
      b.span,
      `unknown name \`${b.name}\`: a bare word is a tag or a ladder stage, and must be compared with a name that holds one`,
      near
        ? `did you mean to compare with a name holding ${near}? names are written @world.${b.name} or @hand.${b.name}`
        : `names are written @world.${b.name} or @hand.${b.name}; text is quoted: "${b.name}"`,
    );
  }

  private call(e: Extract<Expr, { kind: 'call' }>): Type | undefined {
    const fn = FUNCTIONS[e.name];
    let ok = true;
    for (const a of e.args) {
      const t = this.expr(a);
      if (t && t.kind !== 'number') {
        ok = false;
        this.problem('lang/type', a.span, `${e.name}() takes numbers, but this is ${typeName(t)}`);
      } else if (!t) ok = false;
    }
    if (!fn) {
      const near = nearest(e.name, Object.keys(FUNCTIONS));
      this.problem(
        'lang/unknown-function',
        e.nameSpan,
        `unknown function \`${e.name}\``,
        near ? `did you mean ${near}()?` : `the functions are ${Object.keys(FUNCTIONS).join(', ')}; advance() and retreat() are effects of their own`,
      );
      return undefined;
    }
    if (e.args.length < fn.min || e.args.length > fn.max) {
      this.problem(
        'lang/type',
        e.span,
        `${e.name}() takes ${fn.min === fn.max ? fn.min : `${fn.min} or more`} argument${fn.min === 1 && fn.max === 1 ? '' : 's'}, not ${e.args.length}`,
      );
      return undefined;
    }
    return ok ? T_NUMBER : undefined;
  }

  private lookup(ref: NameRef): NameInfo | undefined {
    if (ref.name === '') {
      this.problem('lang/unknown-name', ref.span, `\`@${ref.scope}\` needs a name after it`, `write @${ref.scope}.something`);
      return undefined;
    }
    if (ref.scope === 'world') {
      const info = this.env.world.get(ref.name);
      if (!info) {
        const near = nearest(ref.name, [...this.env.world.keys()]);
        this.problem('lang/unknown-name', ref.span, `unknown name @world.${ref.name}`, near ? `did you mean @world.${near}?` : 'declare it under `world:`');
      }
      return info;
    }
    if (ref.scope === 'hand') {
      if (!this.env.hand) {
        this.problem('lang/hand-in-world-only', ref.span, `@hand.${ref.name} cannot be used here: ${this.env.handUnavailable ?? 'no hand is asking'}`);
        return undefined;
      }
      const r = this.env.hand.lookup(ref.name);
      if (r.ok) return r.info;
      this.problem(r.code, ref.span, r.message, r.hint);
      return undefined;
    }
    const near = nearest(ref.scope, ['world', 'hand']);
    this.problem(
      'lang/unknown-scope',
      ref.span,
      `unknown scope @${ref.scope}`,
      near ? `did you mean @${near}.${ref.name}?` : 'the scopes are @world and @hand',
    );
    return undefined;
  }
}
