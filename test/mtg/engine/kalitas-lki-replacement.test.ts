// Kalitas, Traitor of Ghet's `CheckSelfLKIZone$ True` replacement (CR 614.1, 614.4): "if a nontoken
// creature an opponent controls would die, instead exile that card and create a 2/2 black Zombie",
// applied also when Kalitas leaves the battlefield in the same event (a wrath), as it last was
// there. Real cards of the Forge corpus against their Oracle text. Needs the fetched corpus.
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, field, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

describe('Kalitas, Traitor of Ghet (CheckSelfLKIZone)', needsCorpus('forge-cards'), () => {
  it("an opponent's creature that would die is exiled instead and Kalitas's controller gets a Zombie", () => {
    const g = game({ hand: ['Lightning Bolt'], battlefield: ['Mountain', 'Kalitas, Traitor of Ghet'] }, { battlefield: ['Grizzly Bears'] });
    act(g, 'cast Lightning Bolt');
    act(g, 'target Grizzly Bears');
    resolveStack(g);
    expect(zone(g, 'exile')).toEqual(['Grizzly Bears']);
    expect(zone(g, 'graveyard-1')).toEqual([]);
    expect(field(g, 0)).toEqual(['Mountain', 'Kalitas, Traitor of Ghet', 'Zombie']);
  });

  it('its own creatures and tokens die as usual', () => {
    const g = game({ hand: ['Lightning Bolt'], battlefield: ['Mountain', 'Kalitas, Traitor of Ghet', 'Grizzly Bears'] });
    act(g, 'cast Lightning Bolt');
    act(g, 'target Grizzly Bears');
    resolveStack(g);
    expect(zone(g, 'graveyard-0')).toContain('Grizzly Bears');
    expect(field(g, 0)).toEqual(['Mountain', 'Kalitas, Traitor of Ghet']);
  });

  it('destroyed together with them by Wrath of God, Kalitas still exiles them and makes a Zombie each', () => {
    const g = game(
      { hand: ['Wrath of God'], battlefield: ['Plains', 'Plains', 'Plains', 'Plains', 'Kalitas, Traitor of Ghet'] },
      { battlefield: ['Grizzly Bears', 'Centaur Courser'] },
    );
    act(g, 'cast Wrath of God');
    resolveStack(g);
    expect(zone(g, 'graveyard-0')).toContain('Kalitas, Traitor of Ghet');
    expect([...zone(g, 'exile')].sort()).toEqual(['Centaur Courser', 'Grizzly Bears']);
    expect(zone(g, 'graveyard-1')).toEqual([]);
    // The Zombies were created as the creatures would have died, not among those the Wrath destroys.
    expect(field(g, 0).filter((n) => n === 'Zombie')).toHaveLength(2);
  });

  it('once Kalitas has left, a later death is not replaced', () => {
    const bolts = ['Lightning Bolt', 'Lightning Bolt', 'Lightning Bolt'];
    const g = game({ hand: bolts, battlefield: ['Mountain', 'Mountain', 'Mountain', 'Kalitas, Traitor of Ghet'] }, { battlefield: ['Grizzly Bears'] });
    for (const target of ['Kalitas', 'Kalitas', 'Grizzly Bears']) {
      act(g, 'cast Lightning Bolt');
      act(g, `target ${target}`);
      resolveStack(g);
    }
    expect(zone(g, 'graveyard-0')).toContain('Kalitas, Traitor of Ghet');
    expect(zone(g, 'graveyard-1')).toEqual(['Grizzly Bears']);
    expect(field(g, 0)).toEqual(['Mountain', 'Mountain', 'Mountain']);
  });
});
