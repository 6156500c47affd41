// The `search` controller (issue 19, docs/mtg/search.md): where its time goes, then its strength.
//
// 1. Costs, on a few championship games (heuristic against heuristic, the search's model made at
//    their decisions): a fork, a determinization (a fork with its hidden faces dealt), an engine
//    decision and a heuristic decision, and the search's playouts per second and decisions
//    searched per second at a fixed playout budget.
// 2. Strength: `search` at --ms milliseconds a decision (default 100) against `heuristic`, over
//    --games games (default 200) on the 1994–1995 championship decks (DeepScry's corpus in
//    .corpus/, Forge's scripts in .cards/; the starter decks when either is absent): every deck
//    against every deck, the search in both seats, as mtg-heuristic.mjs plays heuristic against
//    random. Each game is played again with the search's prior (the heuristic, its seed) in the
//    search's seat: the baseline, game for game. Games run on --threads worker threads (default
//    2). Prints; asserts nothing.
//
//   npm run bench:mtg-search [-- --games N] [--ms N | --playouts N] [--threads T] [--max-turns N] [--costs-only]
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { benchDecks } from './bench-decks.mjs';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const dist = (p) => import(`${REPO}dist/${p}`);
const { createGame, forkGame, lazyView, runGame } = await dist('mtg/engine/index.js');
const { heuristicSeat } = await dist('mtg/controllers/index.js');
const { searchSeat, seatModel } = await dist('mtg/search/index.js');
const { Rng } = await dist('core/random.js');

const { registry, decks, source } = benchDecks();

/** Game `i` of the strength run: who plays which deck, from which seat (as mtg-heuristic.mjs). */
function job(i) {
  const mine = i % decks.length;
  const theirs = Math.floor(i / decks.length) % decks.length;
  const seat = (i + Math.floor(i / decks.length)) % 2;
  return { i, mine, theirs, seat };
}

/**
 * Plays game `i`: the search in `seat` with deck `mine`, the heuristic with `theirs`; then the
 * same game with the search's prior (the heuristic with the search's prior seed) in its seat: the
 * baseline the search has to beat, game for game.
 */
function playGame({ i, mine, theirs, seat }, budget, maxTurns) {
  const pair = seat === 0 ? [decks[mine].main, decks[theirs].main] : [decks[theirs].main, decks[mine].main];
  const play = (me, checkpoints) => {
    const game = createGame({ registry, decks: pair, seed: `search-bench-${i}`, checkpoints });
    const heuristic = heuristicSeat(`h${i}`, registry);
    return runGame(game, seat === 0 ? [me, heuristic] : [heuristic, me], { maxTurns }).winner ?? null;
  };
  const search = searchSeat({ seed: `s${i}`, ...budget }, registry);
  try {
    const winner = play(search, true);
    const baseline = play(heuristicSeat(`s${i}/prior`, registry), false);
    return { i, mine, seat, winner, baseline, stats: search.stats };
  } catch (error) {
    return { i, mine, seat, winner: null, baseline: null, stats: search.stats, error: `${error.code ?? ''} ${error.message}`.slice(0, 300) };
  }
}

if (!isMainThread) {
  const { jobs, budget, maxTurns } = workerData;
  for (const j of jobs) parentPort.postMessage(playGame(j, budget, maxTurns));
  process.exit(0);
}

const { values: args } = parseArgs({
  options: {
    games: { type: 'string' },
    ms: { type: 'string' },
    playouts: { type: 'string' },
    threads: { type: 'string' },
    'max-turns': { type: 'string' },
    'costs-only': { type: 'boolean' },
  },
});
const GAMES = Number(args.games ?? 200);
const THREADS = Math.max(1, Number(args.threads ?? 2));
const MAX_TURNS = Number(args['max-turns'] ?? 100);
const budget = args.playouts !== undefined ? { playouts: Number(args.playouts) } : { ms: Number(args.ms ?? 100) };
const TARGET = 0.7;

console.log(
  `mtg-search bench on ${source}; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} at ${new Date().toISOString()}`,
);

