/**
 * One puzzle solved on T worker threads (`mtg puzzle solve --threads T`, `mtg puzzle check --p0
 * search --search-threads T`): a **portfolio**. Part 0 searches as `solvePuzzle` does on one
 * thread (the heuristic AI's line, deepening, the rollout search at half its budget, deepening
 * around its line), so a second thread never loses a line one thread finds in the same time;
 * part 1 starts with the rollout search, walked once and then nested once (each option judged by
 * a walk of its own), each level walked twice, its play-outs judged first with the attack they
 * set up counted and then with it breaking ties only (`threatWeights`), and deepens around its
 * best line; part 2 walks at level 1 as part 1 does and then a beam of eight lines
 * (`solvePuzzle`'s `beam`), and deepens around the best line either met; parts 3 and up deepen
 * without a rollout search, sharing the root's options with part 0, each taking those whose rank
 * is its share.
 *
 * Why a portfolio rather than splitting the root: each bound of deepening costs some ten times the
 * one before, so two threads sharing its lines reach hardly further than one, while the nested
 * rollout search, too costly for a share of one thread's budget, meets lines of many
 * discrepancies that deepening does not reach (docs/mtg/search.md "Budgets, threads and
 * determinism").
 *
 * With a node budget the answer stays deterministic: each part gets `budgetNodes / T` games and
 * searches as a single search would, so what each finds does not depend on the others' speed;
 * the answer is the line of the lowest part that found one, so a part stops early only when a
 * lower part has found a line. With a time budget only, the first line found stops every part:
 * faster, and it may differ from run to run.
 *
 * The workers of a {@link SolverPool} build the card registry once and solve puzzle after puzzle.
 */
import type { Worker } from 'node:worker_threads';
import { readPuzzleFile } from '../puzzles/read.js';
import { puzzleRegistry, type SolveBudget } from '../puzzles/check.js';
import type { PuzzleRunResult } from '../puzzles/run.js';
import { searchRunResult } from './check.js';
import { startWorker } from '../puzzles/worker.js';
import { solvePuzzle, type SolveOptions, type SolveResult } from './solve.js';

/** Options of {@link solveOnThreads}: the solver's, by value (each thread builds its own registry). */
export type ThreadedSolveOptions = Omit<SolveOptions, 'registry' | 'share' | 'cancelled'> & {
  /** A fetched Forge cards folder, as `mtg puzzle check --cards` takes it. */
  cardsDir?: string;
  /** Worker threads; 1 solves in this thread. */
  threads?: number;
};

/** What a solve worker is given once. */
export type SolveWorkerData = {
  cardsDir?: string;
  /** One Int32 per part: 1 asks that part to stop. */
  stop: SharedArrayBuffer;
  part: number;
};

/** What a solve worker is sent per puzzle. */
export type SolveWorkerJob = { file: string; options: Omit<SolveOptions, 'registry' | 'cancelled'> };
/** What a solve worker answers: the part's result, and whether the puzzle has a goal (for the runner's figures). */
export type SolveWorkerAnswer = { result: SolveResult; goal: boolean };

/**
 * The search plan of part `part` of a solve on `of` threads (see the module's comment).
 *
 * @example
 * ```ts
 * partPlan(0, 2); // {}: as on one thread
 * partPlan(1, 2); // { noHeuristicLine: true, rolloutAt: 0, rolloutShare: 0.75, threatWeights: [1, 0.001], rolloutLevel: 2 }
 * partPlan(2, 3); // the same walks at level 1, then beam walks: { ..., rolloutLevel: 1, beam: { width: 8, share: 0.5 } }
 * ```
 */
export function partPlan(part: number, of: number): Partial<SolveOptions> {
  const walks = { noHeuristicLine: true, rolloutAt: 0, rolloutShare: 3 / 4, threatWeights: [1, 0.001] } as const;
  if (part === 1 && of > 1) return { ...walks, rolloutLevel: 2 };
  // The beam walks take the share of the budget the level-1 walks leave (a few thousand games
  // at most): they keep eight lines where the rollout walk keeps one.
  if (part === 2) return { ...walks, rolloutLevel: 1, beam: { width: 8, share: 1 / 2 } };
  // Parts 0, 3, 4, ... share the root's options when there are two or more of them.
  const sharing = of - 2;
  if (sharing <= 1) return {};
  const share = { part: part === 0 ? 0 : part - 2, of: sharing };
  return part === 0 ? { share } : { noHeuristicLine: true, rolloutAt: Infinity, share };
}

/**
 * T worker threads that solve puzzles, one at a time, each on every thread with its part's plan
 * ({@link partPlan}); the registry is built once per thread.
 *
 * @example
 * ```ts
 * const pool = new SolverPool(2, '.cards');
 * const { result } = await pool.solve('puzzles/mate.pzl', { budgetMs: 10_000 });
 * await pool.close();
 * ```
 */
