// "Spend only black mana on X" (`XColor$`, Crypt Rats; CR 107.3) and "put three cards from your
// graveyard on the bottom of your library" as a cost (`PutCardToLibFromGrave`, Battlefield
// Scrounger; CR 118.3), on real cards of the Forge corpus. Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, labels, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

const untapped = (g: Game, name: string) => g.view(0).battlefield.filter((c) => c.controller === 0 && c.name === name && !c.tapped).length;

describe('XColor$: Crypt Rats', needsCorpus('forge-cards'), () => {
  it('X is paid with black mana only: two Swamps and three Mountains allow X up to 2', () => {
    const g = game({ battlefield: ['Crypt Rats', 'Swamp', 'Swamp', 'Mountain', 'Mountain', 'Mountain'] }, { battlefield: ['Hill Giant'] });
    act(g, 'activate Crypt Rats');
    expect(g.pending()?.kind).toBe('x');
    // The largest X first: 2, not 5.
    expect(labels(g)).toEqual(['X = 2', 'X = 1', 'X = 0']);
    pick(g, 'X = 2');
    resolveStack(g);
    expect(untapped(g, 'Swamp')).toBe(0);
    expect(untapped(g, 'Mountain')).toBe(3);
    expect(g.state.players[0].life).toBe(18);
    expect(g.state.players[1].life).toBe(18);
    expect(zone(g, 'graveyard-0')).toEqual(['Crypt Rats']);
    expect(g.view(0).battlefield.find((c) => c.name === 'Hill Giant')?.damage).toBe(2);
  });
});

describe('PutCardToLibFromGrave: Battlefield Scrounger', needsCorpus('forge-cards'), () => {
  const yard = ['Island', 'Island', 'Forest', 'Forest', 'Lightning Bolt', 'Giant Growth', 'Grizzly Bears'];

  it('puts three chosen cards from the graveyard on the bottom of the library for +3/+3, once a turn (threshold)', () => {
    const g = game({ battlefield: ['Battlefield Scrounger'], graveyard: yard });
    act(g, 'activate Battlefield Scrounger');
    pick(g, 'Lightning Bolt');
    pick(g, 'Giant Growth');
    pick(g, 'Grizzly Bears');
    resolveStack(g);
    const scrounger = g.view(0).battlefield.find((c) => c.name === 'Battlefield Scrounger')!;
    expect([scrounger.power, scrounger.toughness]).toEqual([6, 6]);
    expect(zone(g, 'graveyard-0')).toEqual(['Island', 'Island', 'Forest', 'Forest']);
    expect(zone(g, 'library-0').slice(-3).sort()).toEqual(['Giant Growth', 'Grizzly Bears', 'Lightning Bolt']);
    // Four cards left: no threshold, and once a turn anyway.
    expect(labels(g).some((l) => l.startsWith('activate Battlefield Scrounger'))).toBe(false);
  });

  it('is not offered with fewer than seven cards in the graveyard (threshold), nor three to put back', () => {
    const g = game({ battlefield: ['Battlefield Scrounger'], graveyard: yard.slice(0, 6) });
    expect(labels(g).some((l) => l.startsWith('activate Battlefield Scrounger'))).toBe(false);
  });
});
