// Casting keywords (CR 601.2b, 601.2f): kicker (CR 702.33) and buyback (CR 702.27), optional
// additional costs the player is asked about, as a yes/no, before X and targets; what was paid
// joins the spell's cost and is paid by the automatic payer. Fixture cards in
// fixtures/casting.ts; real cards from the corpus, skipped visibly without it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardRegistry } from '../../../src/mtg/cards/index.js';
import type { Game } from '../../../src/mtg/engine/index.js';
import { FIXTURE_CARDS } from './fixtures/cards.js';
import { CASTING_CARDS } from './fixtures/casting.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { act, board, find, labels, pick, registryOf, resolveStack, zone } from './helpers.js';
import { CARDS_DIR, needsCorpus } from '../../support/corpora.js';

let registry: CardRegistry | undefined;
function casting(): CardRegistry {
  return (registry ??= registryOf(FIXTURE_CARDS, CASTING_CARDS));
}

function life(game: Game, seat: 0 | 1): number {
  return game.state.players[seat].life;
}

/** The seat's untapped lands: what is left after paying. */
function untapped(game: Game, seat: 0 | 1): number {
  return game.view(seat).battlefield.filter((c) => c.controller === seat && !c.tapped && /^Test (Forest|Mountain|Plains|Island|Swamp)$/.test(c.name)).length;
}

describe('kicker (CR 702.33)', () => {
  it('asks at CR 601.2b, pays the kicker with the spell, and the permanent knows it was kicked', () => {
    const game = board(
      { battlefield: ['Test Forest', 'Test Forest', 'Test Forest', 'Test Forest', 'Test Forest'], hand: ['Test Kicked Brute'] },
      {},
      { registry: casting() },
    );
    act(game, 'cast Test Kicked Brute');
    expect(game.pending()?.kind).toBe('yes-no');
    expect(game.pending()?.prompt).toBe('Pay kicker {2}{G} as you cast Test Kicked Brute?');
    pick(game, 'yes');
    expect(untapped(game, 0)).toBe(0);
    resolveStack(game);
    expect(find(game, 'Test Kicked Brute').counters).toEqual({ P1P1: 3 });
  });

  it('unkicked, it costs only its mana cost and enters without counters', () => {
    const game = board(
      { battlefield: ['Test Forest', 'Test Forest', 'Test Forest', 'Test Forest', 'Test Forest'], hand: ['Test Kicked Brute'] },
      {},
      { registry: casting() },
    );
    act(game, 'cast Test Kicked Brute');
    pick(game, 'no');
    expect(untapped(game, 0)).toBe(3);
    resolveStack(game);
    expect(find(game, 'Test Kicked Brute').counters).toEqual({});
  });

  it('is not asked when the kicker cannot be paid on top of the spell', () => {
    const game = board({ battlefield: ['Test Forest', 'Test Forest', 'Test Forest', 'Test Forest'], hand: ['Test Kicked Brute'] }, {}, { registry: casting() });
    act(game, 'cast Test Kicked Brute');
    expect(game.pending()?.kind).toBe('priority');
    resolveStack(game);
    expect(find(game, 'Test Kicked Brute').counters).toEqual({});
  });

  it('is chosen before targets, and Count$Kicked reads it as the spell resolves', () => {
    const game = board(
      { battlefield: ['Test Mountain', 'Test Mountain', 'Test Mountain', 'Test Mountain'], hand: ['Test Kicked Spark'] },
      {},
      { registry: casting() },
    );
    act(game, 'cast Test Kicked Spark');
    pick(game, 'yes');
    expect(game.pending()?.kind).toBe('targets');
    pick(game, 'target p2');
    resolveStack(game);
    expect(life(game, 1)).toBe(15);
  });

  it('a kicked ETB trigger (Card.Self+kicked) fires; unkicked it does not', () => {
    for (const [answer, left] of [
      ['yes', []],
      ['no', ['Test Bear']],
    ] as const) {
      const game = board({ battlefield: ['Test Swamp', 'Test Swamp'], hand: ['Test Kicked Warden'] }, { battlefield: ['Test Bear'] }, { registry: casting() });
      act(game, 'cast Test Kicked Warden');
      pick(game, answer);
      // Nobody can respond (one option each), so the spell resolves and its trigger asks a target.
      if (answer === 'yes') pick(game, 'target p2');
      expect(
        game
          .view(0)
          .battlefield.filter((c) => c.controller === 1)
          .map((c) => c.name),
      ).toEqual(left);
    }
  });

  it('a non-mana kicker (sacrifice a land) is paid as part of the cost', () => {
    const game = board({ battlefield: ['Test Forest', 'Test Mountain'], hand: ['Test Land Kicker'] }, {}, { registry: casting() });
    act(game, 'cast Test Land Kicker');
    expect(game.pending()?.prompt).toBe('Pay kicker Sac<1/Land> as you cast Test Land Kicker?');
    pick(game, 'yes');
    pick(game, 'Test Mountain');
    resolveStack(game);
    expect(life(game, 0)).toBe(26);
    expect(zone(game, 'graveyard-0').sort()).toEqual(['Test Land Kicker', 'Test Mountain']);
  });

  it('two kickers are asked one after the other (CR 702.33d), each only if still payable', () => {
    const game = board({ battlefield: ['Test Forest', 'Test Mountain', 'Test Plains'], hand: ['Test Twin Kicker'] }, {}, { registry: casting() });
    act(game, 'cast Test Twin Kicker');
    expect(game.pending()?.prompt).toBe('Pay kicker {R} as you cast Test Twin Kicker?');
    pick(game, 'yes');
    expect(game.pending()?.prompt).toBe('Pay kicker {W} as you cast Test Twin Kicker?');
    pick(game, 'yes');
    expect(untapped(game, 0)).toBe(0);
    resolveStack(game);
    expect(life(game, 0)).toBe(23);
    expect((game.state.objects[game.state.zones['graveyard-0']![0]!]! as { kicked: boolean }).kicked).toBe(true);
  });

  it('declining the kicker undoes nothing: the spell is cast for its mana cost', () => {
    const game = board(
      { battlefield: ['Test Mountain', 'Test Mountain', 'Test Mountain', 'Test Mountain'], hand: ['Test Kicked Spark'] },
      {},
      { registry: casting() },
    );
    act(game, 'cast Test Kicked Spark');
    pick(game, 'no');
    pick(game, 'target p2');
    resolveStack(game);
    expect(life(game, 1)).toBe(19);
    expect(untapped(game, 0)).toBe(3);
  });
});

