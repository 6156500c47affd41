/**
 * Who plays each seat, from the command line: `--p1 KIND` (or `--override-p1 KIND` on resume),
 * its seed (`--seed-p1`, else the game seed and the seat), its script (`--p1-fixed-inputs`) or
 * its replay (`--p1-replay`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { StoryletError } from '../../core/errors.js';
import type { ControllerKind, ControllerSpec } from '../controllers/index.js';
import { parseFixedInputs } from '../input/index.js';
import { searchBudget } from '../search/index.js';
import { readSeed, str, UsageError, type OptionTable, type Parsed } from './common.js';
import { seatSeed } from './game-setup.js';
import { readSnapshot } from './snapshot.js';

/**
 * The per-seat options both `mtg tui` and `mtg resume` take (`--search-ms` and `--search-playouts`
 * set the budget of every `search` seat).
 *
 * @example
 * ```ts
 * parse(args, { ...SEAT_OPTIONS, seed: { type: 'string' } });
 * ```
 */
export const SEAT_OPTIONS: OptionTable = {
  'seed-p1': { type: 'string' },
  'seed-p2': { type: 'string' },
  'p1-fixed-inputs': { type: 'string' },
  'p2-fixed-inputs': { type: 'string' },
  'p1-replay': { type: 'string' },
  'p2-replay': { type: 'string' },
  'search-ms': { type: 'string' },
  'search-playouts': { type: 'string' },
};

/**
 * The budget of every `search` seat, from `--search-ms N` (wall clock a decision; the choices may
 * vary) or `--search-playouts N` (deterministic); neither: the default playouts. Read only when a
 * seat is `search`.
 *
 * @throws StoryletError `search/bad-budget` for a value that is not a whole number from 1, or both.
 * @example
 * ```ts
 * searchFlags(parse(['--search-playouts', '64'], SEAT_OPTIONS)); // { playouts: 64 }
 * ```
 */
export function searchFlags(p: Parsed): { ms?: number; playouts?: number } {
  const read = (key: 'search-ms' | 'search-playouts'): number | undefined => {
    const v = str(p, key);
    if (v === undefined) return undefined;
    if (!/^\d+$/.test(v.trim())) throw new StoryletError('search/bad-budget', `--${key} must be a whole number from 1; got ${JSON.stringify(v)}`, { [key]: v });
    return Number(v);
  };
  const ms = read('search-ms');
  const playouts = read('search-playouts');
  const budget = searchBudget({ ...(ms !== undefined ? { ms } : {}), ...(playouts !== undefined ? { playouts } : {}) });
  return 'ms' in budget ? { ms: budget.ms } : playouts !== undefined ? { playouts: budget.playouts } : {};
}

/**
 * A replay list: `3;0;1` (menu numbers, separated by `;`, `,` or spaces), or a file holding such
 * a list or an `mtg` snapshot (its recorded choices).
 *
 * @example
 * ```ts
 * readReplay('3;0;1', process.cwd()); // [3, 0, 1]
 * ```
 */
export function readReplay(text: string, cwd: string): number[] {
  const path = resolve(cwd, text);
  let list = text;
  if (/[^\d\s;,]/.test(text) && existsSync(path)) {
    const bytes = readFileSync(path);
    const looksLikeSnapshot = (bytes[0] === 0x1f && bytes[1] === 0x8b) || bytes.toString('utf8', 0, 64).trimStart().startsWith('{');
    if (looksLikeSnapshot) return [...readSnapshot(path).game.choices];
    list = bytes.toString('utf8');
  }
  const parts = list.split(/[\s;,]+/).filter((x) => x !== '');
  if (parts.length === 0 || !parts.every((x) => /^\d+$/.test(x))) {
    throw new StoryletError(
      'mtg/bad-replay',
      `a replay is menu numbers separated by ";" (or a file of them, or a snapshot), not ${JSON.stringify(text.slice(0, 40))}`,
      { text },
    );
  }
  return parts.map(Number);
}

