// Solemnity (the keywords it grants: "CARDNAME can't have counters put on it." and "PLAYER can't
// have counters put on him or her."): "Players can't get counters. Counters can't be put on
// artifacts, creatures, enchantments, or lands." Played on the real cards against their Oracle
// text; a cost that would put counters on such a permanent can't be paid (CR 118.3). Skipped
// without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, labels, resolveStack } from './helpers.js';

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: ['Forest', 'Forest'], ...p0 }, { library: ['Forest', 'Forest'], ...p1 }, { registry: realRegistry() });
}

function obj(g: Game, name: string) {
  const c = g.view(0).battlefield.find((x) => x.name === name)!;
  return g.state.objects[c.id]!;
}

describe('Solemnity', needsCorpus('forge-cards'), () => {
  it('a +1/+1 counter an effect would put on a creature is not put', () => {
    for (const solemn of [false, true]) {
      const g = game({ hand: ['Battlegrowth', 'Forest'], battlefield: ['Forest', 'Grizzly Bears', ...(solemn ? ['Solemnity'] : [])] });
      act(g, 'cast Battlegrowth');
      resolveStack(g);
      expect(obj(g, 'Grizzly Bears').counters).toEqual(solemn ? {} : { P1P1: 1 });
    }
  });

  it('players get no energy: Aether Hub enters and its {E} is not had', () => {
    for (const solemn of [false, true]) {
      const g = game({ hand: ['Aether Hub', 'Forest'], battlefield: solemn ? ['Solemnity'] : [] });
      act(g, 'play Aether Hub');
      resolveStack(g);
      expect(g.state.players[0].counters?.['ENERGY'] ?? 0).toBe(solemn ? 0 : 1);
    }
  });

  it("Devoted Druid's untap, whose cost puts a -1/-1 counter on it, can't be activated (CR 118.3)", () => {
    const druid = (solemn: boolean) => {
      const g = game({ hand: ['Forest'], battlefield: [{ name: 'Devoted Druid', tapped: true }, ...(solemn ? ['Solemnity'] : [])] });
      return labels(g).some((l) => l.startsWith('activate Devoted Druid: AddCounter'));
    };
    expect(druid(false)).toBe(true);
    expect(druid(true)).toBe(false);
  });
});
