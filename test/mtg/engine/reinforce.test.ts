// Reinforce (CR 702.77): "[cost], Discard this card: Put N +1/+1 counters on target creature",
// activated from the hand at instant speed. Real cards of the Forge corpus.
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { act, board, labels, pick, zone } from './helpers.js';
import { realRegistry } from './corpus.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

describe('Reinforce (CR 702.77)', needsCorpus('cards'), () => {
  it('Mosquito Guard: {1}{W}, discard it: a +1/+1 counter on target creature', () => {
    const g = board(
      { library: LIBRARY, hand: ['Mosquito Guard', 'Mountain'], battlefield: ['Plains', 'Plains', 'Grizzly Bears'] },
      { library: LIBRARY },
      { registry: realRegistry(), seed: 'reinforce' },
    );
    expect(labels(g).filter((l) => l.startsWith('activate Mosquito Guard'))).toHaveLength(1);
    act(g, 'activate Mosquito Guard');
    expect(zone(g, 'graveyard-0')).toEqual(['Mosquito Guard']);
    const bears = g.view(0).battlefield.find((c) => c.name === 'Grizzly Bears')!;
    expect(bears.counters).toEqual({ P1P1: 1 });
    expect(bears.power).toBe(3);
  });

  it('Swell of Courage, reinforce X: {X}{W}{W} with X = 2 puts two counters', () => {
    const g = board(
      { library: LIBRARY, hand: ['Swell of Courage', 'Mountain'], battlefield: ['Plains', 'Plains', 'Plains', 'Plains', 'Grizzly Bears'] },
      { library: LIBRARY },
      { registry: realRegistry(), seed: 'reinforce' },
    );
    act(g, 'activate Swell of Courage');
    pick(g, 'X = 2');
    expect(g.view(0).battlefield.find((c) => c.name === 'Grizzly Bears')!.counters).toEqual({ P1P1: 2 });
  });
});
