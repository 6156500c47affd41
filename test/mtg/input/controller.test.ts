// The fixed controller, scenario by scenario: test/mtg/input/fixtures/controller/*.json hold a
// script, named choice points, and the answer (or error) for each point in turn. Every scenario
// is also replayed from a JSON snapshot of the controller taken before each step, which must
// give the same answers from there on.
import { describe, expect, it } from 'vitest';
import { StoryletError } from '../../../src/core/errors.js';
import type { ChoicePoint } from '../../../src/mtg/engine/choice.js';
import { FixedController, type FixedControllerState, type FixedStep, type ResolveContext } from '../../../src/mtg/input/index.js';
import { jsonCases, point, type PointSpec } from './support.js';

type Expected = number | { error: string };
type Step = [string, Expected] | [string, Expected, { exhausted?: boolean }];
type Scenario = {
  about: string;
  script: string;
  context?: ResolveContext;
  points: Record<string, PointSpec>;
  steps: Step[];
  end?: { exhausted?: boolean; cursor?: number; remaining?: number; ranDry?: number };
};

function summary(r: FixedStep): Expected {
  return 'error' in r ? { error: r.error.code } : r.index;
}

const scenarios = jsonCases<Scenario>('controller');

describe('scenarios', () => {
  for (const { name, data } of scenarios) {
    it(`${name}: ${data.about}`, () => {
      const points = Object.fromEntries(Object.entries(data.points).map(([k, v]) => [k, point(v)]));
      const c = FixedController.fromText(data.script, data.context);
      data.steps.forEach(([pointName, expected, after], i) => {
        const p = points[pointName];
        if (!p) throw new Error(`step ${i + 1} names no point "${pointName}"`);
        expect(summary(c.step(p)), `step ${i + 1} at ${pointName}`).toEqual(expected);
        if (after?.exhausted !== undefined) expect(c.exhausted, `exhausted after step ${i + 1}`).toBe(after.exhausted);
      });
      const end = data.end ?? {};
      if (end.exhausted !== undefined) expect(c.exhausted).toBe(end.exhausted);
      if (end.cursor !== undefined) expect(c.state().cursor).toBe(end.cursor);
      if (end.remaining !== undefined) expect(c.remaining).toBe(end.remaining);
      if (end.ranDry !== undefined) expect(c.ranDry).toBe(end.ranDry);
    });
  }
});

describe('a controller resumed from a JSON snapshot answers exactly as the original', () => {
  for (const { name, data } of scenarios) {
    it(name, () => {
      const points = data.steps.map(([n]) => point(data.points[n]!));
      const straight = FixedController.fromText(data.script, data.context);
      const answers = points.map((p) => summary(straight.step(p)));
      for (let k = 0; k <= points.length; k++) {
        const first = FixedController.fromText(data.script, data.context);
        points.slice(0, k).forEach((p) => first.step(p));
        const saved = JSON.parse(JSON.stringify(first.state())) as FixedControllerState;
        const resumed = FixedController.fromText(data.script, { ...data.context, state: saved });
        expect(
          points.slice(k).map((p) => summary(resumed.step(p))),
          `resumed before step ${k + 1}`,
        ).toEqual(answers.slice(k));
        expect(resumed.state()).toEqual(straight.state());
      }
    });
  }
});

describe('errors', () => {
  const main: ChoicePoint = point({ kind: 'priority', seat: 1, turn: 4, phase: 'main2', options: [{ verb: 'pass' }, { verb: 'play', card: 'Mountain' }] });

  it('choose() throws a StoryletError with the command, its position and the available actions', () => {
    const c = FixedController.fromText('play mountain\n  cast fireball');
    expect(c.choose(undefined, main)).toBe(1);
    let caught: unknown;
    try {
      c.choose(undefined, main);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StoryletError);
    const e = caught as StoryletError;
    expect(e.code).toBe('input/no-match');
    expect(e.details).toMatchObject({ command: 'cast fireball', line: 2, column: 3, available: ['play Mountain'], seat: 1, turn: 4, phase: 'main2' });
    expect(c.state().cursor).toBe(1);
  });

  it('fromText refuses a script with a problem, naming the first one and counting the rest', () => {
    expect(() => FixedController.fromText('play forest\ncst bolt;attack')).toThrowError(StoryletError);
    try {
      FixedController.fromText('play forest\ncst bolt;attack');
    } catch (e) {
      const err = e as StoryletError;
      expect(err.code).toBe('input/syntax');
      expect(err.details).toMatchObject({ line: 2, column: 1 });
      expect((err.details.problems as unknown[]).length).toBe(2);
    }
  });

  it('refuses a state that does not fit the script', () => {
    const state: FixedControllerState = { cursor: 5, wildcard: false, pending: [], pendingFrom: -1, ranDry: 0 };
    expect(() => FixedController.fromText('0;0', { state })).toThrowError(/command 6 of a script of 2/);
  });
});

describe('exhaustion', () => {
  it('an empty script is exhausted from the start and passes everything', () => {
    const c = FixedController.fromText('# nothing\n');
    expect(c.exhausted).toBe(true);
    const p = point({ kind: 'priority', options: [{ verb: 'pass' }, { verb: 'play', card: 'Forest' }] });
    expect(c.step(p)).toEqual({ index: 0, exhausted: true });
    expect(c.ranDry).toBe(1);
  });

  it('a targeting clause still waiting keeps the script from being exhausted', () => {
    const c = FixedController.fromText('cast shock targeting p2');
    const main = point({ kind: 'priority', options: [{ verb: 'pass' }, { verb: 'cast', card: 'Shock' }] });
    const targets = point({
      kind: 'targets',
      options: [
        { verb: 'target', player: 0 },
        { verb: 'target', player: 1 },
      ],
    });
    expect(c.choose(null, main)).toBe(1);
    expect(c.exhausted).toBe(false);
    expect(c.choose(null, targets)).toBe(1);
    expect(c.exhausted).toBe(true);
  });
});
