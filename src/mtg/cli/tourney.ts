/**
 * `mtg tourney DECKS... (--games N | --seconds S)`: many games between decks on worker threads,
 * and a win-rate table with confidence intervals. Each game is a pure function of its number and
 * the tourney seed, so `--games` gives the same table for the same seed whatever the threads;
 * `--seconds` plays for a wall-clock budget, so how many games it plays is not determined.
 */
import { performance } from 'node:perf_hooks';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { stableKey } from '../../core/random.js';
import { progressBar } from '../cards/progress.js';
import {
  cardSource,
  guard,
  kindOption,
  loadRegistry,
  parse,
  readDeckArg,
  readSeed,
  str,
  UsageError,
  whole,
  type CardSource,
  type CommandIO,
  type OptionTable,
} from './common.js';
import { playTourneyGame, type TourneyJob, type TourneyResult, type TourneySetup } from './tourney-game.js';
import { formatTable } from './tourney-stats.js';
import { searchFlags, searchFlagsFor } from './seats.js';

/** One-line summary shown by `mtg --help`. */
export const summary = 'many AI games between decks, on worker threads, with a win-rate table';

const HELP = `usage: mtg tourney DECK... (--games N | --seconds S) [options]

Plays games between every two decks given (each deck against itself with --mirror-only, or when
only one deck is given), alternating which deck plays first, and prints each deck's and each
matchup's win rate with a 95% confidence interval.

  --games N          play N games (the table is the same for the same --seed)
  --seconds S        play for S seconds of wall-clock time instead
  --mirror-only      only mirror matches
  --threads T        worker threads (default: the machine's cores; 1 plays in this thread)
  --seed N|from_entropy   the tourney's seed (default 0)
  --p1 KIND, --p2 KIND    heuristic (default), search, random or zero
  --search-playouts N, --search-ms N   a search seat's budget a decision (as mtg tui)
  --max-turns N      a game still going after turn N is a draw (default 200)
  --cards DIR        a fetched cards folder (default: .cards if fetched, else the starter set)`;

const OPTIONS: OptionTable = {
  games: { type: 'string' },
  seconds: { type: 'string' },
  'mirror-only': { type: 'boolean' },
  threads: { type: 'string' },
  seed: { type: 'string' },
  p1: { type: 'string' },
  p2: { type: 'string' },
  'max-turns': { type: 'string' },
  cards: { type: 'string' },
  'search-ms': { type: 'string' },
  'search-playouts': { type: 'string' },
};

/**
 * Runs `mtg tourney <args>`: 0 when every game ran, 1 when the engine failed in a game (each
 * failure is listed with the seed that reproduces it), 2 for bad input.
 *
 * @example
 * ```ts
 * await run(['a.dck', 'b.dck', '--games', '100', '--seed', '7'], io);
 * ```
 */
export async function run(args: string[], io: CommandIO): Promise<number> {
  return guard('mtg tourney', io, () => tourney(args, io));
}

/**
 * The seed of game `n` of a tourney seeded `seed`: a whole number, so that
 * `mtg tui ... --seed <it>` replays the game.
 *
 * @example
 * ```ts
 * gameSeed('0', 3); // the same number every time
 * ```
 */
export function gameSeed(seed: string, n: number): string {
  return String(Math.floor(stableKey(seed, 'tourney-game', String(n)) * 2 ** 47));
}

