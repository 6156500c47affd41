// Full-state snapshots and forks (issue 14): a snapshot holds the whole state at a priority
// decision, so restoring costs O(state); replaying the choices from the start stays the verifier.
// A fork continues exactly as the original would, and the two never share anything mutable.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../../src/core/hash.js';
import { createGame, forkGame, randomController, restoreGame, runGame, type Controller, type Game } from '../../../src/mtg/engine/index.js';
import { FIXTURE_CARDS, spellDeck } from './fixtures/cards.js';
import { act, board, fixtureRegistry, registryOf } from './helpers.js';

const registry = fixtureRegistry();
const newGame = (seed: string, checkpoints = false): Game => createGame({ registry, decks: [spellDeck('R'), spellDeck('G')], seed, strict: true, checkpoints });
const seats = (seed: string): [Controller, Controller] => [randomController(`${seed}a`), randomController(`${seed}b`)];
const logHash = (game: Game): string => contentHash(JSON.stringify([game.actions, game.events, game.choices]));

/** Plays `n` decisions (or to the end) with the seed's random controllers. */
function advance(game: Game, ctl: readonly [Controller, Controller], n: number): void {
  for (let i = 0; i < n && game.pending(); i++) {
    const p = game.pending()!;
    game.choose(ctl[p.seat].choose(game.view(p.seat), p));
  }
}

describe('full-state snapshots', () => {
  it('restoring from the state and replaying the choices agree at many random stop points', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 450 }), fc.constantFrom('f1', 'f2', 'f3', 'f4'), fc.boolean(), (stop, seed, checkpoints) => {
        const game = newGame(seed, checkpoints);
        advance(game, seats(seed), stop);
        const snap = JSON.parse(JSON.stringify(game.snapshot())) as ReturnType<Game['snapshot']>;
        // At a priority decision, or with the game over, the state is always there; elsewhere
        // only when the game keeps checkpoints (and has passed a priority decision).
        if (!game.pending() || game.pending()!.kind === 'priority') expect(snap.state).toBeDefined();
        const fromState = restoreGame(snap, registry);
        const replayed = restoreGame(snap, registry, { replay: true });
        expect(fromState.stateHash()).toBe(game.stateHash());
        expect(replayed.stateHash()).toBe(game.stateHash());
        expect(logHash(fromState)).toBe(logHash(replayed));
        expect(fromState.pending()).toEqual(replayed.pending());
        // Playing on with the same choices from both gives the same game.
        runGame(fromState, seats(seed), { maxTurns: 40 });
        runGame(replayed, seats(seed), { maxTurns: 40 });
        expect(logHash(fromState)).toBe(logHash(replayed));
        expect(fromState.stateHash()).toBe(replayed.stateHash());
      }),
      { numRuns: 12, seed: 14 },
    );
  });

  it('a snapshot at a priority decision holds the state, so restoring replays nothing', () => {
    const game = newGame('f5');
    advance(game, seats('f5'), 200);
    while (game.pending() && game.pending()!.kind !== 'priority') advance(game, seats('f5'), 1);
    const snap = game.snapshot();
    expect(snap.state?.at).toBe(snap.choices.length);
    expect(snap.state?.resume?.point).toEqual(game.pending());
  });

  it('a snapshot whose state was tampered with is refused, not resumed into another game', () => {
    const game = newGame('f6');
    advance(game, seats('f6'), 120);
    const snap = JSON.parse(JSON.stringify(game.snapshot())) as ReturnType<Game['snapshot']>;
    snap.state!.s.players[0].life += 5;
    expect(() => restoreGame(snap, registry)).toThrow(expect.objectContaining({ code: 'mtg/bad-snapshot' }));
  });

  it('a snapshot whose recorded choices were edited is refused, though its state is intact', () => {
    const game = newGame('f7');
    advance(game, seats('f7'), 120);
    const snap = JSON.parse(JSON.stringify(game.snapshot())) as ReturnType<Game['snapshot']>;
    snap.choices[3] = snap.choices[3] === 0 ? 1 : 0;
    expect(() => restoreGame(snap, registry)).toThrow(expect.objectContaining({ code: 'mtg/bad-snapshot' }));
  });
});

