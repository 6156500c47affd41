// "You may spend mana as though it were mana of any type to cast creature spells" (CR 609.4b):
// Vizier of the Menagerie's hidden keyword on creature cards, played on the real card against its
// Oracle text. Skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, field, labels, resolveStack } from './helpers.js';

function game(p0: SeatSetup): Game {
  return board({ library: ['Island', 'Island'], ...p0 }, { library: ['Island', 'Island'] }, { registry: realRegistry() });
}

describe('mana of any type for creature spells (CR 609.4b): Vizier of the Menagerie', needsCorpus('forge-cards'), () => {
  // Its "cast the top card of your library" is not given yet (may-play.ts: no library), so only
  // the hand is played here.
  it('Islands cast green creatures from hand; not a green instant', () => {
    const g = game({
      hand: ['Grizzly Bears', 'Centaur Courser', 'Giant Growth'],
      battlefield: ['Vizier of the Menagerie', 'Island', 'Island', 'Island', 'Island', 'Island'],
    });
    expect(labels(g)).toContain('cast Grizzly Bears');
    expect(labels(g)).toContain('cast Centaur Courser');
    expect(labels(g)).not.toContain('cast Giant Growth');
    act(g, 'cast Grizzly Bears');
    resolveStack(g);
    act(g, 'cast Centaur Courser');
    resolveStack(g);
    expect(field(g, 0)).toEqual(expect.arrayContaining(['Grizzly Bears', 'Centaur Courser']));
  });

  it('without the Vizier, Islands cast no green creature', () => {
    const g = game({ hand: ['Grizzly Bears'], battlefield: ['Island', 'Island', 'Island'] });
    expect(labels(g)).not.toContain('cast Grizzly Bears');
  });
});
