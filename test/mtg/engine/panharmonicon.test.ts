// Panharmonicon's rule (CR 603.2d, `K:Panharmonicon:<valid>`): "If an artifact or creature entering
// the battlefield causes a triggered ability of a permanent you control to trigger, that ability
// triggers an additional time", and Naban, Dean of Iteration's Wizard version, played with the real
// cards against their Oracle text. Skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, passWhile, pick, resolveStack } from './helpers.js';

const LIBRARY = Array.from({ length: 10 }, () => 'Island');

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

const handSize = (g: Game): number => g.view(0).players[0].handCount;

describe('Panharmonicon (CR 603.2d)', needsCorpus('forge-cards'), () => {
  it('a creature entering: its own enters trigger triggers twice (Elvish Visionary draws two)', () => {
    const g = game({ hand: ['Elvish Visionary'], battlefield: ['Forest', 'Forest', 'Panharmonicon'] });
    const before = handSize(g);
    act(g, 'cast Elvish Visionary');
    resolveStack(g);
    // The creature left the hand; each trigger drew one.
    expect(handSize(g)).toBe(before - 1 + 2);
  });

  it('two Panharmonicons: three times', () => {
    const g = game({ hand: ['Elvish Visionary'], battlefield: ['Forest', 'Forest', 'Panharmonicon', 'Panharmonicon'] });
    const before = handSize(g);
    act(g, 'cast Elvish Visionary');
    resolveStack(g);
    // The creature left the hand; each trigger drew one.
    expect(handSize(g)).toBe(before - 1 + 3);
  });

  it('an opponent’s Panharmonicon does not double your triggers', () => {
    const g = game({ hand: ['Elvish Visionary'], battlefield: ['Forest', 'Forest'] }, { battlefield: ['Panharmonicon'] });
    const before = handSize(g);
    act(g, 'cast Elvish Visionary');
    resolveStack(g);
    // The creature left the hand; each trigger drew one.
    expect(handSize(g)).toBe(before - 1 + 1);
  });

  it('a land entering is neither an artifact nor a creature: landfall triggers once', () => {
    const g = game({ hand: ['Forest'], battlefield: ['Grazing Gladehart', 'Panharmonicon'] });
    act(g, 'play Forest');
    expect(g.state.pending.length + g.state.stack.length).toBe(1);
    passWhile(g, (x) => x.pending()?.kind !== 'yes-no');
    pick(g, 'yes');
    expect(g.state.players[0].life).toBe(22);
  });
});

describe('Naban, Dean of Iteration', needsCorpus('forge-cards'), () => {
  it('a Wizard entering under your control triggers twice (Wistful Selkie draws two)', () => {
    const g = game({ hand: ['Wistful Selkie'], battlefield: ['Forest', 'Forest', 'Forest', 'Naban, Dean of Iteration'] });
    const before = handSize(g);
    act(g, 'cast Wistful Selkie');
    resolveStack(g);
    // The creature left the hand; each trigger drew one.
    expect(handSize(g)).toBe(before - 1 + 2);
  });

  it('a creature that is not a Wizard triggers once', () => {
    const g = game({ hand: ['Elvish Visionary'], battlefield: ['Forest', 'Forest', 'Naban, Dean of Iteration'] });
    const before = handSize(g);
    act(g, 'cast Elvish Visionary');
    resolveStack(g);
    // The creature left the hand; each trigger drew one.
    expect(handSize(g)).toBe(before - 1 + 1);
  });
});
