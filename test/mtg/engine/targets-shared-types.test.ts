// `TargetsWithSharedTypes$` ("another target permanent that shares one of those types with it"):
// Legerdemain, played with the real card. Skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, field, pick, resolveStack } from './helpers.js';

const ISLANDS = ['Island', 'Island', 'Island', 'Island'];

describe('TargetsWithSharedTypes: Legerdemain', needsCorpus('forge-cards'), () => {
  it('the second target shares a type with the first: a creature for a creature, never a land', () => {
    const g = board(
      { battlefield: [...ISLANDS, 'Grizzly Bears', 'Forest'], hand: ['Legerdemain'], library: ISLANDS },
      { battlefield: ['Hill Giant'], library: ISLANDS },
      { registry: realRegistry() },
    );
    act(g, 'cast Legerdemain');
    pick(g, 'target Hill Giant');
    // The only other permanent sharing a type with Hill Giant is Grizzly Bears: the second target
    // is forced (no decision), where every land of the table would otherwise be offered.
    expect(g.pending()?.kind).toBe('priority');
    resolveStack(g);
    expect(field(g, 0)).toContain('Hill Giant');
    expect(field(g, 1)).toContain('Grizzly Bears');
    expect(field(g, 1)).not.toContain('Forest');
  });
});
