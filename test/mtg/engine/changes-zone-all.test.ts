// "Whenever one or more cards are put into exile from your graveyard" (Forge's `ChangesZoneAll`):
// the cards one zone change moves together are one event (CR 603.2c), so the ability triggers once
// and counts them. Real cards of the Forge corpus. Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, find, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

const counters = (g: Game, name: string) => g.view(0).battlefield.find((c) => c.name === name)!.counters;

describe('ChangesZoneAll: Rakshasa Vizier', needsCorpus('forge-cards'), () => {
  it('five cards delved at once are one event: it triggers once and gets five +1/+1 counters', () => {
    const yard = ['Grizzly Bears', 'Shock', 'Forest', 'Opt', 'Divination'];
    // A fourth Island and an Opt in hand: a priority stop with the trigger on the stack.
    const g = game({ hand: ['Treasure Cruise', 'Opt'], battlefield: ['Rakshasa Vizier', 'Island', 'Island', 'Island', 'Island'], graveyard: yard });
    act(g, 'cast Treasure Cruise');
    for (const c of yard) pick(g, `exile ${c} for delve`);
    expect(zone(g, 'exile').sort()).toEqual([...yard].sort());
    // One trigger on the stack above the spell, not five.
    expect(g.state.stack.map((s) => s.text)).toEqual(['Treasure Cruise', expect.stringContaining('Rakshasa Vizier')]);
    resolveStack(g);
    expect(counters(g, 'Rakshasa Vizier')).toEqual({ P1P1: 5 });
  });

  it("a card exiled from an opponent's graveyard does not count; one from its controller's does", () => {
    const g = game({ battlefield: ['Rakshasa Vizier', 'Scavenging Ooze', 'Forest', 'Forest'], graveyard: ['Grizzly Bears'] }, { graveyard: ['Hill Giant'] });
    act(g, 'activate Scavenging Ooze');
    pick(g, 'target Hill Giant');
    resolveStack(g);
    expect(zone(g, 'exile')).toEqual(['Hill Giant']);
    expect(counters(g, 'Rakshasa Vizier')).toEqual({});
    // The Bears are the only target left: not asked.
    act(g, 'activate Scavenging Ooze');
    resolveStack(g);
    expect(counters(g, 'Rakshasa Vizier')).toEqual({ P1P1: 1 });
    expect(find(g, 'Scavenging Ooze').counters).toEqual({ P1P1: 2 });
  });
});
