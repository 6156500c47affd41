// Determinism (a game is a pure function of its config and choices), snapshots and resume
// (the reference's snapshot point: taken before a choice is presented), hidden information in
// views, the London mulligan, and the fatal invariant error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../../src/core/hash.js';
import { StoryletError } from '../../../src/core/errors.js';
import { createGame, randomController, restoreGame, runGame, type Game } from '../../../src/mtg/engine/index.js';
import { FIXTURE_CARDS, spellDeck } from './fixtures/cards.js';
import { board, fixtureRegistry, pick } from './helpers.js';

function newGame(seed: string): Game {
  return createGame({ registry: fixtureRegistry(), decks: [spellDeck('R'), spellDeck('G')], seed, strict: true });
}

function play(seed: string): Game {
  const game = newGame(seed);
  runGame(game, [randomController(`${seed}a`), randomController(`${seed}b`)], { maxTurns: 40 });
  return game;
}

const logHash = (game: Game): string => contentHash(JSON.stringify(game.actions));

describe('determinism', () => {
  it('the same inputs twice give an identical action log, event log and state hash', () => {
    for (const seed of ['d1', 'd2', 'd3']) {
      const a = play(seed);
      const b = play(seed);
      expect(logHash(a)).toBe(logHash(b));
      expect(contentHash(JSON.stringify(a.events))).toBe(contentHash(JSON.stringify(b.events)));
      expect(a.stateHash()).toBe(b.stateHash());
      expect(a.actions.length).toBeGreaterThan(100);
    }
  });

  it('a different seed gives a different game', () => {
    expect(logHash(play('x1'))).not.toBe(logHash(play('x2')));
  });

  it('deckSeed alone decides the opening library order', () => {
    const order = (seed: string, deckSeed: string) =>
      createGame({ registry: fixtureRegistry(), decks: [spellDeck('R'), spellDeck('G')], seed, deckSeed }).state.zones['hand-0']!.map((id) => id);
    // Ids name library slots (docs/mtg/network.md), so the order is read from the cards' names.
    const names = (seed: string, deckSeed: string) => {
      const game = createGame({ registry: fixtureRegistry(), decks: [spellDeck('R'), spellDeck('G')], seed, deckSeed });
      return game.state.zones['hand-0']!.map((id) => game.state.objects[id]!.card);
    };
    expect(names('s1', 'same')).toEqual(names('s2', 'same'));
    expect(names('s1', 'one')).not.toEqual(names('s1', 'two'));
    // An id says nothing of the face: every opening hand holds the top seven slots' ids.
    expect(order('s1', 'one')).toEqual(order('s1', 'two'));
  });

  it('random controllers are pure functions of seed, seat and choice count', () => {
    const a = randomController('r');
    const point = newGame('p').pending()!;
    const view = { choiceCount: 5 } as never;
    expect(a.choose(view, point)).toBe(randomController('r').choose(view, point));
  });
});

describe('snapshots', () => {
  it('resumes byte-identically at many random stop points (same log, same state hash)', () => {
    const full = new Map(['s1', 's2', 's3'].map((seed) => [seed, play(seed)] as const));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.constantFrom('s1', 's2', 's3'), (stop, seed) => {
        const whole = full.get(seed)!;
        const partial = newGame(seed);
        const ctl = [randomController(`${seed}a`), randomController(`${seed}b`)] as const;
        for (let i = 0; i < stop && partial.pending(); i++)
          partial.choose(ctl[partial.pending()!.seat].choose(partial.view(partial.pending()!.seat), partial.pending()!));
        const snap = JSON.parse(JSON.stringify(partial.snapshot()));
        const resumed = restoreGame(snap, fixtureRegistry());
        expect(resumed.stateHash()).toBe(partial.stateHash());
        runGame(resumed, ctl, { maxTurns: 40 });
        expect(logHash(resumed)).toBe(logHash(whole));
        expect(resumed.stateHash()).toBe(whole.stateHash());
      }),
      { numRuns: 30 },
    );
  });

  it('is plain JSON with the config, the choices and the state hash', () => {
    const game = newGame('json');
    game.choose(0);
    const snap = game.snapshot();
    expect(JSON.parse(JSON.stringify(snap))).toEqual(snap);
    expect(snap.format).toBe('storyletengine/mtg-game');
    expect(snap.choices).toEqual([0]);
  });

  it('refuses a corrupt or mismatched snapshot with mtg/bad-snapshot', () => {
    const game = newGame('bad');
    game.choose(0);
    const snap = game.snapshot();
    const code = (s: unknown) => {
      try {
        restoreGame(s as never, fixtureRegistry());
        return 'ok';
      } catch (e) {
        return (e as StoryletError).code;
      }
    };
    expect(code({ ...snap, version: 2 })).toBe('mtg/bad-snapshot');
    expect(code({ ...snap, format: 'other' })).toBe('mtg/bad-snapshot');
    expect(code({ ...snap, stateHash: '0000000000000000' })).toBe('mtg/bad-snapshot');
    expect(code({ ...snap, choices: [99] })).toBe('mtg/bad-snapshot');
    expect(code({ ...snap, choices: [-1] })).toBe('mtg/bad-snapshot');
    expect(code(null)).toBe('mtg/bad-snapshot');
  });
});

