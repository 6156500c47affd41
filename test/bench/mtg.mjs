// `npm run bench:mtg`: random-vs-random games per second and choices per second on one core, on
// the 1994–1995 championship decks, on the built package. Prints figures, asserts nothing.
//   node test/bench/mtg.mjs [--games N]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { createGame, randomController, runGame } from '../../dist/mtg/engine/index.js';
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
for (let i = 0; i < 5; i++) runGame(createGame({ registry, decks: [decks[i % decks.length].main, decks[(i + 1) % decks.length].main], seed: `warm${i}` }), [randomController(1), randomController(2)], { maxTurns: 80 });
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
console.log(`  ${(games / s).toFixed(1)} games/s, ${(choices / s).toFixed(0)} choices/s, ${(turns / games).toFixed(1)} turns/game, ${(choices / games).toFixed(0)} choices/game (moonshot: 1000 games/s)`);
