// "When it becomes monstrous" abilities that read the X of monstrosity X (CR 701.37c:
// `TriggerCount$MonstrosityAmount`) and `Imprinted$CardPower`, on Polukranos, World Eater, a real
// card of the Forge corpus, against its Oracle text. Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, find, labels, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

describe('TriggerCount$MonstrosityAmount (CR 701.37c): Polukranos, World Eater', needsCorpus('forge-cards'), () => {
  it('monstrosity 2 deals 2 damage to the target creature, which deals its power back', () => {
    const g = game({ battlefield: ['Forest', 'Forest', 'Forest', 'Forest', 'Forest', 'Polukranos, World Eater'] }, { battlefield: ['Grizzly Bears'] });
    act(g, 'activate Polukranos, World Eater');
    expect(g.pending()?.kind).toBe('x');
    pick(g, 'X = 2');
    for (let i = 0; i < 20 && g.state.stack.length > 0; i++) {
      const p = g.pending()!;
      if (p.kind === 'priority') g.choose(0);
      else if (labels(g).some((l) => l.includes('Grizzly Bears')))
        pick(
          g,
          labels(g).find((l) => l.includes('Grizzly Bears'))!,
        );
      else if (labels(g).includes('done')) pick(g, 'done');
      else g.choose(0);
    }
    resolveStack(g);
    expect(zone(g, 'graveyard-1')).toEqual(['Grizzly Bears']);
    // 5/5 with two +1/+1 counters, 2 damage from the Bears.
    const polukranos = find(g, 'Polukranos, World Eater', 0);
    expect(polukranos.damage).toBe(2);
    expect(g.state.objects[polukranos.id]!.counters['P1P1']).toBe(2);
  });
});
