// `Play | ReplaceGraveyard$ Exile` (CR 614.1a): "you may cast target instant card from your
// graveyard without paying its mana cost. If that card would be put into your graveyard this turn,
// exile it instead." Torrential Gearhulk and Goblin Dark-Dwellers, played with the real cards
// against their Oracle text. Skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, pick, resolveStack, zone } from './helpers.js';

const LIBRARY = Array.from({ length: 8 }, () => 'Island');

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

const lands = (name: string, n: number) => Array.from({ length: n }, () => name);

describe('ReplaceGraveyard$ Exile on Play', needsCorpus('forge-cards'), () => {
  it('Torrential Gearhulk: the instant cast from the graveyard is exiled as it resolves', () => {
    const g = game({ hand: ['Torrential Gearhulk'], graveyard: ['Lightning Bolt'], battlefield: [...lands('Island', 4), ...lands('Mountain', 2)] });
    act(g, 'cast Torrential Gearhulk');
    resolveStack(g);
    pick(g, 'yes');
    // Lightning Bolt's target.
    pick(g, 'target p2');
    resolveStack(g);
    expect(g.state.players[1].life).toBe(17);
    expect(zone(g, 'graveyard-0')).toEqual([]);
    expect(zone(g, 'exile')).toEqual(['Lightning Bolt']);
  });

  it('Goblin Dark-Dwellers: the sorcery cast from the graveyard (mana value 3 or less) is exiled as it resolves', () => {
    const g = game({ hand: ['Goblin Dark-Dwellers'], graveyard: ['Divination'], battlefield: lands('Mountain', 5) });
    act(g, 'cast Goblin Dark-Dwellers');
    resolveStack(g);
    pick(g, 'yes');
    resolveStack(g);
    expect(g.view(0).players[0].handCount).toBe(2);
    expect(zone(g, 'graveyard-0')).toEqual([]);
    expect(zone(g, 'exile')).toEqual(['Divination']);
  });

  it('a card cast from hand the same turn still goes to the graveyard', () => {
    const g = game({ hand: ['Lightning Bolt'], battlefield: ['Mountain'] });
    act(g, 'cast Lightning Bolt');
    pick(g, 'target p2');
    resolveStack(g);
    expect(zone(g, 'graveyard-0')).toEqual(['Lightning Bolt']);
  });
});
