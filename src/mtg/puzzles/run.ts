/**
 * The puzzle runner: builds a game from a puzzle's [state], plays it (scripted seats by the
 * fixed-input controller, the others by the heuristic AI), enforces the goal and the turn limit
 * as Forge's `Puzzle.addGoalEnforcement` does, and judges the assertions against the outcome.
 *
 * **Architecture invariant:** the runner never edits the engine's state: it builds a
 * {@link BoardSetup}, answers choice points, and reads the finished game. Goals are enforced from
 * outside, by stopping at the first decision past the goal's moment and declaring the result, so
 * a puzzle the engine's set-up cannot express is reported (`puzzle/unsupported: ...`), never run
 * on a different board.
 */
import { StoryletError } from '../../core/errors.js';
import { formatDiagnostic, type CardRegistry } from '../cards/index.js';
import { createGame, type Action, type BoardSetup, type Game } from '../engine/index.js';
import type { Seat } from '../engine/choice.js';
import { objectMatches } from '../engine/select.js';
import { fixedSeat, heuristicSeat, type ControllerSpec, type SeatController } from '../controllers/index.js';
import { parseFixedInputs } from '../input/index.js';
import { evaluateAssertions, type PuzzleVerdict } from './evaluate.js';
import { gameOutcome } from './game-outcome.js';
import { puzzleLog } from './log-text.js';
import type { Puzzle, PuzzleGoal } from './model.js';
import type { GameResult, PuzzleOutcome } from './outcome.js';
import { puzzleErrors } from './read.js';
import { puzzleBoard, type Unsupported } from './setup.js';

/** How a puzzle run ended. */
export type PuzzleStatus = 'pass' | 'fail' | 'load-error' | 'run-error';

/** Why the runner stopped playing. */
export type PuzzleStop = 'game-over' | 'goal' | 'turn-limit' | 'max-choices';

/** The result of {@link runPuzzle}; plain JSON (it crosses worker threads). */
export type PuzzleRunResult = {
  file: string;
  name: string;
  status: PuzzleStatus;
  /**
   * Why it did not pass, one line each: a load error (`file:line:col  error code  message`), an
   * unsupported feature (`puzzle/unsupported: tokens at set-up (line 9)`), an engine or script
   * error (`mtg/engine-error: ...`, `input/no-match: ...`), or a failed assertion
   * (`line 12: opponent life le 0 (life is 3)`).
   */
  reasons: string[];
  /** Whether the game ran to a stop (a pass or a fail). */
  ran: boolean;
  /** With a Goal: whether seat 0 won, which is exactly when the goal was met. */
  goalMet?: boolean;
  stop?: PuzzleStop;
  outcome?: PuzzleOutcome;
  verdict?: PuzzleVerdict;
  /** The game's log as stable text (one line per event), for golden files. */
  log?: string[];
  choices?: number;
};

/** Options of {@link runPuzzle} and {@link startPuzzle}. */
export type RunPuzzleOptions = {
  registry: CardRegistry;
  /** Seeds the game and the heuristic seats; default 1. */
  seed?: string | number;
  /**
   * The last turn to play when the puzzle has no turn bound (no Goal with Turns, no Turns):
   * default the starting turn plus one.
   */
  lastTurn?: number;
  /** Stop after this many decisions (default 5000): a run that loops is a run error, not a hang. */
  maxChoices?: number;
};

/** A game started from a puzzle, for a runner or a terminal session. */
export type PuzzleStart = {
  game: Game;
  /** Each seat's controller spec: `fixed` with the seat's script, else `heuristic`. */
  seats: [ControllerSpec, ControllerSpec];
  /** The board the game was built from. */
  setup: BoardSetup;
  /** The last turn played and what happens when it passes. */
  limit: PuzzleLimit;
};

/** What the runner enforces: after `lastTurn`, `onLimit`; and the goal's board condition. */
export type PuzzleLimit = {
  lastTurn: number;
  /** `lose`: seat 0 loses at the cleanup of the last turn; `win`: seat 0 wins at the next upkeep (Survive); `stop`: the run stops unfinished. */
  onLimit: 'lose' | 'win' | 'stop';
  /** Forge `Valid` selectors the goal counts on the battlefield, and when the count wins. */
  board?: { targets: string[]; wins: 'none-left' | { atLeast: number } };
};

/** The limit a puzzle's goal sets (Forge's `Puzzle.addGoalEnforcement`). */
export function puzzleLimit(puzzle: Puzzle, lastTurn?: number): PuzzleLimit {
  const goal: PuzzleGoal | undefined = puzzle.goal;
  const start = puzzle.state.turn;
  const fallback = lastTurn ?? (puzzle.metadata.turns !== undefined ? start + puzzle.metadata.turns - 1 : start + 1);
  if (!goal || goal.lastTurn === undefined) return { lastTurn: fallback, onLimit: 'stop', ...(goal ? boardOf(goal) : {}) };
  if (goal.kind === 'survive') return { lastTurn: goal.lastTurn, onLimit: 'win' };
  return { lastTurn: goal.lastTurn, onLimit: 'lose', ...boardOf(goal) };
}

