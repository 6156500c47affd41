// State-based actions (CR 704), triggered abilities (CR 603), continuous effects in layers
// (CR 613) and replacement effects (CR 614–616), as scenarios on fixture cards.
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { act, board, find, labels, lands, passWhile, pick, resolveStack, zone } from './helpers.js';

function life(game: Game, seat: 0 | 1): number {
  return game.state.players[seat].life;
}

describe('state-based actions (CR 704)', () => {
  it('a creature with 0 toughness goes to the graveyard (CR 704.5f)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Weaken'] }, { battlefield: ['Test Bear'] });
    act(game, 'cast Test Weaken');
    resolveStack(game);
    expect(zone(game, 'graveyard-1')).toEqual(['Test Bear']);
  });

  it('a creature with lethal damage is destroyed (CR 704.5g)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt'] }, { battlefield: ['Test Ogre'] });
    act(game, 'cast Test Bolt');
    pick(game, 'target Test Ogre');
    resolveStack(game);
    expect(zone(game, 'graveyard-1')).toEqual(['Test Ogre']);
    expect(game.events.some((e) => e.type === 'CreatureDied' && e.name === 'Test Ogre')).toBe(true);
  });

  it('an indestructible creature survives lethal damage (CR 702.12b)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt'] }, { battlefield: ['Test Golem'] });
    act(game, 'cast Test Bolt');
    pick(game, 'target Test Golem');
    resolveStack(game);
    expect(find(game, 'Test Golem').damage).toBe(3);
  });

  it('the legend rule: the controller keeps one (CR 704.5j)', () => {
    const game = board({ battlefield: [...lands(), 'Test Hero'], hand: ['Test Hero'] });
    act(game, 'cast Test Hero');
    resolveStack(game);
    expect(game.pending()?.kind).toBe('choose');
    pick(game, 'keep Test Hero');
    expect(game.view(0).battlefield.filter((c) => c.name === 'Test Hero')).toHaveLength(1);
    expect(zone(game, 'graveyard-0')).toEqual(['Test Hero']);
  });

  it('an Aura attached to nothing goes to the graveyard (CR 704.5m)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Wings', 'Test Bolt'] }, { battlefield: ['Test Bear'] });
    act(game, 'cast Test Wings');
    resolveStack(game);
    expect(find(game, 'Test Bear').keywords).toContain('Flying');
    act(game, 'cast Test Bolt');
    pick(game, 'target Test Bear');
    resolveStack(game);
    expect(zone(game, 'graveyard-0')).toContain('Test Wings');
  });

  it('+1/+1 and −1/−1 counters annihilate (CR 704.5q)', () => {
    const game = board({ battlefield: [...lands(), { name: 'Test Bear', counters: { P1P1: 2 } }], hand: ['Test Shrink Rune'] });
    act(game, 'cast Test Shrink Rune');
    resolveStack(game);
    expect(find(game, 'Test Bear').counters).toEqual({ P1P1: 1 });
  });

  it('the active player discards down to seven in the cleanup step (CR 514.1)', () => {
    const hand = Array.from({ length: 9 }, () => 'Test Bear');
    const game = board({ hand }, {}, { step: 'end' });
    expect(game.pending()?.kind).toBe('discard');
    game.choose(0);
    game.choose(0);
    expect(game.state.zones['hand-0']).toHaveLength(7);
    expect(game.events.filter((e) => e.type === 'Discarded')).toHaveLength(2);
  });

  it('damage wears off and "until end of turn" effects end in the cleanup step (CR 514.2)', () => {
    const game = board({ battlefield: [...lands(), 'Test Giant'], hand: ['Test Growth', 'Test Shocker'] });
    act(game, 'cast Test Growth');
    resolveStack(game);
    act(game, 'cast Test Shocker');
    pick(game, 'target Test Giant');
    resolveStack(game);
    expect([find(game, 'Test Giant').power, find(game, 'Test Giant').damage]).toEqual([8, 2]);
    passWhile(game, (g) => g.state.turn === 1);
    expect([find(game, 'Test Giant').power, find(game, 'Test Giant').damage]).toEqual([5, 0]);
  });

  it('a player at 0 life loses (CR 704.5a) — checked before anyone gets priority', () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt'] }, { life: 3 });
    act(game, 'cast Test Bolt');
    pick(game, 'target p2');
    resolveStack(game);
    expect(game.winner).toBe(0);
    expect(game.pending()).toBeNull();
  });
});

