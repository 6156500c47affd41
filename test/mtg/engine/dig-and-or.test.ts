// `Dig | AndOrValid$` ("you may put a creature card and/or a land card from among them into your
// hand"): one card of each kind at most, each a choice. Gift of the Gargantuan and Kiora, Master
// of the Depths's −2, played with the real cards. Skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, labels, pick, resolveStack, zone } from './helpers.js';

describe('Dig AndOrValid$', needsCorpus('forge-cards'), () => {
  it('Gift of the Gargantuan: a creature card and a land card; the rest to the bottom', () => {
    const library = ['Grizzly Bears', 'Forest', 'Centaur Courser', 'Lightning Bolt', 'Island'];
    const g = board(
      { hand: ['Gift of the Gargantuan'], battlefield: ['Forest', 'Forest', 'Forest'], library },
      { library: ['Island'] },
      { registry: realRegistry() },
    );
    act(g, 'cast Gift of the Gargantuan');
    resolveStack(g);
    // The creature first (either one, or none), then a land among the others.
    expect(labels(g)).toEqual(['done', 'Grizzly Bears', 'Centaur Courser']);
    pick(g, 'Centaur Courser');
    expect(labels(g)).toEqual(['done', 'Forest']);
    pick(g, 'Forest');
    resolveStack(g);
    expect(zone(g, 'hand-0')).toEqual(expect.arrayContaining(['Centaur Courser', 'Forest']));
    expect(zone(g, 'hand-0')).toHaveLength(2);
    expect(zone(g, 'library-0').slice(0, 1)).toEqual(['Island']);
  });

  it('either part may be declined', () => {
    const g = board(
      { hand: ['Gift of the Gargantuan'], battlefield: ['Forest', 'Forest', 'Forest'], library: ['Grizzly Bears', 'Forest', 'Island', 'Island'] },
      { library: ['Island'] },
      { registry: realRegistry() },
    );
    act(g, 'cast Gift of the Gargantuan');
    resolveStack(g);
    pick(g, 'done');
    pick(g, 'Forest');
    resolveStack(g);
    expect(zone(g, 'hand-0')).toEqual(['Forest']);
  });
});