function boardOf(goal: PuzzleGoal): Pick<PuzzleLimit, 'board'> {
  if (goal.kind === 'destroy') return { board: { targets: goal.targets ?? ['Creature.OppCtrl'], wins: 'none-left' } };
  if (goal.kind === 'gain-control') return { board: { targets: goal.targets ?? ['Card.inZoneBattlefield+OppCtrl'], wins: 'none-left' } };
  if (goal.kind === 'play' && goal.targets) return { board: { targets: goal.targets, wins: { atLeast: goal.targetCount } } };
  return {};
}

/** Whether a Step entry of the action log is past the limit's moment. */
function pastLimit(a: Action, limit: PuzzleLimit): boolean {
  if (a.type !== 'Step') return false;
  if (limit.onLimit === 'lose') return a.turn > limit.lastTurn || (a.turn === limit.lastTurn && a.step === 'cleanup');
  if (limit.onLimit === 'win') return a.turn > limit.lastTurn && a.step !== 'untap';
  return a.turn > limit.lastTurn;
}

/** How many permanents on the battlefield match any of the goal's selectors, seen by seat 0. */
function boardCount(game: Game, targets: readonly string[]): number {
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

function unsupportedReasons(list: readonly Unsupported[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const u of list) {
    if (seen.has(u.reason)) continue;
    seen.add(u.reason);
    out.push(`puzzle/unsupported: ${u.reason} (line ${u.line})`);
  }
  return out;
}

/**
 * Starts a game from a loaded puzzle: the board, the seats' controller specs and the limit. For
 * `mtg tui --start-state FILE.pzl`: build the seats from `seats` (or put a terminal seat where
 * the puzzle has no script) and play; {@link runPuzzle} is the same plus the loop and the verdict.
 *
 * @throws StoryletError `puzzle/unsupported` naming each feature the board set-up cannot express,
 *   `puzzle/load-error` when the puzzle has errors.
 * @example
 * ```ts
 * const { game, seats } = startPuzzle(readPuzzleFile('bolt.pzl', registry), { registry, seed: 1 });
 * seats[0]; // { kind: 'fixed', script: 'cast Lightning Bolt targeting opponent' }
 * ```
 */
export function startPuzzle(puzzle: Puzzle, options: RunPuzzleOptions): PuzzleStart {
  const errors = puzzleErrors(puzzle);
  if (errors.length > 0) throw new StoryletError('puzzle/load-error', errors.map(formatDiagnostic).join('\n'), { file: puzzle.file });
  const { setup, unsupported } = puzzleBoard(puzzle);
  if (unsupported.length > 0) {
    const reasons = unsupportedReasons(unsupported);
    throw new StoryletError('puzzle/unsupported', reasons.join('; '), { file: puzzle.file, reasons });
  }
  const seed = String(options.seed ?? 1);
  const game = createGame({ registry: options.registry, seed, setup });
  const seatSpec = (seat: Seat): ControllerSpec => {
    const script = puzzle.scripts[seat];
    return script ? { kind: 'fixed', script: script.map((l) => l.text).join('\n') } : { kind: 'heuristic', seed: `${seed}:p${seat + 1}` };
  };
  return { game, seats: [seatSpec(0), seatSpec(1)], setup, limit: puzzleLimit(puzzle, options.lastTurn) };
}

function controllerOf(spec: ControllerSpec, registry: CardRegistry): SeatController {
  if (spec.kind === 'fixed') return fixedSeat(spec.script);
  if (spec.kind === 'heuristic') return heuristicSeat(spec.seed, registry);
  throw new StoryletError('puzzle/bad-seat', `a puzzle seat is fixed or heuristic, not ${spec.kind}`);
}

function errorLine(error: unknown): string {
  if (error instanceof StoryletError) return `${error.code}: ${error.message.split('\n')[0]}`;
  return `internal: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Runs a puzzle: loads its board, plays until the game ends, the goal is met or missed, the
 * turn limit passes or `maxChoices` decisions were made, then judges the assertions. Never
 * throws for a bad puzzle: a puzzle with load errors is `load-error`, one the engine cannot set
 * up or that fails while playing is `run-error`, each with named reasons.
 *
 * @example
 * ```ts
 * const result = runPuzzle(readPuzzleFile('bolt.pzl', registry), { registry, seed: 1 });
 * result.status;  // 'pass'
 * result.reasons; // [] (else: 'line 12: opponent life le 0 (life is 3)', ...)
 * ```
 */
export function runPuzzle(puzzle: Puzzle, options: RunPuzzleOptions): PuzzleRunResult {
  const base = { file: puzzle.file, name: puzzle.name };
  const errors = puzzleErrors(puzzle);
  if (errors.length > 0) return { ...base, status: 'load-error', reasons: errors.map(formatDiagnostic), ran: false };
  let start: PuzzleStart;
  try {
    start = startPuzzle(puzzle, options);
  } catch (error) {
    const reasons =
      error instanceof StoryletError && error.code === 'puzzle/unsupported'
        ? ((error.details as { reasons: string[] }).reasons ?? [errorLine(error)])
        : [errorLine(error)];
    return { ...base, status: 'run-error', reasons, ran: false };
  }
  const { game, limit } = start;
  const maxChoices = options.maxChoices ?? 5000;
  let seats: [SeatController, SeatController];
  try {
    seats = [controllerOf(start.seats[0], options.registry), controllerOf(start.seats[1], options.registry)];
  } catch (error) {
    return { ...base, status: 'run-error', reasons: [errorLine(error)], ran: false };
  }
  let decided: GameResult = { kind: 'unfinished' };
  let stop: PuzzleStop = 'game-over';
  const notes: string[] = [];
  let seenActions = 0;
  let goalTurn: number | undefined;
  // True when the goal's moment has passed (the engine's actions say which step began).
  const check = (): boolean => {
    // The board condition first: the engine runs on without asking through steps where nobody
    // can act, so by the time the runner looks, both may hold; the permanents left first.
    if (limit.board && boardGoalMet(game, limit)) {
      stop = 'goal';
      decided = { kind: 'won', winner: 0 };
      goalTurn = turnOfLastMove(game, limit.board.wins === 'none-left');
      notes.push(`runner: goal met: the specified permanents (turn ${goalTurn})`);
      return true;
    }
    const actions = game.actions;
    for (; seenActions < actions.length; seenActions++) {
      if (!pastLimit(actions[seenActions]!, limit)) continue;
      stop = limit.onLimit === 'stop' ? 'turn-limit' : 'goal';
      if (limit.onLimit === 'lose') decided = { kind: 'won', winner: 1 };
      if (limit.onLimit === 'win') decided = { kind: 'won', winner: 0 };
      notes.push(
        `runner: ${limit.onLimit === 'stop' ? 'stopped after' : limit.onLimit === 'lose' ? 'goal missed: seat 0 loses at the cleanup of' : 'goal met: seat 0 survived'} turn ${limit.lastTurn}`,
      );
      return true;
    }
    return false;
  };
  let choices = 0;
  try {
    for (let point = game.pending(); point; point = game.pending()) {
      if (check()) break;
      if (choices >= maxChoices) {
        stop = 'max-choices';
        notes.push(`runner: stopped after ${maxChoices} decisions`);
        break;
      }
      const index = seats[point.seat].choose(game.view(point.seat), point, game);
      game.choose(index);
      choices++;
    }
    if (!game.pending() && stop === 'game-over') check();
  } catch (error) {
    return { ...base, status: 'run-error', reasons: [errorLine(error)], ran: false, log: [...puzzleLog(game), ...notes], choices };
  }
  if (stop === 'max-choices') {
    return {
      ...base,
      status: 'run-error',
      reasons: [`puzzle/max-choices: no end after ${maxChoices} decisions`],
      ran: false,
      log: [...puzzleLog(game), ...notes],
      choices,
    };
  }
  // A game the engine ended before the goal's moment keeps the engine's result.
  const outcome = gameOutcome(game, game.over && stop === 'game-over' ? { kind: 'unfinished' } : decided);
  if (stop !== 'game-over') outcome.result = decided;
  if (goalTurn !== undefined) outcome.turn = goalTurn;
  const verdict = evaluateAssertions(puzzle.assertions, outcome);
  const reasons = verdict.results.filter((r) => !r.passed).map((r) => `line ${r.assertion.line}: ${r.assertion.text} (${r.problem ?? r.actual})`);
  // A script with commands left did not play the puzzle as written: its seat was never asked.
  for (const seat of [0, 1] as Seat[]) {
    const script = puzzle.scripts[seat];
    const spec = seats[seat].spec();
    // A `targeting` clause the engine answered itself (a forced target) may still be pending: only commands count.
    if (script && spec.kind === 'fixed' && (spec.state?.cursor ?? 0) < parseFixedInputs(spec.script).commands.length)
      reasons.push(`puzzle/script-unused: p${seat}'s script has commands left when the run stopped`);
  }
  const result: PuzzleRunResult = {
    ...base,
    status: reasons.length === 0 ? 'pass' : 'fail',
    reasons,
    ran: true,
    stop,
    outcome,
    verdict,
    log: [...puzzleLog(game), ...notes],
    choices,
  };
  if (puzzle.goal) result.goalMet = outcome.result.kind === 'won' && outcome.result.winner === 0;
  return result;
}
