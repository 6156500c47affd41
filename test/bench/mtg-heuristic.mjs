// The heuristic controller against the random one: 200 games on the 1994–1995 championship decks
// (DeepScry's corpus, extracted into .corpus/, with Forge's card scripts fetched into .cards/),
// or on the starter decks when either corpus is absent. The heuristic plays every deck in turn,
// against every deck, from both seats. Chaos Orb, which Forge's corpus lacks, comes from our
// supplement (src/mtg/supplement). Exits 1 when the heuristic wins less than 90%.
//
//   npx tsc -p tsconfig.build.json && node test/bench/mtg-heuristic.mjs [games]
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { benchDecks } from './bench-decks.mjs';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const dist = (p) => import(`${REPO}dist/mtg/${p}`);
const { createGame, runGame } = await dist('engine/index.js');
const { heuristicSeat, randomSeat } = await dist('controllers/index.js');

const GAMES = Number(process.argv[2] ?? 200);
const TARGET = 0.9;

const { registry, decks, source } = benchDecks();
for (const d of decks) if (d.dropped.length) console.log(`${d.name}: left out ${d.dropped.join(', ')} (not in the card corpus) → ${d.main.length} cards`);

const perDeck = new Map(decks.map((d) => [d.name, { games: 0, wins: 0 }]));
let wins = 0;
let draws = 0;
let failures = 0;
let choices = 0;
const started = performance.now();
for (let i = 0; i < GAMES; i++) {
  const mine = i % decks.length;
  const theirs = Math.floor(i / decks.length) % decks.length;
  const seat = (i + Math.floor(i / decks.length)) % 2;
  const pair = seat === 0 ? [decks[mine].main, decks[theirs].main] : [decks[theirs].main, decks[mine].main];
  const tally = perDeck.get(decks[mine].name);
  tally.games++;
  try {
    const game = createGame({ registry, decks: pair, seed: `bench-${i}` });
    const h = heuristicSeat(`h${i}`, registry);
    const r = randomSeat(`r${i}`);
    const result = runGame(game, seat === 0 ? [h, r] : [r, h], { maxTurns: 300 });
    choices += result.choices;
    if (result.winner === seat) {
      wins++;
      tally.wins++;
    } else if (result.winner === null || result.winner === undefined) draws++;
  } catch (error) {
    failures++;
    console.log(`game ${i} failed: ${error.code ?? ''} ${error.message}`);
  }
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `\nheuristic vs random on ${source}: ${GAMES} games, ${seconds.toFixed(1)} s (${(GAMES / seconds).toFixed(1)} games/s, ${(choices / seconds).toFixed(0)} choices/s)`,
);
for (const [name, t] of perDeck) console.log(`  ${name.padEnd(36)} ${t.wins}/${t.games}`);

// Heuristic against heuristic: the speed of the AI's own games (issue 14 asks it ≥ 10× the first
// generation core's). Every deck against the next, from both seats.
const H_GAMES = Math.max(2, Math.round(GAMES / 5));
let hChoices = 0;
let hTurns = 0;
const hStarted = performance.now();
for (let i = 0; i < H_GAMES; i++) {
  const a = decks[i % decks.length].main;
  const b = decks[(i + 1 + Math.floor(i / decks.length)) % decks.length].main;
  const game = createGame({ registry, decks: i % 2 === 0 ? [a, b] : [b, a], seed: `hh-${i}` });
  const result = runGame(game, [heuristicSeat(`ha${i}`, registry), heuristicSeat(`hb${i}`, registry)], { maxTurns: 300 });
  hChoices += result.choices;
  hTurns += result.turns;
}
const hSeconds = (performance.now() - hStarted) / 1000;
console.log(
  `heuristic vs heuristic: ${H_GAMES} games, ${hSeconds.toFixed(1)} s (${(H_GAMES / hSeconds).toFixed(2)} games/s, ${(hChoices / hSeconds).toFixed(0)} choices/s, ${(hTurns / H_GAMES).toFixed(1)} turns/game)`,
);
const rate = wins / GAMES;
console.log(`heuristic won ${wins}/${GAMES} (${(100 * rate).toFixed(1)}%), draws ${draws}, engine failures ${failures}; target ${100 * TARGET}%`);
process.exitCode = rate >= TARGET ? 0 : 1;
