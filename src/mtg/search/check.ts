/**
 * A puzzle checked with seat 0 played by the solver (`mtg puzzle check --p0 search`): the
 * solver's result as the runner's, so the summary, the report and the baseline read it as they
 * read any run. A line found is judged by the runner replaying it with seat 0 fixed to it.
 */
import type { Puzzle } from '../puzzles/model.js';
import type { PuzzleRunResult } from '../puzzles/run.js';
import { solvePuzzle, type SolveOptions, type SolveResult } from './solve.js';

/**
 * Solves `puzzle` and reports it as a run: the replay's result when a line was found (a pass),
 * a failure with the budget's reason when none was, the load or run error otherwise; `search`
 * holds the script, the games made and the time.
 *
 * @example
 * ```ts
 * const r = checkBySearch(readPuzzleFile('mate.pzl', registry), { registry, budgetMs: 10_000 });
 * r.status;         // 'pass'
 * r.search?.script; // 'cast Lightning Bolt; target p2'
 * ```
 */
export function checkBySearch(puzzle: Puzzle, options: SolveOptions): PuzzleRunResult {
  return searchRunResult(solvePuzzle(puzzle, options), puzzle.goal !== undefined);
}

/** A solver's result as the runner's (see {@link checkBySearch}); `hasGoal` says whether the puzzle has a goal. */
export function searchRunResult(r: SolveResult, hasGoal: boolean): PuzzleRunResult {
  const search = { ...(r.script !== undefined ? { script: r.script } : {}), nodes: r.nodes, ms: r.ms, ...(r.thread ? { thread: r.thread } : {}) };
  if (r.replay && r.status === 'solved') return { ...r.replay, search };
  const base = { file: r.file, name: r.name, reasons: r.reasons, search };
  if (r.status === 'not-found') return { ...base, status: 'fail', ran: true, ...(hasGoal ? { goalMet: false } : {}) };
  return { ...base, status: r.status === 'load-error' ? 'load-error' : 'run-error', ran: false };
}