// --- 1. where the time goes --------------------------------------------------------------------
{
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const fork = [];
  const deal = [];
  const engine = [];
  const heuristicMs = [];
  for (let k = 0; k < 4; k++) {
    const game = createGame({ registry, decks: [decks[k % decks.length].main, decks[(k + 3) % decks.length].main], seed: `costs-${k}` });
    const seats = [heuristicSeat(`ca${k}`, registry), heuristicSeat(`cb${k}`, registry)];
    for (let p = game.pending(); p && game.state.turn <= 20; p = game.pending()) {
      if (p.kind === 'priority' && game.state.turn >= 2 && game.choices.length % 3 === 0) {
        let t = performance.now();
        forkGame(game, { checkpoints: false });
        fork.push(performance.now() - t);
        const worlds = seatModel(game, p.seat);
        t = performance.now();
        worlds(new Rng(`costs-${k}-${game.choices.length}`));
        deal.push(performance.now() - t);
      }
      let t = performance.now();
      const index = seats[p.seat].choose(lazyView(game, p.seat), p);
      heuristicMs.push(performance.now() - t);
      t = performance.now();
      game.choose(index);
      engine.push(performance.now() - t);
    }
  }
  console.log(
    `costs: a fork ${mean(fork).toFixed(2)} ms, a world (fork + faces dealt + streams) ${mean(deal).toFixed(2)} ms, ` +
      `an engine decision ${mean(engine).toFixed(3)} ms, a heuristic decision ${mean(heuristicMs).toFixed(3)} ms (${engine.length} decisions)`,
  );
  // The search's own rates at a fixed budget, from both seats of two games.
  const stats = { searched: 0, playouts: 0, playoutChoices: 0, ms: 0, decisions: 0 };
  for (let k = 0; k < 2; k++) {
    const game = createGame({ registry, decks: [decks[k].main, decks[(k + 5) % decks.length].main], seed: `rates-${k}`, checkpoints: true });
    const s = searchSeat({ seed: `rates-${k}`, playouts: 16 }, registry);
    runGame(game, k === 0 ? [s, heuristicSeat(`rh${k}`, registry)] : [heuristicSeat(`rh${k}`, registry), s], { maxTurns: 12 });
    for (const key of Object.keys(stats)) stats[key] += s.stats[key];
  }
  const seconds = stats.ms / 1000;
  console.log(
    `search at 16 playouts a decision: ${stats.searched} of ${stats.decisions} decisions searched in ${seconds.toFixed(1)} s: ` +
      `${(stats.playouts / seconds).toFixed(0)} playouts/s, ${(stats.searched / seconds).toFixed(1)} decisions searched/s, ` +
      `${(stats.playoutChoices / stats.playouts).toFixed(1)} decisions a playout (${(stats.ms / stats.playouts).toFixed(1)} ms a playout)`,
  );
}
if (args['costs-only']) process.exit(0);

// --- 2. search against heuristic ---------------------------------------------------------------
const jobs = Array.from({ length: GAMES }, (_, i) => job(i));
const started = performance.now();
const results = [];
await new Promise((resolve, reject) => {
  let running = THREADS;
  for (let t = 0; t < THREADS; t++) {
    const mine = jobs.filter((_, i) => i % THREADS === t);
    const worker = new Worker(new URL(import.meta.url), { workerData: { jobs: mine, budget, maxTurns: MAX_TURNS } });
    worker.on('message', (r) => {
      results.push(r);
      if (r.error) console.log(`game ${r.i} failed: ${r.error}`);
      if (results.length % 20 === 0) console.log(`  ${results.length}/${GAMES} games (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    });
    worker.on('error', reject);
    worker.on('exit', () => --running === 0 && resolve());
  }
});
const seconds = (performance.now() - started) / 1000;
const wins = results.filter((r) => r.winner === r.seat).length;
const draws = results.filter((r) => r.winner === null).length;
const total = { searched: 0, decisions: 0, playouts: 0, overruled: 0, ms: 0, noModel: 0, failedWorlds: 0 };
for (const r of results) for (const k of Object.keys(total)) total[k] += r.stats[k];
const rate = wins / GAMES;
const half = 1.96 * Math.sqrt((rate * (1 - rate)) / GAMES);
const what = 'ms' in budget ? `${budget.ms} ms a decision` : `${budget.playouts} playouts a decision`;
console.log(`\nsearch (${what}) vs heuristic on ${source}: ${GAMES} games on ${THREADS} threads, ${seconds.toFixed(0)} s, max ${MAX_TURNS} turns`);
const won = (list, key = 'winner') => list.filter((r) => r[key] === r.seat).length;
console.log(`  ${"the search's deck".padEnd(36)} search  heuristic in its seat`);
for (const [d, deck] of decks.entries()) {
  const mine = results.filter((r) => r.mine === d);
  console.log(`  ${deck.name.padEnd(36)} ${`${won(mine)}/${mine.length}`.padEnd(7)} ${won(mine, 'baseline')}/${mine.length}`);
}
for (const seat of [0, 1]) {
  const s = results.filter((r) => r.seat === seat);
  console.log(`  ${`as p${seat + 1}`.padEnd(36)} ${`${won(s)}/${s.length}`.padEnd(7)} ${won(s, 'baseline')}/${s.length}`);
}
console.log(
  `  ${total.searched} of ${total.decisions} decisions searched (${(total.ms / Math.max(1, total.searched)).toFixed(0)} ms each, ` +
    `${(total.playouts / Math.max(1, total.searched)).toFixed(1)} playouts each, ${total.overruled} overruled the heuristic); ` +
    `no model ${total.noModel}, failed worlds ${total.failedWorlds}`,
);
const base = won(results, 'baseline');
console.log(
  `search won ${wins}/${GAMES} (${(100 * rate).toFixed(1)}% ± ${(100 * half).toFixed(1)}), draws ${draws}, failures ${results.filter((r) => r.error).length}; target ${100 * TARGET}%`,
);
console.log(`the heuristic in the search's seat, the same games: won ${base}/${GAMES} (${((100 * base) / GAMES).toFixed(1)}%)`);