describe('buyback (CR 702.27)', () => {
  it("a bought-back instant returns to its owner's hand as it resolves", () => {
    const game = board({ battlefield: ['Test Mountain', 'Test Mountain', 'Test Mountain'], hand: ['Test Buyback Zap'] }, {}, { registry: casting() });
    act(game, 'cast Test Buyback Zap');
    expect(game.pending()?.prompt).toBe('Pay buyback {2} as you cast Test Buyback Zap?');
    pick(game, 'yes');
    pick(game, 'target p2');
    resolveStack(game);
    expect(life(game, 1)).toBe(19);
    expect(zone(game, 'hand-0')).toContain('Test Buyback Zap');
    expect(zone(game, 'graveyard-0')).toEqual([]);
    expect(untapped(game, 0)).toBe(0);
  });

  it('without buyback it goes to the graveyard', () => {
    const game = board({ battlefield: ['Test Mountain', 'Test Mountain', 'Test Mountain'], hand: ['Test Buyback Zap'] }, {}, { registry: casting() });
    act(game, 'cast Test Buyback Zap');
    pick(game, 'no');
    pick(game, 'target p2');
    resolveStack(game);
    expect(zone(game, 'graveyard-0')).toEqual(['Test Buyback Zap']);
  });

  it('a bought-back spell that is countered goes to the graveyard: it did not resolve', () => {
    const game = board(
      { battlefield: ['Test Mountain', 'Test Mountain', 'Test Mountain'], hand: ['Test Buyback Zap'] },
      { battlefield: ['Test Island', 'Test Island'], hand: ['Test Denial'] },
      { registry: casting() },
    );
    act(game, 'cast Test Buyback Zap');
    pick(game, 'yes');
    pick(game, 'target p2');
    act(game, 'cast Test Denial');
    resolveStack(game);
    expect(life(game, 1)).toBe(20);
    expect(zone(game, 'graveyard-0')).toEqual(['Test Buyback Zap']);
  });

  it('a bought-back spell whose target is gone (CR 608.2b) goes to the graveyard', () => {
    const game = board(
      { battlefield: ['Test Mountain', 'Test Mountain', 'Test Mountain', 'Test Mountain'], hand: ['Test Buyback Zap', 'Test Bolt'] },
      { battlefield: ['Test Hawk'] },
      { registry: casting() },
    );
    act(game, 'cast Test Buyback Zap');
    pick(game, 'yes');
    pick(game, 'target Test Hawk');
    act(game, 'cast Test Bolt');
    pick(game, 'target Test Hawk');
    resolveStack(game);
    expect(zone(game, 'graveyard-0').sort()).toEqual(['Test Bolt', 'Test Buyback Zap']);
  });
});

