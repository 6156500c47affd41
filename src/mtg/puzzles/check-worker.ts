/**
 * A worker thread of `mtg puzzle check`: builds the registry once, then runs the files it is
 * sent, one message each, and answers with the result.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkFile, puzzleRegistry, type SolveBudget } from './check.js';

const { cardsDir, seed, search } = workerData as { cardsDir?: string; seed: string | number; search?: SolveBudget };
const registry = puzzleRegistry(cardsDir);
parentPort!.on('message', (m: { i: number; file: string }) => {
  parentPort!.postMessage({ i: m.i, result: checkFile(m.file, registry, seed, search) });
});
parentPort!.postMessage({ ready: true });