async function tourney(args: string[], io: CommandIO): Promise<number> {
  const p = parse(args, OPTIONS);
  if (p.values.help) {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  const hasGames = str(p, 'games') !== undefined;
  const hasSeconds = str(p, 'seconds') !== undefined;
  if (hasGames && hasSeconds) throw new UsageError('--games and --seconds cannot be used together: give a number of games or a time budget');
  if (!hasGames && !hasSeconds) throw new UsageError('say how long to play: --games N or --seconds S');
  if (p.positionals.length === 0) throw new UsageError('give at least one deck: mtg tourney a.dck b.dck --games 100');
  const games = hasGames ? whole(p, 'games', 0, 1, 10_000_000) : Infinity;
  const seconds = hasSeconds ? whole(p, 'seconds', 0, 1, 7 * 24 * 3600) : Infinity;
  const threads = whole(p, 'threads', Math.max(1, availableParallelism()), 1, 256);
  const maxTurns = whole(p, 'max-turns', 200, 1);
  const seed = readSeed(str(p, 'seed'), 'seed', '0');
  const kinds = [kindOption(str(p, 'p1'), 'heuristic'), kindOption(str(p, 'p2'), 'heuristic')] as const;
  for (const [i, k] of kinds.entries()) {
    if (k !== 'heuristic' && k !== 'search' && k !== 'random' && k !== 'zero')
      throw new UsageError(`--p${i + 1} ${k}: a tourney's seats are heuristic, search, random or zero`);
  }
  searchFlagsFor(p, kinds);
  const search = kinds.includes('search') ? searchFlags(p) : {};
  const cards = cardSource(str(p, 'cards'), io.cwd);
  const registry = loadRegistry(cards);
  const decks = p.positionals.map((d) => readDeckArg(d, io.cwd, registry));
  const names = uniqueNames(decks.map((d) => d.name));
  const pairings: Array<[number, number]> = [];
  if (p.values['mirror-only'] === true || decks.length === 1) decks.forEach((_, i) => pairings.push([i, i]));
  else for (let a = 0; a < decks.length; a++) for (let b = a + 1; b < decks.length; b++) pairings.push([a, b]);
  const setup: TourneySetup = { decks: decks.map((d) => d.main), kinds: [kinds[0], kinds[1]], maxTurns, ...(kinds.includes('search') ? { search } : {}) };
  const job = (n: number): TourneyJob => {
    const [a, b] = pairings[n % pairings.length]!;
    // Alternate which deck plays first, round by round.
    const swap = Math.floor(n / pairings.length) % 2 === 1;
    return { game: n, seed: gameSeed(seed.seed, n), decks: swap ? [b, a] : [a, b] };
  };

  if (seed.fromEntropy) io.stderr.write(`mtg tourney: seed ${seed.seed} (from entropy): --seed ${seed.seed} plays these games again\n`);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const bar = progressBar(io.stderr, 'games');
  const total = Number.isFinite(games) ? games : seconds;
  const tick = (done: number): void => bar(Number.isFinite(games) ? done : Math.min(seconds, Math.floor((performance.now() - started) / 1000)), total);
  const results =
    threads <= 1
      ? playHere(registry, setup, job, games, deadline, tick)
      : await playOnWorkers(cards, setup, job, games, deadline, Math.min(threads, Number.isFinite(games) ? games : threads), tick);
  if (!Number.isFinite(games)) bar(seconds, seconds);
  const elapsed = (performance.now() - started) / 1000;
  results.sort((x, y) => x.game - y.game);

  const failed = results.filter((r) => r.error !== undefined);
  io.stdout.write(
    `mtg tourney: ${decks.length} deck${decks.length === 1 ? '' : 's'}, ${results.length} games, seed ${seed.seed}, p1 ${kinds[0]} vs p2 ${kinds[1]}, draw after turn ${maxTurns}\n\n`,
  );
  io.stdout.write(formatTable(names, results));
  if (failed.length > 0) io.stdout.write(`\nengine failures: ${failed.length} (not counted above)\n`);
  const choices = results.reduce((s, r) => s + r.choices, 0);
  io.stderr.write(
    `mtg tourney: ${results.length} games in ${elapsed.toFixed(1)} s on ${threads} thread${threads === 1 ? '' : 's'} (${(results.length / Math.max(elapsed, 1e-9)).toFixed(1)} games/s, ${(choices / Math.max(elapsed, 1e-9)).toFixed(0)} choices/s)\n`,
  );
  for (const f of failed.slice(0, 10)) {
    const [a, b] = f.decks;
    io.stderr.write(
      `mtg tourney: game ${f.game} failed (${f.error}); reproduce: mtg tui ${JSON.stringify(p.positionals[a])} ${JSON.stringify(p.positionals[b])} --p1 ${kinds[0]} --p2 ${kinds[1]} --seed ${f.seed} --max-turns ${maxTurns}\n`,
    );
  }
  if (failed.length > 10) io.stderr.write(`mtg tourney: … and ${failed.length - 10} more failed games\n`);
  return failed.length > 0 ? 1 : 0;
}

/** Deck names made distinct (`Zoo`, `Zoo (2)`), so the table tells them apart. */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((n) => {
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    return k === 1 ? n : `${n} (${k})`;
  });
}

function playHere(
  registry: ReturnType<typeof loadRegistry>,
  setup: TourneySetup,
  job: (n: number) => TourneyJob,
  games: number,
  deadline: number,
  tick: (done: number) => void,
): TourneyResult[] {
  const results: TourneyResult[] = [];
  for (let n = 0; n < games && performance.now() < deadline; n++) {
    results.push(playTourneyGame(registry, setup, job(n)));
    tick(results.length);
  }
  return results;
}

function playOnWorkers(
  cards: CardSource,
  setup: TourneySetup,
  job: (n: number) => TourneyJob,
  games: number,
  deadline: number,
  threads: number,
  tick: (done: number) => void,
): Promise<TourneyResult[]> {
  const script = new URL('./tourney-worker.js', import.meta.url);
  const results: TourneyResult[] = [];
  let next = 0;
  return new Promise((resolve, reject) => {
    let running = threads;
    let failed = false;
    const workers: Worker[] = [];
    const stopAll = (): void => {
      for (const w of workers) void w.terminate();
    };
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(script, { workerData: { cards, setup } });
      workers.push(worker);
      const feed = (): void => {
        if (next < games && performance.now() < deadline) worker.postMessage(job(next++));
        else worker.postMessage(null);
      };
      worker.on('message', (message: TourneyResult | 'ready') => {
        if (message !== 'ready') {
          results.push(message);
          tick(results.length);
        }
        feed();
      });
      worker.on('error', (error) => {
        if (failed) return;
        failed = true;
        stopAll();
        reject(error);
      });
      worker.on('exit', () => {
        running--;
        if (running === 0 && !failed) resolve(results);
      });
    }
  });
}
