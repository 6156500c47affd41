// Forcefield and `ReplaceEffect` (CR 615.1a, 616.1): a prevention effect whose replacement
// ability changes the damage ("prevent all but 1") instead of replacing it, once. Real corpus
// cards; skipped visibly without the corpus.
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { act, board, passWhile } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

function life(game: Game, seat: 0 | 1): number {
  return game.state.players[seat].life;
}

/** Seat 1 attacks seat 0 (who has Forcefield and two lands) with a Craw Wurm and a Hill Giant. */
function attackIntoForcefield(): Game {
  const registry = realRegistry();
  const library = ['Plains', 'Plains', 'Plains', 'Plains'];
  const game = board(
    { battlefield: ['Forcefield', 'Plains', 'Plains'], library },
    { battlefield: ['Craw Wurm', 'Hill Giant', 'Mountain'], library },
    { registry, active: 1, step: 'main1' },
  );
  act(game, 'attack with Craw Wurm');
  act(game, 'attack with Hill Giant');
  return game;
}

/** Seat 0 declares no blocks, then activates Forcefield choosing `name` in declare blockers. */
function forcefieldOn(game: Game, name: string): void {
  passWhile(game, (g) => !(g.state.step === 'declareBlockers' && g.pending()?.kind === 'priority'));
  act(game, 'activate Forcefield');
  act(game, name);
  passWhile(game, (g) => g.state.stack.length > 0);
}

describe('Forcefield', needsCorpus('forge-cards'), () => {
  it("prevents all but 1 of the chosen unblocked creature's combat damage; the other creature is not affected", () => {
    const game = attackIntoForcefield();
    forcefieldOn(game, 'Craw Wurm');
    passWhile(game, (g) => g.state.step !== 'main2');
    // Craw Wurm's 6 becomes 1; Hill Giant's 3 is dealt in full.
    expect(life(game, 0)).toBe(16);
    // "The next time": the effect is used up and left the command zone.
    expect(game.state.zones['command']!.map((id) => game.state.objects[id]!.card)).toEqual([]);
  });

  it('without an activation, all the damage is dealt', () => {
    const game = attackIntoForcefield();
    passWhile(game, (g) => g.state.step !== 'main2');
    expect(life(game, 0)).toBe(11);
  });

  it("affects only the chosen creature: choosing the Hill Giant leaves the Craw Wurm's 6", () => {
    const game = attackIntoForcefield();
    forcefieldOn(game, 'Hill Giant');
    passWhile(game, (g) => g.state.step !== 'main2');
    expect(life(game, 0)).toBe(13);
  });

  it('with no unblocked creature to choose, no effect is created (ConditionDefined$ ChosenCard)', () => {
    const registry = realRegistry();
    const library = ['Plains', 'Plains'];
    const game = board({ battlefield: ['Forcefield', 'Plains'], library }, { battlefield: ['Craw Wurm'], library }, { registry });
    act(game, 'activate Forcefield');
    passWhile(game, (g) => g.state.stack.length > 0);
    expect(game.state.zones['command']).toEqual([]);
  });
});