/**
 * Refuses `--search-ms` / `--search-playouts` when no seat is `search`: a budget nobody spends is
 * a mistake in the command line.
 *
 * @example
 * ```ts
 * searchFlagsFor(parsed, ['heuristic', 'search']); // fine
 * ```
 */
export function searchFlagsFor(p: Parsed, kinds: readonly (ControllerKind | null)[]): void {
  if (kinds.includes('search')) return;
  for (const key of ['search-ms', 'search-playouts']) {
    if (str(p, key) !== undefined) throw new UsageError(`--${key} is the budget of a search seat, and no seat is search (--p1 search or --p2 search)`);
  }
}

/**
 * The spec of seat `n` (1 or 2) played by `kind`, from the parsed options.
 *
 * @example
 * ```ts
 * seatSpec(1, 'heuristic', parsed, '42', cwd); // { kind: 'heuristic', seed: '42:p1' }
 * ```
 */
export function seatSpec(n: 1 | 2, kind: ControllerKind, p: Parsed, gameSeed: string, cwd: string): { spec: ControllerSpec; fromEntropy: string | null } {
  const inputs = str(p, `p${n}-fixed-inputs`);
  const replay = str(p, `p${n}-replay`);
  if (inputs !== undefined && kind !== 'fixed') throw new UsageError(`--p${n}-fixed-inputs is for a fixed seat (--p${n} fixed), and p${n} is ${kind}`);
  if (replay !== undefined && kind !== 'replay') throw new UsageError(`--p${n}-replay is for a replay seat (--p${n} replay), and p${n} is ${kind}`);
  const seed = readSeed(str(p, `seed-p${n}`), `seed-p${n}`, seatSeed(gameSeed, n));
  const fromEntropy = seed.fromEntropy ? seed.seed : null;
  switch (kind) {
    case 'fixed': {
      if (inputs === undefined) throw new UsageError(`--p${n} fixed needs its script: --p${n}-fixed-inputs "play mountain; ..."`);
      const { problems } = parseFixedInputs(inputs);
      const first = problems[0];
      if (first) {
        const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
        throw new StoryletError(first.code, `--p${n}-fixed-inputs ${first.span.line}:${first.span.column}: ${first.message}${more}`, { problems });
      }
      return { spec: { kind: 'fixed', script: inputs }, fromEntropy };
    }
    case 'replay':
      if (replay === undefined) throw new UsageError(`--p${n} replay needs the choices: --p${n}-replay "3;0;1" or a snapshot file`);
      return { spec: { kind: 'replay', choices: readReplay(replay, cwd) }, fromEntropy };
    case 'random':
    case 'heuristic':
      return { spec: { kind, seed: seed.seed }, fromEntropy };
    case 'search':
      return { spec: { kind, seed: seed.seed, ...searchFlags(p) }, fromEntropy };
    case 'zero':
      return { spec: { kind: 'zero' }, fromEntropy };
    case 'tui':
      return { spec: { kind: 'tui' }, fromEntropy };
  }
}

/**
 * Options every game session command (`tui`, `resume`) reads the same way: output, stopping,
 * snapshots and cards.
 *
 * @example
 * ```ts
 * parse(args, { ...SEAT_OPTIONS, ...SESSION_OPTIONS });
 * ```
 */
export const SESSION_OPTIONS: OptionTable = {
  verbosity: { type: 'string', short: 'v' },
  'log-tail': { type: 'string' },
  'no-color-logs': { type: 'boolean' },
  json: { type: 'boolean' },
  'tag-gamelogs': { type: 'boolean' },
  'stop-on-choice': { type: 'string' },
  'stop-when-fixed-exhausted': { type: 'boolean' },
  'snapshot-output': { type: 'string' },
  'max-turns': { type: 'string' },
  cards: { type: 'string' },
};
