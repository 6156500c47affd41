// The checker, folding and specificity on their own, against a fixed environment. Publish-level
// positions (file:line:col) are tested in test/content/; here each problem's span is checked
// inside the text itself, which is what publish maps back into the file.
import { describe, expect, it } from 'vitest';
import type { Bare, Expr, Statement } from '../../src/lang/ast.js';
import { checkCondition, checkEffects, checkPriority, type CheckEnv, type HandLookup, type NameInfo } from '../../src/lang/check.js';
import { constantValue } from '../../src/lang/fold.js';
import { parse, type ParseMode } from '../../src/lang/parse.js';
import { conditionSpecificity } from '../../src/lang/specificity.js';

const num = { kind: 'number' } as const;
const hand = new Map<string, NameInfo>([
  ['peril', { type: num, writable: true }],
  ['haunting', { type: { kind: 'stage', ladder: 'haunting' }, writable: true }],
  ['zone', { type: { kind: 'tag', group: 'zone' }, writable: false }],
  ['npc', { type: { kind: 'tag', group: 'npc' }, writable: false }],
]);
const env: CheckEnv = {
  world: new Map<string, NameInfo>([
    ['now', { type: num, writable: true }],
    ['raining', { type: { kind: 'boolean' }, writable: true }],
    ['name', { type: { kind: 'string' }, writable: true }],
    ['dread', { type: { kind: 'stage', ladder: 'haunting' }, writable: true }],
  ]),
  hand: {
    lookup(name): HandLookup {
      const info = hand.get(name);
      return info ? { ok: true, info } : { ok: false, code: 'lang/unknown-name', message: `unknown name @hand.${name}` };
    },
  },
  qualities: new Map([['haunting', ['calm', 'uneasy', 'haunted']]]),
  groups: new Map([
    ['zone', ['forest', 'village']],
    ['npc', ['elder', 'smith']],
  ]),
};
const worldOnly: CheckEnv = { ...env, hand: null, handUnavailable: 'no hand is asking here' };

function statements(text: string, mode: ParseMode): Statement[] {
  const r = parse(text, mode);
  if (!r.ok) throw new Error(`${text}: ${r.problem.code}`);
  return r.statements;
}

type Kind = 'condition' | 'priority' | 'effects';
function problems(text: string, kind: Kind, e: CheckEnv = env): { code: string; text: string; start: number }[] {
  const s = statements(text, kind === 'effects' ? 'effects' : 'expression');
  const r = kind === 'condition' ? checkCondition(s, e) : kind === 'priority' ? checkPriority(s, e) : checkEffects(s, e);
  expect(r.value === undefined).toBe(r.problems.length > 0);
  return r.problems.map((p) => ({ code: p.code, text: text.slice(p.span.start, p.span.end), start: p.span.start }));
}

describe('the checker accepts well-typed texts', () => {
  const ok: [Kind, string][] = [
    ['condition', '@world.now >= 1'],
    ['condition', '@hand.peril > 1 and not @world.raining'],
    ['condition', '@hand.haunting >= uneasy'],
    ['condition', 'uneasy <= @hand.haunting'],
    ['condition', '@hand.npc == elder or @hand.zone != forest'],
    ['condition', '@world.name == "x" and @world.name != \'y\''],
    ['condition', '@world.dread == @hand.haunting'],
    ['condition', 'min(@world.now, 2) + max(1, 2, 3) - abs(-@hand.peril) * 2 / 4 < 10'],
    ['condition', '@world.raining == false'],
    ['priority', '@hand.peril + 1'],
    ['priority', '-3'],
    ['effects', '@hand.peril = @hand.peril + 1; @world.raining = not @world.raining'],
    ['effects', '@hand.haunting = uneasy\nadvance(@hand.haunting)\nretreat(@world.dread, 2)'],
    ['effects', '@world.name = "rain"'],
    ['effects', ''],
  ];
  for (const [kind, text] of ok) it(`${kind}: ${JSON.stringify(text)}`, () => expect(problems(text, kind)).toEqual([]));

  it('fills in every type and resolves bare words against the other side', () => {
    const s = statements('@hand.haunting >= uneasy and @hand.npc == elder', 'expression');
    const r = checkCondition(s, env);
    const e = r.value!;
    expect(e.type).toEqual({ kind: 'boolean' });
    const [left, right] = e.kind === 'binary' ? [e.left, e.right] : [];
    const stage = left?.kind === 'binary' ? (left.right as Bare) : undefined;
    const tag = right?.kind === 'binary' ? (right.right as Bare) : undefined;
    expect(stage?.resolved).toEqual({ kind: 'stage', ladder: 'haunting', index: 1 });
    expect(stage?.type).toEqual({ kind: 'stage', ladder: 'haunting' });
    expect(tag?.resolved).toEqual({ kind: 'tag', group: 'npc' });
    expect(left?.kind === 'binary' && left.left.type).toEqual({ kind: 'stage', ladder: 'haunting' });
  });

  it('records what a text reads and writes', () => {
    const r = checkEffects(statements('@world.now = @hand.peril + @world.now; advance(@hand.haunting)', 'effects'), env);
    expect(r.uses.writes.map((n) => `${n.scope}.${n.name}`)).toEqual(['world.now', 'hand.haunting']);
    expect(r.uses.reads.map((n) => `${n.scope}.${n.name}`)).toEqual(['hand.peril', 'world.now']);
  });
});

