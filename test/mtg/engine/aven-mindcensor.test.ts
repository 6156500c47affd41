// Aven Mindcensor's `LimitSearchLibrary` (CR 614.1): "if an opponent would search a library, that
// player searches the top four cards of that library instead". Real cards of the Forge corpus
// against their Oracle text. Needs the fetched corpus.
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, field, labels, pick, resolveStack } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

// Four Swamps on top, the only Forest fifth.
const LIBRARY = ['Swamp', 'Swamp', 'Swamp', 'Swamp', 'Forest', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

/** Casts Rampant Growth and resolves it up to its search; the searchable cards' names. */
function searchWithRampantGrowth(g: Game): string[] {
  act(g, 'cast Rampant Growth');
  resolveStack(g);
  expect(g.pending()?.kind).toBe('search');
  return labels(g);
}

describe('Aven Mindcensor (LimitSearchLibrary)', needsCorpus('forge-cards'), () => {
  it("an opponent's search of their library sees only its top four cards", () => {
    const g = game({ hand: ['Rampant Growth'], battlefield: ['Forest', 'Forest'] }, { battlefield: ['Aven Mindcensor'] });
    expect(searchWithRampantGrowth(g)).toEqual(['find nothing more', 'Swamp', 'Swamp', 'Swamp', 'Swamp']);
    pick(g, 'Swamp');
    expect(field(g, 0)).toEqual(['Forest', 'Forest', 'Swamp']);
    // Still a search: the library is shuffled after it.
    expect(g.state.zones['library-0']!.length).toBe(5);
  });

  it("its controller's own search is not limited", () => {
    const g = game({ hand: ['Rampant Growth'], battlefield: ['Forest', 'Forest', 'Aven Mindcensor'] });
    const offered = searchWithRampantGrowth(g);
    expect(offered).toContain('Forest');
    expect(offered).toContain('Island');
    pick(g, 'Forest');
    expect(field(g, 0)).toEqual(['Forest', 'Forest', 'Aven Mindcensor', 'Forest']);
  });
});
