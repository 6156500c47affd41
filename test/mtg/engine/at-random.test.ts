// "At random" (Forge's `AtRandom$`): the card is drawn from the game's seeded random stream and
// nobody is asked, on ChangeZone from a hidden choice (Haunted Fengraf, Make a Wish) and on
// ChooseCard (Deadbridge Chant). Real cards of the Forge corpus against their Oracle text.
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { act, board, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, seed = 'at-random'): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY }, { registry: realRegistry(), seed });
}

const FENGRAF = ['Haunted Fengraf', 'Swamp', 'Swamp', 'Swamp'];

describe('AtRandom$', needsCorpus('cards'), () => {
  it('Haunted Fengraf: a creature card at random comes back, the only one there; a noncreature card stays', () => {
    const g = game({ battlefield: FENGRAF, graveyard: ['Shock', 'Grizzly Bears'], hand: ['Plains'] });
    act(g, 'activate Haunted Fengraf: 3 T');
    expect(zone(g, 'hand-0').sort()).toEqual(['Grizzly Bears', 'Plains']);
    expect(zone(g, 'graveyard-0').sort()).toEqual(['Haunted Fengraf', 'Shock']);
  });

  it('Haunted Fengraf with three creature cards: one of them, nobody asked, the same one for the same seed', () => {
    const run = (seed: string) => {
      const g = game({ battlefield: FENGRAF, graveyard: ['Grizzly Bears', 'Hill Giant', 'Serra Angel'], hand: ['Plains'] }, seed);
      act(g, 'activate Haunted Fengraf: 3 T');
      // Nobody was asked which card: the next decision is the player's priority again.
      expect(g.pending()?.kind).toBe('priority');
      return zone(g, 'hand-0').filter((n) => n !== 'Plains');
    };
    const first = run('a');
    expect(first).toHaveLength(1);
    expect(['Grizzly Bears', 'Hill Giant', 'Serra Angel']).toContain(first[0]);
    expect(run('a')).toEqual(first);
    // Other seeds draw the others too: the draw is from the stream, not the first card.
    const seen = new Set(['b', 'c', 'd', 'e', 'f', 'g', 'h'].map((s) => run(s)[0]));
    expect(seen.size).toBeGreaterThan(1);
  });

  it('Make a Wish: two cards at random (ChangeNum$ 2) of three', () => {
    const g = game({
      battlefield: ['Forest', 'Forest', 'Forest', 'Forest'],
      hand: ['Make a Wish', 'Plains'],
      graveyard: ['Shock', 'Giant Growth', 'Grizzly Bears'],
    });
    act(g, 'cast Make a Wish');
    expect(zone(g, 'graveyard-0')).toHaveLength(2);
    expect(zone(g, 'graveyard-0')).toContain('Make a Wish');
    expect(zone(g, 'hand-0')).toHaveLength(3);
  });

  it('Deadbridge Chant (ChooseCard AtRandom$): at upkeep a card at random; a creature card enters, another card goes to hand', () => {
    const upkeep = (graveyard: string[]) =>
      board(
        { library: LIBRARY, battlefield: ['Deadbridge Chant'], graveyard, hand: ['Plains'] },
        { library: LIBRARY },
        { registry: realRegistry(), seed: 'chant', step: 'upkeep' },
      );
    const creature = upkeep(['Grizzly Bears']);
    act(creature, 'play Plains');
    expect(zone(creature, 'battlefield')).toContain('Grizzly Bears');
    const spell = upkeep(['Shock']);
    act(spell, 'play Plains');
    expect(zone(spell, 'hand-0')).toContain('Shock');
    // Of several, one: the others stay.
    const several = upkeep(['Shock', 'Giant Growth', 'Lightning Bolt']);
    // Nobody chooses it: the first decision of the game is a priority one.
    expect(several.pending()?.kind).toBe('priority');
    act(several, 'play Plains');
    expect(zone(several, 'graveyard-0')).toHaveLength(2);
  });
});