describe('triggered abilities (CR 603)', () => {
  it('an enters-the-battlefield trigger (ChangesZone, destination battlefield)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Elder'], library: ['Test Giant', 'Test Forest'] });
    act(game, 'cast Test Elder');
    resolveStack(game);
    expect(zone(game, 'hand-0')).toContain('Test Giant');
    expect(game.events.some((e) => e.type === 'TriggerFired' && e.name === 'Test Elder' && e.mode === 'ChangesZone')).toBe(true);
  });

  it('a dies trigger looks back in time (CR 603.10a)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt'] }, { battlefield: ['Test Martyr'] });
    act(game, 'cast Test Bolt');
    pick(game, 'target Test Martyr');
    resolveStack(game);
    expect(life(game, 1)).toBe(23);
  });

  it('an Aura\'s "when enchanted creature dies" sees what it enchanted (CR 603.10a)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Mourning Veil', 'Test Bolt'] }, { battlefield: ['Test Bear'] });
    act(game, 'cast Test Mourning Veil');
    resolveStack(game);
    act(game, 'cast Test Bolt');
    pick(game, 'target Test Bear');
    resolveStack(game);
    expect(life(game, 1)).toBe(18);
    expect(zone(game, 'graveyard-0')).toContain('Test Mourning Veil');
  });

  it('"whenever another creature dies" sees every creature of a wrath (CR 603.10a)', () => {
    const game = board({ battlefield: [...lands(), 'Test Mourner', 'Test Bear'], hand: ['Test Sweep'] }, { battlefield: ['Test Ogre'] });
    act(game, 'cast Test Sweep');
    resolveStack(game);
    expect(life(game, 1)).toBe(18);
  });

  it('a beginning-of-upkeep trigger (Phase)', () => {
    const game = board({ battlefield: ['Test Idol'] }, {}, { step: 'upkeep' });
    expect(life(game, 0)).toBe(21);
  });

  it('Attacks: whenever it attacks, +1/+0', () => {
    const game = board({ battlefield: ['Test Raging Ape'] });
    pick(game, 'attack with Test Raging Ape');
    passWhile(game, (g) => g.state.turn === 1);
    expect(life(game, 1)).toBe(17);
  });

  it('Blocks: whenever it blocks, gain 2 life', () => {
    const game = board({ battlefield: ['Test Bear'] }, { battlefield: ['Test Guard Dog'] });
    pick(game, 'attack with Test Bear');
    pick(game, 'Test Guard Dog blocks Test Bear');
    passWhile(game, (g) => g.state.turn === 1);
    expect(life(game, 1)).toBe(22);
  });

  it('DamageDone: combat damage to a player makes them discard at random', () => {
    const game = board({ battlefield: ['Test Specter'] }, { hand: ['Test Giant', 'Test Bear'] });
    pick(game, 'attack with Test Specter');
    passWhile(game, (g) => g.state.turn === 1);
    expect(zone(game, 'graveyard-1')).toHaveLength(1);
    expect(game.events.some((e) => e.type === 'Discarded' && e.seat === 1)).toBe(true);
  });

  it('SpellCast: whenever you cast an instant or sorcery', () => {
    const game = board({ battlefield: [...lands(), 'Test Prowler'], hand: ['Test Bolt'] });
    act(game, 'cast Test Bolt');
    pick(game, 'target p2');
    resolveStack(game);
    expect([find(game, 'Test Prowler').power, find(game, 'Test Prowler').toughness]).toEqual([2, 2]);
  });

  it('Drawn: whenever you draw a card', () => {
    const game = board({ battlefield: [...lands(), 'Test Scholar'], hand: ['Test Insight'] });
    act(game, 'cast Test Insight');
    resolveStack(game);
    expect(life(game, 0)).toBe(22);
  });

  it('LifeGained: whenever you gain life', () => {
    const game = board({ battlefield: [...lands(), 'Test Acolyte'], hand: ['Test Blessing'] });
    act(game, 'cast Test Blessing');
    resolveStack(game);
    expect(find(game, 'Test Acolyte').counters).toEqual({ P1P1: 1 });
  });

  it('orders simultaneous triggers of one player, APNAP between players (CR 603.3b)', () => {
    const game = board({ battlefield: ['Test Turmoil', 'Test Beacon', 'Test Mountain'] }, { battlefield: ['Test Forest'] }, { step: 'upkeep' });
    // Both trigger at p1's upkeep; p1 orders them: the one chosen first goes on the stack first.
    expect(game.pending()?.kind).toBe('order-triggers');
    pick(game, "put Test Turmoil's trigger");
    resolveStack(game);
    expect(life(game, 0)).toBe(20);
    const fired = game.events.filter((e) => e.type === 'LifeChanged').map((e) => 'delta' in e && e.delta);
    // Beacon was put on the stack last, so it resolved first: +1, then −1.
    expect(fired).toEqual([1, -1]);
  });
});

