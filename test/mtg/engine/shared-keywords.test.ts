// Keywords shared with the permanents that have them (Forge's `SharedKeywordsZone$` and
// `SharedRestrictions$` on Pump): Majestic Myriarch "gains flying until end of turn if you control a
// creature with flying. The same is true for first strike, ...". Real cards of the Forge corpus.
// Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { board } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Forest', 'Forest', 'Forest', 'Forest', 'Forest'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

/** Passes priority until the attackers are declared (the beginning-of-combat trigger resolves first). */
function toAttackers(g: Game): void {
  for (let i = 0; i < 20 && g.pending() && g.pending()!.kind !== 'attackers'; i++) g.choose(0);
}

const keywords = (g: Game, seat: 0 | 1, name: string) => g.view(0).battlefield.find((c) => c.controller === seat && c.name === name)!.keywords;

describe('SharedKeywordsZone$: Majestic Myriarch', needsCorpus('forge-cards'), () => {
  it('gains flying and vigilance from a Serra Angel it controls, nothing the Bears lack', () => {
    const g = game({ battlefield: ['Majestic Myriarch', 'Serra Angel', 'Grizzly Bears'] });
    // Nobody has anything to do in the main phase: the game is at the declaration already, the
    // beginning-of-combat trigger resolved.
    toAttackers(g);
    expect([...keywords(g, 0, 'Majestic Myriarch')].sort()).toEqual(['Flying', 'Vigilance']);
  });

  it('with no other creature it gains nothing (its own keywords are none of them)', () => {
    const g = game({ battlefield: ['Majestic Myriarch'] });
    toAttackers(g);
    expect(g.events.filter((e) => e.type === 'TriggerFired')).toHaveLength(1);
    expect(keywords(g, 0, 'Majestic Myriarch')).toEqual([]);
  });

  it("an opponent's creatures do not count (SharedRestrictions$ Creature.YouCtrl)", () => {
    const g = game({ battlefield: ['Majestic Myriarch', 'Grizzly Bears'] }, { battlefield: ['Serra Angel', 'Giant Spider'] });
    toAttackers(g);
    expect(keywords(g, 0, 'Majestic Myriarch')).toEqual([]);
  });
});
