/**
 * `mtg puzzle solve FILE.pzl [--budget-ms N] [--budget-nodes N] [--threads T] [--seed S]
 * [--cards DIR]`: searches for a line of seat 0's decisions that meets the puzzle's goal and all
 * its assertions (docs/mtg/search.md), and prints it as a fixed-input script for p1 with the
 * `mtg tui --start-state` command that replays it. Exit code 0 with a line, 1 without one (the
 * budget ran out, the puzzle has none, or it does not load or set up), 2 for bad usage.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { attachNegativeValues } from '../../core/argv.js';
import type { CliIO } from '../cli.js';
import { solveOnThreads } from '../search/threads.js';
import type { SolveResult } from '../search/solve.js';
import { solveBudget, threadCount } from './puzzle.js';

const HELP = `usage: mtg puzzle solve FILE.pzl [options]

Searches for a line of p1's decisions (the puzzle's seat 0) after which the goal is met and every
assertion holds, with p2 played as mtg puzzle check plays it (its script, else the heuristic AI).
Prints the line as a fixed-input script and the mtg tui command that replays it, or says that
none was found within the budget (exit code 1).

options:
  --budget-ms N     wall-clock time to search (default 10000 when no budget is given)
  --budget-nodes N  games to make (forks answered): the same answer on every run
  --threads T       worker threads sharing the search (default 1)
  --seed S          the runner's seed (default 1): the game's and p2's
  --cards DIR       a fetched Forge cards folder (default: .cards when present, else the starter cards)
`;

/** A word for a POSIX shell: quoted unless plain. */
function shellWord(text: string): string {
  return /^[\w./:=@%+,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The `mtg tui` arguments that replay a solved line: the puzzle's board, p1 fixed to the script,
 * p2 as the puzzle plays it, the same seed and cards.
 *
 * @example
 * ```ts
 * replayArgs('mate.pzl', 'cast Lightning Bolt; target p2', '1', 'starter');
 * // ['tui', '--start-state', 'mate.pzl', '--p1', 'fixed', '--p1-fixed-inputs', 'cast Lightning Bolt; target p2', '--seed', '1', '--cards', 'starter']
 * ```
 */
export function replayArgs(file: string, script: string, seed: string, cards: string | undefined): string[] {
  return ['tui', '--start-state', file, '--p1', 'fixed', '--p1-fixed-inputs', script, '--seed', seed, ...(cards !== undefined ? ['--cards', cards] : [])];
}

/**
 * The replay command as one line for a POSIX shell.
 *
 * @example
 * ```ts
 * replayCommand(['tui', '--p1-fixed-inputs', "cast Urza's Rage"]); // "mtg tui --p1-fixed-inputs 'cast Urza'\\''s Rage'"
 * ```
 */
export function replayCommand(args: readonly string[]): string {
  return ['mtg', ...args].map(shellWord).join(' ');
}

function describe(r: SolveResult): string {
  const counted = r.method === 'actions' ? (r.bound === 1 ? 'action' : 'actions') : `${r.bound === 1 ? 'discrepancy' : 'discrepancies'} from the heuristic AI`;
  const how =
    r.method === 'heuristic'
      ? "the heuristic AI's own line"
      : r.method === 'rollout'
        ? "the rollout search (the heuristic AI's line mended where its play-outs came further)"
        : r.method === 'beam'
          ? 'the beam walks (the lines whose play-outs came furthest, kept step by step)'
          : `the search (${r.bound} ${counted})`;
  return `found by ${how} in ${r.nodes} games, ${(r.ms / 1000).toFixed(1)} s`;
}

/**
 * Runs `mtg puzzle solve <args>`.
 *
 * @example
 * ```ts
 * const code = await run(['mate.pzl', '--budget-nodes', '2000'], { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });
 * ```
 */
export async function run(args: string[], io: CliIO): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  const options = {
    'budget-ms': { type: 'string' },
    'budget-nodes': { type: 'string' },
    threads: { type: 'string' },
    seed: { type: 'string' },
    cards: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  let budget;
  try {
    ({ values, positionals } = parseArgs({ args: attachNegativeValues(args, options), allowPositionals: true, strict: true, options }));
    if (values.help) {
      io.stdout.write(HELP);
      return 0;
    }
    budget = solveBudget(values, 'mtg puzzle solve', true)!;
  } catch (error) {
    io.stderr.write(
      `${error instanceof Error && !error.message.startsWith('mtg puzzle solve') ? 'mtg puzzle solve: ' : ''}${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  }
  if (positionals.length !== 1) {
    io.stderr.write('mtg puzzle solve: name one .pzl file (see mtg puzzle solve --help)\n');
    return 2;
  }
  const file = positionals[0]!;
  const path = resolve(io.cwd, file);
  if (!existsSync(path)) {
    io.stderr.write(`mtg puzzle solve: no such file: ${path}\n`);
    return 2;
  }
  const threads = threadCount(values, 'threads', 'mtg puzzle solve');
  if (typeof threads === 'string') {
    io.stderr.write(`${threads}\n`);
    return 2;
  }
  const cardsOption = typeof values.cards === 'string' ? values.cards : undefined;
  let cardsDir: string | undefined = resolve(io.cwd, cardsOption ?? '.cards');
  if (!existsSync(resolve(cardsDir, 'cardsfolder'))) {
    if (cardsOption !== undefined && cardsOption !== 'starter') {
      io.stderr.write(`mtg puzzle solve: ${cardsDir} holds no fetched cards (run mtg cards fetch)\n`);
      return 2;
    }
    cardsDir = undefined;
  }
  const seed = typeof values.seed === 'string' ? values.seed : '1';
  const r = await solveOnThreads(path, { ...budget, threads, seed, ...(cardsDir !== undefined ? { cardsDir } : {}) });
  if (r.status !== 'solved') {
    io.stdout.write(`${r.status === 'not-found' ? 'not solved' : r.status}: ${r.name} (${file})\n`);
    for (const reason of r.reasons) io.stdout.write(`  ${reason}\n`);
    return 1;
  }
  io.stdout.write(`solved: ${r.name} (${file})\n  ${describe(r)}\n`);
  const width = Math.max(...(r.line ?? []).map((s) => `turn ${s.turn} ${s.phase}`.length));
  for (const s of r.line ?? []) io.stdout.write(`  ${`turn ${s.turn} ${s.phase}`.padEnd(width)}  ${s.command}\n`);
  io.stdout.write(`p1 script: ${r.script}\n`);
  // The replay reads the cards this solve read: the starter set when no folder was found.
  const cards = cardsDir === undefined ? 'starter' : cardsOption;
  io.stdout.write(`replay: ${replayCommand(replayArgs(file, r.script ?? '', seed, cards))}\n`);
  return 0;
}
