// Characteristics' cost (issue 14): random-vs-random games per second on the 1994–1995
// championship decks, and how many whole-battlefield characteristics computations (layers.ts
// `recompute`) a decision costs. Prints figures, asserts nothing.
//   node test/bench/mtg-layers.mjs [--games N] [--root DIR]
// `--root` runs another checkout's built package (its dist/) on the same games, to compare an old
// tree with this one interleaved on a loaded machine (the games, seeds and choices are the same).
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const { values } = parseArgs({ options: { games: { type: 'string' }, root: { type: 'string' } } });
const root = pathToFileURL(resolve(values.root ?? new URL('../../', import.meta.url).pathname)).href.replace(/\/?$/, '/');
const { createGame, randomController, runGame } = await import(`${root}dist/mtg/engine/index.js`);
const layers = await import(`${root}dist/mtg/engine/layers.js`);
const { corpusRegistry, decks: readDecks } = await import(`${root}test/bench/mtg-corpus.mjs`);
const registry = corpusRegistry();
if (!registry) {
  console.log('bench:mtg-layers skipped: no Forge corpus (../shared/forge/cardsfolder.tar.gz)');
  process.exit(0);
}
const decks = readDecks(registry, ['championship/1994', 'championship/1995']);
const games = Number(values.games ?? 20);
let choices = 0;
const before = layers.layerStats?.recomputes ?? 0;
const start = performance.now();
for (let i = 0; i < games; i++) {
  const game = createGame({ registry, decks: [decks[i % decks.length].main, decks[(i * 3 + 1) % decks.length].main], seed: `bench${i}` });
  choices += runGame(game, [randomController(`a${i}`), randomController(`b${i}`)], { maxTurns: 80 }).choices;
}
const s = (performance.now() - start) / 1000;
const recomputes = layers.layerStats ? ((layers.layerStats.recomputes - before) / choices).toFixed(2) : 'not counted by this tree';
console.log(`${root}: ${games} games, ${(games / s).toFixed(2)} games/s, ${choices} choices, recomputes a decision: ${recomputes}`);
