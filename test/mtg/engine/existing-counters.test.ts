// Counters of the kinds already there: `PutCounter | CounterType$ ExistingCounter` (Animation
// Module's "choose a counter ... give another of that kind"), with `EachExistingCounter$ True`
// (Maulfist Revolutionary, Skyship Plunderer: one more of each kind, on a permanent or a player),
// and `AddOrRemoveCounter` (Quarry Hauler: for each kind, put one or remove one), played with the
// real cards against their Oracle text. Skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, find, labels, pick, resolveStack } from './helpers.js';

const LIBRARY = Array.from({ length: 8 }, () => 'Forest');

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

const forests = (n: number) => Array.from({ length: n }, () => 'Forest');

describe('EachExistingCounter / ExistingCounter / AddOrRemoveCounter', needsCorpus('forge-cards'), () => {
  it('Maulfist Revolutionary: one more counter of each kind on target permanent', () => {
    const g = game({
      hand: ['Maulfist Revolutionary'],
      battlefield: [...forests(3), { name: 'Grizzly Bears', counters: { P1P1: 2, CHARGE: 1 } }, 'Centaur Courser'],
    });
    act(g, 'cast Maulfist Revolutionary');
    resolveStack(g);
    pick(g, 'target Grizzly Bears');
    resolveStack(g);
    expect(find(g, 'Grizzly Bears', 0).counters).toEqual({ P1P1: 3, CHARGE: 2 });
    expect(find(g, 'Centaur Courser', 0).counters).toEqual({});
  });

  it('Maulfist Revolutionary: a player gets one more of each kind (poison and energy)', () => {
    const g = game({ hand: ['Maulfist Revolutionary'], battlefield: forests(3) }, { poison: 2, counters: { ENERGY: 1 } });
    act(g, 'cast Maulfist Revolutionary');
    resolveStack(g);
    pick(g, 'target p2');
    resolveStack(g);
    expect(g.state.players[1].poison).toBe(3);
    expect(g.state.players[1].counters).toEqual({ ENERGY: 2 });
  });

  it('Quarry Hauler: for each kind, put one or remove one, as its controller chooses', () => {
    const g = game({ hand: ['Quarry Hauler'], battlefield: forests(4) }, { battlefield: [{ name: 'Serra Angel', counters: { P1P1: 2, CHARGE: 2 } }] });
    act(g, 'cast Quarry Hauler');
    resolveStack(g);
    if (g.pending()?.kind === 'targets') pick(g, 'target Serra Angel');
    resolveStack(g);
    // The kinds in name order: charge first, then +1/+1.
    expect(labels(g)).toEqual(['put a CHARGE counter', 'remove a CHARGE counter']);
    pick(g, 'put a CHARGE counter');
    pick(g, 'remove a P1P1 counter');
    expect(find(g, 'Serra Angel', 1).counters).toEqual({ CHARGE: 3, P1P1: 1 });
  });

  it('Animation Module: {3}, {T}: choose one kind of counter on target permanent, give another', () => {
    const g = game({ battlefield: [...forests(3), 'Animation Module', { name: 'Grizzly Bears', counters: { P1P1: 1, CHARGE: 1 } }] });
    act(g, 'activate Animation Module');
    if (g.pending()?.kind === 'targets') pick(g, 'target Grizzly Bears');
    resolveStack(g);
    expect(labels(g)).toEqual(['CHARGE counter', 'P1P1 counter']);
    pick(g, 'CHARGE counter');
    resolveStack(g);
    expect(find(g, 'Grizzly Bears', 0).counters).toEqual({ P1P1: 1, CHARGE: 2 });
  });
});
