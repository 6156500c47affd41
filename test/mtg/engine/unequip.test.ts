// "Whenever CARDNAME becomes unattached from a permanent" (Forge's `Unequip` trigger, CR 701.3d:
// moved to another creature, or the Equipment leaving the battlefield) on Grafted Exoskeleton, a
// real card of the Forge corpus, against its Oracle text. Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, field, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

/** Picks a target when asked: a lone legal target is chosen without a question. */
function target(g: Game, label: string): void {
  if (g.pending()?.kind === 'targets') pick(g, label);
}

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

describe('Unequip (CR 701.3d): Grafted Exoskeleton', needsCorpus('forge-cards'), () => {
  it('moved to another creature by equip, the creature it left is sacrificed', () => {
    const g = game({ battlefield: ['Plains', 'Plains', 'Plains', 'Plains', 'Grafted Exoskeleton', 'Grizzly Bears', 'Centaur Courser'] });
    act(g, 'activate Grafted Exoskeleton');
    target(g, 'target Grizzly Bears');
    resolveStack(g);
    expect(field(g, 0)).toContain('Grizzly Bears');
    act(g, 'activate Grafted Exoskeleton');
    target(g, 'target Centaur Courser');
    resolveStack(g);
    expect(zone(g, 'graveyard-0')).toEqual(['Grizzly Bears']);
    expect(field(g, 0)).toContain('Centaur Courser');
  });

  it('leaving the battlefield, it still triggers (looking back): the equipped creature is sacrificed', () => {
    const g = game({ battlefield: ['Plains', 'Plains', 'Grafted Exoskeleton', 'Grizzly Bears'] }, { hand: ['Shatter'], battlefield: ['Mountain', 'Mountain'] });
    act(g, 'activate Grafted Exoskeleton');
    target(g, 'target Grizzly Bears');
    resolveStack(g);
    act(g, 'pass');
    act(g, 'cast Shatter');
    target(g, 'target Grafted Exoskeleton');
    resolveStack(g);
    expect(zone(g, 'graveyard-0').sort()).toEqual(['Grafted Exoskeleton', 'Grizzly Bears']);
  });

  it('the equipped creature dying is an unattachment too, with nothing left to sacrifice', () => {
    const g = game(
      { battlefield: ['Plains', 'Plains', 'Grafted Exoskeleton', 'Grizzly Bears'] },
      { hand: ['Murder'], battlefield: ['Swamp', 'Swamp', 'Swamp'] },
    );
    act(g, 'activate Grafted Exoskeleton');
    target(g, 'target Grizzly Bears');
    resolveStack(g);
    act(g, 'pass');
    act(g, 'cast Murder');
    target(g, 'target Grizzly Bears');
    resolveStack(g);
    expect(zone(g, 'graveyard-0')).toEqual(['Grizzly Bears']);
    expect(field(g, 0)).toContain('Grafted Exoskeleton');
  });
});
