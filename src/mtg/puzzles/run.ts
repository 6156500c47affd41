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
import { createGame, type BoardSetup, type Game } from '../engine/index.js';
import type { Seat } from '../engine/choice.js';
import { fixedSeat, heuristicSeat, type ControllerSpec, type SeatController } from '../controllers/index.js';
import type { PuzzleVerdict } from './evaluate.js';
import { puzzleLog } from './log-text.js';
import type { Puzzle, PuzzleGoal } from './model.js';
import type { PuzzleOutcome } from './outcome.js';
import { judgePlay, newPlay, playOn } from './play.js';
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
  /**
   * Set when seat 0 was played by the puzzle solver (`mtg puzzle check --p0 search`): the line it
   * found as seat 0's fixed-input script (absent when it found none), the games it made and the
   * milliseconds it took. The rest of the result is then the runner's, replaying that script.
   */
  search?: { script?: string; nodes: number; ms: number; thread?: { part: number; of: number; nodes: number } };
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

/** A thrown error as one reason line: `code: first line of the message`, or `internal: ...`. */
export function errorLine(error: unknown): string {
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
  const begun = beginPuzzle(puzzle, options);
  if ('result' in begun) return begun.result;
  const { start, seats } = begun;
  const play = newPlay(start.game, seats, start.limit, options.maxChoices);
  try {
    // Both seats have controllers, so the play never waits: it runs to a stop.
    playOn(play);
  } catch (error) {
    const log = [...puzzleLog(start.game), ...play.referee.notes];
    return { file: puzzle.file, name: puzzle.name, status: 'run-error', reasons: [errorLine(error)], ran: false, log, choices: play.choices };
  }
  return judgePlay(puzzle, play);
}

/**
 * A puzzle started, with its seats' controllers built from their specs; or, when it cannot be,
 * the `load-error` or `run-error` result that says why. What {@link runPuzzle} and the solver
 * begin with.
 */
export function beginPuzzle(
  puzzle: Puzzle,
  options: RunPuzzleOptions,
): { start: PuzzleStart; seats: [SeatController, SeatController] } | { result: PuzzleRunResult } {
  const base = { file: puzzle.file, name: puzzle.name };
  const errors = puzzleErrors(puzzle);
  if (errors.length > 0) return { result: { ...base, status: 'load-error', reasons: errors.map(formatDiagnostic), ran: false } };
  try {
    const start = startPuzzle(puzzle, options);
    return { start, seats: [controllerOf(start.seats[0], options.registry), controllerOf(start.seats[1], options.registry)] };
  } catch (error) {
    const reasons =
      error instanceof StoryletError && error.code === 'puzzle/unsupported'
        ? ((error.details as { reasons: string[] }).reasons ?? [errorLine(error)])
        : [errorLine(error)];
    return { result: { ...base, status: 'run-error', reasons, ran: false } };
  }
}