describe('forkGame', () => {
  it('a fork plays on exactly as the original, at many random points', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 450 }), fc.constantFrom('k1', 'k2', 'k3'), fc.boolean(), (stop, seed, checkpoints) => {
        const game = newGame(seed, checkpoints);
        advance(game, seats(seed), stop);
        const fork = forkGame(game);
        expect(fork.stateHash()).toBe(game.stateHash());
        expect(fork.pending()).toEqual(game.pending());
        expect(logHash(fork)).toBe(logHash(game));
        const before = game.stateHash();
        const log = logHash(game);
        // Playing the fork to its end leaves the original untouched.
        runGame(fork, seats(seed), { maxTurns: 40 });
        expect(game.stateHash()).toBe(before);
        expect(logHash(game)).toBe(log);
        runGame(game, seats(seed), { maxTurns: 40 });
        expect(logHash(game)).toBe(logHash(fork));
        expect(game.stateHash()).toBe(fork.stateHash());
      }),
      { numRuns: 12, seed: 14 },
    );
  });

  it('forks of forks stay independent, and playing the original leaves a fork as it was', () => {
    const game = newGame('k4');
    advance(game, seats('k4'), 150);
    const a = forkGame(game);
    const b = forkGame(a);
    const hash = game.stateHash();
    advance(game, seats('k4'), 60);
    expect(a.stateHash()).toBe(hash);
    advance(a, seats('k4'), 60);
    expect(a.stateHash()).toBe(game.stateHash());
    expect(b.stateHash()).toBe(hash);
    // Different choices in a fork make a different game; the original does not follow it.
    const p = b.pending()!;
    b.choose(p.options.length - 1);
    expect(logHash(b)).not.toBe(logHash(forkGame(game)));
  });

  it('a finished game forks into a finished game', () => {
    const game = newGame('k5');
    runGame(game, seats('k5'), { maxTurns: 40 });
    const fork = forkGame(game);
    expect(fork.over).toBe(game.over);
    expect(fork.winner).toBe(game.winner);
    expect(fork.stateHash()).toBe(game.stateHash());
  });

  it('a fork reads a spell whose first part targets nothing: its copied target list holds no hole', () => {
    // The targets of a stack item are filled by position, so a spell whose first part chooses no
    // target holds a hole there; a copy of the state (a fork, a snapshot read back) holds
    // `undefined` or `null` instead, which every reader takes as "no targets".
    const cards = registryOf(FIXTURE_CARDS, {
      'Test Study': [
        'Name:Test Study',
        'ManaCost:U',
        'Types:Instant',
        'A:SP$ Draw | Cost$ U | NumCards$ 1 | SubAbility$ DBTap | SpellDescription$ Draw a card, then tap target creature.',
        'SVar:DBTap:DB$ Tap | ValidTgts$ Creature | TgtPrompt$ Select target creature',
      ],
    });
    const game = board({ hand: ['Test Study'], battlefield: ['Test Island'] }, { battlefield: ['Test Bear', 'Test Forest'] }, { registry: cards });
    act(game, 'cast Test Study');
    // The Study waits on the stack while p2, with an untapped Forest, decides.
    expect(game.state.stack).toHaveLength(1);
    expect(game.pending()?.seat).toBe(1);
    const copies = [forkGame(game), restoreGame(JSON.parse(JSON.stringify(game.snapshot())) as ReturnType<Game['snapshot']>, cards)];
    const targets = game.view(0).stack[0]?.targets;
    expect(targets).toEqual(['Test Bear']);
    for (const copy of copies) {
      expect(copy.view(0).stack[0]?.targets).toEqual(targets);
      expect(copy.stateHash()).toBe(game.stateHash());
    }
    // All pass: the Study resolves the same way in each (p1 draws, the Bear is tapped).
    for (const g of [game, ...copies]) while (g.state.stack.length > 0 && g.pending()) g.choose(0);
    for (const copy of copies) expect(copy.stateHash()).toBe(game.stateHash());
    expect(game.state.objects.find((o) => o?.card === 'Test Bear')?.tapped).toBe(true);
  });
});