describe('the checker reports each problem with its span, and keeps going', () => {
  const bad: [Kind, string, { code: string; text: string }[]][] = [
    ['condition', '@world.nope > 1', [{ code: 'lang/unknown-name', text: '@world.nope' }]],
    ['condition', '@hand.perl > 1', [{ code: 'lang/unknown-name', text: '@hand.perl' }]],
    ['condition', '@world > 1', [{ code: 'lang/unknown-name', text: '@world' }]],
    ['condition', '@wrld.now > 1', [{ code: 'lang/unknown-scope', text: '@wrld.now' }]],
    ['condition', '@hand.haunting >= scared', [{ code: 'lang/unknown-name', text: 'scared' }]],
    ['condition', '@hand.npc == forest', [{ code: 'lang/unknown-name', text: 'forest' }]],
    ['condition', 'uneasy', [{ code: 'lang/unknown-name', text: 'uneasy' }]],
    [
      'condition',
      'uneasy == calm',
      [
        { code: 'lang/unknown-name', text: 'uneasy' },
        { code: 'lang/unknown-name', text: 'calm' },
      ],
    ],
    ['condition', '@world.name == elder', [{ code: 'lang/unknown-name', text: 'elder' }]],
    ['condition', '@world.now == "x"', [{ code: 'lang/type', text: '@world.now == "x"' }]],
    ['condition', '@world.now > @hand.haunting', [{ code: 'lang/type', text: '@world.now > @hand.haunting' }]],
    ['condition', '@hand.npc < elder', [{ code: 'lang/type', text: '@hand.npc < elder' }]],
    ['condition', '@world.name < "b"', [{ code: 'lang/type', text: '@world.name < "b"' }]],
    ['condition', '@world.raining >= true', [{ code: 'lang/type', text: '@world.raining >= true' }]],
    ['condition', 'true + 1 > 0', [{ code: 'lang/type', text: 'true' }]],
    ['condition', '@world.now and @world.raining', [{ code: 'lang/type', text: '@world.now' }]],
    ['condition', 'not 1', [{ code: 'lang/type', text: '1' }]],
    ['condition', '-@world.raining', [{ code: 'lang/type', text: '@world.raining' }]],
    ['condition', '@world.now', [{ code: 'lang/not-boolean', text: '@world.now' }]],
    ['condition', '(@world.now + 1)', [{ code: 'lang/not-boolean', text: '(@world.now + 1)' }]],
    ['condition', 'foo(1) > 0', [{ code: 'lang/unknown-function', text: 'foo' }]],
    ['condition', 'abs(1, 2) > 0', [{ code: 'lang/type', text: 'abs(1, 2)' }]],
    ['condition', 'min(1) > 0', [{ code: 'lang/type', text: 'min(1)' }]],
    ['condition', 'max(@world.raining, 1) > 0', [{ code: 'lang/type', text: '@world.raining' }]],
    ['condition', '@world.now = 1', [{ code: 'lang/write-in-condition', text: '@world.now = 1' }]],
    ['condition', 'advance(@hand.haunting)', [{ code: 'lang/write-in-condition', text: 'advance(@hand.haunting)' }]],
    ['condition', '', [{ code: 'lang/empty', text: '' }]],
    ['condition', '# only a comment', [{ code: 'lang/empty', text: '' }]],
    ['condition', '@world.raining; @world.raining', [{ code: 'lang/syntax', text: '@world.raining' }]],
    [
      'condition',
      '@world.x > 1 and @hand.y > 2 or @world.z',
      [
        { code: 'lang/unknown-name', text: '@world.x' },
        { code: 'lang/unknown-name', text: '@hand.y' },
        { code: 'lang/unknown-name', text: '@world.z' },
      ],
    ],
    ['priority', '@world.raining', [{ code: 'lang/not-number', text: '@world.raining' }]],
    ['priority', '@hand.peril > 1', [{ code: 'lang/not-number', text: '@hand.peril > 1' }]],
    ['effects', '@hand.peril + 1', [{ code: 'lang/not-an-effect', text: '@hand.peril + 1' }]],
    ['effects', '@hand.zone = village', [{ code: 'lang/read-only', text: '@hand.zone' }]],
    ['effects', '@hand.npc = smith', [{ code: 'lang/read-only', text: '@hand.npc' }]],
    ['effects', 'advance(@world.now)', [{ code: 'lang/type', text: '@world.now' }]],
    ['effects', 'retreat(@hand.haunting, "two")', [{ code: 'lang/type', text: '"two"' }]],
    ['effects', '@hand.haunting = scared', [{ code: 'lang/unknown-name', text: 'scared' }]],
    ['effects', '@world.now = "x"', [{ code: 'lang/type', text: '"x"' }]],
    ['effects', '@world.dread = 2', [{ code: 'lang/type', text: '2' }]],
    ['effects', '@world.nope = 1', [{ code: 'lang/unknown-name', text: '@world.nope' }]],
    [
      'effects',
      '@world.now = 1\n@hand.zone = forest\n@world.raining',
      [
        { code: 'lang/read-only', text: '@hand.zone' },
        { code: 'lang/not-an-effect', text: '@world.raining' },
      ],
    ],
  ];
  for (const [kind, text, expected] of bad) {
    it(`${kind}: ${JSON.stringify(text)}`, () => {
      expect(problems(text, kind).map(({ code, text: t }) => ({ code, text: t }))).toEqual(expected);
    });
  }

  it('a second statement in a condition is reported at the second statement', () => {
    expect(problems('@world.raining; @world.raining', 'condition')).toEqual([{ code: 'lang/syntax', text: '@world.raining', start: 16 }]);
  });

  it('@hand where no hand is asking is lang/hand-in-world-only, at the name', () => {
    // publish gives every expression a hand scope today, so this code is only reachable through
    // the checker's own API (an environment whose `hand` is null).
    expect(problems('@world.now > 1 and @hand.peril > 1', 'condition', worldOnly)).toEqual([
      { code: 'lang/hand-in-world-only', text: '@hand.peril', start: 19 },
    ]);
  });
});

