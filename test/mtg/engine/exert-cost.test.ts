// Exert as a cost (CR 701.43a): "{T}, Exert Oasis Ritualist: Add two mana of any one color." The
// permanent won't untap during its controller's next untap step. Real cards of the Forge corpus.
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { act, board, labels, passUntil, pick } from './helpers.js';
import { realRegistry } from './corpus.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

describe('Exert as a cost (CR 701.43)', needsCorpus('cards'), () => {
  it('Oasis Ritualist exerted for two green casts Grizzly Bears, and stays tapped through its next untap step', () => {
    const g = board(
      { library: LIBRARY, hand: ['Grizzly Bears'], battlefield: ['Oasis Ritualist'] },
      { library: LIBRARY },
      { registry: realRegistry(), seed: 'exert' },
    );
    // Only the exert ability makes enough for the Bears: {T} alone makes one.
    expect(labels(g).filter((l) => l.startsWith('cast'))).toEqual([]);
    act(g, 'activate Oasis Ritualist: T Exert<1/CARDNAME>');
    pick(g, 'green');
    expect(g.view(0).players[0].manaPool).toBe('GG');
    act(g, 'cast Grizzly Bears');
    passUntil(g, 'main1', 3);
    const ritualist = () => g.view(0).battlefield.find((c) => c.name === 'Oasis Ritualist')!;
    expect(g.view(0).battlefield.map((c) => c.name)).toContain('Grizzly Bears');
    // Exerted: it did not untap in turn 3's untap step (CR 701.43a) ...
    expect(ritualist().tapped).toBe(true);
    // ... and untaps in the one after.
    passUntil(g, 'main1', 5);
    expect(ritualist().tapped).toBe(false);
  });

  it('the plain {T} ability does not exert: it untaps as usual', () => {
    const g = board(
      { library: LIBRARY, hand: ['Llanowar Elves'], battlefield: ['Oasis Ritualist'] },
      { library: LIBRARY },
      { registry: realRegistry(), seed: 'exert' },
    );
    act(g, 'cast Llanowar Elves');
    passUntil(g, 'main1', 3);
    expect(g.view(0).battlefield.find((c) => c.name === 'Oasis Ritualist')!.tapped).toBe(false);
  });
});