describe('continuous effects and layers (CR 613)', () => {
  it('a static ability: creatures you control get +1/+1 (layer 7c)', () => {
    const game = board({ battlefield: ['Test Anthem', 'Test Bear'] }, { battlefield: ['Test Ogre'] });
    expect([find(game, 'Test Bear').power, find(game, 'Test Bear').toughness]).toEqual([3, 3]);
    expect([find(game, 'Test Ogre').power, find(game, 'Test Ogre').toughness]).toEqual([3, 2]);
  });

  it('the affected set follows the board: "other Zombies" (layer 7c, CR 611.3a)', () => {
    const game = board({ battlefield: ['Test Lord', 'Test Bog Walker'] });
    expect(find(game, 'Test Bog Walker').power).toBe(3);
    expect(find(game, 'Test Lord').power).toBe(2);
  });

  it('setting P/T applies before modifying it (layers 7b then 7c)', () => {
    const game = board({ battlefield: ['Test Sculptor', 'Test Anthem', 'Test Giant'] });
    expect([find(game, 'Test Giant').power, find(game, 'Test Giant').toughness]).toEqual([2, 2]);
  });

  it('an Aura grants an ability and a bonus (layers 6 and 7c)', () => {
    const game = board({ battlefield: [...lands(), 'Test Bear'], hand: ['Test Wings'] });
    act(game, 'cast Test Wings');
    resolveStack(game);
    const bear = find(game, 'Test Bear');
    expect([bear.power, bear.keywords.includes('Flying')]).toEqual([3, true]);
  });

  it('a control-changing Aura: you control the enchanted creature (layer 2)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Puppet'] }, { battlefield: ['Test Giant'] });
    act(game, 'cast Test Puppet');
    resolveStack(game);
    expect(find(game, 'Test Giant').controller).toBe(0);
    // It came under p1's control this turn: summoning sick (CR 302.6).
    expect(find(game, 'Test Giant').sick).toBe(true);
  });

  it('counters modify P/T in layer 7c with the effects', () => {
    const game = board({ battlefield: ['Test Anthem', { name: 'Test Bear', counters: { P1P1: 2 } }] });
    expect(find(game, 'Test Bear').power).toBe(5);
  });
});

describe('replacement and prevention effects (CR 614, 615)', () => {
  it('enters the battlefield tapped (CR 614.1c)', () => {
    const game = board({ hand: ['Test Tapland'] });
    act(game, 'play Test Tapland');
    expect(find(game, 'Test Tapland').tapped).toBe(true);
  });

  it('"if it would die, exile it instead" (Moved replacement)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt'] }, { battlefield: ['Test Pact Keeper'] });
    act(game, 'cast Test Bolt');
    pick(game, 'target Test Pact Keeper');
    resolveStack(game);
    expect(zone(game, 'exile')).toEqual(['Test Pact Keeper']);
    expect(zone(game, 'graveyard-1')).toEqual([]);
  });

  it('prevents all damage to itself (a prevention keyword)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt'] }, { battlefield: ['Test Ward Wall'] });
    act(game, 'cast Test Bolt');
    pick(game, 'target Test Ward Wall');
    resolveStack(game);
    expect(find(game, 'Test Ward Wall').damage).toBe(0);
  });

  it('prevents damage from red sources to you (DamageDone replacement, Prevent$ True)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt', 'Test Drain'] }, { battlefield: ['Test Bulwark'] });
    act(game, 'cast Test Bolt');
    pick(game, 'target p2');
    resolveStack(game);
    expect(life(game, 1)).toBe(20);
    act(game, 'cast Test Drain');
    pick(game, 'target p2');
    resolveStack(game);
    expect(life(game, 1)).toBe(18);
  });

  it('protection prevents damage from sources of that colour (CR 702.16e)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Quake'] }, { battlefield: ['Test Paladin'] });
    act(game, 'cast Test Quake');
    pick(game, 'X = 3');
    resolveStack(game);
    expect(find(game, 'Test Paladin').damage).toBe(0);
  });
});