describe('did you mean: the nearest known name, in every namespace the checker knows', () => {
  const hints = (text: string, kind: Kind = 'condition') => {
    const s = statements(text, kind === 'effects' ? 'effects' : 'expression');
    const r = kind === 'condition' ? checkCondition(s, env) : checkEffects(s, env);
    return r.problems.map((p) => p.hint);
  };
  // Swapped neighbouring letters are one typo, as a changed letter is: `nwo` is one edit from
  // `now`, and short names allow one edit.
  const cases: [string, Kind, string][] = [
    ['@world.nwo > 1', 'condition', 'did you mean @world.now?'],
    ['@world.nowe > 1', 'condition', 'did you mean @world.now?'],
    ['@world.rainnig', 'condition', 'did you mean @world.raining?'],
    ['@wrold.now > 1', 'condition', 'did you mean @world.now?'],
    ['@hnad.peril > 1', 'condition', 'did you mean @hand.peril?'],
    ['@world.dread == uenasy', 'condition', 'did you mean uneasy?'],
    ['@hand.npc == eldre', 'condition', 'did you mean elder?'],
    ['mni(@world.now, 1) > 0', 'condition', 'did you mean min()?'],
    ['@world.onw = 1', 'effects', 'did you mean @world.now?'],
  ];
  for (const [text, kind, hint] of cases) it(`${text} → ${hint}`, () => expect(hints(text, kind)).toEqual([hint]));

  it('a name far from every known one gets no guess', () => {
    expect(hints('@world.xyz > 1')).toEqual(['declare it under `world:`']);
  });
});

function expr(text: string): Expr {
  const s = statements(text, 'expression')[0];
  if (s?.kind !== 'expr') throw new Error(text);
  return s.expr;
}

describe('constant folding', () => {
  const cases: [string, number | boolean | string | undefined][] = [
    ['1 > 2', false],
    ['2 >= 2', true],
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['7 - 2 - 1', 4],
    ['8 / 4 / 2', 1],
    ['-(3)', -3],
    ['not (1 < 2)', false],
    ['"a" == "a"', true],
    ['\'a\' != "a"', false],
    ['min(3, 1, 2) + max(1, 5) + abs(-2)', 8],
    ['true or @world.raining', true],
    ['@world.raining or true', true],
    ['false and @world.raining', false],
    ['@world.raining and false', false],
    ['true and @world.raining', undefined],
    ['@world.now > 1', undefined],
    ['1 / 0', undefined],
    ['1 / 0 > 1', undefined],
  ];
  for (const [text, value] of cases) it(`${text} → ${String(value)}`, () => expect(constantValue(expr(text))).toBe(value));

  it('folds a resolved stage to its position on the ladder', () => {
    const s = statements('@hand.haunting >= haunted', 'expression');
    const r = checkCondition(s, env);
    const e = r.value;
    expect(e?.kind === 'binary' && constantValue(e.right)).toBe(2);
  });
});

describe('condition specificity', () => {
  const cases: [string, number][] = [
    ['@world.now > 1', 1],
    ['@world.raining', 1],
    ['not @world.raining', 1],
    ['@world.now > 1 and @hand.peril > 2', 2],
    ['@world.now > 1 or @hand.peril > 2 and @world.raining', 1],
    ['(@world.now > 1 or @world.raining) and @hand.peril > 2 and @hand.npc == elder', 3],
    ['@world.now > 1 and (@hand.peril > 2 and @world.raining or @world.now < 0)', 2],
    ['1 > 2', 0],
    ['true', 0],
    ['true and @world.raining', 1],
    ['max(@world.now, 1) > 2', 1],
  ];
  for (const [text, n] of cases) it(`${text} → ${n}`, () => expect(conditionSpecificity(expr(text))).toBe(n));

  it('no condition asks for nothing', () => expect(conditionSpecificity(undefined)).toBe(0));
});
