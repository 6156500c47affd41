/**
 * Playing a puzzle on from a decision and judging where it stopped: the one home of the goal's
 * enforcement (Forge's `Puzzle.addGoalEnforcement`), shared by the runner ({@link runPuzzle}
 * plays both seats to the end) and the solver (`solvePuzzle` answers seat 0's decisions itself
 * and forks the play at each of them).
 *
 * A {@link PuzzlePlay} is the game, each seat's controller (or none: the play waits at that
 * seat's decisions), and the referee's memory. {@link playOn} answers decisions until the play
 * waits or stops; {@link judgePlay} turns a stopped play into a {@link PuzzleRunResult}.
 */
import { StoryletError } from '../../core/errors.js';
import { forkGame, lazyView, type Action, type Game } from '../engine/index.js';
import type { ChoicePoint, Seat } from '../engine/choice.js';
import { objectMatches } from '../engine/select.js';
import { createController, type SeatController } from '../controllers/index.js';
import type { CardRegistry } from '../cards/index.js';
import { parseFixedInputs } from '../input/index.js';
import { evaluateAssertions } from './evaluate.js';
import { gameOutcome } from './game-outcome.js';
import { puzzleLog } from './log-text.js';
import type { Puzzle } from './model.js';
import type { GameResult } from './outcome.js';
import type { PuzzleLimit, PuzzleRunResult, PuzzleStop } from './run.js';

/** What the referee remembers between decisions; plain JSON, copied by {@link forkPlay}. */
export type RefereeState = {
  /** Why the play stopped, once it has (`game-over` while it goes on). */
  stop: PuzzleStop;
  /** The result the referee declared (a goal met or missed), else `unfinished`. */
  decided: GameResult;
  /** The runner's own log lines (`runner: goal met ...`). */
  notes: string[];
  /** How much of the action log the limit check has read. */
  seenActions: number;
  /** With a board goal met: the turn it became true. */
  goalTurn?: number;
};

/** A puzzle being played: see the module's comment. */
export type PuzzlePlay = {
  game: Game;
  /** Each seat's controller; `null` makes {@link playOn} wait at that seat's decisions. */
  seats: [SeatController | null, SeatController | null];
  limit: PuzzleLimit;
  referee: RefereeState;
  /** Decisions answered so far (both seats). */
  choices: number;
  /** Decisions after which the play stops as a run error (a loop is not a hang). */
  maxChoices: number;
  /** Set once the play stopped. */
  stopped: boolean;
};

/**
 * A play of `game` from its current decision, with a fresh referee.
 *
 * @example
 * ```ts
 * const { game, limit } = startPuzzle(puzzle, { registry, seed: 1 });
 * const play = newPlay(game, [null, heuristicSeat('1:p2', registry)], limit);
 * ```
 */
export function newPlay(game: Game, seats: PuzzlePlay['seats'], limit: PuzzleLimit, maxChoices = 5000): PuzzlePlay {
  return {
    game,
    seats,
    limit,
    referee: { stop: 'game-over', decided: { kind: 'unfinished' }, notes: [], seenActions: 0 },
    choices: 0,
    maxChoices,
    stopped: false,
  };
}

/**
 * An independent copy of a play: the game forked (or `game`, a copy the caller made of it), each
 * controller rebuilt from its spec (so it goes on exactly as the original would), the referee's
 * memory copied.
 *
 * @example
 * ```ts
 * const trial = forkPlay(play, registry);
 * answer(trial, 3); // the original is unchanged
 * ```
 */
export function forkPlay(play: PuzzlePlay, registry: CardRegistry, game?: Game): PuzzlePlay {
  const r = play.referee;
  return {
    ...play,
    game: game ?? forkGame(play.game),
    seats: [play.seats[0] && createController(play.seats[0].spec(), { registry }), play.seats[1] && createController(play.seats[1].spec(), { registry })],
    referee: { ...r, decided: { ...r.decided }, notes: [...r.notes] },
  };
}

