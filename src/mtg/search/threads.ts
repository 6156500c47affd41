/**
 * `mtg puzzle solve --threads T`: one puzzle solved on T worker threads, each searching a share
 * of the root's options (`SolveOptions.share`: the options whose rank, in the order the search
 * tries them, is its part modulo T; part 0 also plays the heuristic AI's own line first).
 *
 * With a node budget the answer stays deterministic: each part gets `budgetNodes / T` games and
 * searches its share as a single search would, so what each part finds does not depend on the
 * others' speed; the answer is the line of the lowest part that found one, so a part stops early
 * only when a lower part has found a line (its own could not be chosen). With a time budget only,
 * the first line found stops every part: faster, and it may differ from run to run.
 */
import { readPuzzleFile } from '../puzzles/read.js';
import { puzzleRegistry } from '../puzzles/check.js';
import { startWorker } from '../puzzles/worker.js';
import { solvePuzzle, type SolveOptions, type SolveResult } from './solve.js';

/** Options of {@link solveOnThreads}: the solver's, by value (each thread builds its own registry). */
export type ThreadedSolveOptions = Omit<SolveOptions, 'registry' | 'share' | 'cancelled'> & {
  /** A fetched Forge cards folder, as `mtg puzzle check --cards` takes it. */
  cardsDir?: string;
  /** Worker threads; 1 solves in this thread. */
  threads?: number;
};

/** What a solve worker is given. */
export type SolveWorkerData = {
  file: string;
  cardsDir?: string;
  options: Omit<SolveOptions, 'registry' | 'cancelled'>;
  /** One Int32 per part: 1 asks that part to stop. */
  stop: SharedArrayBuffer;
};

/**
 * Solves the puzzle in `file` on `threads` worker threads (see the module's comment for how the
 * answer stays deterministic under a node budget).
 *
 * @example
 * ```ts
 * const r = await solveOnThreads('puzzles/mate.pzl', { threads: 2, budgetNodes: 20_000, cardsDir: '.cards' });
 * r.status; // 'solved'
 * ```
 */
export async function solveOnThreads(file: string, options: ThreadedSolveOptions): Promise<SolveResult> {
  const { cardsDir, threads: asked, ...solve } = options;
  const threads = Math.max(1, asked ?? 1);
  if (threads === 1) {
    const registry = puzzleRegistry(cardsDir);
    return solvePuzzle(readPuzzleFile(file, registry), { ...solve, registry });
  }
  const stop = new SharedArrayBuffer(4 * threads);
  const flags = new Int32Array(stop);
  const deterministic = solve.budgetNodes !== undefined;
  const each = solve.budgetNodes === undefined ? undefined : Math.ceil(solve.budgetNodes / threads);
  const results: Array<SolveResult | undefined> = new Array(threads);
  const onePart = (part: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const data: SolveWorkerData = {
        file,
        ...(cardsDir !== undefined ? { cardsDir } : {}),
        options: { ...solve, ...(each !== undefined ? { budgetNodes: each } : {}), share: { part, of: threads } },
        stop,
      };
      const worker = startWorker(import.meta.url, 'solve-worker', data);
      worker.once('message', (result: SolveResult) => {
        results[part] = result;
        if (result.status === 'solved') {
          // A higher part's line could not be chosen any more; without a node budget, no other either.
          for (let q = 0; q < threads; q++) if (q > part || !deterministic) Atomics.store(flags, q, 1);
        }
        void worker.terminate().then(() => resolve());
      });
      worker.once('error', reject);
    });
  await Promise.all(Array.from({ length: threads }, (_, part) => onePart(part)));
  const done = results.filter((r): r is SolveResult => r !== undefined);
  const nodes = done.reduce((n, r) => n + r.nodes, 0);
  const ms = Math.max(0, ...done.map((r) => r.ms));
  const found = done.find((r) => r.status === 'solved');
  if (found) return { ...found, nodes, ms };
  // Not solved: an error every part met is the puzzle's; else the budget's account, summed.
  const first = done[0]!;
  if (first.status === 'load-error' || first.status === 'run-error') return { ...first, nodes, ms };
  const bound = Math.min(...done.map((r) => r.bound));
  const exhausted = done.every((r) => r.exhausted);
  const reasons = exhausted
    ? ['no line meets the goal: every line was tried']
    : [`no line found within the budget (${nodes} nodes on ${threads} threads, ${ms} ms; every line of up to ${bound} actions or discrepancies tried)`];
  return { ...first, status: 'not-found', reasons, nodes, ms, bound, exhausted };
}