describe('kicker and buyback together', () => {
  it('both are asked in the order the card writes them; bought back kicked, it is cast again unkicked (a new object, CR 400.7)', () => {
    const game = board({ battlefield: ['Test Forest', 'Test Forest', 'Test Forest', 'Test Forest'], hand: ['Test Kicked Echo'] }, {}, { registry: casting() });
    act(game, 'cast Test Kicked Echo');
    expect(game.pending()?.prompt).toBe('Pay kicker {1} as you cast Test Kicked Echo?');
    pick(game, 'yes');
    expect(game.pending()?.prompt).toBe('Pay buyback {1} as you cast Test Kicked Echo?');
    pick(game, 'yes');
    resolveStack(game);
    expect(life(game, 0)).toBe(23);
    expect(zone(game, 'hand-0')).toEqual(['Test Kicked Echo']);
    // One Forest left: neither optional cost is asked; the card moved hand to stack, so it is not kicked.
    act(game, 'cast Test Kicked Echo');
    resolveStack(game);
    expect(life(game, 0)).toBe(24);
    expect(zone(game, 'graveyard-0')).toEqual(['Test Kicked Echo']);
    expect(game.state.objects[game.state.zones['graveyard-0']![0]!]!.kicked).toBe(false);
  });
});

describe('convoke (CR 702.51)', () => {
  it('a spell only convoke can pay for is offered; the caster taps creatures until the lands can pay the rest', () => {
    const game = board(
      { battlefield: ['Test Mountain', 'Test Bear', 'Test Hawk', 'Test Gray Golem'], hand: ['Test Convoked Hymn'] },
      {},
      { registry: casting() },
    );
    act(game, 'cast Test Convoked Hymn');
    expect(game.pending()?.kind).toBe('pay');
    // {3}{G} with one Mountain: no "pay with mana" yet, and every creature helps.
    expect(labels(game)).toEqual(['tap Test Bear for convoke', 'tap Test Hawk for convoke', 'tap Test Gray Golem for convoke']);
    pick(game, 'tap Test Bear');
    expect(game.pending()?.prompt).toBe('Convoke: tap creatures to pay {3}');
    pick(game, 'tap Test Hawk');
    // {2} left, one Mountain: the Golem must be tapped, and a choice of one is not asked.
    resolveStack(game);
    expect(life(game, 0)).toBe(24);
    expect(game.view(0).battlefield.every((c) => c.tapped)).toBe(true);
  });

  it('a creature pays its own colour: the green Bear pays {G}, so red mana can pay the rest', () => {
    const game = board(
      { battlefield: ['Test Mountain', 'Test Mountain', 'Test Mountain', 'Test Bear'], hand: ['Test Convoked Hymn'] },
      {},
      { registry: casting() },
    );
    act(game, 'cast Test Convoked Hymn');
    // The Bear is the only way to pay: a choice of one is not asked.
    resolveStack(game);
    expect(life(game, 0)).toBe(24);
    expect(find(game, 'Test Bear').tapped).toBe(true);
  });

  it('the automatic payer never convokes on its own: with enough lands, "pay with mana" comes first', () => {
    const game = board(
      { battlefield: ['Test Forest', 'Test Forest', 'Test Forest', 'Test Forest', 'Test Bear'], hand: ['Test Convoked Hymn'] },
      {},
      { registry: casting() },
    );
    act(game, 'cast Test Convoked Hymn');
    expect(labels(game)).toEqual(['pay {3}{G} with mana', 'tap Test Bear for convoke']);
    pick(game, 'pay {3}{G} with mana');
    resolveStack(game);
    expect(find(game, 'Test Bear').tapped).toBe(false);
    expect(life(game, 0)).toBe(24);
  });

  it('a summoning-sick creature may be tapped for convoke (it is not a {T} cost)', () => {
    const game = board(
      { battlefield: ['Test Forest', 'Test Forest', 'Test Forest', 'Test Forest', 'Test Forest'], hand: ['Test Convoked Hymn', 'Test Bear'] },
      {},
      { registry: casting() },
    );
    act(game, 'cast Test Bear');
    resolveStack(game);
    act(game, 'cast Test Convoked Hymn');
    resolveStack(game);
    expect(life(game, 0)).toBe(24);
    expect(find(game, 'Test Bear').tapped).toBe(true);
  });

  it('with no creatures, a convoke spell needs its whole cost in mana', () => {
    const game = board(
      { battlefield: ['Test Forest', 'Test Forest', 'Test Forest'], hand: ['Test Convoked Hymn'] },
      {},
      { registry: casting(), explain: true },
    );
    expect(game.pending()?.unavailable?.find((u) => u.label === 'cast Test Convoked Hymn')?.reason).toBe('no-mana');
  });
});

