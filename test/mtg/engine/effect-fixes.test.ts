// Effect fixes the puzzle writers and the coverage audit found (issue #7): `Amount.<math>` values,
// ChooseCard's `Optional$` and `EachBasicType$`, NameCard's `ValidCards$`, Discard's `Defined` and
// `NotRemembered` modes, "unblocked" before blockers, `ClearChosenCard$`, and player counters
// (energy, experience) with `PayEnergy` costs. Real corpus cards where the bug was seen (skipped
// visibly without the corpus), fixture cards (fixtures/fixes.ts) for the player counters.
import { describe, expect, it } from 'vitest';
import type { CardRegistry } from '../../../src/mtg/cards/index.js';
import type { Game } from '../../../src/mtg/engine/index.js';
import { FIXTURE_CARDS } from './fixtures/cards.js';
import { EFFECT_CARDS } from './fixtures/effects.js';
import { FIX_CARDS } from './fixtures/fixes.js';
import { act, board, find, labels, lands, passWhile, pick, registryOf, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

function fixRegistry(): CardRegistry {
  return registryOf(FIXTURE_CARDS, EFFECT_CARDS, FIX_CARDS);
}

function life(game: Game, seat: 0 | 1): number {
  return game.state.players[seat].life;
}

/** The live object of a card by name, wherever it is. */
function object(game: Game, name: string) {
  return game.state.objects.find((o) => o?.card === name)!;
}

const LIBRARY = ['Plains', 'Plains', 'Plains', 'Plains', 'Plains', 'Plains'];

describe('effect fixes on real cards', needsCorpus('forge-cards'), () => {
  it('Remembered$Amount.Twice: Scent of Jasmine revealing two white cards gains 4 life', () => {
    const game = board(
      { hand: ['Scent of Jasmine', 'Serra Angel', 'Savannah Lions', 'Hill Giant'], battlefield: ['Plains'], library: LIBRARY },
      { library: LIBRARY },
      { registry: realRegistry() },
    );
    act(game, 'cast Scent of Jasmine');
    resolveStack(game);
    // Only the white cards are offered, and revealing is optional ("any number").
    expect(labels(game)).toEqual(['done', 'Serra Angel', 'Savannah Lions']);
    pick(game, 'Serra Angel');
    pick(game, 'Savannah Lions');
    resolveStack(game);
    expect(life(game, 0)).toBe(24);
  });

  it('ChooseCard Optional$ Yes: Grapple with the Past may return nothing', () => {
    const library = ['Hill Giant', 'Forest', 'Giant Growth', ...LIBRARY];
    const game = board({ hand: ['Grapple with the Past'], battlefield: ['Forest', 'Forest'], library }, { library: LIBRARY }, { registry: realRegistry() });
    act(game, 'cast Grapple with the Past');
    resolveStack(game);
    expect(labels(game)).toEqual(['done', 'Forest', 'Hill Giant']);
    pick(game, 'done');
    resolveStack(game);
    expect(zone(game, 'hand-0')).toEqual([]);
    expect(zone(game, 'graveyard-0')).toContain('Hill Giant');
  });

  it('ChooseCard Optional$ Yes: Grapple with the Past returns the card chosen', () => {
    const library = ['Hill Giant', 'Forest', 'Giant Growth', ...LIBRARY];
    const game = board({ hand: ['Grapple with the Past'], battlefield: ['Forest', 'Forest'], library }, { library: LIBRARY }, { registry: realRegistry() });
    act(game, 'cast Grapple with the Past');
    resolveStack(game);
    pick(game, 'Hill Giant');
    resolveStack(game);
    expect(zone(game, 'hand-0')).toEqual(['Hill Giant']);
  });

  it('ChooseCard EachBasicType$ Controlled: Global Ruin leaves each player a land of each basic type', () => {
    const game = board(
      { hand: ['Global Ruin'], battlefield: ['Plains', 'Plains', 'Plains', 'Island', 'Island', 'Swamp'], library: LIBRARY },
      { battlefield: ['Forest', 'Forest', 'Mountain', 'Savannah'], library: LIBRARY },
      { registry: realRegistry() },
    );
    act(game, 'cast Global Ruin');
    resolveStack(game);
    // Seat 0 chooses a Plains, then an Island; its lone Swamp is not asked about.
    expect(game.pending()?.seat).toBe(0);
    expect(labels(game)).toEqual(['Plains', 'Plains', 'Plains']);
    pick(game, 'Plains');
    expect(labels(game)).toEqual(['Island', 'Island']);
    pick(game, 'Island');
    // Seat 1: its only Plains is Savannah (taken without asking); Savannah is a Forest too, so
    // it is offered again among the Forests.
    expect(game.pending()?.seat).toBe(1);
    expect(labels(game)).toEqual(['Forest', 'Forest', 'Savannah']);
    pick(game, 'Forest');
    passWhile(game, (g) => g.state.stack.length > 0 || g.pending()?.kind !== 'priority');
    const names = (seat: 0 | 1) =>
      game
        .view(0)
        .battlefield.filter((c) => c.controller === seat)
        .map((c) => c.name)
        .sort();
    expect(names(0)).toEqual(['Island', 'Plains', 'Swamp']);
    expect(names(1)).toEqual(['Forest', 'Mountain', 'Savannah']);
  });

  it('NameCard ValidCards$ Card.nonBasic: Desperate Research offers no basic land name', () => {
    const game = board(
      { hand: ['Desperate Research'], battlefield: ['Swamp', 'Swamp'], library: ['Hill Giant', ...LIBRARY] },
      { library: LIBRARY },
      { registry: realRegistry() },
    );
    act(game, 'cast Desperate Research');
    resolveStack(game);
    expect(labels(game)).toEqual(['Desperate Research', 'Hill Giant']);
  });

  it("Discard Mode$ Defined: Fa'adiyah Seer discards the drawn card when it is not a land", () => {
    // Serra Angel in hand: the discard takes the drawn card itself, with no choice of card.
    const game = board(
      { hand: ['Serra Angel'], battlefield: ["Fa'adiyah Seer"], library: ['Hill Giant', 'Forest', ...LIBRARY] },
      { library: LIBRARY },
      { registry: realRegistry() },
    );
    act(game, "activate Fa'adiyah Seer");
    resolveStack(game);
    expect(game.pending()?.kind).toBe('priority');
    expect(zone(game, 'graveyard-0')).toEqual(['Hill Giant']);
    expect(zone(game, 'hand-0')).toEqual(['Serra Angel']);
  });

  it("Discard Mode$ Defined: Fa'adiyah Seer keeps a drawn land", () => {
    const game = board({ battlefield: ["Fa'adiyah Seer"], library: ['Forest', 'Hill Giant', ...LIBRARY] }, { library: LIBRARY }, { registry: realRegistry() });
    act(game, "activate Fa'adiyah Seer");
    resolveStack(game);
    expect(zone(game, 'hand-0')).toEqual(['Forest']);
    expect(zone(game, 'graveyard-0')).toEqual([]);
  });

  it('Discard Mode$ NotRemembered: Monomania keeps the card its target chose, from their own hand', () => {
    const game = board(
      // The Forest keeps Giant Growth castable, so seat 0 is asked again and the game waits.
      { hand: ['Monomania', 'Giant Growth'], battlefield: ['Swamp', 'Swamp', 'Swamp', 'Swamp', 'Swamp', 'Forest'], library: LIBRARY },
      { hand: ['Hill Giant', 'Forest', 'Serra Angel'], library: LIBRARY },
      { registry: realRegistry() },
    );
    act(game, 'cast Monomania');
    pick(game, 'target p2');
    resolveStack(game);
    // TargetControls$: only the target's own hand is offered, to the target.
    expect(game.pending()?.seat).toBe(1);
    expect(labels(game)).toEqual(['Hill Giant', 'Forest', 'Serra Angel']);
    pick(game, 'Serra Angel');
    resolveStack(game);
    expect(zone(game, 'hand-1')).toEqual(['Serra Angel']);
    expect(zone(game, 'graveyard-1').sort()).toEqual(['Forest', 'Hill Giant']);
    expect(zone(game, 'hand-0')).toEqual(['Giant Growth']);
  });

  it('unblocked (CR 509.1h): before blockers are declared, Forcefield finds no unblocked creature', () => {
    const game = board(
      { battlefield: ['Forcefield', 'Plains', 'Plains'], library: LIBRARY },
      { battlefield: ['Craw Wurm', 'Mountain'], library: LIBRARY },
      { registry: realRegistry(), active: 1, step: 'main1' },
    );
    act(game, 'attack with Craw Wurm');
    passWhile(game, (g) => !(g.state.step === 'declareAttackers' && g.pending()?.kind === 'priority' && g.pending()?.seat === 0));
    act(game, 'activate Forcefield');
    passWhile(game, (g) => g.state.stack.length > 0);
    // Nothing was there to choose, so no effect waits in the command zone and all 6 is dealt.
    expect(game.state.zones['command']).toEqual([]);
    passWhile(game, (g) => g.state.step !== 'main2');
    expect(life(game, 0)).toBe(14);
  });

  it('energy: Longtusk Cub gets {E}{E} from combat damage and pays them for a +1/+1 counter', () => {
    const game = board({ battlefield: ['Longtusk Cub'], library: LIBRARY }, { library: LIBRARY }, { registry: realRegistry(), step: 'main1' });
    act(game, 'attack with Longtusk Cub');
    passWhile(game, (g) => g.state.step !== 'main2');
    expect(game.view(1).players[0].counters).toEqual({ ENERGY: 2 });
    act(game, 'activate Longtusk Cub');
    resolveStack(game);
    expect(find(game, 'Longtusk Cub').counters).toEqual({ P1P1: 1 });
    expect(game.view(0).players[0].counters).toEqual({});
    // No energy left: the ability is not offered again.
    expect(labels(game).some((l) => l.startsWith('activate Longtusk Cub'))).toBe(false);
  });

  it('energy: Empyreal Voyager gets as many {E} as the combat damage it dealt', () => {
    const game = board({ battlefield: ['Empyreal Voyager'], library: LIBRARY }, { library: LIBRARY }, { registry: realRegistry(), step: 'main1' });
    act(game, 'attack with Empyreal Voyager');
    passWhile(game, (g) => g.state.step !== 'main2');
    expect(game.state.players[0].counters).toEqual({ ENERGY: 2 });
  });
});

describe('player counters', () => {
  it('PutCounter Defined$ You gives energy; PayEnergy spends it; Count$YourCountersEnergy reads it', () => {
    const game = board({ hand: ['Fix Spark'], battlefield: [...lands(), 'Fix Dynamo', 'Fix Gauge'] }, {}, { registry: fixRegistry() });
    expect(labels(game).some((l) => l.startsWith('activate Fix Dynamo'))).toBe(false);
    act(game, 'cast Fix Spark');
    resolveStack(game);
    expect(game.state.players[0].counters).toEqual({ ENERGY: 3 });
    act(game, 'activate Fix Gauge');
    resolveStack(game);
    expect(life(game, 0)).toBe(23);
    act(game, 'activate Fix Dynamo');
    resolveStack(game);
    expect(life(game, 0)).toBe(25);
    expect(game.state.players[0].counters).toEqual({ ENERGY: 1 });
    // One left: not enough for another PayEnergy<2>.
    expect(labels(game).some((l) => l.startsWith('activate Fix Dynamo'))).toBe(false);
  });

  it('Cleanup ClearChosenCard$ forgets the chosen card, not the named card', () => {
    const game = board({ battlefield: [...lands(), 'Fix Ledger', 'Test Bear'] }, {}, { registry: fixRegistry() });
    act(game, 'activate Fix Ledger');
    resolveStack(game);
    pick(game, 'Test Bear');
    resolveStack(game);
    const ledger = object(game, 'Fix Ledger');
    expect(ledger.chosen.name).toBe('Test Bear');
    expect(ledger.chosen.cards).toBeUndefined();
  });

  it('the counters are public: both seats see them', () => {
    const game = board({ hand: ['Fix Spark'], battlefield: lands() }, {}, { registry: fixRegistry() });
    act(game, 'cast Fix Spark');
    resolveStack(game);
    expect(game.view(0).players[0].counters).toEqual({ ENERGY: 3 });
    expect(game.view(1).players[0].counters).toEqual({ ENERGY: 3 });
    expect(game.view(1).players[1].counters).toEqual({});
  });

  it('experience is one kind whatever its case; poison stays in its own field (CR 122.1f)', () => {
    const game = board({ hand: ['Fix Mentor', 'Fix Venom'], battlefield: lands() }, {}, { registry: fixRegistry() });
    act(game, 'cast Fix Mentor');
    resolveStack(game);
    expect(game.state.players[0].counters).toEqual({ EXPERIENCE: 1 });
    act(game, 'cast Fix Venom');
    pick(game, 'target p2');
    resolveStack(game);
    expect(game.state.players[1].poison).toBe(2);
    expect(game.state.players[1].counters).toBeUndefined();
  });
});