export class SolverPool {
  private readonly workers: Worker[];
  private readonly flags: Int32Array;
  private busy = false;

  constructor(
    readonly threads: number,
    cardsDir?: string,
  ) {
    const stop = new SharedArrayBuffer(4 * threads);
    this.flags = new Int32Array(stop);
    this.workers = Array.from({ length: threads }, (_, part) => {
      const data: SolveWorkerData = { ...(cardsDir !== undefined ? { cardsDir } : {}), stop, part };
      return startWorker(import.meta.url, 'solve-worker', data);
    });
  }

  /** Solves the puzzle in `file` on every thread (see the module's comment for which answer counts). */
  async solve(file: string, options: Omit<ThreadedSolveOptions, 'threads' | 'cardsDir'>): Promise<SolveWorkerAnswer> {
    if (this.busy) throw new Error('SolverPool.solve: one puzzle at a time');
    this.busy = true;
    try {
      const { threads } = this;
      this.flags.fill(0);
      const deterministic = options.budgetNodes !== undefined;
      const each = options.budgetNodes === undefined ? undefined : Math.ceil(options.budgetNodes / threads);
      const answers = await Promise.all(
        this.workers.map(
          (worker, part) =>
            new Promise<SolveWorkerAnswer>((resolve, reject) => {
              const onError = (error: Error): void => reject(error);
              worker.once('error', onError);
              worker.once('message', (answer: SolveWorkerAnswer) => {
                worker.off('error', onError);
                if (answer.result.status === 'solved') {
                  // A higher part's line could not be chosen any more; without a node budget, no other either.
                  for (let q = 0; q < threads; q++) if (q > part || !deterministic) Atomics.store(this.flags, q, 1);
                }
                resolve(answer);
              });
              const job: SolveWorkerJob = { file, options: { ...options, ...(each !== undefined ? { budgetNodes: each } : {}), ...partPlan(part, threads) } };
              worker.postMessage(job);
            }),
        ),
      );
      return { result: combine(answers.map((a) => a.result)), goal: answers[0]!.goal };
    } finally {
      this.busy = false;
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** The parts' results as one: the lowest part's line, else the budget's account summed. */
function combine(done: SolveResult[]): SolveResult {
  const nodes = done.reduce((n, r) => n + r.nodes, 0);
  const ms = Math.max(0, ...done.map((r) => r.ms));
  const found = done.find((r) => r.status === 'solved');
  if (found) return { ...found, nodes, ms, thread: { part: done.indexOf(found), of: done.length, nodes: found.nodes } };
  // Not solved: an error every part met is the puzzle's; else the budget's account, summed.
  const first = done[0]!;
  if (first.status === 'load-error' || first.status === 'run-error') return { ...first, nodes, ms };
  const bound = Math.min(...done.map((r) => r.bound));
  // A part that searched every root option and tried every line proves there is none; parts
  // sharing the root's options prove it together.
  const exhausted = done.some((r, part) => r.exhausted && partPlan(part, done.length).share === undefined) || done.every((r) => r.exhausted);
  const reasons = exhausted
    ? ['no line meets the goal: every line was tried']
    : [`no line found within the budget (${nodes} nodes on ${done.length} threads, ${ms} ms; every line of up to ${bound} actions or discrepancies tried)`];
  return { ...first, status: 'not-found', reasons, nodes, ms, bound, exhausted };
}

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
  const pool = new SolverPool(threads, cardsDir);
  try {
    return (await pool.solve(file, solve)).result;
  } finally {
    await pool.close();
  }
}

/** Options of {@link checkBySearchOnThreads}. */
export type ThreadedCheckOptions = {
  /** Threads each puzzle is solved on (a portfolio: threads.ts). */
  threads: number;
  search: SolveBudget;
  cardsDir?: string;
  seed?: string | number;
  /** Told of each result as it comes. */
  onResult?: (result: PuzzleRunResult) => void;
};

/**
 * `mtg puzzle check --p0 search --search-threads T`: the puzzles of `files` one at a time, each
 * solved on T threads at once ({@link SolverPool}), so each puzzle's time budget is T threads'
 * time; results in the order of `files`.
 *
 * @example
 * ```ts
 * const results = await checkBySearchOnThreads(files, { threads: 2, search: { budgetMs: 10_000 }, cardsDir: '.cards' });
 * ```
 */
export async function checkBySearchOnThreads(files: readonly string[], options: ThreadedCheckOptions): Promise<PuzzleRunResult[]> {
  const pool = new SolverPool(Math.max(1, options.threads), options.cardsDir);
  const results: PuzzleRunResult[] = [];
  try {
    for (const file of files) {
      const { result, goal } = await pool.solve(file, { ...options.search, seed: options.seed ?? 1 });
      const run = searchRunResult(result, goal);
      results.push(run);
      options.onResult?.(run);
    }
  } finally {
    await pool.close();
  }
  return results;
}
