/**
 * `mtg puzzle check FILES|DIRS [--report junit.xml] [--threads T] [--cards DIR] [--seed S]
 * [--p0 search --budget-ms N --budget-nodes N]`: runs puzzles (docs/mtg/puzzles.md), prints
 * pass / fail / load-error / run-error counts with each failure's reasons, and writes a JUnit
 * report. With `--p0 search` the puzzle solver plays seat 0 (docs/mtg/search.md). Exit code 0
 * when every puzzle passed, 1 when one did not, 2 for bad usage. `mtg puzzle solve` is in
 * puzzle-solve.ts.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { attachNegativeValues } from '../../core/argv.js';
import { checkPuzzles, junitReport, puzzleFiles, summarise, type SolveBudget } from '../puzzles/check.js';
import type { CliIO } from '../cli.js';

/** One line for `mtg --help`. */
export const summary = 'run puzzles (.pzl) and check their assertions and goals, or solve them';

const HELP = `usage: mtg puzzle check FILES|DIRS [options]
       mtg puzzle solve FILE.pzl [options]   (mtg puzzle solve --help)

Runs each puzzle (scripted seats by their script, the others by the heuristic AI), enforces its
goal and turn limit, and checks its assertions.

options:
  --report FILE     write a JUnit XML report
  --threads N       worker threads (default 1)
  --cards DIR       a fetched Forge cards folder (default: .cards when present, else the starter cards)
  --seed S          the game seed (default 1)
  --quiet           print only the counts
  --p0 search       seat 0 played by the puzzle solver instead (its script, if any, replaced);
                    each line found is replayed by the runner with seat 0 fixed to it
  --budget-ms N     with --p0 search: the time each puzzle may be searched (default 10000)
  --budget-nodes N  with --p0 search: the games each puzzle may make (deterministic)
  --search-threads T
                    with --p0 search: solve each puzzle on T threads at once (the one-thread
                    search, the nested rollout search and, from three threads, the beam walks
                    side by side), one puzzle at a time, instead of one puzzle per thread
`;

/**
 * Runs `mtg puzzle <args>`.
 *
 * @example
 * ```ts
 * const code = await run(['check', 'test/puzzles', '--threads', '2'], { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });
 * ```
 */
