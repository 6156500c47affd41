// Mana that gives the spell it is spent on a keyword: Generator Servant's "If that mana is spent on
// a creature spell, it gains haste until end of turn" (Forge's `AddsKeywords$`). Real cards of the
// Forge corpus. Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, labels, passUntil, resolveStack } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Mountain', 'Mountain', 'Mountain', 'Mountain', 'Mountain'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

/** Passes priority (the spell resolves) until the attackers are declared. */
function toAttackers(g: Game): void {
  for (let i = 0; i < 50 && g.pending() && g.pending()!.kind !== 'attackers'; i++) g.choose(0);
}

describe('AddsKeywords$: Generator Servant', needsCorpus('forge-cards'), () => {
  it('its mana spent on a creature spell gives the creature haste: it attacks the turn it is cast', () => {
    const g = game({ hand: ['Hill Giant'], battlefield: ['Generator Servant', 'Mountain', 'Mountain'] });
    act(g, 'activate Generator Servant');
    expect(g.state.players[0].pool.map((u) => u.c)).toEqual(['C', 'C']);
    act(g, 'cast Hill Giant');
    toAttackers(g);
    expect(labels(g)).toContain('attack with Hill Giant');
  });

  it('a creature cast with other mana does not gain haste', () => {
    const g = game({ hand: ['Grizzly Bears'], battlefield: ['Generator Servant', 'Forest', 'Forest'] });
    act(g, 'cast Grizzly Bears');
    toAttackers(g);
    expect(labels(g).filter((l) => l.startsWith('attack with'))).toEqual(['attack with Generator Servant']);
  });

  it('the haste lasts until end of turn', () => {
    const g = game({ hand: ['Hill Giant'], battlefield: ['Generator Servant', 'Mountain', 'Mountain'] });
    act(g, 'activate Generator Servant');
    act(g, 'cast Hill Giant');
    const giant = () => Object.values(g.state.objects).find((o) => o?.card === 'Hill Giant')!;
    const hasted = () => g.state.effects.some((e) => e.affected.some((r) => 'card' in r && r.card === giant().id) && e.mods.addKeywords?.includes('Haste'));
    resolveStack(g);
    expect(hasted()).toBe(true);
    passUntil(g, 'upkeep', g.state.turn + 1);
    expect(hasted()).toBe(false);
  });
});