describe('delve (CR 702.66)', () => {
  const yard = ['Test Bear', 'Test Ogre', 'Test Hawk', 'Test Bolt'];

  it('a spell only delve can pay for is offered; each card exiled from the graveyard pays {1}', () => {
    const game = board({ battlefield: ['Test Island'], hand: ['Test Delved Insight'], graveyard: yard }, {}, { registry: casting() });
    act(game, 'cast Test Delved Insight');
    expect(game.pending()?.kind).toBe('pay');
    expect(game.pending()?.prompt).toBe('Delve: exile cards from your graveyard to pay {4}{U}');
    expect(labels(game)).toEqual(['exile Test Bear for delve', 'exile Test Ogre for delve', 'exile Test Hawk for delve', 'exile Test Bolt for delve']);
    pick(game, 'exile Test Ogre');
    pick(game, 'exile Test Bear');
    pick(game, 'exile Test Bolt');
    // The last card is the only way to pay the last {1}: not asked.
    resolveStack(game);
    expect(zone(game, 'exile').sort()).toEqual(['Test Bear', 'Test Bolt', 'Test Hawk', 'Test Ogre']);
    expect(zone(game, 'graveyard-0')).toEqual(['Test Delved Insight']);
    expect(zone(game, 'hand-0')).toHaveLength(2);
  });

  it('the caster stops exiling once mana can pay the rest', () => {
    const game = board(
      { battlefield: ['Test Island', 'Test Island', 'Test Island'], hand: ['Test Delved Insight'], graveyard: yard },
      {},
      { registry: casting() },
    );
    act(game, 'cast Test Delved Insight');
    // {4}{U} and three Islands: two cards must go before "pay with mana" is offered.
    expect(labels(game)[0]).toBe('exile Test Bear for delve');
    pick(game, 'exile Test Hawk');
    expect(labels(game)[0]).toBe('exile Test Bear for delve');
    pick(game, 'exile Test Bear');
    expect(labels(game)[0]).toBe('pay {2}{U} with mana');
    pick(game, 'pay {2}{U} with mana');
    resolveStack(game);
    expect(zone(game, 'exile').sort()).toEqual(['Test Bear', 'Test Hawk']);
    expect(zone(game, 'graveyard-0').sort()).toEqual(['Test Bolt', 'Test Delved Insight', 'Test Ogre']);
  });

  it('the automatic payer never delves on its own: with enough lands, "pay with mana" comes first', () => {
    const game = board(
      { battlefield: ['Test Island', 'Test Island', 'Test Island', 'Test Island', 'Test Island'], hand: ['Test Delved Insight'], graveyard: yard },
      {},
      { registry: casting() },
    );
    act(game, 'cast Test Delved Insight');
    pick(game, 'pay {4}{U} with mana');
    resolveStack(game);
    expect(zone(game, 'exile')).toEqual([]);
  });

  it('delve pays only generic mana: without blue mana it is not offered', () => {
    const game = board({ battlefield: ['Test Forest'], hand: ['Test Delved Insight'], graveyard: yard }, {}, { registry: casting(), explain: true });
    expect(game.pending()?.unavailable?.find((u) => u.label === 'cast Test Delved Insight')?.reason).toBe('no-mana');
  });

  it('too few cards in the graveyard: not offered', () => {
    const game = board(
      { battlefield: ['Test Island', 'Test Island'], hand: ['Test Delved Insight'], graveyard: ['Test Bear', 'Test Ogre'] },
      {},
      { registry: casting(), explain: true },
    );
    expect(game.pending()?.unavailable?.find((u) => u.label === 'cast Test Delved Insight')?.reason).toBe('no-mana');
  });
});

