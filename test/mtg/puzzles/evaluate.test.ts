// The assertion evaluator against hand-built outcomes: what each predicate reads, scopes, NOT,
// name matching, the no-event-log rule, and properties (NOT flips every judgeable verdict;
// evaluation never throws on partial outcomes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compare, evaluateAssertion, evaluateAssertions, parseAssertion, type Assertion, type PuzzleOutcome } from '../../../src/mtg/puzzles/index.js';

/** Seat 0 bolted seat 1's Grizzly Bears on turn 2 and won on turn 3. */
const OUTCOME: PuzzleOutcome = {
  players: [
    {
      life: 18,
      lifeGained: 2,
      zones: {
        hand: ['Shock', 'Forest'],
        battlefield: ['Mountain', 'Mountain', 'Venerable Monk'],
        graveyard: ['Lightning Bolt'],
        library: ['Island', 'Forest', 'Mountain'],
        exile: [],
        command: ['Holy Strength'],
      },
    },
    { life: 0, lifeGained: 0, zones: { hand: [], battlefield: ['Plains'], graveyard: ['Grizzly Bears', "Man-o'-War"], library: ['Plains'] } },
  ],
  result: { kind: 'won', winner: 0 },
  turn: 3,
  events: [
    { kind: 'TriggerFired', seat: 0, card: 'Venerable Monk' },
    { kind: 'SpellCast', seat: 0, card: 'Lightning Bolt' },
    { kind: 'CreatureDied', seat: 1, card: 'Grizzly Bears' },
    { kind: 'SpellCast', seat: 1, card: 'Counterspell' },
  ],
};

function a(text: string): Assertion {
  const r = parseAssertion(text);
  if (!r.assertion) throw new Error(`${text}: ${r.problem?.message}`);
  return r.assertion;
}
const holds = (text: string, outcome: PuzzleOutcome = OUTCOME): boolean => evaluateAssertion(a(text), outcome).passed;

describe('final-state predicates', () => {
  it('life and life gained, scoped to me by default', () => {
    expect(['life eq 18', 'me life lt 20', 'opponent life le 0', 'life gained eq 2', 'opponent life gained eq 0'].map((t) => holds(t))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['life eq 20', 'opponent life gt 0', 'life gained gt 2'].map((t) => holds(t))).toEqual([false, false, false]);
  });

  it('zone counts and contents; names match as card names do (case, apostrophes)', () => {
    expect(holds('battlefield count eq 3')).toBe(true);
    expect(holds('opponent graveyard count eq 2')).toBe(true);
    expect(holds('exile count eq 0')).toBe(true);
    expect(holds('opponent exile count eq 0')).toBe(true); // a zone the outcome leaves out is empty
    expect(holds('graveyard contains lightning bolt')).toBe(true);
    expect(holds('opponent graveyard contains Man-o\u2019-War')).toBe(true);
    expect(holds('command contains Holy Strength')).toBe(true);
    expect(holds('graveyard contains Grizzly Bears')).toBe(false); // it is the opponent's
    expect(holds('graveyard contains Lightning')).toBe(false); // whole names only
  });

  it('library top N looks at the top N cards, and the whole library when N is larger', () => {
    expect(holds('library top 1 contains Island')).toBe(true);
    expect(holds('library top 1 contains Forest')).toBe(false);
    expect(holds('library top 2 contains Forest')).toBe(true);
    expect(holds('library top 99 contains Mountain')).toBe(true);
    expect(holds('opponent library top 1 contains Plains')).toBe(true);
  });

  it('game won, lost and ended, and the turn', () => {
    expect(['game won', 'NOT game lost', 'opponent game lost', 'game ended', 'turn eq 3', 'turn le 3', 'turn gt 2'].map((t) => holds(t))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['game lost', 'opponent game won'].map((t) => holds(t))).toEqual([false, false]);
    const draw: PuzzleOutcome = { ...OUTCOME, result: { kind: 'draw' } };
    expect(['game won', 'game lost', 'game ended'].map((t) => holds(t, draw))).toEqual([false, false, true]);
    // A game the runner stopped (at the turn limit) has not ended, and nobody lost it.
    const stopped: PuzzleOutcome = { ...OUTCOME, result: { kind: 'unfinished' } };
    expect(['game won', 'game lost', 'game ended', 'NOT game ended'].map((t) => holds(t, stopped))).toEqual([false, false, false, true]);
  });
});

