// Statics that work on cards outside the battlefield (`AffectedZone$`), with real cards from the
// corpus (skipped without it): a permanent's continuous effect applies to spells on the stack
// when its zones say so (CR 611.3, 613). The games are strict: the characteristics cache is
// checked against a fresh computation at every decision.
import { describe, expect, it } from 'vitest';
import { createGame, type Game } from '../../../src/mtg/engine/index.js';
import type { SeatSetup } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, pick, resolveStack, zone } from './helpers.js';

const LIBRARY = Array.from({ length: 10 }, () => 'Island');

function strict(p0: SeatSetup, p1: SeatSetup): Game {
  return createGame({
    registry: realRegistry(),
    seed: 'zones',
    strict: true,
    setup: {
      players: [
        { library: LIBRARY, ...p0 },
        { library: LIBRARY, ...p1 },
      ],
    },
  });
}

describe('statics that affect cards outside the battlefield (AffectedZone$)', needsCorpus('forge-cards'), () => {
  it('Prowling Serpopard: "Creature spells you control can\'t be countered": Counterspell does not counter the Grizzly Bears', () => {
    const game = strict(
      { hand: ['Grizzly Bears'], battlefield: ['Prowling Serpopard', 'Forest', 'Forest'] },
      { hand: ['Counterspell'], battlefield: ['Island', 'Island'] },
    );
    act(game, 'cast Grizzly Bears');
    act(game, 'cast Counterspell');
    resolveStack(game);
    expect(zone(game, 'battlefield').filter((n) => n === 'Grizzly Bears')).toEqual(['Grizzly Bears']);
  });

  it('without it, Counterspell counters the Bears', () => {
    const game = strict({ hand: ['Grizzly Bears'], battlefield: ['Forest', 'Forest'] }, { hand: ['Counterspell'], battlefield: ['Island', 'Island'] });
    act(game, 'cast Grizzly Bears');
    act(game, 'cast Counterspell');
    resolveStack(game);
    expect(zone(game, 'graveyard-0')).toEqual(['Grizzly Bears']);
  });

  it('Pestilent Spirit: "Instant and sorcery spells you control have deathtouch": a Shock destroys the Serra Angel', () => {
    const game = strict({ hand: ['Shock'], battlefield: ['Pestilent Spirit', 'Mountain'] }, { battlefield: ['Serra Angel'] });
    act(game, 'cast Shock');
    pick(game, 'target Serra Angel');
    resolveStack(game);
    expect(zone(game, 'graveyard-1')).toEqual(['Serra Angel']);
  });

  it('the effect is for spells only: a card in the hand is unchanged (its zone is not listed)', () => {
    const game = strict({ hand: ['Shock'], battlefield: ['Pestilent Spirit', 'Mountain'] }, {});
    expect(game.view(0).hand[0]!.keywords).toEqual([]);
  });
});
