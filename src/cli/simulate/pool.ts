/**
 * Spreads runs over worker threads. Runs are split into contiguous ranges by index and merged in
 * index order, and each run depends only on its index, so one thread or eight give the same
 * report byte for byte.
 */
import { Worker } from 'node:worker_threads';
import type { Bundle } from '../../content/bundle.js';
import { addResult, simulateRun, type RunOptions, type RunResult } from './run.js';
import type { WorkerInput, WorkerMessage } from './worker.js';

/**
 * Runs `runs` playthroughs on `threads` threads (1: in this thread); `onRun` is told as each run
 * finishes, for a progress bar. Resolves to the merged result.
 *
 * @example
 * ```ts
 * const total = await runAll(bundle, 100, 2, { seed: 's', steps: 50, policy: 'random' }, () => bar.tick());
 * ```
 */
export async function runAll(bundle: Bundle, runs: number, threads: number, options: RunOptions, onRun: () => void): Promise<RunResult | undefined> {
  const results: (RunResult | undefined)[] = new Array<RunResult | undefined>(runs).fill(undefined);
  if (threads <= 1) {
    for (let i = 0; i < runs; i++) {
      results[i] = simulateRun(bundle, i, options);
      onRun();
      // Let a progress bar repaint between runs.
      if (i % 16 === 15) await new Promise((r) => setImmediate(r));
    }
  } else {
    const workers: Promise<void>[] = [];
    const started: Worker[] = [];
    for (let t = 0; t < threads; t++) {
      const from = Math.floor((t * runs) / threads);
      const to = Math.floor(((t + 1) * runs) / threads);
      if (from === to) continue;
      workers.push(
        new Promise<void>((resolve, reject) => {
          const w = new Worker(new URL('./worker.js', import.meta.url), { workerData: { bundle, options, from, to } satisfies WorkerInput });
          started.push(w);
          w.on('message', (m: WorkerMessage) => {
            results[m.index] = m.result;
            onRun();
          });
          w.on('error', reject);
          w.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a simulation worker stopped with exit code ${code}`))));
        }),
      );
    }
    try {
      await Promise.all(workers);
    } catch (err) {
      // One failed run fails the report; the others would only keep the process alive.
      await Promise.all(started.map((w) => w.terminate()));
      throw err;
    }
  }
  let total: RunResult | undefined;
  for (const r of results) total = total ? addResult(total, r!) : r;
  return total;
}
