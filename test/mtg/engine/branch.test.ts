// `Branch` (BranchConditionSVar$ / BranchConditionSVarCompare$, TrueSubAbility$ / FalseSubAbility$):
// Treasure Map's "then if there are three or more landmark counters on it, ...", played with the
// real card. Skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, field, labels, pick, resolveStack } from './helpers.js';

const LIBRARY = ['Island', 'Island', 'Island'];

function activate(landmarks: number) {
  const g = board(
    { battlefield: [{ name: 'Treasure Map', counters: { LANDMARK: landmarks } }, 'Island'], library: LIBRARY },
    { library: LIBRARY },
    { registry: realRegistry() },
  );
  act(g, 'activate Treasure Map');
  resolveStack(g);
  // Scry 1: keep the Island on top.
  expect(labels(g)).toEqual(['keep Island on top', 'put Island on the bottom']);
  pick(g, 'keep Island on top');
  resolveStack(g);
  return g;
}

describe('Branch: Treasure Map', needsCorpus('forge-cards'), () => {
  it('the third landmark counter: the true branch removes them, transforms it and makes three Treasures', () => {
    const g = activate(2);
    expect(field(g, 0).filter((n) => n === 'Treasure')).toHaveLength(3);
    const cove = g.view(0).battlefield.find((c) => c.name === 'Treasure Cove')!;
    expect(cove.counters).toEqual({});
  });

  it('the second: nothing more happens (no FalseSubAbility$)', () => {
    const g = activate(1);
    expect(field(g, 0)).not.toContain('Treasure');
    expect(g.view(0).battlefield.find((c) => c.name === 'Treasure Map')!.counters).toEqual({ LANDMARK: 2 });
  });
});

describe('Branch: Approach of the Second Sun', needsCorpus('forge-cards'), () => {
  // Its first cast this game: the false branch puts it seventh from the top, which in a library of
  // three is the bottom (it was an engine invariant violation once Branch ran: PS_RIX9).
  it('goes seventh from the top, or to the bottom of a shorter library', () => {
    const plains = Array.from({ length: 7 }, () => 'Plains');
    const g = board({ battlefield: plains, hand: ['Approach of the Second Sun'], library: LIBRARY }, { library: LIBRARY }, { registry: realRegistry() });
    act(g, 'cast Approach of the Second Sun');
    resolveStack(g);
    const library = g.state.zones['library-0']!.map((id) => g.state.objects[id]!.card);
    expect(library).toEqual([...LIBRARY, 'Approach of the Second Sun']);
    expect(g.view(0).players[0].life).toBe(27);
  });
});
