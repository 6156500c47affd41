/**
 * A worker thread of `solveOnThreads`: builds the registry, reads the puzzle, solves its part of
 * the root's options, and answers with the result; it stops early when its flag is raised.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { puzzleRegistry } from '../puzzles/check.js';
import { readPuzzleFile } from '../puzzles/read.js';
import { solvePuzzle } from './solve.js';
import type { SolveWorkerData } from './threads.js';

const { file, cardsDir, options, stop } = workerData as SolveWorkerData;
const flags = new Int32Array(stop);
const part = options.share?.part ?? 0;
const registry = puzzleRegistry(cardsDir);
parentPort!.postMessage(solvePuzzle(readPuzzleFile(file, registry), { ...options, registry, cancelled: () => Atomics.load(flags, part) === 1 }));
