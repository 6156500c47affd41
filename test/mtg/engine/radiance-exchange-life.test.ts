// Radiance (an ability word, CR 207.2c: "target X and each other X that shares a color with it"),
// `WithCounters$` on a return to the battlefield (Otherworldly Journey) and `ExchangeLifeVariant`
// (CR 701.12g: Evra, Halcyon Witness; Tree of Redemption). Real cards of the Forge corpus against
// their Oracle text. Needs the fetched corpus.
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, field, find, pick, resolveStack } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

describe('Radiance', needsCorpus('forge-cards'), () => {
  it('Leave No Trace destroys the target enchantment and each other enchantment sharing a colour with it', () => {
    const g = game({ hand: ['Leave No Trace'], battlefield: ['Plains', 'Plains', 'Glorious Anthem'] }, { battlefield: ['Crusade', 'Bad Moon', 'Moat'] });
    act(g, 'cast Leave No Trace');
    pick(g, 'target Crusade');
    resolveStack(g);
    // Crusade is white: Glorious Anthem and Moat (white) go too, whoever controls them; Bad Moon
    // (black) stays.
    expect(field(g, 1)).toEqual(['Bad Moon']);
    expect(field(g, 0)).toEqual(['Plains', 'Plains']);
  });

  it('Brightflame deals X to the target and each creature sharing a colour, and gains the damage dealt', () => {
    const g = game(
      { hand: ['Brightflame'], battlefield: ['Mountain', 'Mountain', 'Plains', 'Plains', 'Plains', 'Grizzly Bears'] },
      { battlefield: ['Llanowar Elves', 'Savannah Lions', 'Goblin Piker'] },
    );
    act(g, 'cast Brightflame');
    pick(g, 'X = 1');
    pick(g, 'target Llanowar Elves');
    resolveStack(g);
    // Green: the Elves and the Bears (1 damage each, the Bears survive); white and red do not share.
    expect(field(g, 1)).toEqual(['Savannah Lions', 'Goblin Piker']);
    expect(find(g, 'Grizzly Bears').damage).toBe(1);
    expect(g.state.players[0].life).toBe(22);
  });
});

describe('WithCounters$', needsCorpus('forge-cards'), () => {
  it('Otherworldly Journey returns the creature at end of turn with a +1/+1 counter', () => {
    const g = game({ hand: ['Otherworldly Journey'], battlefield: ['Plains', 'Plains'] }, { battlefield: ['Grizzly Bears'] });
    act(g, 'cast Otherworldly Journey');
    // Nobody has anything more to do this turn: the game runs on past the end step's return.
    resolveStack(g);
    const moves = g.events.filter((e) => e.type === 'ZoneChanged' && e.name === 'Grizzly Bears').map((e) => e.type === 'ZoneChanged' && `${e.from}>${e.to}`);
    expect(moves).toEqual(['battlefield>exile', 'exile>battlefield']);
    const bears = find(g, 'Grizzly Bears', 1);
    expect(bears).toMatchObject({ power: 3, toughness: 3 });
    expect(bears.counters).toEqual({ P1P1: 1 });
  });
});

describe('ExchangeLifeVariant (CR 701.12g)', needsCorpus('forge-cards'), () => {
  it('Evra, Halcyon Witness: your life total becomes its power and its power your old life total', () => {
    const g = game({ life: 3, battlefield: ['Plains', 'Plains', 'Plains', 'Plains', 'Evra, Halcyon Witness'] });
    act(g, 'activate Evra');
    resolveStack(g);
    expect(g.state.players[0].life).toBe(4);
    expect(find(g, 'Evra, Halcyon Witness')).toMatchObject({ power: 3, toughness: 4 });
  });

  it('Tree of Redemption: toughness and life exchanged; a later exchange uses the new values', () => {
    const g = game({ life: 20, battlefield: ['Tree of Redemption'] });
    act(g, 'activate Tree of Redemption');
    resolveStack(g);
    expect(g.state.players[0].life).toBe(13);
    expect(find(g, 'Tree of Redemption')).toMatchObject({ power: 0, toughness: 20 });
  });
});
