/**
 * Searching over forks of a game (issue 19): the `search` controller for full games and the model
 * it searches, a determinization of the game from what its seat may know; and the puzzle solver
 * (`solvePuzzle`, `mtg puzzle solve`, `mtg puzzle check --p0 search`), which searches seat 0's
 * decisions for a line that meets a puzzle's goal and writes it as a fixed-input script the runner
 * replays. See docs/mtg/search.md.
 */
export { determinize, seatModel } from './determinize.js';
export type { DeterminizeOptions } from './determinize.js';
export { searchSeat, searchBudget, DEFAULT_PLAYOUTS, SEARCH_TUNING } from './controller.js';
export type { SearchBudget, SearchReport, SearchSeat, SearchSpecFields, SearchStats, SearchTuning } from './controller.js';
export { candidates, SEARCHED_KINDS, MAX_CANDIDATES } from './candidates.js';
export { playout } from './playout.js';
export type { Horizon, PlayoutResult, PlayoutSetup } from './playout.js';
export { scoreFor } from './score.js';
export { attackThreat, threatScore } from './threat.js';
export type { Threat } from './threat.js';
export { solvePuzzle } from './solve.js';
export type { Measure, SolveOptions, SolveResult, SolveStatus } from './solve.js';
export { lineScript, verifyLine, commandFor } from './line-script.js';
export type { SolvedStep } from './line-script.js';
export { checkBySearchOnThreads, partPlan, solveOnThreads, SolverPool, type ThreadedCheckOptions } from './threads.js';
export type { SolveWorkerAnswer, ThreadedSolveOptions } from './threads.js';
export { checkBySearch } from './check.js';
