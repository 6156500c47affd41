/**
 * Searching over forks of a game. The puzzle solver (`solvePuzzle`, `mtg puzzle solve`, `mtg
 * puzzle check --p0 search`) searches seat 0's decisions for a line that meets a puzzle's goal,
 * and writes it as a fixed-input script the runner replays. See docs/mtg/search.md.
 */
export { solvePuzzle } from './solve.js';
export type { Measure, SolveOptions, SolveResult, SolveStatus } from './solve.js';
export { lineScript, verifyLine, commandFor } from './line-script.js';
export type { SolvedStep } from './line-script.js';
export { solveOnThreads } from './threads.js';
export type { ThreadedSolveOptions } from './threads.js';
export { checkBySearch } from './check.js';
