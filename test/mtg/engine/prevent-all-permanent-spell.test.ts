// PreventDamageAll (CR 615.7: a prevention shield for each creature and player the ability
// names) and permanent spells written `SP$ PermanentCreature` to carry an additional cost
// (CR 601.2f), with Corpse Augur's count of target player's graveyard, on real cards of the Forge
// corpus against their Oracle text. Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, field, find, labels, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

describe('PreventDamageAll (CR 615.7): Kitsune Palliator', needsCorpus('forge-cards'), () => {
  it('prevents the next 1 damage to each creature and each player this turn', () => {
    const g = game(
      { hand: ['Pyroclasm', 'Shock'], battlefield: ['Mountain', 'Mountain', 'Mountain', 'Kitsune Palliator', 'Grizzly Bears'] },
      { battlefield: ['Grizzly Bears'] },
    );
    act(g, 'activate Kitsune Palliator');
    resolveStack(g);
    act(g, 'cast Pyroclasm');
    resolveStack(g);
    // 2 damage to each creature, 1 of it prevented: the 2/2 Bears and the 0/2 Palliator live.
    expect(field(g, 0)).toEqual(expect.arrayContaining(['Kitsune Palliator', 'Grizzly Bears']));
    expect(field(g, 1)).toContain('Grizzly Bears');
    expect(find(g, 'Grizzly Bears', 1).damage).toBe(1);
    // Each shield is used up: Shock to the opponent deals 2, 1 prevented.
    act(g, 'cast Shock');
    pick(g, 'target p2');
    resolveStack(g);
    expect(g.state.players[1].life).toBe(19);
  });

  it('shields only what is there as it resolves: a creature that enters later takes full damage', () => {
    const g = game({ hand: ['Grizzly Bears', 'Pyroclasm'], battlefield: ['Mountain', 'Mountain', 'Forest', 'Forest', 'Kitsune Palliator'] });
    act(g, 'activate Kitsune Palliator');
    resolveStack(g);
    act(g, 'cast Grizzly Bears');
    resolveStack(g);
    act(g, 'cast Pyroclasm');
    resolveStack(g);
    expect(field(g, 0)).toContain('Kitsune Palliator');
    expect(zone(g, 'graveyard-0')).toContain('Grizzly Bears');
  });
});

describe('PermanentCreature: Headless Skaab', needsCorpus('forge-cards'), () => {
  it('is cast by exiling a creature card from the graveyard and enters tapped', () => {
    const g = game({ hand: ['Headless Skaab'], graveyard: ['Grizzly Bears', 'Forest'], battlefield: ['Island', 'Island', 'Island'] });
    act(g, 'cast Headless Skaab');
    // The only creature card is exiled as the cost is paid (CR 601.2h), the Forest stays.
    expect(zone(g, 'exile')).toEqual(['Grizzly Bears']);
    expect(zone(g, 'graveyard-0')).toEqual(['Forest']);
    resolveStack(g);
    expect(field(g, 0)).toContain('Headless Skaab');
    expect(find(g, 'Headless Skaab', 0).tapped).toBe(true);
  });

  it('is not offered without a creature card in the graveyard to exile', () => {
    const g = game({ hand: ['Headless Skaab'], graveyard: ['Forest'], battlefield: ['Island', 'Island', 'Island'] });
    expect(labels(g)).not.toContain('cast Headless Skaab');
  });
});

describe('TargetedPlayer$ValidGraveyard: Corpse Augur', needsCorpus('forge-cards'), () => {
  it("draws and loses life by the creature cards in the target player's graveyard", () => {
    const g = game(
      { hand: ['Shock'], battlefield: ['Mountain', 'Corpse Augur'], graveyard: ['Forest'] },
      { graveyard: ['Grizzly Bears', 'Hill Giant', 'Island'] },
    );
    act(g, 'cast Shock');
    pick(g, 'target Corpse Augur');
    resolveStack(g);
    // The dies trigger targets a player: the opponent's graveyard has two creature cards.
    pick(g, 'target p2');
    resolveStack(g);
    expect(g.state.players[0].life).toBe(18);
    expect(g.state.zones['hand-0']!.length).toBe(2);
  });
});
