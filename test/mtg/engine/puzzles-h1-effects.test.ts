// Unit scenarios for the Repeat, Reveal and Discard parameters the issue #8 puzzles showed missing,
// on hand-written cards (names start with "Fx H1", none a real card's) beside the fixture lands.
import { describe, expect, it } from 'vitest';
import type { CardRegistry } from '../../../src/mtg/cards/index.js';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { FIXTURE_CARDS } from './fixtures/cards.js';
import { act, board, lands, pick, registryOf, resolveStack, zone } from './helpers.js';

const CARDS: Record<string, string[]> = {
  'Fx H1 Thrice': [
    'Name:Fx H1 Thrice',
    'ManaCost:B',
    'Types:Sorcery',
    'A:SP$ Repeat | Cost$ B | MaxRepeat$ 3 | RepeatSubAbility$ DBLose | SpellDescription$ Your opponent loses 1 life. Repeat this process two more times.',
    'SVar:DBLose:DB$ LoseLife | Defined$ Opponent | LifeAmount$ 1',
  ],
  'Fx H1 Purge': [
    'Name:Fx H1 Purge',
    'ManaCost:B',
    'Types:Sorcery',
    'A:SP$ Repeat | Cost$ B | RepeatSubAbility$ DBSac | RepeatPresent$ Creature.OppCtrl | SpellDescription$ Your opponent sacrifices a creature. Repeat this process while they control a creature.',
    'SVar:DBSac:DB$ Sacrifice | Defined$ Opponent | SacValid$ Creature',
  ],
  'Fx H1 Greed': [
    'Name:Fx H1 Greed',
    'ManaCost:B',
    'Types:Sorcery',
    'A:SP$ Repeat | Cost$ B | RepeatSubAbility$ DBDraw | RepeatOptional$ True | SpellDescription$ Draw a card. You may repeat this process any number of times.',
    'SVar:DBDraw:DB$ Draw | Defined$ You | NumCards$ 1',
  ],
  'Fx H1 Lottery': [
    'Name:Fx H1 Lottery',
    'ManaCost:R',
    'Types:Sorcery',
    'A:SP$ Reveal | Cost$ R | ValidTgts$ Opponent | Random$ True | RememberRevealed$ True | SubAbility$ DBDamage | SpellDescription$ Target opponent reveals a card at random from their hand. CARDNAME deals damage equal to its mana value to that player.',
    'SVar:DBDamage:DB$ DealDamage | Defined$ TargetedPlayer | NumDmg$ X | SubAbility$ DBCleanup',
    'SVar:DBCleanup:DB$ Cleanup | ClearRemembered$ True',
    'SVar:X:Remembered$CardManaCost',
  ],
  'Fx H1 Show Green': [
    'Name:Fx H1 Show Green',
    'ManaCost:G',
    'Types:Sorcery',
    'A:SP$ Reveal | Cost$ G | Defined$ You | RevealValid$ Card.Green | AnyNumber$ True | RememberRevealed$ True | SubAbility$ DBGain | SpellDescription$ Reveal any number of green cards in your hand. You gain 1 life for each card revealed this way.',
    'SVar:DBGain:DB$ GainLife | LifeAmount$ X | SubAbility$ DBCleanup',
    'SVar:DBCleanup:DB$ Cleanup | ClearRemembered$ True',
    'SVar:X:Remembered$Amount',
  ],
  'Fx H1 Cull': [
    'Name:Fx H1 Cull',
    'ManaCost:B',
    'Types:Sorcery',
    'A:SP$ Discard | Cost$ B | ValidTgts$ Opponent | Mode$ RevealDiscardAll | DiscardValid$ Creature | SpellDescription$ Target opponent reveals their hand and discards all creature cards.',
  ],
};

let registry: CardRegistry | undefined;
function reg(): CardRegistry {
  return (registry ??= registryOf(FIXTURE_CARDS, CARDS));
}

function game(card: string, p0: SeatSetup = {}, p1: SeatSetup = {}): Game {
  return board({ battlefield: lands(), ...p0, hand: [card, ...(p0.hand ?? [])] }, { battlefield: lands(), ...p1 }, { registry: reg() });
}

describe('Repeat', () => {
  it('MaxRepeat$ runs the process exactly that many times', () => {
    const g = game('Fx H1 Thrice');
    act(g, 'cast Fx H1 Thrice');
    resolveStack(g);
    expect(g.state.players[1].life).toBe(17);
  });

  it('RepeatPresent$ goes on while the count compares true (default GE1), then stops', () => {
    const g = game('Fx H1 Purge', {}, { battlefield: [...lands(), 'Test Bear', 'Test Ogre', 'Test Giant'] });
    act(g, 'cast Fx H1 Purge');
    resolveStack(g);
    // The opponent picks each creature to sacrifice (whichever comes first).
    for (let i = 0; i < 10 && g.pending()?.kind !== 'priority'; i++) g.choose(0);
    expect(zone(g, 'graveyard-1').sort()).toEqual(['Test Bear', 'Test Giant', 'Test Ogre']);
  });

  it('RepeatOptional$ asks the controller after each run', () => {
    const g = game('Fx H1 Greed');
    const before = g.state.zones['hand-0']!.length;
    act(g, 'cast Fx H1 Greed');
    resolveStack(g);
    pick(g, 'yes');
    pick(g, 'yes');
    pick(g, 'no');
    expect(g.state.zones['hand-0']!.length).toBe(before - 1 + 3);
  });
});

describe('Reveal', () => {
  it("Random$ reveals a card from the targeted player's hand and remembers it", () => {
    const g = game('Fx H1 Lottery', {}, { hand: ['Test Giant'] });
    act(g, 'cast Fx H1 Lottery'); // the only opponent is the only legal target
    resolveStack(g);
    expect(g.state.players[1].life).toBe(15);
    expect(g.actions.some((a) => a.type === 'RevealCard' && a.name === 'Test Giant' && a.to.length === 2)).toBe(true);
  });

  it('AnyNumber$ with RevealValid$ lets the player reveal some of the matching cards only', () => {
    const g = game('Fx H1 Show Green', { hand: ['Test Bear', 'Test Giant', 'Test Ogre'] });
    act(g, 'cast Fx H1 Show Green');
    resolveStack(g);
    // The red Ogre is not offered; one green card is revealed, then the player stops.
    expect(g.pending()!.options.map((o) => o.label)).toEqual(['done', 'Test Bear', 'Test Giant']);
    pick(g, 'Test Bear');
    pick(g, 'done');
    resolveStack(g);
    expect(g.state.players[0].life).toBe(21);
  });
});

describe('Discard', () => {
  it('Mode$ RevealDiscardAll discards every matching card and nothing else', () => {
    const g = game('Fx H1 Cull', {}, { hand: ['Test Bear', 'Test Ogre', 'Test Bolt'] });
    act(g, 'cast Fx H1 Cull');
    resolveStack(g);
    expect(zone(g, 'graveyard-1').sort()).toEqual(['Test Bear', 'Test Ogre']);
    expect(zone(g, 'hand-1')).toEqual(['Test Bolt']);
  });
});
