// Fuse (CR 702.102): a split card with fuse cast from hand as both halves, paying both mana
// costs, the left half's instructions then the right half's. Real cards of the Forge corpus
// against their Oracle text.
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, play } from './real-card-scenario.js';
import { act, board, labels, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

describe('Fuse (CR 702.102): Turn // Burn', needsCorpus('cards'), () => {
  it('fused, Turn makes the Angel a 0/1 and then Burn deals it 2: it dies (left half first, CR 702.102d)', () => {
    const r = play(
      'Island;Island;Island;Mountain;Mountain',
      'Turn // Burn',
      'cast Turn // Burn (fuse) targeting Serra Angel\ntarget Serra Angel',
      'opponent graveyard contains Serra Angel\nopponent battlefield contains Grizzly Bears\nme graveyard contains Turn // Burn',
      { opponent: 'Serra Angel;Grizzly Bears' },
    );
    passes(r);
  });

  it('costs both halves ({2}{U} and {1}{R}): not offered with four lands, each half alone is', () => {
    const g = game({ hand: ['Turn // Burn'], battlefield: ['Island', 'Island', 'Island', 'Mountain'] }, { battlefield: ['Serra Angel'] });
    expect(labels(g).filter((l) => l.startsWith('cast'))).toEqual(['cast Turn', 'cast Burn']);
    expect(g.pending()?.unavailable?.find((u) => u.label === 'cast Turn // Burn (fuse)')?.reason).toBe('no-mana');
  });

  it('with five lands the fused spell taps all of them and both halves happen', () => {
    // The Plains in hand keeps the turn from running on once the spell resolves.
    const g = game(
      { hand: ['Turn // Burn', 'Plains'], battlefield: ['Island', 'Island', 'Island', 'Mountain', 'Mountain'] },
      { battlefield: ['Serra Angel', 'Grizzly Bears'] },
    );
    act(g, 'cast Turn // Burn (fuse)');
    // Turn's target first (the left half's), then Burn's.
    expect(labels(g)).toEqual(['target Serra Angel', 'target Grizzly Bears']);
    pick(g, 'target Serra Angel');
    // Burn's target: any target; the opponent this time.
    pick(g, 'target p2');
    // Nobody can respond: it has resolved. One spell, named by both halves, paid with all five lands.
    expect(g.state.stack).toEqual([]);
    expect(g.events.filter((e) => e.type === 'SpellCast').map((e) => (e as { name: string }).name)).toEqual(['Turn // Burn']);
    expect(g.view(0).battlefield.filter((c) => c.controller === 0 && !c.tapped)).toEqual([]);
    expect(g.view(0).players[1].life).toBe(18);
    const angel = g.view(0).battlefield.find((c) => c.name === 'Serra Angel')!;
    expect([angel.power, angel.toughness]).toEqual([0, 1]);
    expect(zone(g, 'graveyard-0')).toEqual(['Turn // Burn']);
  });

  it('Wear // Tear: fused, both halves need their targets (CR 601.2c): no enchantment, no fused spell', () => {
    const g = game({ hand: ['Wear // Tear'], battlefield: ['Mountain', 'Mountain', 'Plains'] }, { battlefield: ['Ornithopter'] });
    expect(labels(g).filter((l) => l.startsWith('cast'))).toEqual(['cast Wear']);
    expect(g.pending()?.unavailable?.find((u) => u.label === 'cast Wear // Tear (fuse)')?.reason).toBe('no-target');
    const both = game({ hand: ['Wear // Tear'], battlefield: ['Mountain', 'Mountain', 'Plains'] }, { battlefield: ['Ornithopter', 'Glorious Anthem'] });
    act(both, 'cast Wear // Tear (fuse)');
    expect(zone(both, 'graveyard-1').sort()).toEqual(['Glorious Anthem', 'Ornithopter']);
  });

  it('on the stack the fused spell is both halves (CR 702.102b, 709.4d): red through Burn, so Blue Elemental Blast counters it', () => {
    const g = game(
      { hand: ['Turn // Burn'], battlefield: ['Island', 'Island', 'Island', 'Mountain', 'Mountain'] },
      { hand: ['Blue Elemental Blast'], battlefield: ['Island', 'Serra Angel', 'Grizzly Bears'] },
    );
    act(g, 'cast Turn // Burn (fuse)');
    pick(g, 'target Serra Angel');
    pick(g, 'target Serra Angel');
    act(g, 'cast Blue Elemental Blast');
    resolveStack(g);
    expect(zone(g, 'graveyard-0')).toEqual(['Turn // Burn']);
    expect(g.view(0).battlefield.find((c) => c.name === 'Serra Angel')).toMatchObject({ power: 4, toughness: 4 });
  });
});
