// Splice onto Arcane (CR 702.47: reveal the card from your hand as you cast an Arcane spell, pay
// its splice cost as an additional cost, and the spell gains its text), on real cards of the Forge
// corpus against their Oracle text. Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, labels, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

const mountains = (n: number) => Array.from({ length: n }, () => 'Mountain');

function untapped(g: Game, seat: 0 | 1, name: string): number {
  return g.view(seat).battlefield.filter((c) => c.controller === seat && c.name === name && !c.tapped).length;
}

function life(g: Game, seat: 0 | 1): number {
  return g.state.players[seat].life;
}

describe('Splice onto Arcane (CR 702.47)', needsCorpus('forge-cards'), () => {
  it('Glacial Ray spliced onto Desperate Ritual: {1}{R} more, its target chosen with the spell, both effects, the Ray stays in hand', () => {
    const g = game({ hand: ['Desperate Ritual', 'Glacial Ray'], battlefield: mountains(4) });
    act(g, 'cast Desperate Ritual');
    expect(g.pending()?.kind).toBe('yes-no');
    expect(g.pending()?.prompt).toBe('Splice Glacial Ray onto Desperate Ritual (pay {1}{R})?');
    pick(g, 'yes');
    // The spliced text's target is chosen as the spell is cast (CR 702.47d).
    expect(g.pending()?.kind).toBe('targets');
    pick(g, 'target p2');
    // Four Mountains paid {1}{R} and the splice's {1}{R}; with nothing left to do the spell resolves.
    expect(untapped(g, 0, 'Mountain')).toBe(0);
    expect(g.actions.filter((a) => a.type === 'Stack').map((a) => (a.type === 'Stack' ? a.text : ''))).toEqual([
      'cast Desperate Ritual (spliced Glacial Ray) targeting p2',
    ]);
    // Revealed to both players, and still in its owner's hand (CR 702.47a).
    expect(g.actions.some((a) => a.type === 'RevealCard' && a.name === 'Glacial Ray' && a.to.includes(1))).toBe(true);
    resolveStack(g);
    expect(life(g, 1)).toBe(18);
    // The main spell's effect happened too, first (CR 702.47b): {R}{R}{R} in the pool.
    const order = g.actions.filter((a) => a.type === 'AddMana' || a.type === 'Damage').map((a) => a.type);
    expect(order.slice(-2)).toEqual(['AddMana', 'Damage']);
    expect(g.state.players[0].pool.filter((u) => u.c === 'R').length).toBe(3);
    expect(zone(g, 'graveyard-0')).toEqual(['Desperate Ritual']);
    expect(zone(g, 'hand-0')).toEqual(['Glacial Ray']);
  });

  it('declined, the spell is cast alone for its own cost', () => {
    const g = game({ hand: ['Glacial Ray', 'Desperate Ritual'], battlefield: mountains(4) });
    act(g, 'cast Glacial Ray');
    expect(g.pending()?.prompt).toBe('Splice Desperate Ritual onto Glacial Ray (pay {1}{R})?');
    pick(g, 'no');
    pick(g, 'target p2');
    expect(untapped(g, 0, 'Mountain')).toBe(2);
    expect(g.state.stack.map((s) => s.text)).toEqual(['Glacial Ray']);
    resolveStack(g);
    expect(life(g, 1)).toBe(18);
    expect(g.state.players[0].pool).toEqual([]);
    expect(zone(g, 'hand-0')).toEqual(['Desperate Ritual']);
  });

  it('is offered only when the splice cost can be paid on top of the spell, and only onto an Arcane spell', () => {
    const short = game({ hand: ['Glacial Ray', 'Desperate Ritual'], battlefield: mountains(3) });
    act(short, 'cast Glacial Ray');
    // Three Mountains pay the Ray but not the Ritual's {1}{R} besides: no question, straight to targets.
    expect(short.pending()?.kind).toBe('targets');
    const bolt = game({ hand: ['Lightning Bolt', 'Glacial Ray'], battlefield: mountains(4) });
    act(bolt, 'cast Lightning Bolt');
    expect(bolt.pending()?.kind).toBe('targets');
  });

  it('a card whose text has no legal target is not offered (CR 702.47b): Kodama\u2019s Might without a creature', () => {
    const g = game({ hand: ['Glacial Ray', "Kodama's Might"], battlefield: [...mountains(2), 'Forest'] });
    act(g, 'cast Glacial Ray');
    expect(g.pending()?.kind).toBe('targets');
    expect(labels(g).some((l) => l.includes('Splice'))).toBe(false);
  });

  it('a non-mana splice cost: Torrent of Stone spliced for two Mountains sacrificed, its 4 damage dealt by the Ray', () => {
    const g = game({ hand: ['Glacial Ray', 'Torrent of Stone'], battlefield: mountains(4) }, { battlefield: ['Serra Angel'] });
    act(g, 'cast Glacial Ray');
    pick(g, 'yes');
    pick(g, 'target p2');
    // Serra Angel is the only creature: the Torrent's target needs no question. Then the sacrifice.
    expect(g.pending()?.kind).toBe('choose');
    pick(g, 'Mountain');
    if (g.pending()?.kind === 'choose') pick(g, 'Mountain');
    expect(zone(g, 'graveyard-0')).toEqual(['Mountain', 'Mountain']);
    resolveStack(g);
    expect(life(g, 1)).toBe(18);
    expect(zone(g, 'graveyard-1')).toEqual(['Serra Angel']);
    expect(zone(g, 'hand-0')).toEqual(['Torrent of Stone']);
  });
});
