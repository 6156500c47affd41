// src/runtime/compile.ts: checked trees → closures. Runtime decisions: stages compare by ladder
// position, tags only ==/!=; and/or short-circuit; min/max/abs are the only calls; a missing name,
// a division by zero or a non-finite number is "not evaluable" (reference: "It never quietly
// passes"); advance/retreat stop at the ends of the ladder.
import { describe, expect, it } from 'vitest';
import type { Type } from '../../src/lang/ast.js';
import { parse } from '../../src/lang/parse.js';
import type { Value } from '../../src/content/bundle.js';
import { NotEvaluable, compileEffect, compileExpr } from '../../src/runtime/compile.js';
import type { CompileEnv, EffectTarget, EvalContext } from '../../src/runtime/compile.js';

// A small world: the parser's trees, unchecked, are enough here: the compiler reads types from
// the declarations and resolves bare words from the other side of a comparison.
const WORLD: [string, Type, Value][] = [
  ['now', { kind: 'number' }, 2],
  ['raining', { kind: 'boolean' }, false],
  ['dread', { kind: 'stage', ladder: 'haunting' }, 'uneasy'],
  ['mood', { kind: 'string' }, 'fine'],
  ['big', { kind: 'number' }, 1e308],
];
const HAND: [string, Type][] = [
  ['peril', { kind: 'number' }],
  ['npc', { kind: 'tag', group: 'npc' }],
  ['haunting', { kind: 'stage', ladder: 'haunting' }],
];
const env: CompileEnv = {
  world: new Map(WORLD.map(([n, type], index) => [n, { index, type }])),
  hand: new Map(HAND.map(([n, type], slot) => [n, { slot, type }])),
  ladders: new Map([
    [
      'haunting',
      new Map([
        ['calm', 0],
        ['uneasy', 1],
        ['haunted', 2],
      ]),
    ],
  ]),
  stages: new Map([['haunting', ['calm', 'uneasy', 'haunted']]]),
  groups: new Map([['npc', new Set(['elder', 'smith'])]]),
};

const ctx = (hand: (Value | undefined)[] = [2, 'elder', 'calm']): EvalContext => ({ world: WORLD.map((w) => w[2]), hand, label: 'test{}' });

function expr(text: string) {
  const parsed = parse(text, 'expression');
  if (!parsed.ok || parsed.statements[0]!.kind !== 'expr') throw new Error(`bad test expression ${text}`);
  return compileExpr(parsed.statements[0]!.expr, env);
}

function evaluate(text: string, c: EvalContext = ctx()): Value | string {
  try {
    return expr(text)(c);
  } catch (err) {
    if (err instanceof NotEvaluable) return `not evaluable: ${err.message}`;
    throw err;
  }
}

describe('expressions', () => {
  it('arithmetic, precedence, comparisons and the three calls', () => {
    expect(evaluate('@world.now + 3 * 2')).toBe(8);
    expect(evaluate('(@world.now + 3) * 2')).toBe(10);
    expect(evaluate('-@world.now - 1')).toBe(-3);
    expect(evaluate('min(@world.now, 5, -1) + max(1, 2) + abs(-4)')).toBe(5);
    expect(evaluate('@world.now >= 2 and @world.now < 3')).toBe(true);
    expect(evaluate('@world.mood == "fine"')).toBe(true);
    expect(evaluate('not @world.raining')).toBe(true);
  });

  it('stages compare by their position on the ladder, not by name', () => {
    expect(evaluate('@world.dread >= uneasy')).toBe(true);
    expect(evaluate('@world.dread > calm')).toBe(true);
    expect(evaluate('@world.dread < haunted')).toBe(true);
    // By name, "uneasy" > "haunted"; by position it is lower.
    expect(evaluate('@world.dread < @hand.haunting', ctx([2, 'elder', 'haunted']))).toBe(true);
    expect(evaluate('@world.dread == uneasy')).toBe(true);
  });

  it('tags compare for equality', () => {
    expect(evaluate('@hand.npc == elder')).toBe(true);
    expect(evaluate('@hand.npc != smith')).toBe(true);
  });

  it('and/or short-circuit: the right side is not evaluated when the left decides', () => {
    expect(evaluate('@world.raining and @world.now / 0 > 1')).toBe(false);
    expect(evaluate('not @world.raining or @world.now / 0 > 1')).toBe(true);
    expect(evaluate('not @world.raining and @world.now / 0 > 1')).toMatch(/^not evaluable: division by zero/);
  });

  it('a missing @hand name, a division by zero and a non-finite number are not evaluable', () => {
    expect(evaluate('@hand.npc == elder', ctx([2, undefined, 'calm']))).toMatch(/not evaluable: @hand\.npc is not set for hand test\{\}/);
    expect(evaluate('@world.now / (@world.now - 2) > 0')).toMatch(/division by zero/);
    expect(evaluate('@world.big * 10 > 0')).toMatch(/too large/);
  });
});

function effect(text: string, hand: (Value | undefined)[] = [2, 'elder', 'calm']) {
  const parsed = parse(text, 'effects');
  if (!parsed.ok) throw new Error(`bad test effect ${text}`);
  const c = ctx(hand);
  const target: EffectTarget = {
    ctx: c,
    writeHand: (slot, _name, value) => {
      c.hand[slot] = value;
    },
  };
  for (const s of parsed.statements) {
    if (s.kind === 'expr') throw new Error('not an effect');
    compileEffect(s, env)(target);
  }
  return c;
}

describe('effects', () => {
  it('assign to @world and @hand, reading earlier writes', () => {
    const c = effect('@world.now = @world.now + 1; @hand.peril = @world.now * 2');
    expect(c.world[0]).toBe(3);
    expect(c.hand[0]).toBe(6);
  });

  it('advance and retreat move a stage and stop at the ends of its ladder', () => {
    expect(effect('advance(@hand.haunting)').hand[2]).toBe('uneasy');
    expect(effect('advance(@hand.haunting, 10)').hand[2]).toBe('haunted');
    expect(effect('retreat(@world.dread, 5)').world[2]).toBe('calm');
    expect(effect('retreat(@world.dread, -1)').world[2]).toBe('haunted');
  });

  it('refuses a stage move by a fraction and a value that does not fit the name', () => {
    expect(() => effect('advance(@hand.haunting, 0.5)')).toThrow(NotEvaluable);
    expect(() => effect('@world.now = @world.big * 10')).toThrow(NotEvaluable);
  });
});
