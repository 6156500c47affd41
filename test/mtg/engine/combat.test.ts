// Combat (CR 506–511) and the combat keywords, as scenarios: attackers and blockers are declared
// one at a time; damage is checked on life totals and graveyards.
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { act, board, find, labels, passWhile, pick, zone } from './helpers.js';

function toMain2(game: Game): void {
  passWhile(game, (g) => g.state.step !== 'main2' && g.state.turn === 1);
}

function life(game: Game, seat: 0 | 1): number {
  return game.state.players[seat].life;
}

describe('declaring attackers and blockers', () => {
  it('offers each creature that can attack, one at a time, with "done" as option 0 (CR 508.1)', () => {
    const game = board({ battlefield: ['Test Bear', 'Test Ogre'] });
    expect(game.pending()?.kind).toBe('attackers');
    expect(labels(game)).toEqual(['done declaring attackers', 'attack with Test Bear', 'attack with Test Ogre']);
    pick(game, 'attack with Test Bear');
    expect(labels(game)).toEqual(['done declaring attackers', 'attack with Test Ogre']);
  });

  it('taps attackers without vigilance (CR 508.1f, 702.20b)', () => {
    const game = board({ battlefield: ['Test Bear', 'Test Sentry'] });
    pick(game, 'attack with Test Bear');
    pick(game, 'attack with Test Sentry');
    expect(find(game, 'Test Bear').tapped).toBe(true);
    expect(find(game, 'Test Sentry').tapped).toBe(false);
  });

  it('lets a creature with haste attack the turn it arrives (CR 702.10b)', () => {
    const game = board({
      battlefield: [
        { name: 'Test Raider', sick: true },
        { name: 'Test Bear', sick: true },
      ],
    });
    expect(labels(game)).toEqual(['done declaring attackers', 'attack with Test Raider']);
  });

  it('never offers a creature with defender as an attacker (CR 702.3b)', () => {
    const game = board({ battlefield: ['Test Wall', 'Test Bear'] });
    expect(labels(game)).toEqual(['done declaring attackers', 'attack with Test Bear']);
  });

  it('lets the defending player block, one block at a time (CR 509.1)', () => {
    const game = board({ battlefield: ['Test Bear'] }, { battlefield: ['Test Ogre', 'Test Wall'] });
    pick(game, 'attack with Test Bear');
    expect(game.pending()?.kind).toBe('blockers');
    expect(labels(game)).toEqual(['done declaring blockers', 'Test Ogre blocks Test Bear', 'Test Wall blocks Test Bear']);
    pick(game, 'Test Wall blocks Test Bear');
    toMain2(game);
    expect(life(game, 1)).toBe(20);
    expect(game.events.filter((e) => e.type === 'DamageDealt').map((e) => 'target' in e && [e.target, e.amount])).toEqual([['Test Wall', 2]]);
  });

  it('deals no damage to the player from a blocked creature without trample (CR 510.1c)', () => {
    const game = board({ battlefield: ['Test Giant'] }, { battlefield: ['Test Bear'] });
    pick(game, 'attack with Test Giant');
    pick(game, 'Test Bear blocks Test Giant');
    toMain2(game);
    expect(life(game, 1)).toBe(20);
    expect(zone(game, 'graveyard-1')).toEqual(['Test Bear']);
  });
});

describe('evasion and restrictions', () => {
  it('flying: only creatures with flying or reach can block it (CR 702.9b, 702.17b)', () => {
    const game = board({ battlefield: ['Test Hawk'] }, { battlefield: ['Test Bear', 'Test Spider'] });
    pick(game, 'attack with Test Hawk');
    expect(labels(game)).toEqual(['done declaring blockers', 'Test Spider blocks Test Hawk']);
  });

  it('unblockable: no block is offered', () => {
    const game = board({ battlefield: ['Test Phantom'] }, { battlefield: ['Test Bear'] });
    pick(game, 'attack with Test Phantom');
    expect(game.pending()?.kind).not.toBe('blockers');
    toMain2(game);
    expect(life(game, 1)).toBe(18);
  });

  it('landwalk: unblockable while the defender controls a land of that type (CR 702.14c)', () => {
    const game = board({ battlefield: ['Test Bog Walker'] }, { battlefield: ['Test Bear', 'Test Swamp'] });
    act(game, 'attack with Test Bog Walker');
    expect(game.pending()?.kind).not.toBe('blockers');
  });

  it("protection: can't be blocked by creatures of that colour (CR 702.16f)", () => {
    const game = board({ battlefield: ['Test Paladin'] }, { battlefield: ['Test Ogre', 'Test Bear'] });
    pick(game, 'attack with Test Paladin');
    expect(labels(game)).toEqual(['done declaring blockers', 'Test Bear blocks Test Paladin']);
  });

  it('menace: a lone blocker is not a legal block; the declaration is refused and asked again (CR 702.111b, 509.1)', () => {
    const game = board({ battlefield: ['Test Brute'] }, { battlefield: ['Test Bear'] });
    pick(game, 'attack with Test Brute');
    // Nothing else can block, so the declaration ends there, and is refused.
    pick(game, 'Test Bear blocks Test Brute');
    expect(game.pending()?.kind).toBe('blockers');
    expect(game.pending()?.prompt).toContain('Test Brute has menace');
    expect(labels(game)).toEqual(['done declaring blockers', 'Test Bear blocks Test Brute']);
    pick(game, 'done declaring blockers');
    toMain2(game);
    expect(life(game, 1)).toBe(18);
    expect(zone(game, 'graveyard-1')).toEqual([]);
  });

  it('menace: two blockers may block it', () => {
    const game = board({ battlefield: ['Test Brute'] }, { battlefield: ['Test Bear', 'Test Ogre'] });
    pick(game, 'attack with Test Brute');
    pick(game, 'Test Bear blocks Test Brute');
    pick(game, 'Test Ogre blocks Test Brute');
    expect(game.pending()?.kind).toBe('damage-order');
    pick(game, 'Test Bear next');
    toMain2(game);
    expect(life(game, 1)).toBe(20);
    expect(zone(game, 'graveyard-0')).toEqual(['Test Brute']);
  });
});

