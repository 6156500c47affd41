/**
 * Many puzzles at once (`mtg puzzle check`): the `.pzl` files of files and folders, run on worker
 * threads, with a summary and a JUnit report. Each worker builds its own card registry (the
 * starter cards, then a fetched cards folder when given) and runs whole files, so the results
 * are the same whatever the thread count.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createCardRegistry, openCorpus, type CardRegistry } from '../cards/index.js';
import { withSupplement } from '../supplement/index.js';
import { compileStarterCards } from '../starter/index.js';
import { readPuzzleFile } from './read.js';
import { runPuzzle, type PuzzleRunResult, type PuzzleStatus } from './run.js';
import { startWorker } from './worker.js';
import { checkBySearch } from '../search/check.js';

/** Options of {@link checkPuzzles}. */
export type CheckOptions = {
  /** A fetched Forge cards folder (`.cards`) whose cards join the starter cards; starter cards win a name both have. */
  cardsDir?: string;
  /** Worker threads; 1 (the default) runs in this thread. */
  threads?: number;
  seed?: string | number;
  /**
   * Play seat 0 by the puzzle solver (`--p0 search`) within these budgets, each puzzle on one
   * thread; a line found is replayed by the runner with seat 0 fixed to it (docs/mtg/search.md).
   */
  search?: SolveBudget;
  /** Called with each result as it arrives (in completion order). */
  onResult?: (result: PuzzleRunResult) => void;
};

/** The figures of a check: counts by status, how many ran, and goals met. */
export type CheckSummary = {
  files: number;
  byStatus: Record<PuzzleStatus, number>;
  /** Files whose game ran to a stop (passed or failed). */
  ran: number;
  /** Files with a goal, and those whose goal was met. */
  withGoal: number;
  goalMet: number;
  /** Non-passing files by the first word of each reason (`puzzle/unsupported: tokens at set-up`, `puzzle/unknown-card`, `assertion`). */
  byReason: Record<string, number>;
};

/**
 * The starter cards, plus a fetched cards folder's when given.
 *
 * @example
 * ```ts
 * const registry = puzzleRegistry('.cards');
 * ```
 */
export function puzzleRegistry(cardsDir?: string): CardRegistry {
  const starter = compileStarterCards();
  if (cardsDir === undefined) return createCardRegistry({ cards: starter.cards, tokens: [] });
  const { corpus } = openCorpus(cardsDir);
  return createCardRegistry({ cards: withSupplement([...starter.cards, ...corpus.cards]), tokens: corpus.tokens });
}

/**
 * The `.pzl` files named by `paths` (files as given, folders searched recursively), sorted.
 *
 * @example
 * ```ts
 * puzzleFiles(['test/puzzles']); // ['test/puzzles/bolt-face.pzl', ...]
 * ```
 */
export function puzzleFiles(paths: readonly string[]): string[] {
  const out = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.toLowerCase().endsWith('.pzl')) out.add(p);
    }
  };
  for (const p of paths) {
    if (statSync(p).isDirectory()) walk(p);
    else out.add(p);
  }
  return [...out].sort();
}

/** The solver's budgets for `--p0 search`: wall-clock milliseconds and/or games (deterministic). */
export type SolveBudget = { budgetMs?: number; budgetNodes?: number };

/** Runs one file: read, then run (or solve, with `search`); never throws. */
export function checkFile(file: string, registry: CardRegistry, seed: string | number = 1, search?: SolveBudget): PuzzleRunResult {
  try {
    const puzzle = readPuzzleFile(file, registry);
    if (search) return checkBySearch(puzzle, { registry, seed, ...search });
    return runPuzzle(puzzle, { registry, seed });
  } catch (error) {
    return { file, name: file, status: 'run-error', reasons: [`internal: ${error instanceof Error ? error.message : String(error)}`], ran: false };
  }
}

/**
 * Runs every puzzle of `files`, in parallel when `threads` > 1; results in the order of `files`.
 *
 * @example
 * ```ts
 * const results = await checkPuzzles(puzzleFiles(['puzzles']), { threads: 2, cardsDir: '.cards' });
 * summarise(results).byStatus.pass;
 * ```
 */