export async function run(args: string[], io: CliIO): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    io.stdout.write(HELP);
    return sub === undefined ? 2 : 0;
  }
  if (sub === 'solve') return (await import('./puzzle-solve.js')).run(rest, io);
  if (sub !== 'check') {
    io.stderr.write(`mtg puzzle: unknown subcommand "${sub}"; known: check, solve\n`);
    return 2;
  }
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    const options = {
      report: { type: 'string' },
      threads: { type: 'string' },
      cards: { type: 'string' },
      seed: { type: 'string' },
      quiet: { type: 'boolean' },
      p0: { type: 'string' },
      'budget-ms': { type: 'string' },
      'budget-nodes': { type: 'string' },
      'search-threads': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    } as const;
    ({ values, positionals } = parseArgs({ args: attachNegativeValues(rest, options), allowPositionals: true, strict: true, options }));
  } catch (error) {
    io.stderr.write(`mtg puzzle check: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  if (positionals.length === 0) {
    io.stderr.write('mtg puzzle check: name at least one .pzl file or folder\n');
    return 2;
  }
  const threads = threadCount(values, 'threads', 'mtg puzzle check');
  if (typeof threads === 'string') {
    io.stderr.write(`${threads}\n`);
    return 2;
  }
  let search: SolveBudget | undefined;
  try {
    search = solveBudget(values, 'mtg puzzle check');
  } catch (error) {
    io.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const searchThreads = threadCount(values, 'search-threads', 'mtg puzzle check');
  if (typeof searchThreads === 'string') {
    io.stderr.write(`${searchThreads}\n`);
    return 2;
  }
  if (values['search-threads'] !== undefined && !search) {
    io.stderr.write("mtg puzzle check: --search-threads is the solver's: add --p0 search\n");
    return 2;
  }
  if (searchThreads > 1 && threads > 1) {
    io.stderr.write('mtg puzzle check: --search-threads solves one puzzle at a time on its threads: leave out --threads\n');
    return 2;
  }
  const paths = positionals.map((p) => resolve(io.cwd, p));
  const missing = paths.find((p) => !existsSync(p));
  if (missing) {
    io.stderr.write(`mtg puzzle check: no such file or folder: ${missing}\n`);
    return 2;
  }
  let cardsDir = typeof values.cards === 'string' ? resolve(io.cwd, values.cards) : resolve(io.cwd, '.cards');
  if (!existsSync(resolve(cardsDir, 'cardsfolder'))) {
    if (typeof values.cards === 'string') {
      io.stderr.write(`mtg puzzle check: ${cardsDir} holds no fetched cards (run mtg cards fetch)\n`);
      return 2;
    }
    cardsDir = '';
  }
  const files = puzzleFiles(paths);
  const seed = typeof values.seed === 'string' ? values.seed : 1;
  const results =
    search && searchThreads > 1
      ? await (await import('../search/threads.js')).checkBySearchOnThreads(files, { threads: searchThreads, search, seed, ...(cardsDir ? { cardsDir } : {}) })
      : await checkPuzzles(files, { threads, seed, ...(cardsDir ? { cardsDir } : {}), ...(search ? { search } : {}) });
  const s = summarise(results);
  if (!values.quiet) {
    for (const r of results) {
      if (r.status === 'pass') continue;
      io.stdout.write(`${r.status.toUpperCase()} ${r.file}\n`);
      for (const reason of r.reasons) io.stdout.write(`    ${reason}\n`);
    }
  }
  io.stdout.write(
    `${s.files} puzzles: ${s.byStatus.pass} passed, ${s.byStatus.fail} failed, ${s.byStatus['load-error']} load errors, ${s.byStatus['run-error']} run errors; ` +
      `${s.files - s.byStatus['load-error']} loaded, ${s.ran} ran, goal met ${s.goalMet} of ${s.withGoal}\n`,
  );
  const reasons = Object.entries(s.byReason);
  if (reasons.length > 0) io.stdout.write(`reasons (files):\n${reasons.map(([k, n]) => `  ${String(n).padStart(4)}  ${k}`).join('\n')}\n`);
  if (search) {
    const searched = results.filter((r) => r.search);
    const nodes = searched.reduce((n, r) => n + r.search!.nodes, 0);
    const ms = searched.reduce((n, r) => n + r.search!.ms, 0);
    io.stdout.write(`search: ${nodes} games in ${(ms / 1000).toFixed(1)} s of solving (${ms > 0 ? Math.round((nodes * 1000) / ms) : 0} games/s)\n`);
  }
  if (typeof values.report === 'string') writeFileSync(resolve(io.cwd, values.report), junitReport(results, io.cwd));
  return s.byStatus.pass === s.files ? 0 : 1;
}

/**
 * A thread count from `--<name>` (1 when absent): a whole number from 1 to 64, or else the one-line
 * usage message saying what was wrong.
 *
 * @example
 * ```ts
 * threadCount({ threads: '2' }, 'threads', 'mtg puzzle check'); // 2
 * threadCount({ threads: '-2' }, 'threads', 'mtg puzzle check'); // 'mtg puzzle check: --threads must be ...'
 * ```
 */
export function threadCount(values: Record<string, string | boolean | undefined>, name: string, command: string): number | string {
  const v = values[name];
  const n = v === undefined ? 1 : Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 64 ? n : `${command}: --${name} must be a whole number from 1 to 64, got ${JSON.stringify(v)}`;
}

/**
 * The solver's budgets from `--p0`, `--budget-ms` and `--budget-nodes`: undefined without
 * `--p0 search`; 10 s when neither budget is given. Throws a one-line usage message.
 *
 * @example
 * ```ts
 * solveBudget({ p0: 'search', 'budget-nodes': '5000' }, 'mtg puzzle check'); // { budgetNodes: 5000 }
 * ```
 */
export function solveBudget(values: Record<string, string | boolean | undefined>, command: string, always = false): SolveBudget | undefined {
  const p0 = values['p0'];
  if (p0 !== undefined && p0 !== 'search') throw new Error(`${command}: --p0 takes search (the puzzle solver), not ${JSON.stringify(p0)}`);
  const whole = (name: string): number | undefined => {
    const v = values[name];
    if (v === undefined) return undefined;
    const n = Number(v);
    if (typeof v !== 'string' || !/^\d+$/.test(v) || !Number.isSafeInteger(n))
      throw new Error(`${command}: --${name} takes a whole number, got ${JSON.stringify(v)}`);
    return n;
  };
  const budgetMs = whole('budget-ms');
  const budgetNodes = whole('budget-nodes');
  if (!always && p0 === undefined) {
    if (budgetMs !== undefined || budgetNodes !== undefined) throw new Error(`${command}: --budget-ms and --budget-nodes are the solver's: add --p0 search`);
    return undefined;
  }
  if (budgetMs === undefined && budgetNodes === undefined) return { budgetMs: 10_000 };
  return { ...(budgetMs !== undefined ? { budgetMs } : {}), ...(budgetNodes !== undefined ? { budgetNodes } : {}) };
}
