// Count values of the Forge puzzle corpus: cards discarded this turn (Hollow One), the damage a
// source dealt this turn (Rite of Consumption), whether the madness cost was paid (Welcome to the
// Fold), opponents' poison counters (Mycosynth Fiend, Viridian Betrayers) and the opponents'
// lowest life total (Blood Baron of Vizkopa). Real cards of the Forge corpus against their Oracle
// text. Needs the fetched corpus.
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, field, find, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

/** The reason the pending priority point gives for an action it does not offer. */
function why(g: Game, label: string): string | undefined {
  return g.pending()?.unavailable?.find((u) => u.label === label)?.reason;
}

describe('turn and player counts', needsCorpus('forge-cards'), () => {
  it('Hollow One costs {2} less for each card its caster discarded this turn', () => {
    const g = game({ hand: ['Faithless Looting', 'Hollow One', 'Grizzly Bears', 'Centaur Courser'], battlefield: ['Mountain', 'Mountain'] });
    expect(why(g, 'cast Hollow One')).toBe('no-mana');
    act(g, 'cast Faithless Looting');
    resolveStack(g);
    pick(g, 'Grizzly Bears');
    pick(g, 'Centaur Courser');
    expect(zone(g, 'graveyard-0')).toEqual(expect.arrayContaining(['Grizzly Bears', 'Centaur Courser']));
    // Two discards: {5} less {4}, paid by the last Mountain.
    act(g, 'cast Hollow One');
    resolveStack(g);
    expect(field(g, 0)).toContain('Hollow One');
  });

  it("the opponent's discards do not count", () => {
    const g = game({ hand: ['Hollow One'], battlefield: ['Mountain', 'Swamp', 'Swamp'] }, { hand: ['Grizzly Bears', 'Centaur Courser'] });
    expect(why(g, 'cast Hollow One')).toBe('no-mana');
  });

  it('Rite of Consumption: you gain life equal to the damage it dealt', () => {
    const g = game({ hand: ['Rite of Consumption'], battlefield: ['Swamp', 'Swamp', 'Centaur Courser'] });
    act(g, 'cast Rite of Consumption');
    pick(g, 'target p2');
    resolveStack(g);
    expect(g.state.players[1].life).toBe(17);
    expect(g.state.players[0].life).toBe(23);
  });

  it('Rite of Consumption counts its own damage only: a second Rite this turn gains its own', () => {
    const g = game({
      hand: ['Rite of Consumption', 'Rite of Consumption'],
      battlefield: ['Swamp', 'Swamp', 'Swamp', 'Swamp', 'Grizzly Bears', 'Centaur Courser'],
    });
    for (const victim of ['Grizzly Bears', 'Centaur Courser']) {
      act(g, 'cast Rite of Consumption');
      if (g.pending()?.kind === 'choose') pick(g, victim);
      pick(g, 'target p2');
      resolveStack(g);
    }
    // 2 then 3 damage; 2 then 3 life, not 2 then 5.
    expect(g.state.players[1].life).toBe(15);
    expect(g.state.players[0].life).toBe(25);
  });

  it('Welcome to the Fold cast for its madness cost steals a creature of toughness X or less', () => {
    const g = game(
      { hand: ['Faithless Looting', 'Welcome to the Fold', 'Grizzly Bears'], battlefield: ['Mountain', 'Island', 'Island', 'Island', 'Island', 'Island'] },
      { battlefield: ['Centaur Courser'] },
    );
    act(g, 'cast Faithless Looting');
    resolveStack(g);
    pick(g, 'Welcome to the Fold');
    pick(g, 'Grizzly Bears');
    // Exiled by madness (CR 702.35a); its trigger offers the cast for {X}{U}{U}.
    act(g, 'yes');
    pick(g, 'X = 3');
    expect(g.events.some((e) => e.type === 'SpellCast' && e.name === 'Welcome to the Fold')).toBe(true);
    // Nobody has anything else to do: the spell resolves at once, its X 3 and its madness cost paid.
    resolveStack(g);
    expect(field(g, 0)).toContain('Centaur Courser');
  });

  it('Welcome to the Fold cast for its mana cost takes toughness 2 or less only', () => {
    const steal = (victim: string) => {
      const g = game({ hand: ['Welcome to the Fold'], battlefield: ['Island', 'Island', 'Island', 'Island'] }, { battlefield: [victim] });
      act(g, 'cast Welcome to the Fold');
      resolveStack(g);
      return field(g, 0).includes(victim);
    };
    expect(steal('Grizzly Bears')).toBe(true);
    expect(steal('Centaur Courser')).toBe(false);
  });

  it('Mycosynth Fiend gets +1/+1 for each poison counter its opponents have', () => {
    const g = game({ battlefield: ['Mycosynth Fiend'] }, { poison: 3 });
    expect(find(g, 'Mycosynth Fiend')).toMatchObject({ power: 5, toughness: 5 });
    const none = game({ battlefield: ['Mycosynth Fiend'] }, {});
    expect(find(none, 'Mycosynth Fiend')).toMatchObject({ power: 2, toughness: 2 });
  });

  it('Viridian Betrayers has infect while an opponent is poisoned', () => {
    expect(find(game({ battlefield: ['Viridian Betrayers'] }, { poison: 1 }), 'Viridian Betrayers').keywords).toContain('Infect');
    expect(find(game({ battlefield: ['Viridian Betrayers'] }, {}), 'Viridian Betrayers').keywords).not.toContain('Infect');
    // Its own controller's poison counters do not count.
    expect(find(game({ battlefield: ['Viridian Betrayers'], poison: 2 }), 'Viridian Betrayers').keywords).not.toContain('Infect');
  });

  it('Blood Baron of Vizkopa is 10/10 with flying at 30 life or more while an opponent has 10 or less', () => {
    const baron = (you: number, opp: number) => find(game({ life: you, battlefield: ['Blood Baron of Vizkopa'] }, { life: opp }), 'Blood Baron of Vizkopa');
    expect(baron(30, 10)).toMatchObject({ power: 10, toughness: 10 });
    expect(baron(30, 10).keywords).toContain('Flying');
    expect(baron(30, 11)).toMatchObject({ power: 4, toughness: 4 });
    expect(baron(29, 5)).toMatchObject({ power: 4, toughness: 4 });
  });
});
