// Haunt (CR 702.55: "When this creature dies, exile it haunting target creature", and "When this
// creature enters or the creature it haunts dies, ..."), on real cards of the Forge corpus
// against their Oracle text. Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

const life = (g: Game, seat: 0 | 1) => g.state.players[seat].life;

/** Answers the pending choices until priority, taking `answers` in order when offered. */
function answer(g: Game, ...answers: string[]): void {
  for (const a of answers) {
    if (g.pending()?.kind === 'priority') break;
    pick(g, a);
  }
}

describe('Haunt (CR 702.55): Blind Hunter', needsCorpus('forge-cards'), () => {
  it('drains as it enters; dies and haunts a creature; drains again when that creature dies', () => {
    const g = game(
      { hand: ['Blind Hunter', 'Lightning Bolt', 'Lightning Bolt'], battlefield: ['Plains', 'Plains', 'Swamp', 'Swamp', 'Mountain', 'Mountain'] },
      { battlefield: ['Grizzly Bears'] },
    );
    act(g, 'cast Blind Hunter');
    resolveStack(g);
    // "When Blind Hunter enters ... target player loses 2 life and you gain 2 life."
    if (g.pending()?.kind === 'targets') pick(g, 'target p2');
    resolveStack(g);
    expect(life(g, 1)).toBe(18);
    expect(life(g, 0)).toBe(22);
    act(g, 'cast Lightning Bolt');
    pick(g, 'target Blind Hunter');
    resolveStack(g);
    // Haunt: exiled haunting target creature (the Bears are the only one left: no question).
    if (g.pending()?.kind === 'targets') pick(g, 'target Grizzly Bears');
    resolveStack(g);
    expect(zone(g, 'exile')).toEqual(['Blind Hunter']);
    expect(zone(g, 'graveyard-0')).toEqual(['Lightning Bolt']);
    act(g, 'cast Lightning Bolt');
    if (g.pending()?.kind === 'targets') pick(g, 'target Grizzly Bears');
    resolveStack(g);
    // The haunted creature died: the trigger works from exile (CR 702.55c).
    answer(g, 'target p2');
    resolveStack(g);
    expect(zone(g, 'graveyard-1')).toEqual(['Grizzly Bears']);
    expect(life(g, 1)).toBe(16);
    expect(life(g, 0)).toBe(24);
    expect(zone(g, 'exile')).toEqual(['Blind Hunter']);
  });

  it('a creature it haunted that left the battlefield and came back is another object (CR 400.7): no drain when it dies', () => {
    const g = game({
      hand: ['Lightning Bolt', 'Lightning Bolt', 'Unsummon'],
      battlefield: ['Blind Hunter', 'Grizzly Bears', 'Mountain', 'Mountain', 'Island', 'Forest', 'Forest'],
    });
    act(g, 'cast Lightning Bolt');
    pick(g, 'target Blind Hunter');
    resolveStack(g);
    // The Bears are the only creature left: Blind Hunter haunts them.
    if (g.pending()?.kind === 'targets') pick(g, 'target Grizzly Bears');
    resolveStack(g);
    expect(zone(g, 'exile')).toEqual(['Blind Hunter']);
    act(g, 'cast Unsummon');
    resolveStack(g);
    expect(zone(g, 'hand-0')).toContain('Grizzly Bears');
    act(g, 'cast Grizzly Bears');
    resolveStack(g);
    act(g, 'cast Lightning Bolt');
    pick(g, 'target Grizzly Bears');
    resolveStack(g);
    expect(zone(g, 'graveyard-0')).toContain('Grizzly Bears');
    // The Bears that died are not the creature Blind Hunter haunted: nothing triggers.
    expect(g.pending()?.kind).toBe('priority');
    expect(life(g, 1)).toBe(20);
    expect(life(g, 0)).toBe(20);
  });
});
