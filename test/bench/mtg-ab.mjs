// Interleaved A/B of two builds of the engine on a loaded machine: one random-vs-random game on
// build A, the same game on build B, alternating which goes first, in one process; prints games/s
// of each and the speed-up. Both trees must be built (`npm run build`) and hold the corpus.
//   node test/bench/mtg-ab.mjs <tree A> <tree B> [games]
// Asserts that both sides made the same number of choices (the same games), nothing else.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [a, b, games] = process.argv.slice(2);
if (!a || !b) {
  console.log('usage: node test/bench/mtg-ab.mjs <tree A> <tree B> [games]');
  process.exit(2);
}
const n = Number(games ?? 20);
const side = async (root) => {
  const url = (p) => pathToFileURL(resolve(root, p)).href;
  const e = await import(url('dist/mtg/engine/index.js'));
  const c = await import(url('test/bench/mtg-corpus.mjs'));
  const registry = c.corpusRegistry();
  if (!registry) {
    console.log(`no Forge corpus under ${root}`);
    process.exit(0);
  }
  return { root, e, registry, decks: c.decks(registry, ['championship/1994', 'championship/1995']), ms: 0, choices: 0 };
};
const sides = [await side(a), await side(b)];
const play = (s, i) => {
  const game = s.e.createGame({
    registry: s.registry,
    decks: [s.decks[i % s.decks.length].main, s.decks[(i * 3 + 1) % s.decks.length].main],
    seed: `bench${i}`,
  });
  const t = performance.now();
  const r = s.e.runGame(game, [s.e.randomController(`a${i}`), s.e.randomController(`b${i}`)], { maxTurns: 80 });
  s.ms += performance.now() - t;
  s.choices += r.choices;
};
// Warm up both before timing.
for (let i = 0; i < 3; i++) for (const s of sides) play(s, 1000 + i);
for (const s of sides) [s.ms, s.choices] = [0, 0];
for (let i = 0; i < n; i++) for (const s of i % 2 ? [sides[1], sides[0]] : sides) play(s, i);
const [x, y] = sides;
for (const s of sides) console.log(`${s.root}: ${(n / (s.ms / 1000)).toFixed(2)} games/s, ${s.choices} choices`);
console.log(`B is ×${(x.ms / y.ms).toFixed(3)} the speed of A${x.choices === y.choices ? '' : ' (the games differ: not the same choices)'}`);
