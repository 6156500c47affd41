// `Announce$ X` with X only in the non-mana costs (`SVar:X:Count$XChoice`, CR 601.2b, 107.3): X
// is announced before targets, which depend on it (`TargetMax$ X`, `DividedAsYouChoose$ X`), up to
// what the cost can pay; real cards against their Oracle text: Huatli, Warrior Poet's −X and Fire
// Covenant's "pay X life". Skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, field, labels, pick, resolveStack, zone } from './helpers.js';

const LIBRARY = ['Forest', 'Forest', 'Forest'];

// A Forest in hand keeps a choice open after the ability resolves, so the turn does not pass
// (and the damage wear off) before the test looks (a decision with one option is never asked).
function game(p0: SeatSetup, p1: SeatSetup): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

const HUATLI_X = 'activate Huatli, Warrior Poet: SubCounter<X/LOYALTY>';

function damageOn(g: Game, name: string): number {
  const c = g.view(0).battlefield.find((x) => x.name === name)!;
  return g.state.objects[c.id]!.damage;
}

describe('Announce$ X for a non-mana X (CR 601.2b)', needsCorpus('forge-cards'), () => {
  it("Huatli's −X: X is announced first, from 1 (the damage is divided, CR 601.2d) to her loyalty", () => {
    const g = game(
      { hand: ['Forest'], battlefield: [{ name: 'Huatli, Warrior Poet', counters: { LOYALTY: 3 } }] },
      { battlefield: ['Grizzly Bears', 'Centaur Courser'] },
    );
    act(g, HUATLI_X);
    expect(g.pending()?.kind).toBe('x');
    expect(labels(g)).toEqual(['X = 3', 'X = 2', 'X = 1']);
    pick(g, 'X = 3');
    // Up to X targets (TargetMax$ X), then X divided among them.
    pick(g, 'target Grizzly Bears');
    pick(g, 'target Centaur Courser');
    if (g.pending()?.kind === 'targets') pick(g, 'done');
    pick(g, '2 to Grizzly Bears');
    // The cost removed X loyalty counters: Huatli is gone before the ability resolves (CR 704.5i).
    expect(zone(g, 'graveyard-0')).toEqual(['Huatli, Warrior Poet']);
    resolveStack(g);
    expect(zone(g, 'graveyard-1')).toEqual(['Grizzly Bears']);
    expect(damageOn(g, 'Centaur Courser')).toBe(1);
  });

  it('Huatli with X = 1 of 4 loyalty: one target, 1 damage, three loyalty left', () => {
    const g = game(
      { hand: ['Forest'], battlefield: [{ name: 'Huatli, Warrior Poet', counters: { LOYALTY: 4 } }] },
      { battlefield: ['Grizzly Bears', 'Centaur Courser'] },
    );
    act(g, HUATLI_X);
    expect(labels(g)[0]).toBe('X = 4');
    pick(g, 'X = 1');
    pick(g, 'target Grizzly Bears');
    if (g.pending()?.kind === 'targets') pick(g, 'done');
    resolveStack(g);
    expect(damageOn(g, 'Grizzly Bears')).toBe(1);
    const huatli = g.view(0).battlefield.find((c) => c.name === 'Huatli, Warrior Poet')!;
    expect(g.state.objects[huatli.id]!.counters).toEqual({ LOYALTY: 3 });
    expect(field(g, 1)).toEqual(['Grizzly Bears', 'Centaur Courser']);
  });

  it('Fire Covenant: X life announced before targets and paid as the cost (CR 119.4)', () => {
    const g = game({ hand: ['Fire Covenant'], battlefield: ['Swamp', 'Mountain', 'Mountain'] }, { battlefield: ['Grizzly Bears', 'Centaur Courser'] });
    act(g, 'cast Fire Covenant');
    expect(g.pending()?.kind).toBe('x');
    // Up to the 20 life there is.
    expect(labels(g)[0]).toBe('X = 20');
    pick(g, 'X = 5');
    pick(g, 'target Grizzly Bears');
    pick(g, 'target Centaur Courser');
    if (g.pending()?.kind === 'targets') pick(g, 'done');
    pick(g, '2 to Grizzly Bears');
    resolveStack(g);
    expect(g.state.players[0].life).toBe(15);
    expect(zone(g, 'graveyard-1').sort()).toEqual(['Centaur Courser', 'Grizzly Bears']);
  });
});
