// The kernel: a game from two decks to a winner, with lands and vanilla creatures only.
// CR 103 (starting the game), 302.6 (summoning sickness), 305 (lands), 500–514 (turns),
// 508–510 (combat), 704.5a (0 life).
import { describe, expect, it } from 'vitest';
import { createGame, randomController, runGame, zeroController } from '../../../src/mtg/engine/index.js';
import { vanillaDeck } from './fixtures/cards.js';
import { act, board, fixtureRegistry, labels, passWhile, pick } from './helpers.js';

describe('a game of lands and vanilla creatures', () => {
  it('runs from two decks to a winner with random controllers', () => {
    const registry = fixtureRegistry();
    for (let i = 0; i < 5; i++) {
      const game = createGame({ registry, decks: [vanillaDeck('G'), vanillaDeck('R')], seed: i });
      const result = runGame(game, [randomController(`a${i}`), randomController(`b${i}`)], { maxTurns: 200 });
      expect(result.reason).toBe('game-over');
      expect(game.over).toBe(true);
      expect([0, 1, null]).toContain(game.winner);
      expect([...game.unsupported]).toEqual([]);
    }
  });

  it('deals seven cards and skips the first draw of the player going first (CR 103.4, 103.8a)', () => {
    const game = createGame({ registry: fixtureRegistry(), decks: [vanillaDeck('G'), vanillaDeck('R')], seed: 'deal' });
    expect(game.pending()?.kind).toBe('mulligan');
    pick(game, 'keep');
    pick(game, 'keep');
    expect(game.state.zones['hand-0']).toHaveLength(7);
    expect(game.state.zones['hand-1']).toHaveLength(7);
    expect(game.state.zones['library-0']).toHaveLength(33);
    passWhile(game, (g) => g.state.turn < 2);
    expect(game.state.zones['hand-1']).toHaveLength(8);
  });

  it('lets a player play one land per turn in a main phase with an empty stack (CR 305.2)', () => {
    const game = board({ hand: ['Test Forest', 'Test Forest', 'Test Bear'] });
    expect(labels(game)).toContain('play Test Forest');
    pick(game, 'play Test Forest');
    expect(labels(game)).not.toContain('play Test Forest');
  });

  it('casts a creature spell with the automatic payer and resolves it (CR 601.2, 608.3)', () => {
    const game = board({ hand: ['Test Bear'], battlefield: ['Test Forest', 'Test Forest'] });
    pick(game, 'cast Test Bear');
    // Nobody can respond (no untapped mana), so the spell resolves without a decision.
    expect(game.state.stack).toHaveLength(0);
    expect(game.view(0).battlefield.map((c) => c.name)).toContain('Test Bear');
    expect(
      game
        .view(0)
        .battlefield.filter((c) => c.tapped)
        .map((c) => c.name),
    ).toEqual(['Test Forest', 'Test Forest']);
  });

  it("keeps a creature that came under its controller's control this turn from attacking (CR 302.6)", () => {
    const game = board({ battlefield: [{ name: 'Test Bear', sick: true }], hand: ['Test Forest'] });
    // Turn 1: the land can be played, but no attack is offered; turn 3 (p1's next): it attacks.
    pick(game, 'play Test Forest');
    const kinds: string[] = [];
    passWhile(game, (g) => {
      kinds.push(g.pending()!.kind);
      return g.state.turn === 1;
    });
    expect(kinds).not.toContain('attackers');
    act(game, 'attack with Test Bear');
    expect(game.state.turn).toBe(3);
  });

  it('deals combat damage to the defending player (CR 510.1b)', () => {
    const game = board({ battlefield: ['Test Bear'] });
    expect(game.pending()?.kind).toBe('attackers');
    pick(game, 'attack with Test Bear');
    expect(game.state.players[1].life).toBe(18);
    expect(game.events.filter((e) => e.type === 'DamageDealt')).toHaveLength(1);
  });

  it('ends the game when a player reaches 0 life (CR 704.5a)', () => {
    const game = board({ battlefield: ['Test Giant'] }, { life: 5 });
    pick(game, 'attack with Test Giant');
    expect(game.winner).toBe(0);
    expect(game.events.at(-1)).toEqual({ type: 'GameOver', winner: 0, reason: 'life' });
  });

  it('decks a player who draws from an empty library (CR 704.5b)', () => {
    const game = createGame({ registry: fixtureRegistry(), decks: [['Test Forest', ...Array(6).fill('Test Forest')], vanillaDeck('R')], seed: 1 });
    const r = runGame(game, [zeroController(), zeroController()], { maxTurns: 20 });
    expect(r.reason).toBe('game-over');
    expect(game.winner).toBe(1);
    expect(game.state.players[0].lossReason).toBe('drew from an empty library');
  });
});