describe('combat damage', () => {
  it('first strike: the first striker deals damage first and survives (CR 702.7b, 510.4)', () => {
    const game = board({ battlefield: ['Test Knight'] }, { battlefield: ['Test Bear'] });
    pick(game, 'attack with Test Knight');
    pick(game, 'Test Bear blocks Test Knight');
    toMain2(game);
    expect(zone(game, 'graveyard-1')).toEqual(['Test Bear']);
    expect(find(game, 'Test Knight').damage).toBe(0);
  });

  it('double strike: damage in both steps (CR 702.4b)', () => {
    const game = board({ battlefield: ['Test Duelist'] });
    pick(game, 'attack with Test Duelist');
    toMain2(game);
    expect(life(game, 1)).toBe(16);
  });

  it('trample: lethal damage to the blocker, the rest to the player (CR 702.19b)', () => {
    const game = board({ battlefield: ['Test Rhino'] }, { battlefield: ['Test Bear'] });
    pick(game, 'attack with Test Rhino');
    pick(game, 'Test Bear blocks Test Rhino');
    toMain2(game);
    expect(life(game, 1)).toBe(18);
    expect(zone(game, 'graveyard-1')).toEqual(['Test Bear']);
  });

  it('deathtouch: any damage is lethal (CR 702.2b, 704.5h)', () => {
    const game = board({ battlefield: ['Test Viper'] }, { battlefield: ['Test Giant'] });
    pick(game, 'attack with Test Viper');
    pick(game, 'Test Giant blocks Test Viper');
    toMain2(game);
    expect([...zone(game, 'graveyard-0'), ...zone(game, 'graveyard-1')].sort()).toEqual(['Test Giant', 'Test Viper']);
  });

  it('lifelink: damage dealt also gains that much life (CR 702.15b)', () => {
    const game = board({ battlefield: ['Test Cleric'] });
    pick(game, 'attack with Test Cleric');
    toMain2(game);
    expect([life(game, 0), life(game, 1)]).toEqual([22, 18]);
  });

  it('damage assignment order: lethal to the first blocker, then the next (CR 510.1c)', () => {
    const game = board({ battlefield: ['Test Giant'] }, { battlefield: ['Test Bear', 'Test Ogre'] });
    pick(game, 'attack with Test Giant');
    pick(game, 'Test Bear blocks Test Giant');
    pick(game, 'Test Ogre blocks Test Giant');
    pick(game, 'Test Ogre next');
    toMain2(game);
    // 5 power: 2 lethal to the Ogre (toughness 2), then 3 to the Bear.
    expect([...zone(game, 'graveyard-1')].sort()).toEqual(['Test Bear', 'Test Ogre']);
    expect(zone(game, 'graveyard-0')).toEqual(['Test Giant']);
  });

  it('skips blockers and damage when no creature attacks (CR 508.8)', () => {
    const game = board({ battlefield: ['Test Bear'] });
    pick(game, 'done');
    expect(game.events.filter((e) => e.type === 'StepBegan' && (e.step === 'declareBlockers' || e.step === 'combatDamage'))).toEqual([]);
  });
});

describe('an act-driven combat', () => {
  it('attacks in a later turn after the creature stops being summoning sick (CR 302.6)', () => {
    const game = board({ hand: ['Test Bear'], battlefield: ['Test Forest', 'Test Forest'] });
    act(game, 'cast Test Bear');
    act(game, 'attack with Test Bear');
    expect(game.state.turn).toBe(3);
  });
});