describe('event predicates', () => {
  it('match any player unless a scope is written', () => {
    expect(holds('spell cast Counterspell')).toBe(true);
    expect(holds('me spell cast Counterspell')).toBe(false);
    expect(holds('opponent spell cast Counterspell')).toBe(true);
    expect(holds('creature died Grizzly Bears')).toBe(true);
    expect(holds('opponent creature died Grizzly Bears')).toBe(true);
    expect(holds('me creature died')).toBe(false);
    expect(holds('trigger fired venerable monk')).toBe(true);
  });

  it('without a name, match any event of the kind', () => {
    expect(holds('spell cast')).toBe(true);
    expect(holds('trigger fired')).toBe(true);
    expect(holds('creature died', { ...OUTCOME, events: [] })).toBe(false);
  });

  it('fail, negated or not, when the run kept no event log', () => {
    const noLog: PuzzleOutcome = { ...OUTCOME };
    delete noLog.events;
    for (const text of ['spell cast', 'NOT spell cast', 'NOT creature died Grizzly Bears']) {
      const r = evaluateAssertion(a(text), noLog);
      expect([r.passed, r.problem]).toEqual([false, 'no-event-log']);
    }
    // Final-state predicates do not need the log.
    expect(holds('life eq 18', noLog)).toBe(true);
  });
});

describe('verdicts', () => {
  it('a puzzle passes when every assertion does; each result says what was found', () => {
    const v = evaluateAssertions([a('game won'), a('opponent life lt 20'), a('hand count eq 5')], OUTCOME);
    expect(v.passed).toBe(false);
    expect(v.results.map((r) => r.passed)).toEqual([true, true, false]);
    expect(v.results[2]!.actual).toContain('2');
    expect(evaluateAssertions([], OUTCOME).passed).toBe(true);
  });

  it('compare implements the six comparisons', () => {
    expect((['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const).map((c) => compare(2, c, 3))).toEqual([false, true, true, true, false, false]);
    expect((['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const).map((c) => compare(3, c, 3))).toEqual([true, false, false, true, false, true]);
  });
});

describe('properties', () => {
  const lines = [
    'life eq 18',
    'opponent life lt 1',
    'life gained ge 1',
    'hand count eq 2',
    'battlefield contains Mountain',
    'opponent graveyard contains Shock',
    'library top 2 contains Forest',
    'game won',
    'game ended',
    'turn le 2',
    'spell cast Lightning Bolt',
    'opponent creature died',
    'me trigger fired',
  ];
  const names = fc.array(fc.constantFrom('Shock', 'Forest', 'Mountain', 'Grizzly Bears', 'Lightning Bolt'), { maxLength: 4 });
  const seat = fc.record({
    life: fc.integer({ min: -5, max: 25 }),
    lifeGained: fc.nat(5),
    zones: fc.record({ hand: names, graveyard: names, library: names, battlefield: names }, { requiredKeys: [] }),
  });
  const outcome: fc.Arbitrary<PuzzleOutcome> = fc.record(
    {
      players: fc.tuple(seat, seat),
      result: fc.oneof(
        fc.record({ kind: fc.constant('won' as const), winner: fc.constantFrom(0 as const, 1 as const) }),
        fc.constant({ kind: 'draw' as const }),
        fc.constant({ kind: 'unfinished' as const }),
      ),
      turn: fc.integer({ min: 1, max: 5 }),
      events: fc.array(
        fc.record({
          kind: fc.constantFrom('SpellCast' as const, 'TriggerFired' as const, 'CreatureDied' as const),
          seat: fc.constantFrom(0 as const, 1 as const),
          card: fc.constantFrom('Lightning Bolt', 'Grizzly Bears', 'Venerable Monk'),
        }),
        { maxLength: 5 },
      ),
    },
    { requiredKeys: ['players', 'result', 'turn'] },
  );

  it('NOT flips every verdict that can be judged', () => {
    fc.assert(
      fc.property(outcome, fc.constantFrom(...lines), (o, line) => {
        const plain = evaluateAssertion(a(line), o);
        const negated = evaluateAssertion(a(`NOT ${line}`), o);
        if (plain.problem) expect(negated.passed).toBe(false);
        else expect(negated.passed).toBe(!plain.passed);
      }),
      { numRuns: 300 },
    );
  });
});
