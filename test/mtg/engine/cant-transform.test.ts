// "CARDNAME can't transform" (Bound by Moonsilver's "enchanted creature can't attack, block, or
// transform", Immerwolf's "non-Human Werewolf creatures you control can't transform"): an effect
// that would transform it does nothing (CR 101.2, 701.27). Real cards of the Forge corpus.
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { act, board, passUntil } from './helpers.js';
import { realRegistry } from './corpus.js';
import type { PermanentSetup } from '../../../src/mtg/engine/index.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

/** The game from the first upkeep, when a werewolf transforms if no spells were cast last turn. */
function upkeep(battlefield: Array<string | PermanentSetup>) {
  return board({ library: LIBRARY, battlefield, hand: ['Plains'] }, { library: LIBRARY }, { registry: realRegistry(), seed: 'moon', step: 'upkeep' });
}

const faces = (g: ReturnType<typeof upkeep>) =>
  g
    .view(0)
    .battlefield.filter((c) => c.controller === 0)
    .map((c) => c.name);

describe("CARDNAME can't transform", needsCorpus('cards'), () => {
  it('Gatstaf Shepherd transforms at upkeep on its own, not under Bound by Moonsilver', () => {
    expect(faces(upkeep(['Gatstaf Shepherd']))).toEqual(['Gatstaf Howler']);
    expect(faces(upkeep(['Gatstaf Shepherd', { name: 'Bound by Moonsilver', attachedTo: 0 }]))).toEqual(['Gatstaf Shepherd', 'Bound by Moonsilver']);
  });

  it('Immerwolf: the Shepherd (Human) still transforms; the Howler (non-Human) does not transform back', () => {
    const run = (battlefield: string[]) => {
      const g = board(
        { library: LIBRARY, battlefield, hand: ['Ornithopter', 'Ornithopter'] },
        { library: LIBRARY },
        { registry: realRegistry(), seed: 'moon', step: 'upkeep' },
      );
      // No spell last turn: the Human Shepherd transforms into the Howler, Immerwolf or not.
      expect(faces(g)[0]).toBe('Gatstaf Howler');
      // Two spells this turn: at the next upkeep the Howler would transform back.
      act(g, 'cast Ornithopter');
      act(g, 'cast Ornithopter');
      passUntil(g, 'main1', 2);
      return faces(g)[0];
    };
    expect(run(['Gatstaf Shepherd'])).toBe('Gatstaf Shepherd');
    expect(run(['Gatstaf Shepherd', 'Immerwolf'])).toBe('Gatstaf Howler');
  });
});
