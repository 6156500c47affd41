// Time Vault (text:Time Vault): skipping a turn is a replacement of the turn beginning (CR
// 614.10, 614.1b); its extra turn is CR 500.7. Real corpus cards; skipped visibly without the
// corpus.
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { act, board, passWhile } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const library = ['Island', 'Island', 'Island', 'Island', 'Island', 'Island'];

function vault(game: Game, seat: 0 | 1) {
  const id = game.state.zones['battlefield']!.find((x) => game.state.objects[x]!.card === 'Time Vault' && game.state.objects[x]!.controller === seat)!;
  return game.state.objects[id]!;
}

/** Answers 0 (pass; "take the turn" at a Time Vault question) until the game is at `turn`. */
function passUntilTurn(game: Game, turn: number): void {
  passWhile(game, (g) => g.state.turn < turn);
}

describe('Time Vault', needsCorpus('forge-cards'), () => {
  it('enters tapped; untapped, {T} gives an extra turn after this one', () => {
    const registry = realRegistry();
    const game = board({ hand: ['Time Vault'], battlefield: ['Island', 'Island'], library }, { library }, { registry });
    act(game, 'cast Time Vault');
    passWhile(game, (g) => g.state.stack.length > 0);
    expect(vault(game, 0).tapped).toBe(true);
    const g2 = board({ battlefield: ['Time Vault'], library }, { library }, { registry });
    act(g2, 'activate Time Vault');
    passUntilTurn(g2, 2);
    expect([g2.state.turn, g2.state.active]).toEqual([2, 0]);
  });

  it('a tapped Time Vault lets its controller skip the turn they would begin, untapping it (CR 614.10)', () => {
    const registry = realRegistry();
    const game = board({ battlefield: [{ name: 'Time Vault', tapped: true }], library }, { library }, { registry });
    passUntilTurn(game, 2);
    expect(game.state.active).toBe(1);
    // At the end of turn 2, seat 0 would begin turn 3: asked, and skips it.
    passWhile(game, (g) => g.pending()?.kind !== 'yes-no');
    const point = game.pending()!;
    expect([point.seat, point.turn]).toEqual([0, 2]);
    act(game, 'skip the turn');
    // The turn did not happen: the next one is seat 1's, and it is turn 3.
    expect([game.state.turn, game.state.active]).toEqual([3, 1]);
    expect(vault(game, 0).tapped).toBe(false);
  });

  it("declining takes the turn, and the Time Vault stays tapped (it doesn't untap during the untap step)", () => {
    const registry = realRegistry();
    const game = board({ battlefield: [{ name: 'Time Vault', tapped: true }], library }, { library }, { registry });
    passWhile(game, (g) => g.pending()?.kind !== 'yes-no');
    act(game, 'take the turn');
    expect([game.state.turn, game.state.active]).toEqual([3, 0]);
    passWhile(game, (g) => g.state.step !== 'main1');
    expect(vault(game, 0).tapped).toBe(true);
  });

  it('only its controller is asked, and an untapped Time Vault offers nothing', () => {
    const registry = realRegistry();
    const game = board({ battlefield: ['Time Vault'], library }, { battlefield: [{ name: 'Time Vault', tapped: true }], library }, { registry });
    // Seat 1's turn 2 begins: seat 1 (the tapped vault's controller) is asked, not seat 0.
    passWhile(game, (g) => g.pending()?.kind !== 'yes-no');
    expect(game.pending()!.seat).toBe(1);
    act(game, 'skip the turn');
    expect([game.state.turn, game.state.active]).toEqual([2, 0]);
    // Seat 0's untapped vault asks nothing at its turn 2.
    passUntilTurn(game, 3);
    expect(game.state.active).toBe(1);
  });
});
