// Replicated games (issue 15, docs/mtg/network.md): a golden and two shadows in process, each
// shadow fed only its seat's sync stream; the fixture decks with random controllers.
import { describe, expect, it } from 'vitest';
import { StoryletError } from '../../../../src/core/errors.js';
import { createGame, randomController, runGame, runReplicated, type Seat } from '../../../../src/mtg/engine/index.js';
import { gameLogLines } from './helpers.js';
import { spellDeck } from '../fixtures/cards.js';
import { fixtureRegistry } from '../helpers.js';

const config = (seed: string) => ({ registry: fixtureRegistry(), decks: [spellDeck('R'), spellDeck('G')] as [string[], string[]], seed, strict: true });
const controllers = (seed: string) => [randomController(`${seed}a`), randomController(`${seed}b`)] as const;

describe('runReplicated', () => {
  for (const seed of ['r1', 'r2', 'r3']) {
    it(`plays a whole game with zero desyncs and the golden-alone log (seed ${seed})`, () => {
      const r = runReplicated(config(seed), controllers(seed), { maxTurns: 40 });
      const alone = createGame(config(seed));
      runGame(alone, controllers(seed), { maxTurns: 40 });
      expect(r.golden.actions).toEqual(alone.actions);
      expect(r.golden.stateHash()).toBe(alone.stateHash());
      expect(r.decisions).toBeGreaterThan(50);
      expect(r.hashChecks).toBeGreaterThan(r.decisions);
      expect(gameLogLines(r.golden, null)).toEqual(gameLogLines(alone, null));
      // Each shadow writes, from what its seat was sent, the log the golden writes for that seat's eyes.
      for (const seat of [0, 1] as Seat[]) expect(gameLogLines(r.shadows[seat], seat)).toEqual(gameLogLines(r.golden, seat));
    });
  }

  it('a tampered shadow ends the game with DESYNC DETECTED and the diagnostics', () => {
    let caught: unknown;
    try {
      runReplicated(config('t1'), controllers('t1'), {
        maxTurns: 40,
        tamper: (shadow, seat, decision) => {
          if (seat === 1 && decision === 30) shadow.internals.s.players[0].life += 3;
        },
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StoryletError);
    const e = caught as StoryletError;
    expect(e.code).toBe('mtg/desync');
    expect(e.message).toMatch(/^DESYNC DETECTED: p2's shadow: /);
    expect(e.message).toMatch(/golden hash [0-9a-f]+, shadow hash [0-9a-f]+/);
    expect(e.message).toMatch(/\d+ actions, decision 3\d/);
    expect(e.message).toContain('reproduce: runReplicated({ seed: "t1"');
    expect(e.details).toMatchObject({ seat: 1 });
  });
});