/** Whether a Step entry of the action log is past the limit's moment. */
function pastLimit(a: Action, limit: PuzzleLimit): boolean {
  if (a.type !== 'Step') return false;
  if (limit.onLimit === 'lose') return a.turn > limit.lastTurn || (a.turn === limit.lastTurn && a.step === 'cleanup');
  if (limit.onLimit === 'win') return a.turn > limit.lastTurn && a.step !== 'untap';
  return a.turn > limit.lastTurn;
}

/**
 * How many permanents on the battlefield match any of the goal's selectors, seen by seat 0.
 *
 * @example
 * ```ts
 * boardCount(game, ['Creature.OppCtrl']); // 2
 * ```
 */
export function boardCount(game: Game, targets: readonly string[]): number {
  const g = game.internals;
  const run = { g, you: 0 as Seat, host: 0 };
  let n = 0;
  for (const id of g.s.zones['battlefield'] ?? []) {
    const o = g.s.objects[id]!;
    if (targets.some((t) => objectMatches(run, t, o))) n++;
  }
  return n;
}

/**
 * The turn in which the last permanent left (or entered) the battlefield: when the board goal
 * became true. The runner sees the game only at decisions, which may come a turn later.
 */
function turnOfLastMove(game: Game, leaving: boolean): number {
  const events = game.events;
  let found = false;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (!found && e.type === 'ZoneChanged' && (leaving ? e.from === 'battlefield' : e.to === 'battlefield')) found = true;
    else if (found && e.type === 'StepBegan') return e.turn;
  }
  return game.state.turn;
}

function boardGoalMet(game: Game, limit: PuzzleLimit): boolean {
  if (!limit.board) return false;
  const n = boardCount(game, limit.board.targets);
  return limit.board.wins === 'none-left' ? n === 0 : n >= limit.board.wins.atLeast;
}

/** True when the goal's moment has passed (the engine's actions say which step began); records why. */
function refereeStops(play: PuzzlePlay): boolean {
  const { game, limit, referee: r } = play;
  // The board condition first: the engine runs on without asking through steps where nobody
  // can act, so by the time the runner looks, both may hold; the permanents left first.
  if (limit.board && boardGoalMet(game, limit)) {
    r.stop = 'goal';
    r.decided = { kind: 'won', winner: 0 };
    r.goalTurn = turnOfLastMove(game, limit.board.wins === 'none-left');
    r.notes.push(`runner: goal met: the specified permanents (turn ${r.goalTurn})`);
    return true;
  }
  const actions = game.actions;
  for (; r.seenActions < actions.length; r.seenActions++) {
    if (!pastLimit(actions[r.seenActions]!, limit)) continue;
    r.stop = limit.onLimit === 'stop' ? 'turn-limit' : 'goal';
    if (limit.onLimit === 'lose') r.decided = { kind: 'won', winner: 1 };
    if (limit.onLimit === 'win') r.decided = { kind: 'won', winner: 0 };
    r.notes.push(
      `runner: ${limit.onLimit === 'stop' ? 'stopped after' : limit.onLimit === 'lose' ? 'goal missed: seat 0 loses at the cleanup of' : 'goal met: seat 0 survived'} turn ${limit.lastTurn}`,
    );
    return true;
  }
  return false;
}

/**
 * Plays on: answers each decision with its seat's controller until the game ends, the goal is
 * met or missed, the turn limit passes or `maxChoices` decisions were made (then the play is
 * `stopped`), or a decision comes for a seat without a controller (then it returns that decision,
 * already checked against the goal, for the caller to answer with {@link answer}). Throws what the
 * engine or a controller throws.
 *
 * @example
 * ```ts
 * for (let point = playOn(play); point; point = playOn(play)) answer(play, myChoice(point));
 * judgePlay(puzzle, play).status; // 'pass'
 * ```
 */
