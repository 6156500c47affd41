// Two builds of the engine against each other, interleaved in one process, so that a loaded
// machine slows both alike: random-vs-random games per second on the 1994–1995 championship
// decks, the same games for both (the choice counts must match). Prints figures, asserts nothing.
//   node test/bench/mtg-compare.mjs <old tree> <new tree> [rounds] [games per round]
// Each tree is a checkout with `npm run build` done (and .cards/, .corpus/ present), e.g. the old
// one from `git worktree add /tmp/old <commit>`.
const [oldTree, newTree] = process.argv.slice(2, 4);
if (!oldTree || !newTree) {
  console.log('usage: node test/bench/mtg-compare.mjs <old tree> <new tree> [rounds] [games per round]');
  process.exit(1);
}
const rounds = Number(process.argv[4] ?? 6);
const perRound = Number(process.argv[5] ?? 8);

async function load(tree) {
  const engine = await import(`${tree}/dist/mtg/engine/index.js`);
  const corpus = await import(`${tree}/test/bench/mtg-corpus.mjs`);
  const registry = corpus.corpusRegistry();
  if (!registry) throw new Error(`${tree}: no Forge corpus`);
  const decks = corpus.decks(registry, ['championship/1994', 'championship/1995']);
  return { tree, engine, registry, decks, ms: 0, games: 0, choices: 0 };
}

function batch(t, from, n) {
  const { engine, registry, decks } = t;
  const start = performance.now();
  for (let i = from; i < from + n; i++) {
    const game = engine.createGame({ registry, decks: [decks[i % decks.length].main, decks[(i * 3 + 1) % decks.length].main], seed: `bench${i}` });
    t.choices += engine.runGame(game, [engine.randomController(`a${i}`), engine.randomController(`b${i}`)], { maxTurns: 80 }).choices;
  }
  t.ms += performance.now() - start;
  t.games += n;
}

const trees = [await load(oldTree), await load(newTree)];
// Warm up both (compiled-card caches, the JIT), then alternate which goes first each round.
for (const t of trees) {
  batch(t, 1000, 3);
  t.ms = t.games = t.choices = 0;
}
for (let r = 0; r < rounds; r++) for (const t of r % 2 ? [...trees].reverse() : trees) batch(t, r * perRound, perRound);
const rate = (t) => t.games / (t.ms / 1000);
for (const t of trees) console.log(`${t.tree}: ${rate(t).toFixed(2)} games/s, ${t.choices} choices in ${t.games} games`);
console.log(
  `new/old: ${(rate(trees[1]) / rate(trees[0])).toFixed(2)}x${trees[0].choices === trees[1].choices ? '' : ' (the games differ: the choice counts are not the same)'}`,
);
