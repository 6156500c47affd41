// Heart-Piercer Manticore: "you may sacrifice another creature. When you do, it deals damage equal
// to that creature's power to any target" (a reflexive trigger, CR 603.12), written as a
// `Sacrificed` trigger with `CauseParam$` that only its own `SacrificeParam$` sacrifice fires.
// Real cards of the Forge corpus. Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, field, labels, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Mountain', 'Mountain', 'Mountain', 'Mountain', 'Mountain'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

const mountains = (n: number) => Array.from({ length: n }, () => 'Mountain');

describe('Sacrificed with CauseParam$: Heart-Piercer Manticore', needsCorpus('forge-cards'), () => {
  it('sacrificing a Hill Giant as it enters deals 3 damage to any target', () => {
    const g = game({ hand: ['Heart-Piercer Manticore'], battlefield: [...mountains(4), 'Hill Giant'] });
    act(g, 'cast Heart-Piercer Manticore');
    resolveStack(g);
    // The enter trigger resolves: choose the creature (optional), then the reflexive trigger's target.
    pick(g, 'Hill Giant');
    if (g.pending()?.kind === 'choose' && labels(g).includes('done')) pick(g, 'done');
    expect(zone(g, 'graveyard-0')).toEqual(['Hill Giant']);
    pick(g, 'target p2');
    resolveStack(g);
    expect(g.state.players[1].life).toBe(17);
  });

  it('another effect sacrificing a creature does not fire it', () => {
    const g = game(
      { hand: ['Bone Splinters'], battlefield: [...mountains(1), 'Swamp', 'Heart-Piercer Manticore', 'Hill Giant'] },
      { battlefield: ['Grizzly Bears'] },
    );
    act(g, 'cast Bone Splinters');
    pick(g, 'target Grizzly Bears');
    if (g.pending()?.kind === 'choose' || g.pending()?.kind === 'pay') pick(g, 'Hill Giant');
    resolveStack(g);
    expect(zone(g, 'graveyard-0').sort()).toEqual(['Bone Splinters', 'Hill Giant']);
    expect(g.state.stack).toEqual([]);
    expect(g.state.players[1].life).toBe(20);
    expect(field(g, 0)).toContain('Heart-Piercer Manticore');
  });
});
