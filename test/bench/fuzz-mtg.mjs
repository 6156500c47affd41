// `npm run fuzz`: the long sweep of random-vs-random games across the whole DeepScry deck corpus,
// on the built package. Every game runs in strict mode (zones checked against the table at every
// decision). An engine exception or invariant violation is printed with what reproduces it (the
// seeds, the decks and the choices) and makes the exit code 1. The test suite runs a 30-game
// slice of this (test/mtg/engine/corpus.test.ts).
//   node test/bench/fuzz-mtg.mjs [--games N | --seconds S] [--decks championship/1994,old_school] [--max-turns T] [--seed PREFIX]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { createGame, randomController, runGame } from '../../dist/mtg/engine/index.js';
import { corpusRegistry, decks as readDecks, repo } from './mtg-corpus.mjs';

const { values } = parseArgs({
  options: { games: { type: 'string' }, seconds: { type: 'string' }, decks: { type: 'string' }, 'max-turns': { type: 'string' }, seed: { type: 'string' } },
});
if (values.games && values.seconds) {
  console.error('fuzz: give --games or --seconds, not both');
  process.exit(2);
}
const registry = corpusRegistry();
if (!registry) {
  console.log('fuzz skipped: no Forge corpus (../shared/forge/cardsfolder.tar.gz)');
  process.exit(0);
}
const decks = readDecks(registry, values.decks ? values.decks.split(',') : ['']);
if (decks.length < 2) {
  console.log('fuzz skipped: no decks (../shared/deepscry/decks.tar.gz)');
  process.exit(0);
}
const games = values.seconds ? Infinity : Number(values.games ?? 2000);
const deadline = values.seconds ? performance.now() + 1000 * Number(values.seconds) : Infinity;
const maxTurns = Number(values['max-turns'] ?? 80);
const prefix = values.seed ?? 'fuzz';
console.log(`fuzz: ${decks.length} decks, ${Number.isFinite(games) ? `${games} games` : `${values.seconds} s`}, max ${maxTurns} turns`);

const start = performance.now();
const failures = [];
const unsupported = new Map();
let played = 0;
let finished = 0;
let choices = 0;
for (let i = 0; i < games && performance.now() < deadline; i++) {
  const a = decks[i % decks.length];
  const b = decks[(i * 31 + 7) % decks.length];
  const seed = `${prefix}-${i}`;
  let game;
  try {
    game = createGame({ registry, decks: [a.main, b.main], seed, strict: true });
    const r = runGame(game, [randomController(`${seed}/p1`), randomController(`${seed}/p2`)], { maxTurns, maxChoices: 20000 });
    if (r.reason === 'game-over') finished++;
    choices += r.choices;
    for (const u of game.unsupported) unsupported.set(u, (unsupported.get(u) ?? 0) + 1);
  } catch (error) {
    failures.push({
      seed,
      decks: [a.file, b.file],
      code: error.code ?? 'exception',
      message: String(error.message).slice(0, 300),
      choices: error.details?.choices ?? game?.choices ?? [],
    });
    console.log(`FAIL ${seed} ${a.name} vs ${b.name}: ${error.code ?? ''} ${String(error.message).slice(0, 200)}`);
  }
  played++;
  if (played % 100 === 0)
    process.stdout.write(`  ${played} games, ${failures.length} failures, ${((performance.now() - start) / played).toFixed(0)} ms/game\n`);
}
const ms = performance.now() - start;
console.log(
  `${played} games (${finished} to a result) in ${(ms / 1000).toFixed(1)} s: ${(played / (ms / 1000)).toFixed(1)} games/s, ${(choices / (ms / 1000)).toFixed(0)} choices/s`,
);
console.log(`failures: ${failures.length}`);
if (unsupported.size > 0) {
  const top = [...unsupported]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 15)
    .map(([k, n]) => `${k} (${n} games)`);
  console.log(`script features met but not implemented: ${top.join(', ')}`);
}
if (failures.length > 0) {
  const file = `${repo}.scratch/fuzz-failures.json`;
  try {
    writeFileSync(file, JSON.stringify(failures, null, 2));
    console.log(`reproducers: ${file}`);
  } catch {
    console.log(JSON.stringify(failures.slice(0, 3)));
  }
  process.exit(1);
}
