// A charm's mode whose only target would be the charm itself is no mode (CR 115.5: a spell on the
// stack is not a legal target for itself). Hydroblast, cast with nothing else on the stack, was
// offered "counter target spell", which then failed for want of a target and put the card back:
// a loop a player (or the puzzle solver, which recursed on it until the stack ran out) could
// repeat for ever. Played with the real card; skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, field, labels, pick, resolveStack } from './helpers.js';

describe('charm modes and the spell itself (CR 115.5)', needsCorpus('forge-cards'), () => {
  it('Hydroblast with nothing else on the stack offers only "destroy target permanent"', () => {
    const g = board(
      { battlefield: ['Island', 'Island'], hand: ['Hydroblast'], library: ['Island', 'Island'] },
      { battlefield: ['Goblin Piker'], library: ['Island', 'Island'] },
      { registry: realRegistry() },
    );
    act(g, 'cast Hydroblast');
    // One mode left: chosen without a decision, and the target is asked for at once.
    expect(g.pending()?.kind).toBe('targets');
    expect(labels(g).some((l) => l.includes('Goblin Piker'))).toBe(true);
    pick(g, 'target Goblin Piker');
    resolveStack(g);
    expect(field(g, 1)).not.toContain('Goblin Piker');
  });

  it('with a spell on the stack both modes are offered', () => {
    const g = board(
      { battlefield: ['Island', 'Island'], hand: ['Hydroblast'], library: ['Island', 'Island'] },
      { battlefield: ['Mountain'], hand: ['Shock'], library: ['Island', 'Island'] },
      { registry: realRegistry(), active: 1 },
    );
    act(g, 'cast Shock');
    pick(g, 'target p1');
    act(g, 'cast Hydroblast');
    expect(g.pending()?.kind).toBe('mode');
    expect(labels(g)).toEqual(["Counter target spell if it's red.", "Destroy target permanent if it's red."]);
  });
});
