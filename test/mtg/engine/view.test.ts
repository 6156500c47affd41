// A seat's view after a shuffle: the table's card ids are dealt anew among a library's objects
// (libraryShuffled), so the view must find a revealed card by the id its object holds now, not by
// one remembered from before the shuffle.
import { describe, expect, it } from 'vitest';
import { libraryShuffled } from '../../../src/mtg/engine/zones.js';
import { board } from './helpers.js';

describe('seat view', () => {
  it('shows the card revealed after a shuffle as itself, and only to the seat it was shown to', () => {
    const game = board({ library: ['Test Bear', 'Test Giant', 'Test Bolt', 'Test Wall', 'Test Hawk', 'Test Mountain', 'Test Growth', 'Test Forest'] });
    game.view(0); // a view before the shuffle
    const g = game.internals;
    for (let round = 0; round < 3; round++) {
      g.table.shuffle('library-0');
      libraryShuffled(g, 0);
      const top = g.s.objects[g.s.zones['library-0']![0]!]!;
      g.table.reveal(top.tid, ['p1']);
      expect(game.view(0).revealed.map((c) => [c.id, c.name])).toEqual([[top.id, top.card]]);
      expect(game.view(1).revealed).toEqual([]);
      g.table.hide(top.tid);
    }
  });
});