export async function checkPuzzles(files: readonly string[], options: CheckOptions = {}): Promise<PuzzleRunResult[]> {
  const threads = Math.max(1, Math.min(options.threads ?? 1, files.length));
  const seed = options.seed ?? 1;
  const results: PuzzleRunResult[] = new Array(files.length);
  if (threads === 1) {
    const registry = puzzleRegistry(options.cardsDir);
    files.forEach((f, i) => {
      results[i] = checkFile(f, registry, seed, options.search);
      options.onResult?.(results[i]);
    });
    return results;
  }
  let next = 0;
  const one = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = startWorker(import.meta.url, 'check-worker', { cardsDir: options.cardsDir, seed, search: options.search });
      const feed = (): void => {
        if (next >= files.length) {
          void worker.terminate().then(() => resolve());
          return;
        }
        const i = next++;
        worker.postMessage({ i, file: files[i] });
      };
      worker.on('message', (m: { ready?: true; i?: number; result?: PuzzleRunResult }) => {
        if (m.result !== undefined && m.i !== undefined) {
          results[m.i] = m.result;
          options.onResult?.(m.result);
        }
        feed();
      });
      worker.on('error', reject);
    });
  await Promise.all(Array.from({ length: threads }, one));
  return results;
}

/**
 * Counts results by status and reason.
 *
 * @example
 * ```ts
 * summarise(results); // { files: 3, byStatus: { pass: 2, fail: 1, ... }, ran: 3, ... }
 * ```
 */
export function summarise(results: readonly PuzzleRunResult[]): CheckSummary {
  const s: CheckSummary = {
    files: results.length,
    byStatus: { pass: 0, fail: 0, 'load-error': 0, 'run-error': 0 },
    ran: 0,
    withGoal: 0,
    goalMet: 0,
    byReason: {},
  };
  for (const r of results) {
    s.byStatus[r.status]++;
    if (r.ran) s.ran++;
    if (r.goalMet !== undefined) {
      s.withGoal++;
      if (r.goalMet) s.goalMet++;
    }
    if (r.status === 'pass') continue;
    for (const key of new Set(r.reasons.map(reasonKey))) s.byReason[key] = (s.byReason[key] ?? 0) + 1;
  }
  s.byReason = Object.fromEntries(Object.entries(s.byReason).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return s;
}

/** A reason's kind: the code and, for unsupported features, which one; `assertion` for a failed assertion. */
export function reasonKey(reason: string): string {
  if (/^line \d+: /.test(reason)) return 'assertion';
  const unsupported = /^puzzle\/unsupported: (.*?) \(line \d+\)$/.exec(reason);
  if (unsupported) return `puzzle/unsupported: ${unsupported[1]}`;
  const diag = /\s(?:error|warning) ([a-z]+\/[a-z-]+)\s/.exec(reason);
  if (diag) return diag[1]!;
  const code = /^([a-z]+\/[a-z-]+)/.exec(reason);
  return code ? code[1]! : 'other';
}

// The control characters XML 1.0 forbids: what xml() strips. On a line of its own, so the lint
// exception stays beside it however the call below is formatted.
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

function xml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!).replace(XML_FORBIDDEN, '');
}

/**
 * A JUnit XML report: one test case per puzzle; a failed assertion is a `<failure>`, a load or
 * run error an `<error>` with the status as its type.
 *
 * @example
 * ```ts
 * writeFileSync('junit.xml', junitReport(results, process.cwd()));
 * ```
 */
export function junitReport(results: readonly PuzzleRunResult[], root: string): string {
  const s = summarise(results);
  const errors = s.byStatus['load-error'] + s.byStatus['run-error'];
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mtg puzzle check" tests="${s.files}" failures="${s.byStatus.fail}" errors="${errors}">`,
  ];
  lines.push(`  <testsuite name="puzzles" tests="${s.files}" failures="${s.byStatus.fail}" errors="${errors}" skipped="0">`);
  for (const r of results) {
    const file = relative(root, r.file);
    const head = `    <testcase classname="${xml(file)}" name="${xml(r.name)}" file="${xml(file)}"`;
    if (r.status === 'pass') {
      lines.push(`${head}/>`);
      continue;
    }
    const tag = r.status === 'fail' ? 'failure' : 'error';
    lines.push(
      `${head}>`,
      `      <${tag} type="${r.status}" message="${xml(r.reasons[0] ?? r.status)}">${xml(r.reasons.join('\n'))}</${tag}>`,
      '    </testcase>',
    );
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}
