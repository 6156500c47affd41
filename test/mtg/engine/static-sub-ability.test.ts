// `Static$ True` on a sub-ability (Forge's "without using the stack"): a sub-ability always happens
// as part of its parent's resolution (CR 608.2c), so the mark changes nothing of how it plays.
// Real cards of the Forge corpus. Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Swamp', 'Swamp', 'Swamp', 'Swamp', 'Swamp'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

const swamps = (n: number) => Array.from({ length: n }, () => 'Swamp');

describe('Static$ True sub-abilities', needsCorpus('forge-cards'), () => {
  // Today's behaviour, not the Oracle's: the counters' `Defined$ Targeted` names the graveyard card
  // the spell targeted, which became a new object on the battlefield (CR 400.7), so the counters find
  // nothing. "That creature enters with two additional counters" wants the new object; following a
  // target the same spell moved is not implemented (Swords to Plowshares's `TargetedController`
  // must keep reading the old one).
  it('Necromantic Summons: with spell mastery the creature returns, without the two +1/+1 counters yet', () => {
    const g = game({ hand: ['Necromantic Summons'], battlefield: swamps(5), graveyard: ['Shock', 'Opt'] }, { graveyard: ['Hill Giant'] });
    act(g, 'cast Necromantic Summons');
    resolveStack(g);
    const giant = g.view(0).battlefield.find((c) => c.name === 'Hill Giant')!;
    expect([giant.controller, giant.counters]).toEqual([0, {}]);
  });

  it('Necromantic Summons: with one instant in the graveyard, no counters', () => {
    const g = game({ hand: ['Necromantic Summons'], battlefield: swamps(5), graveyard: ['Shock', 'Hill Giant'] });
    act(g, 'cast Necromantic Summons');
    resolveStack(g);
    const giant = g.view(0).battlefield.find((c) => c.name === 'Hill Giant')!;
    expect([giant.controller, giant.counters]).toEqual([0, {}]);
  });

  it('Harmless Offering: the opponent gains control of the permanent its caster targets', () => {
    const g = game({ hand: ['Harmless Offering'], battlefield: ['Mountain', 'Mountain', 'Mountain', 'Grizzly Bears', 'Hill Giant'] });
    act(g, 'cast Harmless Offering');
    pick(g, 'target Hill Giant');
    resolveStack(g);
    expect(g.view(0).battlefield.find((c) => c.name === 'Hill Giant')!.controller).toBe(1);
    expect(g.view(0).battlefield.find((c) => c.name === 'Grizzly Bears')!.controller).toBe(0);
    expect(zone(g, 'graveyard-0')).toEqual(['Harmless Offering']);
  });
});
