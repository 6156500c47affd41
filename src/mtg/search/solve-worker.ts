/**
 * A worker thread of a {@link SolverPool} (threads.ts): builds the registry once, then solves
 * each puzzle it is sent with its part's plan, and answers with the result; it stops early when
 * its flag is raised.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { errorLine } from '../puzzles/run.js';
import { puzzleRegistry } from '../puzzles/check.js';
import { readPuzzleFile } from '../puzzles/read.js';
import { solvePuzzle } from './solve.js';
import type { SolveWorkerAnswer, SolveWorkerData, SolveWorkerJob } from './threads.js';

const { cardsDir, stop, part } = workerData as SolveWorkerData;
const flags = new Int32Array(stop);
const registry = puzzleRegistry(cardsDir);
parentPort!.on('message', ({ file, options }: SolveWorkerJob) => {
  let answer: SolveWorkerAnswer;
  try {
    const puzzle = readPuzzleFile(file, registry);
    answer = { result: solvePuzzle(puzzle, { ...options, registry, cancelled: () => Atomics.load(flags, part) === 1 }), goal: puzzle.goal !== undefined };
  } catch (error) {
    const result = { file, name: file, status: 'run-error' as const, reasons: [errorLine(error)], nodes: 0, ms: 0, bound: 0, exhausted: false };
    answer = { result, goal: false };
  }
  parentPort!.postMessage(answer);
});