// The corpus is compiled only when these run (it is large).
describe('real cards', needsCorpus('cards'), () => {
  let real: CardRegistry | null = null;
  const LIB = ['Island', 'Island', 'Island', 'Island', 'Island'];
  beforeAll(() => {
    real = puzzleRegistry(CARDS_DIR);
  });
  it('Kavu Titan kicked enters as a 5/5 with trample', () => {
    const game = board(
      { battlefield: ['Forest', 'Forest', 'Forest', 'Forest', 'Forest'], hand: ['Kavu Titan'], library: LIB },
      { library: LIB },
      { registry: real! },
    );
    act(game, 'cast Kavu Titan');
    pick(game, 'yes');
    resolveStack(game);
    const titan = find(game, 'Kavu Titan');
    expect([titan.power, titan.toughness, titan.keywords.includes('Trample')]).toEqual([5, 5, true]);
  });

  // `ETBReplacement`'s own condition (its fifth field, here `Card.Self+kicked`) decides.
  it('Kavu Titan unkicked enters as a 2/2', () => {
    const game = board(
      { battlefield: ['Forest', 'Forest', 'Forest', 'Forest', 'Forest'], hand: ['Kavu Titan'], library: LIB },
      { library: LIB },
      { registry: real! },
    );
    act(game, 'cast Kavu Titan');
    pick(game, 'no');
    resolveStack(game);
    const titan = find(game, 'Kavu Titan');
    expect([titan.power, titan.toughness]).toEqual([2, 2]);
  });

  it("Necravolver with only its second kicker paid enters with that kicker's counter (CR 702.33d)", () => {
    const game = board(
      { battlefield: ['Swamp', 'Swamp', 'Swamp', 'Plains', 'Forest', 'Forest'], hand: ['Necravolver'], library: LIB },
      { library: LIB },
      { registry: real! },
    );
    act(game, 'cast Necravolver');
    pick(game, 'no');
    pick(game, 'yes');
    resolveStack(game);
    const volver = find(game, 'Necravolver');
    expect([volver.power, volver.toughness, volver.counters]).toEqual([3, 3, { P1P1: 1 }]);
    expect(volver.keywords).not.toContain('Trample');
  });

  it('Burst Lightning kicked deals 4; unkicked 2', () => {
    for (const [answer, dealt] of [
      ['yes', 4],
      ['no', 2],
    ] as const) {
      const game = board(
        { battlefield: ['Mountain', 'Mountain', 'Mountain', 'Mountain', 'Mountain'], hand: ['Burst Lightning'], library: LIB },
        { library: LIB },
        { registry: real! },
      );
      act(game, 'cast Burst Lightning');
      pick(game, answer);
      pick(game, 'target p2');
      resolveStack(game);
      expect(life(game, 1)).toBe(20 - dealt);
    }
  });

  it('Gatekeeper of Malakir kicked makes the target player sacrifice a creature', () => {
    const game = board(
      { battlefield: ['Swamp', 'Swamp', 'Swamp'], hand: ['Gatekeeper of Malakir'], library: LIB },
      { battlefield: ['Grizzly Bears'], library: LIB },
      { registry: real! },
    );
    act(game, 'cast Gatekeeper of Malakir');
    pick(game, 'yes');
    resolveStack(game);
    pick(game, 'target p2');
    resolveStack(game);
    expect(game.view(0).battlefield.filter((c) => c.controller === 1)).toEqual([]);
  });

  it('Magma Burst kicked asks for its second target (targets follow the kicker, CR 601.2b–c)', () => {
    const game = board(
      { battlefield: ['Mountain', 'Mountain', 'Mountain', 'Mountain', 'Mountain', 'Mountain'], hand: ['Magma Burst'], library: LIB },
      { battlefield: ['Grizzly Bears'], library: LIB },
      { registry: real! },
    );
    act(game, 'cast Magma Burst');
    expect(labels(game)).toEqual(['no', 'yes']);
  });
});
