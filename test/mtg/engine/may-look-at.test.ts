// `MayLookAt$` on a Continuous static (may-look-at.ts), against real cards of the Forge corpus:
// Goblin Spy's "Play with the top card of your library revealed." shows the top card to both
// seats; Sphinx of Jwar Isle's "You may look at the top card of your library any time." shows it
// to its controller only (CR 701.16a; hidden information, CR 400.2). Each new top card is shown
// as the game settles, before anyone gets priority.
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { board, passUntil } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Mountain', 'Forest', 'Plains', 'Swamp', 'Wastes', 'Mountain', 'Forest', 'Plains', 'Swamp', 'Wastes'];

/** What each seat knows of the card on top of `seat`'s library. */
function topKnown(g: Game, seat: 0 | 1): { name: string; known: boolean[] } {
  const o = g.state.objects[g.state.zones[`library-${seat}`]![0]!]!;
  return { name: o.card, known: [...o.known] };
}

/** The cards of seat 0's library the opponent (seat 1) was told of. */
function toOpponent(g: Game): string[] {
  return g.actions.flatMap((a) => (a.type === 'RevealCard' && a.to.includes(1) && a.name !== 'Island' ? [a.name] : []));
}

describe('MayLookAt: looking at the top of a library', needsCorpus('forge-cards'), () => {
  it('Goblin Spy: the top card is revealed to both players, and the next one once the first is drawn', () => {
    const g = board(
      { battlefield: ['Goblin Spy'], library: LIBRARY, hand: ['Island', 'Island'] },
      { library: ['Island', 'Island', 'Island', 'Island', 'Island', 'Island', 'Island', 'Island', 'Island', 'Island'] },
      { registry: realRegistry() },
    );
    passUntil(g, 'main1', 1);
    const first = topKnown(g, 0);
    expect(first.known).toEqual([true, true]);
    // The opponent's library is not looked at: Goblin Spy's Affected$ is your top card.
    expect(topKnown(g, 1).known).toEqual([false, false]);
    passUntil(g, 'main1', 3);
    const next = topKnown(g, 0);
    expect(next.name).not.toBe(first.name);
    expect(next.known).toEqual([true, true]);
    expect(toOpponent(g)).toEqual([first.name, next.name]);
  });

  it('Sphinx of Jwar Isle: only its controller looks at the top card', () => {
    const g = board(
      { battlefield: ['Sphinx of Jwar Isle'], library: LIBRARY, hand: ['Island', 'Island'] },
      { library: ['Island', 'Island', 'Island', 'Island', 'Island', 'Island', 'Island', 'Island', 'Island', 'Island'] },
      { registry: realRegistry() },
    );
    passUntil(g, 'main1', 1);
    expect(topKnown(g, 0).known).toEqual([true, false]);
    expect(toOpponent(g)).toEqual([]);
  });

  it('without such a static nobody is shown the top card', () => {
    const g = board(
      { battlefield: ['Grizzly Bears'], library: LIBRARY, hand: ['Island', 'Island'] },
      { library: ['Island', 'Island', 'Island', 'Island', 'Island', 'Island', 'Island', 'Island', 'Island', 'Island'] },
      { registry: realRegistry() },
    );
    passUntil(g, 'main1', 1);
    expect(topKnown(g, 0).known).toEqual([false, false]);
  });
});
