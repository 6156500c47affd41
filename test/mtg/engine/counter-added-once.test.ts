// "Whenever one or more counters are put on ..." (Forge's `CounterAddedOnce`): one trigger per
// putting of one kind on one object or player, with how many (`TriggerCount$Amount`), and
// `ValidSource$ Card.YouCtrl` for "whenever you put", played with the real cards against their
// Oracle text: Nest of Scarabs, Hapatra, Vizier of Poisons, Animation Module, Territorial Gorger.
// Also Lethal Sting's cost `AddCounter<1/M1M1/Creature.YouCtrl/...>`, a counter on a creature you
// choose. Skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, field, find, labels, passWhile, pick, resolveStack } from './helpers.js';

const LIBRARY = Array.from({ length: 8 }, () => 'Swamp');

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

const count = (g: Game, seat: 0 | 1, name: string): number => field(g, seat).filter((n) => n === name).length;

describe('CounterAddedOnce: whenever one or more counters are put', needsCorpus('forge-cards'), () => {
  it('Nest of Scarabs: three -1/-1 counters at once make one trigger and three Insects', () => {
    const g = game({ hand: ['Stinging Shot'], battlefield: ['Forest', 'Nest of Scarabs'] }, { battlefield: ['Serra Angel'] });
    act(g, 'cast Stinging Shot');
    resolveStack(g);
    expect(find(g, 'Serra Angel', 1).counters).toEqual({ M1M1: 3 });
    expect(g.actions.filter((a) => a.type === 'Counters').length).toBe(1);
    expect(count(g, 0, 'Insect')).toBe(3);
  });

  it('Nest of Scarabs: counters divided between two creatures are two puttings, one trigger each', () => {
    const g = game(
      { hand: ['Splendid Agony'], battlefield: ['Swamp', 'Swamp', 'Swamp', 'Nest of Scarabs'] },
      { battlefield: ['Serra Angel', 'Grizzly Bears'] },
    );
    act(g, 'cast Splendid Agony');
    pick(g, 'target Serra Angel');
    pick(g, 'target Grizzly Bears');
    // Two counters among two targets: one each, nothing to ask.
    resolveStack(g);
    expect(find(g, 'Serra Angel', 1).counters).toEqual({ M1M1: 1 });
    expect(count(g, 0, 'Insect')).toBe(2);
  });

  it('Lethal Sting: the cost puts a -1/-1 counter on a creature you choose, which you put (Nest of Scarabs)', () => {
    const g = game(
      { hand: ['Lethal Sting'], battlefield: ['Swamp', 'Swamp', 'Swamp', 'Nest of Scarabs', 'Grizzly Bears', 'Centaur Courser'] },
      { battlefield: ['Serra Angel'] },
    );
    act(g, 'cast Lethal Sting');
    // The target first (CR 601.2c), then the counter as part of the cost (CR 601.2h).
    if (g.pending()?.kind === 'targets') pick(g, 'target Serra Angel');
    expect(labels(g).some((l) => l.includes('Centaur Courser'))).toBe(true);
    pick(g, 'Centaur Courser');
    expect(find(g, 'Centaur Courser', 0).counters).toEqual({ M1M1: 1 });
    expect(find(g, 'Grizzly Bears', 0).counters).toEqual({});
    resolveStack(g);
    expect(field(g, 1)).not.toContain('Serra Angel');
    expect(count(g, 0, 'Insect')).toBe(1);
  });

  it('Hapatra: -1/-1 counters you put on an opponent’s creature make a Snake', () => {
    const g = game(
      { hand: ['Stinging Shot'], battlefield: ['Forest', 'Hapatra, Vizier of Poisons'] },
      { hand: ['Stinging Shot'], battlefield: ['Forest', 'Serra Angel'] },
    );
    act(g, 'cast Stinging Shot');
    resolveStack(g);
    expect(find(g, 'Serra Angel', 1).counters).toEqual({ M1M1: 3 });
    expect(count(g, 0, 'Snake')).toBe(1);
  });

  it('Hapatra: counters an opponent puts are not yours (ValidSource$ Card.YouCtrl)', () => {
    const g = game({ battlefield: ['Forest', 'Hapatra, Vizier of Poisons', 'Serra Angel'] }, { hand: ['Stinging Shot'], battlefield: ['Forest'] });
    passWhile(g, (x) => x.pending()?.seat !== 1 || !labels(x).includes('cast Stinging Shot'));
    act(g, 'cast Stinging Shot');
    resolveStack(g);
    expect(find(g, 'Serra Angel', 0).counters).toEqual({ M1M1: 3 });
    expect(count(g, 0, 'Snake')).toBe(0);
  });

  it('Animation Module: +1/+1 counters on a permanent you control, pay {1} for a Servo', () => {
    const g = game({ hand: ['Battlegrowth'], battlefield: ['Forest', 'Forest', 'Animation Module', 'Grizzly Bears'] });
    act(g, 'cast Battlegrowth');
    act(g, 'pass');
    // The trigger's {1} is asked as it resolves (CR 603.5).
    act(g, 'pass');
    expect(g.pending()?.kind).toBe('yes-no');
    pick(g, 'yes');
    expect(find(g, 'Grizzly Bears', 0).counters).toEqual({ P1P1: 1 });
    expect(count(g, 0, 'Servo')).toBe(1);
  });

  it('Territorial Gorger: whenever you get one or more {E}, +2/+2 until end of turn', () => {
    const g = game({ hand: ['Harnessed Lightning'], battlefield: ['Mountain', 'Mountain', 'Territorial Gorger'] }, { battlefield: ['Grizzly Bears'] });
    act(g, 'cast Harnessed Lightning');
    pick(g, 'target Grizzly Bears');
    resolveStack(g);
    // {E}{E}{E}, then pay none of it.
    pick(g, '0');
    if (g.pending()?.kind === 'yes-no') pick(g, 'no');
    resolveStack(g);
    const gorger = g.view(0).battlefield.find((c) => c.name === 'Territorial Gorger')!;
    expect(g.state.players[0].counters).toEqual({ ENERGY: 3 });
    expect(gorger.power).toBe(4);
  });
});
