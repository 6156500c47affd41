// `OncePerEffect$ True` on a zone-change trigger ("whenever one or more creature cards leave your
// graveyard": Desecrated Tomb): the cards one effect moves together are one event (CR 603.2c), so
// it triggers once; two effects, twice. Played with the real cards. Skipped without the corpus.
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, field, pick, resolveStack } from './helpers.js';

const LIBRARY = Array.from({ length: 8 }, () => 'Swamp');

function game(hand: string[], graveyard: string[]): Game {
  const swamps = Array.from({ length: 6 }, () => 'Swamp');
  return board({ hand, graveyard, battlefield: [...swamps, 'Desecrated Tomb'], library: LIBRARY }, { library: LIBRARY }, { registry: realRegistry() });
}

const bats = (g: Game): number => field(g, 0).filter((n) => n === 'Bat').length;

describe('OncePerEffect$: Desecrated Tomb', needsCorpus('forge-cards'), () => {
  it('two creature cards returned by one spell make one Bat', () => {
    const g = game(['Morbid Plunder'], ['Grizzly Bears', 'Centaur Courser']);
    act(g, 'cast Morbid Plunder');
    pick(g, 'target Grizzly Bears');
    pick(g, 'target Centaur Courser');
    resolveStack(g);
    expect(g.view(0).players[0].handCount).toBe(2);
    expect(bats(g)).toBe(1);
  });

  it('two spells returning one each make two Bats', () => {
    const g = game(['Morbid Plunder', 'Morbid Plunder'], ['Grizzly Bears', 'Centaur Courser']);
    act(g, 'cast Morbid Plunder');
    pick(g, 'target Grizzly Bears');
    pick(g, 'done');
    resolveStack(g);
    act(g, 'cast Morbid Plunder');
    pick(g, 'target Centaur Courser');
    resolveStack(g);
    expect(bats(g)).toBe(2);
  });
});
