// `GainControl` with `AllValid$` and `ControlledByTarget$ True`: Tezzeret, Master of Metal's −8,
// "Gain control of all artifacts and creatures target opponent controls" (CR 613.1b), on the real
// card against its Oracle text. Skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, field, resolveStack } from './helpers.js';

describe('GainControl AllValid$ ControlledByTarget$: Tezzeret, Master of Metal', needsCorpus('forge-cards'), () => {
  it('−8 takes every artifact and creature the targeted opponent controls, and nothing else', () => {
    const g = board(
      { hand: ['Forest'], battlefield: [{ name: 'Tezzeret, Master of Metal', counters: { LOYALTY: 8 } }, 'Centaur Courser'], library: ['Island', 'Island'] },
      { battlefield: ['Grizzly Bears', 'Ornithopter', 'Forest', 'Solemnity'], library: ['Island', 'Island'] },
      { registry: realRegistry() },
    );
    act(g, 'activate Tezzeret, Master of Metal: SubCounter<8/LOYALTY>');
    resolveStack(g);
    expect(field(g, 0).sort()).toEqual(['Centaur Courser', 'Grizzly Bears', 'Ornithopter']);
    expect(field(g, 1).sort()).toEqual(['Forest', 'Solemnity']);
  });
});
