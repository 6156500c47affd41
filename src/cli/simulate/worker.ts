/**
 * A simulation worker thread: runs the playthroughs with indexes [from, to) and posts each result
 * back with its index, so the parent can put them in order whatever finishes first.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Bundle } from '../../content/bundle.js';
import { simulateRun, type RunOptions, type RunResult } from './run.js';

/** What the parent gives a worker. */
export interface WorkerInput {
  bundle: Bundle;
  options: RunOptions;
  from: number;
  to: number;
}

/** What a worker posts: one message per finished run. */
export interface WorkerMessage {
  index: number;
  result: RunResult;
}

const input = workerData as WorkerInput;
for (let i = input.from; i < input.to; i++) {
  parentPort!.postMessage({ index: i, result: simulateRun(input.bundle, i, input.options) } satisfies WorkerMessage);
}
