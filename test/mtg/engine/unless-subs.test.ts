// Four small script primitives, on the real cards that write them, against their Oracle text:
// a mandatory "unless" cost whose sub-abilities run only when it is not paid (Greenbelt Rampager:
// `UnlessCost$ Mandatory PayEnergy<2> | UnlessResolveSubs$ WhenNotPaid`), the starting life total
// (Ayli, Eternal Pilgrim: `Count$YourStartingLife`, CR 103.4), a trigger's `CheckOnResolve$`
// (Chronicler of Heroes, CR 603.4 / 608.2c) and a misspelt prompt key (Defiant Bloodlord's
// `TgtPromp$`, words only). Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, field, labels, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

describe('UnlessCost$ Mandatory … | UnlessResolveSubs$ WhenNotPaid: Greenbelt Rampager', needsCorpus('forge-cards'), () => {
  it('with {E}{E} it pays them without being asked and stays; nothing else happens', () => {
    const g = game({ hand: ['Greenbelt Rampager'], battlefield: ['Forest'], counters: { ENERGY: 3 } });
    act(g, 'cast Greenbelt Rampager');
    resolveStack(g);
    // The trigger resolved with no yes-no: a mandatory cost is paid whenever it can be.
    expect(g.state.stack).toEqual([]);
    expect(field(g, 0)).toContain('Greenbelt Rampager');
    expect(g.state.players[0].counters).toEqual({ ENERGY: 1 });
    expect(zone(g, 'hand-0')).toEqual([]);
  });

  it("with one {E} it can't pay: it returns to its owner's hand and its controller gets {E}", () => {
    const g = game({ hand: ['Greenbelt Rampager'], battlefield: ['Forest'], counters: { ENERGY: 1 } });
    act(g, 'cast Greenbelt Rampager');
    resolveStack(g);
    expect(field(g, 0)).not.toContain('Greenbelt Rampager');
    expect(zone(g, 'hand-0')).toEqual(['Greenbelt Rampager']);
    expect(g.state.players[0].counters).toEqual({ ENERGY: 2 });
  });

  it('a second cast with the {E}{E} from two bounces keeps it', () => {
    const g = game({ hand: ['Greenbelt Rampager'], battlefield: ['Forest', 'Forest', 'Forest'] });
    for (let i = 0; i < 2; i++) {
      act(g, 'cast Greenbelt Rampager');
      resolveStack(g);
      expect(zone(g, 'hand-0')).toEqual(['Greenbelt Rampager']);
    }
    expect(g.state.players[0].counters).toEqual({ ENERGY: 2 });
    act(g, 'cast Greenbelt Rampager');
    resolveStack(g);
    expect(field(g, 0)).toContain('Greenbelt Rampager');
    expect(g.state.players[0].counters ?? {}).toEqual({});
  });
});

describe('Count$YourStartingLife (CR 103.4): Ayli, Eternal Pilgrim', needsCorpus('forge-cards'), () => {
  const ayli = (life: number) =>
    game({ life, battlefield: ['Ayli, Eternal Pilgrim', 'Grizzly Bears', 'Plains', 'Swamp', 'Plains'] }, { battlefield: ['Serra Angel'] });
  const exile = (g: Game) => labels(g).filter((l) => l.startsWith('activate Ayli') && l.includes('Exile'));

  it('at 29 life (starting life 20) the exile ability is not offered; at 30 it is, and exiles', () => {
    expect(exile(ayli(29))).toEqual([]);
    const g = ayli(30);
    expect(exile(g)).toHaveLength(1);
    act(g, exile(g)[0]!);
    // The sacrifice: the only other creature.
    if (g.pending()?.kind === 'choose') pick(g, 'Grizzly Bears');
    pick(g, 'target Serra Angel');
    resolveStack(g);
    expect(field(g, 1)).not.toContain('Serra Angel');
    expect(zone(g, 'exile')).toEqual(['Serra Angel']);
  });
});

describe('CheckOnResolve$ True (CR 603.4, 608.2c): Chronicler of Heroes', needsCorpus('forge-cards'), () => {
  const cast = (battlefield: NonNullable<SeatSetup['battlefield']>) => {
    const g = game({ hand: ['Chronicler of Heroes'], battlefield: ['Forest', 'Plains', 'Plains', ...battlefield] });
    act(g, 'cast Chronicler of Heroes');
    resolveStack(g);
    return g;
  };

  it('draws a card when you control a creature with a +1/+1 counter as it resolves', () => {
    const g = cast([{ name: 'Grizzly Bears', counters: { P1P1: 1 } }]);
    expect(zone(g, 'hand-0')).toEqual(['Island']);
  });

  it('draws nothing without one', () => {
    const g = cast(['Grizzly Bears']);
    expect(zone(g, 'hand-0')).toEqual([]);
  });
});

describe('TgtPromp$ (a misspelt TgtPrompt$): Defiant Bloodlord', needsCorpus('forge-cards'), () => {
  it('whenever you gain life, target opponent loses that much life', () => {
    const g = game({ battlefield: ['Defiant Bloodlord', 'Ayli, Eternal Pilgrim', 'Grizzly Bears', 'Plains'] });
    act(g, 'activate Ayli');
    if (g.pending()?.kind === 'choose') pick(g, 'Grizzly Bears');
    resolveStack(g);
    // Grizzly Bears' toughness 2: gained, then the opponent (the only legal target) loses 2.
    if (g.pending()?.kind === 'targets') pick(g, 'target');
    resolveStack(g);
    expect(g.state.players[0].life).toBe(22);
    expect(g.state.players[1].life).toBe(18);
  });
});
