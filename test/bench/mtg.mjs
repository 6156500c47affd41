// `npm run bench:mtg`: random-vs-random games per second and choices per second on one core, on
// the 1994–1995 championship decks, on the built package. Prints figures, asserts nothing.
//   node test/bench/mtg.mjs [--games N]
// Then the cost of forkGame next to a decision's, and of restoring a game 300 decisions in from
// its full-state snapshot (and, for comparison, by replaying its choices).
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { createGame, forkGame, randomController, restoreGame, runGame, runReplicated } from '../../dist/mtg/engine/index.js';
import { corpusRegistry, decks as readDecks } from './mtg-corpus.mjs';

const { values } = parseArgs({ options: { games: { type: 'string' } } });
const registry = corpusRegistry();
if (!registry) {
  console.log('bench:mtg skipped: no Forge corpus (../shared/forge/cardsfolder.tar.gz)');
  process.exit(0);
}
const decks = readDecks(registry, ['championship/1994', 'championship/1995']);
const games = Number(values.games ?? 200);
// Warm up the code paths (and the compiled-card caches) before timing.
for (let i = 0; i < 5; i++)
  runGame(
    createGame({ registry, decks: [decks[i % decks.length].main, decks[(i + 1) % decks.length].main], seed: `warm${i}` }),
    [randomController(1), randomController(2)],
    { maxTurns: 80 },
  );
let choices = 0;
let turns = 0;
const start = performance.now();
for (let i = 0; i < games; i++) {
  const game = createGame({ registry, decks: [decks[i % decks.length].main, decks[(i * 3 + 1) % decks.length].main], seed: `bench${i}` });
  const r = runGame(game, [randomController(`a${i}`), randomController(`b${i}`)], { maxTurns: 80 });
  choices += r.choices;
  turns += r.turns;
}
const s = (performance.now() - start) / 1000;
console.log(`bench:mtg: ${games} random-vs-random games on ${decks.length} championship decks (1994–1995), max 80 turns`);
console.log(
  `  ${(games / s).toFixed(1)} games/s, ${(choices / s).toFixed(0)} choices/s, ${(turns / games).toFixed(1)} turns/game, ${(choices / games).toFixed(0)} choices/game (moonshot: 1000 games/s)`,
);

const perDecisionMs = (s * 1000) / choices;

// Replicated games (issue 15): a golden and two shadows, hashes compared after every decision;
// single-engine and replicated games interleaved on the same decks and seeds, so load hits both alike.
{
  const n = Math.max(4, Math.round(games / 10));
  let single = 0;
  let replicated = 0;
  let decisions = 0;
  for (let i = 0; i < n; i++) {
    const config = { registry, decks: [decks[i % decks.length].main, decks[(i * 3 + 1) % decks.length].main], seed: `rep${i}` };
    const ctl = () => [randomController(`ra${i}`), randomController(`rb${i}`)];
    let t = performance.now();
    runGame(createGame(config), ctl(), { maxTurns: 80 });
    single += performance.now() - t;
    t = performance.now();
    decisions += runReplicated(config, ctl(), { maxTurns: 80 }).decisions;
    replicated += performance.now() - t;
  }
  console.log(
    `  replicated (golden + 2 shadows, ${n} games): ${(n / (replicated / 1000)).toFixed(1)} games/s, next to ${(n / (single / 1000)).toFixed(1)} games/s single-engine on the same games (${(replicated / single).toFixed(1)}× the time, ${decisions} decisions)`,
  );
}

// forkGame, at priority decisions and (with checkpoints) at any decision, in games ~300 decisions in.
const ms = (f) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};
let forkAtPriority = 0;
let forksAtPriority = 0;
let forkAny = 0;
let forksAny = 0;
let restoreState = 0;
let restoreReplay = 0;
let restores = 0;
let stateKb = 0;
const samples = 20;
for (let i = 0; i < samples; i++) {
  const game = createGame({ registry, decks: [decks[i % decks.length].main, decks[(i * 5 + 2) % decks.length].main], seed: `fork${i}`, checkpoints: true });
  const ctl = [randomController(`fa${i}`), randomController(`fb${i}`)];
  for (let k = 0; k < 300 && game.pending(); k++) {
    const p = game.pending();
    game.choose(ctl[p.seat].choose(game.view(p.seat), p));
  }
  // The next ten decisions: a fork at each.
  for (let k = 0; k < 10 && game.pending(); k++) {
    const p = game.pending();
    const t = ms(() => forkGame(game));
    if (p.kind === 'priority') {
      forkAtPriority += t;
      forksAtPriority++;
    }
    forkAny += t;
    forksAny++;
    game.choose(ctl[p.seat].choose(game.view(p.seat), p));
  }
  if (!game.pending()) continue;
  // As `mtg resume` reads it: a snapshot through JSON.
  const text = JSON.stringify(game.snapshot());
  stateKb += text.length / 1024;
  restoreState += ms(() => restoreGame(JSON.parse(text), registry));
  restoreReplay += ms(() => restoreGame(JSON.parse(text), registry, { replay: true }));
  restores++;
}
const f2 = (x) => x.toFixed(2);
console.log(
  `  a decision: ${f2(perDecisionMs)} ms; forkGame: ${f2(forkAtPriority / Math.max(1, forksAtPriority))} ms at a priority decision (${forksAtPriority}), ${f2(forkAny / Math.max(1, forksAny))} ms over all decisions (${forksAny}), ~300 decisions in`,
);
console.log(
  `  resume ~310 decisions in (${restores} games, snapshot ${(stateKb / Math.max(1, restores)).toFixed(0)} KB of JSON): ${f2(restoreState / Math.max(1, restores))} ms from the full state, ${f2(restoreReplay / Math.max(1, restores))} ms by replaying the choices`,
);