export function playOn(play: PuzzlePlay): ChoicePoint | null {
  if (play.stopped) return null;
  const { game } = play;
  for (let point = game.pending(); point; point = game.pending()) {
    if (refereeStops(play)) return stop(play);
    if (play.choices >= play.maxChoices) {
      play.referee.stop = 'max-choices';
      play.referee.notes.push(`runner: stopped after ${play.maxChoices} decisions`);
      return stop(play);
    }
    const seat = play.seats[point.seat];
    if (!seat) return point;
    // The game is the model a searching seat may fork (docs/mtg/search.md): one engine holds both seats.
    game.choose(seat.choose(lazyView(game, point.seat), point, game));
    play.choices++;
  }
  if (play.referee.stop === 'game-over') refereeStops(play);
  return stop(play);
}

function stop(play: PuzzlePlay): null {
  play.stopped = true;
  return null;
}

/**
 * Answers the decision {@link playOn} returned (a seat without a controller) with an option's index.
 *
 * @example
 * ```ts
 * const point = playOn(play);
 * if (point) answer(play, 0); // pass
 * ```
 */
export function answer(play: PuzzlePlay, index: number): void {
  if (play.stopped) throw new StoryletError('puzzle/play-stopped', 'this puzzle play has stopped: there is no decision to answer');
  play.game.choose(index);
  play.choices++;
}

/**
 * The verdict on a stopped play: the outcome (the referee's result when it stopped the game),
 * the assertions judged against it, and a script left with commands (`puzzle/script-unused`).
 * A play stopped by `maxChoices` is a run error.
 *
 * @example
 * ```ts
 * judgePlay(puzzle, play); // { status: 'pass', goalMet: true, log: [...], ... }
 * judgePlay(puzzle, play, { log: false }).status; // the same verdict without the log
 * ```
 */
export function judgePlay(puzzle: Puzzle, play: PuzzlePlay, options: { log?: boolean } = {}): PuzzleRunResult {
  const base = { file: puzzle.file, name: puzzle.name };
  const { game, referee: r, choices } = play;
  // A search judges thousands of plays and reads only the status: the log is for people.
  const log = (): { log?: string[] } => (options.log === false ? {} : { log: [...puzzleLog(game), ...r.notes] });
  if (r.stop === 'max-choices') {
    return {
      ...base,
      status: 'run-error',
      reasons: [`puzzle/max-choices: no end after ${play.maxChoices} decisions`],
      ran: false,
      ...log(),
      choices,
    };
  }
  // A game the engine ended before the goal's moment keeps the engine's result.
  const outcome = gameOutcome(game, game.over && r.stop === 'game-over' ? { kind: 'unfinished' } : r.decided);
  if (r.stop !== 'game-over') outcome.result = r.decided;
  if (r.goalTurn !== undefined) outcome.turn = r.goalTurn;
  const verdict = evaluateAssertions(puzzle.assertions, outcome);
  const reasons = verdict.results.filter((x) => !x.passed).map((x) => `line ${x.assertion.line}: ${x.assertion.text} (${x.problem ?? x.actual})`);
  // A script with commands left did not play the puzzle as written: its seat was never asked.
  for (const seat of [0, 1] as Seat[]) {
    const spec = play.seats[seat]?.spec();
    // A `targeting` clause the engine answered itself (a forced target) may still be pending: only commands count.
    if (spec?.kind === 'fixed' && (spec.state?.cursor ?? 0) < parseFixedInputs(spec.script).commands.length)
      reasons.push(`puzzle/script-unused: p${seat}'s script has commands left when the run stopped`);
  }
  const result: PuzzleRunResult = {
    ...base,
    status: reasons.length === 0 ? 'pass' : 'fail',
    reasons,
    ran: true,
    stop: r.stop,
    outcome,
    verdict,
    ...log(),
    choices,
  };
  if (puzzle.goal) result.goalMet = outcome.result.kind === 'won' && outcome.result.winner === 0;
  return result;
}