describe('choices', () => {
  it('an out-of-range choice is mtg/bad-choice and changes nothing', () => {
    const game = newGame('choice');
    const before = game.stateHash();
    expect(() => game.choose(7)).toThrow(expect.objectContaining({ code: 'mtg/bad-choice' }));
    expect(() => game.choose(0.5)).toThrow(expect.objectContaining({ code: 'mtg/bad-choice' }));
    expect(game.stateHash()).toBe(before);
  });

  it('choosing after the game is over is mtg/game-over', () => {
    const game = play('over');
    expect(() => game.choose(0)).toThrow(expect.objectContaining({ code: 'mtg/game-over' }));
  });
});

describe('hidden information (CR 400.2)', () => {
  it("no seat's view names a card in the opponent's hand or in any library", () => {
    const game = newGame('hidden');
    for (let i = 0; i < 120 && game.pending(); i++) {
      const g = game.internals;
      for (const seat of [0, 1] as const) {
        const text = JSON.stringify(game.view(seat));
        const hidden = [...g.s.zones[`hand-${seat === 0 ? 1 : 0}`]!, ...g.s.zones['library-0']!, ...g.s.zones['library-1']!].filter(
          (id) => !g.s.objects[id]!.known[seat],
        );
        for (const id of hidden) expect(text).not.toContain(`"id":${id},`);
      }
      game.choose(0);
    }
  });

  it("a view shows its own hand and the opponent's hand size only", () => {
    const game = board({ hand: ['Test Bear'], battlefield: ['Test Forest'] }, { hand: ['Test Giant', 'Test Bolt'] });
    const v = game.view(0);
    expect(v.hand.map((c) => c.name)).toEqual(['Test Bear']);
    expect(v.players[1].handCount).toBe(2);
    expect(JSON.stringify(v)).not.toContain('Test Giant');
  });

  it("reveals a drawn card to its owner only, before it moves (the reference's RevealCard rule)", () => {
    const game = newGame('reveal');
    const draws = game.actions.filter((a) => a.type === 'RevealCard');
    expect(draws.length).toBeGreaterThan(0);
    for (const r of draws) expect(r.to).toHaveLength(1);
    const i = game.actions.findIndex((a) => a.type === 'RevealCard');
    expect(game.actions[i + 1]).toMatchObject({ type: 'MoveCard', to: 'hand' });
  });
});

describe('the London mulligan (CR 103.5)', () => {
  it('draws seven again, then puts one card on the bottom per mulligan', () => {
    const game = newGame('mull');
    pick(game, 'mulligan');
    pick(game, 'keep');
    expect(game.pending()?.kind).toBe('mulligan');
    pick(game, 'keep');
    expect(game.pending()?.kind).toBe('bottom');
    game.choose(3);
    expect(game.state.zones['hand-0']).toHaveLength(6);
    expect(game.state.players[0].mulligans).toBe(1);
    expect(game.events.some((e) => e.type === 'Mulligan' && e.seat === 0)).toBe(true);
  });
});

describe('engine invariants', () => {
  it("a card moved on the table behind the engine's back is a fatal mtg/invariant with the seed and choices", () => {
    const game = newGame('inv');
    game.choose(0);
    const g = game.internals;
    const stray = g.s.zones['library-0']![0]!;
    g.table.move(g.s.objects[stray]!.tid, 'library-0', 'graveyard-0');
    let error: StoryletError | undefined;
    try {
      for (let i = 0; i < 200 && game.pending(); i++) game.choose(0);
    } catch (e) {
      error = e as StoryletError;
    }
    expect(error?.code).toBe('mtg/invariant');
    expect(error?.details['seed']).toBe('inv');
    expect(Array.isArray(error?.details['choices'])).toBe(true);
    // Never recovered: the game refuses to go on.
    expect(() => game.choose(0)).toThrow(expect.objectContaining({ code: 'mtg/game-failed' }));
  });
});

describe('fixtures', () => {
  it('every fixture script compiles without errors', () => {
    const registry = fixtureRegistry();
    for (const name of Object.keys(FIXTURE_CARDS)) expect(registry.get(name).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
