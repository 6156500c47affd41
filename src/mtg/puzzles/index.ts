/**
 * Puzzles (`.pzl`) of the Magic reference game: a board to start from, optional scripts for
 * either seat, and assertions about how the game turns out. This module reads puzzles (Forge's
 * and DeepScry's dialects), parses the assertion language and judges assertions against a
 * {@link PuzzleOutcome}; running a puzzle is the runner's job. See docs/mtg/puzzles.md.
 */
export { readPuzzle, readPuzzleFile, puzzleErrors } from './read.js';
export { formatPuzzleDiagnostic, MAX_PUZZLE_CHARS } from './diagnostics.js';
export type { PuzzleDiagnostic, PuzzleDiagnosticCode } from './diagnostics.js';
export { parseAssertion, formatAssertion, assertionParses, MAX_ASSERTION_NUMBER } from './assertions.js';
export type { AssertionProblem } from './assertions.js';
export { COMPARISONS } from './assertion-ast.js';
export type { Assertion, AssertZone, Comparison, Predicate, Scope } from './assertion-ast.js';
export { evaluateAssertion, evaluateAssertions, compare } from './evaluate.js';
export type { AssertionResult, PuzzleVerdict } from './evaluate.js';
export type { GameResult, PermanentOutcome, PuzzleEvent, PuzzleOutcome, SeatOutcome } from './outcome.js';
export { goalAssertions, namedTarget } from './goals.js';
export { puzzlePhase } from './phases.js';
export { parseInlineToken, parseCounters, puzzleSeat } from './notation.js';
export { PUZZLE_ZONES } from './model.js';
export type {
  At,
  InlineToken,
  Puzzle,
  PuzzleCard,
  PuzzleGoal,
  PuzzleGoalKind,
  PuzzleMetadata,
  PuzzlePlayer,
  PuzzlePrecast,
  PuzzleScriptCall,
  PuzzleSection,
  PuzzleState,
  PuzzleZone,
  ScriptLine,
} from './model.js';
export { runPuzzle, startPuzzle, puzzleLimit } from './run.js';
export { newPlay, forkPlay, playOn, answer, judgePlay } from './play.js';
export type { PuzzlePlay, RefereeState } from './play.js';
export type { PuzzleLimit, PuzzleRunResult, PuzzleStart, PuzzleStatus, PuzzleStop, RunPuzzleOptions } from './run.js';
export { checkPuzzles, puzzleFiles, puzzleRegistry, summarise, junitReport } from './check.js';
export type { CheckOptions, CheckSummary, SolveBudget } from './check.js';
export { puzzleBoard } from './setup.js';
export type { Unsupported } from './setup.js';
export { gameOutcome, puzzleEvents } from './game-outcome.js';
export { puzzleLog } from './log-text.js';
export type { CombatLink } from './model.js';
