// The heuristic beats the random controller: a bounded slice of the 200-game run of
// `node test/bench/mtg-heuristic.mjs` (which asks for 90%). On the 1994–1995 championship decks
// when the corpora are there (Chaos Orb, missing from Forge's corpus, left out); else on the
// starter decks.
import { describe, expect, it } from 'vitest';
import { heuristicSeat, randomSeat } from '../../../src/mtg/controllers/index.js';
import { createGame, runGame, type Seat } from '../../../src/mtg/engine/index.js';
import { championship, starterCards, starterDecks } from './support.js';

const GAMES = 40;

describe('heuristic against random', () => {
  it(`wins at least 85% of ${GAMES} games`, () => {
    const champ = championship();
    const registry = champ?.registry ?? starterCards();
    const decks = champ?.decks.map((d) => d.main) ?? starterDecks();
    let wins = 0;
    const lost: string[] = [];
    for (let i = 0; i < GAMES; i++) {
      // Every deck for the heuristic in turn, against a spread of opponents, from both seats.
      const mine = i % decks.length;
      const theirs = (i * 3 + Math.floor(i / decks.length)) % decks.length;
      const seat = ((i + Math.floor(i / decks.length)) % 2) as Seat;
      const pair: [string[], string[]] = seat === 0 ? [decks[mine]!, decks[theirs]!] : [decks[theirs]!, decks[mine]!];
      const game = createGame({ registry, decks: pair, seed: `strength-${i}` });
      const h = heuristicSeat(`h${i}`, registry);
      const r = randomSeat(`r${i}`);
      const result = runGame(game, seat === 0 ? [h, r] : [r, h], { maxTurns: 300 });
      if (result.winner === seat) wins++;
      else lost.push(`game ${i}: ${result.reason}, winner ${String(result.winner)}`);
    }
    console.log(`heuristic beat random in ${wins}/${GAMES} games on the ${champ ? 'championship' : 'starter'} decks`);
    expect(wins / GAMES, lost.join('; ')).toBeGreaterThanOrEqual(0.85);
  }, 120_000);
});
