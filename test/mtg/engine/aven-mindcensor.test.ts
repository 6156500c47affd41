// Aven Mindcensor's `LimitSearchLibrary` (CR 614.1): "if an opponent would search a library, that
// player searches the top four cards of that library instead". Real cards of the Forge corpus
// against their Oracle text. Needs the fetched corpus.
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, field, labels, pick, resolveStack, zone } from './helpers.js';
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

  it('a search for all cards of a name (Lost Legacy) finds them among the top four only', () => {
    const g = game(
      { hand: ['Lost Legacy'], battlefield: ['Swamp', 'Swamp', 'Swamp'] },
      { battlefield: ['Aven Mindcensor'], graveyard: ['Grizzly Bears'], library: ['Island', 'Grizzly Bears', 'Island', 'Island', 'Grizzly Bears', 'Island'] },
    );
    expect(lostLegacy(g)).toEqual(['Grizzly Bears', 'Grizzly Bears']);
    // The fifth card was not searched (still in the library, or drawn once the game went on).
    expect([...zone(g, 'library-1'), ...zone(g, 'hand-1')]).toContain('Grizzly Bears');
  });

  it('without Aven Mindcensor, Lost Legacy finds every copy', () => {
    const g = game(
      { hand: ['Lost Legacy'], battlefield: ['Swamp', 'Swamp', 'Swamp'] },
      { graveyard: ['Grizzly Bears'], library: ['Island', 'Grizzly Bears', 'Island', 'Island', 'Grizzly Bears', 'Island'] },
    );
    expect(lostLegacy(g)).toEqual(['Grizzly Bears', 'Grizzly Bears', 'Grizzly Bears']);
    expect(zone(g, 'library-1')).not.toContain('Grizzly Bears');
  });

  it('under Mindlock Orb (CantSearchLibrary) Lost Legacy finds nothing in the library', () => {
    const g = game(
      { hand: ['Lost Legacy'], battlefield: ['Swamp', 'Swamp', 'Swamp', 'Mindlock Orb'] },
      { graveyard: ['Grizzly Bears'], library: ['Grizzly Bears', 'Island'] },
    );
    expect(lostLegacy(g)).toEqual(['Grizzly Bears']);
    // Still in the library, or drawn from it once the game went on to the opponent's turn.
    expect([...zone(g, 'library-1'), ...zone(g, 'hand-1')]).toContain('Grizzly Bears');
  });
});

/** Casts Lost Legacy naming Grizzly Bears at the opponent; the exiled cards' names. */
function lostLegacy(g: Game): string[] {
  act(g, 'cast Lost Legacy');
  pick(g, 'target p2');
  resolveStack(g);
  pick(g, 'Grizzly Bears');
  resolveStack(g);
  return zone(g, 'exile');
}
