// Auras that enchant a player (CR 303.4): an Aura spell with "Enchant player" targets a player
// (303.4a), resolves attached to that player (303.4f), stays while the player is a legal object of
// its Enchant keyword (303.4d, 704.5m), gives "enchanted player" to its abilities, shows in the
// view and in snapshots, and is attached to nothing once it leaves the battlefield (400.7).
// Fixture cards written by hand (not Forge's), names starting with "Hex Test".
import { describe, expect, it } from 'vitest';
import { restoreGame } from '../../../src/mtg/engine/index.js';
import { FIXTURE_CARDS } from './fixtures/cards.js';
import { EFFECT_CARDS } from './fixtures/effects.js';
import { act, board, find, passUntil, registryOf, resolveStack } from './helpers.js';
import type { Game } from '../../../src/mtg/engine/index.js';

/** The game object (not the view) of the card named so. */
function objectNamed(game: Game, name: string) {
  const o = game.state.objects.find((x) => x && x.card === name);
  if (!o) throw new Error(`no object named ${name}`);
  return o;
}

const HEX_CARDS: Record<string, string[]> = {
  // A Curse: at the beginning of enchanted player's upkeep, that player loses 1 life.
  'Hex Test Curse': [
    'Name:Hex Test Curse',
    'ManaCost:R',
    'Types:Enchantment Aura Curse',
    'K:Enchant player',
    'A:SP$ Attach | Cost$ R | ValidTgts$ Player',
    "T:Mode$ Phase | Phase$ Upkeep | ValidPlayer$ Player.EnchantedBy | TriggerZones$ Battlefield | Execute$ TrigLose | TriggerDescription$ At the beginning of enchanted player's upkeep, that player loses 1 life.",
    'SVar:TrigLose:DB$ LoseLife | Defined$ EnchantedPlayer | LifeAmount$ 1',
  ],
  // Returns an enchantment to its owner's hand.
  'Hex Test Unweave': [
    'Name:Hex Test Unweave',
    'ManaCost:R',
    'Types:Instant',
    'A:SP$ ChangeZone | Cost$ R | ValidTgts$ Enchantment | TgtPrompt$ Select target enchantment | Origin$ Battlefield | Destination$ Hand',
  ],
};

const registry = registryOf(FIXTURE_CARDS, EFFECT_CARDS, HEX_CARDS);

function cursed() {
  const game = board({ hand: ['Hex Test Curse', 'Hex Test Unweave'], battlefield: ['Test Mountain', 'Test Mountain'] }, {}, { registry, seed: 'hex' });
  act(game, 'cast Hex Test Curse');
  // The target: the opponent (a player, CR 303.4a), not an object.
  const point = game.pending()!;
  const them = point.options.find((o) => /opponent|seat 1|p2|player 2/i.test(o.label));
  expect(them, JSON.stringify(point.options.map((o) => o.label))).toBeDefined();
  game.choose(them!.index);
  resolveStack(game);
  return game;
}

describe('Auras enchanting a player (CR 303.4)', () => {
  it('303.4f: the Aura spell resolves attached to the targeted player and stays (704.5m does not apply)', () => {
    const game = cursed();
    const curse = objectNamed(game, 'Hex Test Curse');
    expect(curse.zone).toBe('battlefield');
    expect(curse.attachedTo).toBeNull();
    expect(curse.attachedToPlayer).toBe(1);
    // Both seats see what it enchants.
    for (const seat of [0, 1] as const) expect(game.view(seat).battlefield.find((c) => c.name === 'Hex Test Curse')?.attachedToPlayer).toBe(1);
  });

  it('Player.EnchantedBy and Defined$ EnchantedPlayer: the enchanted player loses 1 life at their upkeep only', () => {
    const game = cursed();
    passUntil(game, 'draw', 2);
    expect(game.state.players[1].life).toBe(19);
    expect(game.state.players[0].life).toBe(20);
    passUntil(game, 'draw', 3);
    expect(game.state.players[0].life).toBe(20);
    expect(game.state.players[1].life).toBe(19);
  });

  it('a snapshot keeps the attachment to the player, and the restored game plays on the same', () => {
    const game = cursed();
    const snap = JSON.parse(JSON.stringify(game.snapshot())) as ReturnType<typeof game.snapshot>;
    const restored = restoreGame(snap, registry);
    expect(restored.stateHash()).toBe(game.stateHash());
    expect(find(restored, 'Hex Test Curse').attachedToPlayer).toBe(1);
    expect(objectNamed(restored, 'Hex Test Curse').attachedToPlayer).toBe(1);
    passUntil(restored, 'draw', 2);
    expect(restored.state.players[1].life).toBe(19);
  });

  it('400.7: leaving the battlefield detaches it, and its trigger no longer finds an enchanted player', () => {
    const game = cursed();
    act(game, 'cast Hex Test Unweave');
    resolveStack(game);
    const curse = objectNamed(game, 'Hex Test Curse');
    expect(curse.zone).toBe('hand');
    expect(curse.attachedToPlayer).toBeUndefined();
    passUntil(game, 'draw', 2);
    expect(game.state.players[1].life).toBe(20);
  });
});
