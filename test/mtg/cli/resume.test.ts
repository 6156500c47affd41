// Snapshots are taken before a choice is presented, and a resumed game continues byte for byte:
// the stopped game's log followed by the resumed game's log is the log of the game played
// through, and the final state hash is the same. In process at many random stop points (and
// chains of them), and through the real command with both snapshot encodings.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createController, paint, type ControllerSpec, type SeatController } from '../../../src/mtg/controllers/index.js';
import { createGame, restoreGame } from '../../../src/mtg/engine/index.js';
import { GameLog } from '../../../src/mtg/cli/log.js';
import { StoryletError } from '../../../src/core/errors.js';
import { playSession, SessionCrash, sessionSnapshot, type Session } from '../../../src/mtg/cli/session.js';
import type { SessionSnapshot } from '../../../src/mtg/cli/snapshot.js';
import { starterCards, starterDecks } from '../controllers/support.js';
import { lines, mtg, requireBuild, RG, scratch, WU } from './support.js';

const SPECS: [ControllerSpec, ControllerSpec] = [
  { kind: 'heuristic', seed: 'resume-1' },
  { kind: 'random', seed: 'resume-2' },
];

function seatsOf(specs: readonly ControllerSpec[]): [SeatController, SeatController] {
  const registry = starterCards();
  return [createController(specs[0]!, { registry }), createController(specs[1]!, { registry })];
}

function logFor(out: string[]): GameLog {
  return new GameLog({ verbosity: 3, tag: true, paint: paint(false), viewer: null, write: (l) => out.push(l) });
}

function newSession(): Session {
  const registry = starterCards();
  return {
    game: createGame({ registry, decks: starterDecks(), seed: 'r1', explain: true }),
    seats: seatsOf(SPECS),
    registry,
    cards: { kind: 'starter' },
    decks: ['RG', 'WU'],
    log: { verbosity: 3, tag: true },
    maxTurns: 60,
  };
}

/** Plays a session to the end in segments, stopping before each of `stops` and resuming from a JSON copy of the snapshot. */
function inSegments(stops: number[]): { log: string[]; hash: string; choices: number } {
  const out: string[] = [];
  let session = newSession();
  let log = logFor(out);
  for (const stop of stops) {
    const outcome = playSession(session, { onChoice: { count: stop, seat: null }, whenFixedExhausted: false }, log);
    if (outcome.kind !== 'stopped') break;
    const saved = JSON.parse(JSON.stringify(sessionSnapshot(session))) as SessionSnapshot;
    const registry = starterCards();
    session = { ...session, game: restoreGame(saved.game, registry), seats: seatsOf(saved.seats) };
    log = logFor(out);
    log.catchUp(session.game);
  }
  playSession(session, { onChoice: null, whenFixedExhausted: false }, log);
  return { log: out, hash: session.game.stateHash(), choices: session.game.choices.length };
}

describe('snapshot and resume', () => {
  const whole = inSegments([]);

  it('the game played through is long enough to stop anywhere in', () => {
    expect(whole.choices).toBeGreaterThan(100);
  });

  it('continues byte for byte from any stop point, and from chains of them', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: whole.choices }), { minLength: 1, maxLength: 3 }), (points) => {
        const split = inSegments([...points].sort((a, b) => a - b));
        expect(split.hash).toBe(whole.hash);
        expect(split.log).toEqual(whole.log);
      }),
      { numRuns: 20 },
    );
  });
});

describe('an engine failure', () => {
  it('is never recovered: the session stops with the game saved just before the failing choice', () => {
    const session = newSession();
    const real = session.game;
    // The engine fails at the 40th choice (as an invariant violation would).
    session.game = new Proxy(real, {
      get(target, key, receiver) {
        if (key === 'choose')
          return (index: number) => {
            if (target.choices.length === 39) {
              target.choose(index);
              throw new StoryletError('mtg/invariant', 'engine invariant violated: a card in two zones');
            }
            target.choose(index);
          };
        return Reflect.get(target, key, receiver);
      },
    });
    let crash: unknown;
    try {
      playSession(session, { onChoice: null, whenFixedExhausted: false }, logFor([]));
    } catch (error) {
      crash = error;
    }
    expect(crash).toBeInstanceOf(SessionCrash);
    const before = (crash as SessionCrash).before;
    expect((crash as SessionCrash).failure.code).toBe('mtg/invariant');
    expect(before.game.choices).toEqual(real.choices.slice(0, 39));
    // Resuming it reaches the decision that failed, with the controllers as they were then.
    const resumed = restoreGame(before.game, starterCards());
    const seats = seatsOf(before.seats);
    const point = resumed.pending()!;
    expect(seats[point.seat].choose(resumed.view(point.seat), point)).toBe(real.choices[39]);
  });
});

describe('mtg resume', () => {
  let cwd: string;
  let done: () => void;
  beforeAll(() => {
    requireBuild();
    ({ dir: cwd, done } = scratch());
  });
  afterAll(() => done());

  it('stop, resume, stop again, resume: the outputs put together are the uninterrupted output', () => {
    const game = ['tui', RG, WU, '--p1', 'heuristic', '--p2', 'random', '--seed', '8', '-v', '3', '--tag-gamelogs'];
    const through = mtg(cwd, game);
    expect(through.code).toBe(0);
    const first = mtg(cwd, [...game, '--stop-on-choice', '30', '--snapshot-output', 'one.snapshot']);
    const second = mtg(cwd, ['resume', 'one.snapshot', '--stop-on-choice', '40:p1', '--snapshot-output', 'two.snapshot', '--json']);
    const third = mtg(cwd, ['resume', 'two.snapshot']);
    for (const r of [first, second, third]) expect(r.code, r.stderr).toBe(0);
    expect(second.stderr).toMatch(/40 choices were made by p1/);
    expect(first.stdout + second.stdout + third.stdout).toBe(through.stdout);
    expect(lines(third.stdout).at(-1)).toBe(lines(through.stdout).at(-1));
  });

  it('continues a fixed seat from where its script was, and lets another controller take a seat over', () => {
    const script = 'keep; PASS_UNTIL turn=3,phase=main1; play mountain; PASS_UNTIL turn=5,phase=main1; play mountain';
    const fixed = ['tui', RG, WU, '--p1-fixed-inputs', script, '--p1-draw', 'Mountain;Mountain;Forest', '--p2', 'heuristic', '-v', '2', '--max-turns', '8'];
    const through = mtg(cwd, fixed);
    expect(through.code, through.stderr).toBe(0);
    const first = mtg(cwd, [...fixed, '--stop-on-choice', '6', '--snapshot-output', 'fixed.snapshot']);
    const rest = mtg(cwd, ['resume', 'fixed.snapshot']);
    expect(first.stdout + rest.stdout).toBe(through.stdout);
    // Its script runs out during the resume: one line on stderr says so (stdout is unchanged).
    const dry = lines(rest.stderr).filter((l) => l.includes('ran out'));
    expect(dry).toHaveLength(1);
    expect(dry[0]).toMatch(
      /^mtg resume: p1's fixed inputs ran out before choice \d+ \(turn 5, .*\): p1 passes from here on \(--stop-when-fixed-exhausted stops instead/,
    );
    expect(through.stdout.match(/p1 plays Mountain/g)).toHaveLength(2);
    const taken = mtg(cwd, ['resume', 'fixed.snapshot', '--override-p2', 'random', '--seed-p2', '99']);
    expect(taken.code, taken.stderr).toBe(0);
  });
});
