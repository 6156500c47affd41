// Two primitives of the Forge puzzle PS_XLN7, on the real cards against their Oracle text:
// `Count$MostCardName` (Mechanized Production: "if you control eight or more artifacts with the
// same name as one another, you win the game", CR 104.2b) and a `CantBeCast` static's `Origin$`
// (Ashes of the Abhorrent: "Players can't cast spells from graveyards"). Skipped without the
// corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { board, field, labels, passUntil } from './helpers.js';

const LIBRARY = Array.from({ length: 6 }, () => 'Island');

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

const thopters = (n: number) => Array.from({ length: n }, () => 'Ornithopter');

describe('Count$MostCardName: Mechanized Production', needsCorpus('forge-cards'), () => {
  it('with seven Ornithopters, the upkeep copy makes eight of one name: you win', () => {
    const g = game({ battlefield: [...thopters(7), { name: 'Mechanized Production', attachedTo: 0 }] });
    passUntil(g, 'draw', 3);
    expect(g.winner).toBe(0);
  });

  it('seven of one name and one of another is not eight with the same name: the game goes on', () => {
    const g = game({ battlefield: [...thopters(6), 'Millikin', { name: 'Mechanized Production', attachedTo: 0 }] });
    passUntil(g, 'main1', 3);
    expect(g.winner).toBeUndefined();
    expect(field(g, 0).filter((n) => n === 'Ornithopter')).toHaveLength(7);
  });
});

describe('CantBeCast Origin$: Ashes of the Abhorrent', needsCorpus('forge-cards'), () => {
  it('no flashback from the graveyard while it is on the battlefield; a spell from hand still casts', () => {
    const g = game(
      { hand: ['Faithless Looting'], graveyard: ['Firebolt'], battlefield: ['Mountain', 'Mountain', 'Mountain', 'Mountain', 'Mountain'] },
      { battlefield: ['Ashes of the Abhorrent'] },
    );
    expect(labels(g).some((l) => l.startsWith('cast Firebolt'))).toBe(false);
    expect(labels(g)).toContain('cast Faithless Looting');
    const free = game({ graveyard: ['Firebolt'], battlefield: ['Mountain', 'Mountain', 'Mountain', 'Mountain', 'Mountain'] });
    expect(labels(free).some((l) => l.startsWith('cast Firebolt'))).toBe(true);
  });
});