describe('planeswalkers (CR 306, 606)', () => {
  it('enters with its loyalty; one loyalty ability per turn, at sorcery speed', () => {
    const game = board({ battlefield: lands(), hand: ['Test Sage Walker'] }, { battlefield: ['Test Bear'] });
    act(game, 'cast Test Sage Walker');
    resolveStack(game);
    expect(find(game, 'Test Sage Walker').counters).toEqual({ LOYALTY: 3 });
    act(game, 'activate Test Sage Walker: AddCounter');
    resolveStack(game);
    expect(find(game, 'Test Sage Walker').counters).toEqual({ LOYALTY: 4 });
    expect(labels(game).some((l) => l.startsWith('activate Test Sage Walker'))).toBe(false);
  });

  it('can be attacked; combat damage removes loyalty; at 0 loyalty it goes to the graveyard (CR 306.8, 704.5i)', () => {
    const game = board({ battlefield: ['Test Giant'] }, { battlefield: [{ name: 'Test Sage Walker', counters: { LOYALTY: 3 } }] });
    pick(game, 'attack Test Sage Walker with Test Giant');
    passWhile(game, (g) => g.state.turn === 1);
    expect(zone(game, 'graveyard-1')).toEqual(['Test Sage Walker']);
    expect(life(game, 1)).toBe(20);
  });
});

describe('activated abilities with costs (CR 602, 118)', () => {
  it('a {T} ability goes on the stack and targets', () => {
    const game = board({ battlefield: ['Test Pinger'] }, { battlefield: ['Test Hawk', 'Test Forest'] });
    act(game, 'activate Test Pinger');
    pick(game, 'target Test Hawk');
    resolveStack(game);
    expect(zone(game, 'graveyard-1')).toEqual(['Test Hawk']);
  });

  it('a sacrifice cost: choose what to sacrifice (CR 701.17)', () => {
    const game = board({ battlefield: ['Test Sac Outlet', 'Test Bear', 'Test Forest'] });
    act(game, 'activate Test Sac Outlet');
    pick(game, 'Test Bear');
    resolveStack(game);
    expect(zone(game, 'graveyard-0')).toEqual(['Test Bear']);
    expect(life(game, 0)).toBe(22);
  });

  it('a mana ability with a sacrifice cost makes three mana of one colour', () => {
    const game = board({ battlefield: ['Test Mox'], hand: ['Test Giant'] });
    act(game, 'activate Test Mox');
    pick(game, 'green');
    expect(game.actions.some((a) => a.type === 'AddMana' && a.mana === 'GGG')).toBe(true);
    expect(zone(game, 'graveyard-0')).toEqual(['Test Mox']);
    expect(labels(game)).not.toContain('cast Test Giant');
  });

  it("the automatic payer uses any of a land's one-mana abilities: a dual land pays either colour (CR 605.3)", () => {
    for (const spell of ['Test Bolt', 'Test Blessing']) {
      const game = board({ battlefield: ['Test Dual'], hand: [spell] });
      expect(labels(game)).toContain(`cast ${spell}`);
      act(game, `cast ${spell}`);
      if (labels(game).includes('target p2')) pick(game, 'target p2');
      resolveStack(game);
      expect(zone(game, 'graveyard-0')).toEqual([spell]);
    }
  });

  it("a creature with a mana ability can't tap for mana while summoning sick (CR 302.6)", () => {
    const game = board({ battlefield: [{ name: 'Test Mystic', sick: true }], hand: ['Test Bear', 'Test Forest'] });
    expect(labels(game).some((l) => l.startsWith('activate Test Mystic'))).toBe(false);
  });
});
