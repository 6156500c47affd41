// Dividing combat damage (CR 510.1c–d, 702.19b, 702.2c) with the starter set's real cards: the
// attacking player chooses how much each blocker is assigned, in the damage assignment order,
// lethal damage to each before the next; with trample, the excess to the player. Option 0 is the
// automatic division (lethal in order, the rest to the last blocker or the player), and nothing is
// asked when the division is forced.
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { starterRegistry } from '../../../src/mtg/starter/index.js';
import type { BoardSetup, SeatSetup } from '../../../src/mtg/engine/index.js';
import { FixedController } from '../../../src/mtg/input/index.js';
import { board, labels, passWhile, pick, zone } from './helpers.js';

const library = (): string[] => Array.from({ length: 10 }, () => 'Forest');

function starter(p0: SeatSetup, p1: SeatSetup = {}, more: Partial<BoardSetup> = {}): Game {
  return board({ library: library(), ...p0 }, { library: library(), ...p1 }, { registry: starterRegistry(), ...more });
}

function life(game: Game, seat: 0 | 1): number {
  return game.state.players[seat].life;
}

/** Answers 0 until a point of `kind` is pending (or main phase 2 is reached). */
function until(game: Game, kind: string): void {
  passWhile(game, (g) => g.pending()?.kind !== kind && g.state.step !== 'main2');
}

function toMain2(game: Game): void {
  passWhile(game, (g) => g.state.step !== 'main2' && g.state.turn === 1);
}

function damageTo(game: Game): Array<[string, number]> {
  return game.events.flatMap((e) => (e.type === 'DamageDealt' && 'target' in e ? [[String(e.target), e.amount] as [string, number]] : []));
}

describe('trample: the excess as the attacking player chooses (CR 702.19b)', () => {
  it('asks how much the blocker gets, from lethal up to all of it; option 0 is lethal, the rest to the player', () => {
    const game = starter({ battlefield: ['Colossal Dreadmaw'] }, { battlefield: ['Grizzly Bears'] });
    pick(game, 'attack with Colossal Dreadmaw');
    pick(game, 'Grizzly Bears blocks Colossal Dreadmaw');
    until(game, 'damage-assignment');
    const point = game.pending()!;
    expect(point.seat).toBe(0);
    expect(labels(game)).toEqual(['2 to Grizzly Bears (lethal)', '3 to Grizzly Bears', '4 to Grizzly Bears', '5 to Grizzly Bears', '6 to Grizzly Bears']);
    game.choose(0);
    toMain2(game);
    expect(life(game, 1)).toBe(16);
    expect(zone(game, 'graveyard-1')).toEqual(['Grizzly Bears']);
  });

  it('more than lethal to the blocker leaves less for the player', () => {
    const game = starter({ battlefield: ['Colossal Dreadmaw'] }, { battlefield: ['Grizzly Bears'] });
    pick(game, 'attack with Colossal Dreadmaw');
    pick(game, 'Grizzly Bears blocks Colossal Dreadmaw');
    until(game, 'damage-assignment');
    pick(game, '5 to Grizzly Bears');
    toMain2(game);
    expect(life(game, 1)).toBe(19);
    expect(damageTo(game)).toContainEqual(['Grizzly Bears', 5]);
  });

  it('asks nothing when the power is no more than lethal: all of it to the blocker', () => {
    const game = starter({ battlefield: ['War Mammoth'] }, { battlefield: ['Hill Giant'] });
    pick(game, 'attack with War Mammoth');
    pick(game, 'Hill Giant blocks War Mammoth');
    const kinds: string[] = [];
    passWhile(game, (g) => {
      kinds.push(g.pending()!.kind);
      return g.state.step !== 'main2';
    });
    expect(kinds).not.toContain('damage-assignment');
    expect(life(game, 1)).toBe(20);
    expect(zone(game, 'graveyard-1')).toEqual(['Hill Giant']);
  });
});

describe('several blockers (CR 510.1c, 509.2)', () => {
  it('lethal damage to each blocker in order before the next; the last one gets the rest', () => {
    const game = starter({ battlefield: ['Craw Wurm'] }, { battlefield: ['Grizzly Bears', 'Hill Giant'] });
    pick(game, 'attack with Craw Wurm');
    pick(game, 'Grizzly Bears blocks Craw Wurm');
    pick(game, 'Hill Giant blocks Craw Wurm');
    until(game, 'damage-order');
    pick(game, 'Grizzly Bears next');
    until(game, 'damage-assignment');
    // Less than lethal to the first blocker is never offered: the second could then get nothing.
    expect(labels(game)).toEqual(['2 to Grizzly Bears (lethal)', '3 to Grizzly Bears', '4 to Grizzly Bears', '5 to Grizzly Bears', '6 to Grizzly Bears']);
    pick(game, '3 to Grizzly Bears');
    // Hill Giant, the last without trample, is assigned the rest: no question.
    toMain2(game);
    expect(damageTo(game)).toEqual(expect.arrayContaining([['Grizzly Bears', 3] as [string, number], ['Hill Giant', 3] as [string, number]]));
    expect(zone(game, 'graveyard-1').sort()).toEqual(['Grizzly Bears', 'Hill Giant']);
  });

  it('option 0 is the automatic division: lethal to the first, the rest to the last', () => {
    const game = starter({ battlefield: ['Craw Wurm'] }, { battlefield: ['Grizzly Bears', 'Hill Giant'] });
    pick(game, 'attack with Craw Wurm');
    pick(game, 'Grizzly Bears blocks Craw Wurm');
    pick(game, 'Hill Giant blocks Craw Wurm');
    until(game, 'damage-order');
    pick(game, 'Hill Giant next');
    until(game, 'damage-assignment');
    expect(labels(game)[0]).toBe('3 to Hill Giant (lethal)');
    game.choose(0);
    toMain2(game);
    expect(damageTo(game)).toEqual(expect.arrayContaining([['Hill Giant', 3] as [string, number], ['Grizzly Bears', 3] as [string, number]]));
  });

  it('deathtouch makes 1 lethal (CR 702.2c): one to each of two blockers is a legal division', () => {
    const game = starter({ battlefield: [{ name: 'Typhoid Rats', counters: { P1P1: 2 } }] }, { battlefield: ['Grizzly Bears', 'Hill Giant'] });
    pick(game, 'attack with Typhoid Rats');
    pick(game, 'Grizzly Bears blocks Typhoid Rats');
    pick(game, 'Hill Giant blocks Typhoid Rats');
    until(game, 'damage-order');
    pick(game, 'Hill Giant next');
    until(game, 'damage-assignment');
    expect(labels(game)).toEqual(['1 to Hill Giant (lethal)', '2 to Hill Giant', '3 to Hill Giant']);
    game.choose(0);
    toMain2(game);
    expect(zone(game, 'graveyard-1').sort()).toEqual(['Grizzly Bears', 'Hill Giant']);
  });

  it('trample over two blockers: a question per blocker while damage is left to give', () => {
    const game = starter({ battlefield: ['Colossal Dreadmaw'] }, { battlefield: ['Grizzly Bears', 'Savannah Lions'] });
    pick(game, 'attack with Colossal Dreadmaw');
    pick(game, 'Grizzly Bears blocks Colossal Dreadmaw');
    pick(game, 'Savannah Lions blocks Colossal Dreadmaw');
    until(game, 'damage-order');
    pick(game, 'Grizzly Bears next');
    until(game, 'damage-assignment');
    pick(game, '2 to Grizzly Bears');
    expect(game.pending()?.kind).toBe('damage-assignment');
    expect(labels(game)).toEqual(['1 to Savannah Lions (lethal)', '2 to Savannah Lions', '3 to Savannah Lions', '4 to Savannah Lions']);
    pick(game, '2 to Savannah Lions');
    toMain2(game);
    expect(life(game, 1)).toBe(18);
  });
});

describe('a blocker blocking two attackers divides its damage (CR 510.1d)', () => {
  it('the defending player chooses; option 0 is all of it to the first attacker', () => {
    const game = board({ battlefield: ['Test Bear', 'Test Bear'] }, { battlefield: [{ name: 'Test Pikes', counters: { P1P1: 4 } }] });
    pick(game, 'attack with Test Bear');
    pick(game, 'attack with Test Bear');
    pick(game, 'Test Pikes blocks Test Bear');
    pick(game, 'Test Pikes blocks Test Bear');
    until(game, 'damage-assignment');
    expect(game.pending()!.seat).toBe(1);
    expect(labels(game)).toEqual(['4 to Test Bear', '3 to Test Bear', '2 to Test Bear (lethal)']);
    pick(game, '2 to Test Bear');
    toMain2(game);
    expect(zone(game, 'graveyard-0')).toEqual(['Test Bear', 'Test Bear']);
  });
});

/** Plays turn 1 with a fixed script per seat, until p1's script is used up and its stack is empty in main 2. */
function playTurnOne(game: Game, p1: FixedController, p2: FixedController): void {
  for (let i = 0; i < 200 && game.pending() && game.state.turn === 1; i++) {
    const point = game.pending()!;
    game.choose((point.seat === 0 ? p1 : p2).choose(null, point));
    if (p1.exhausted && game.state.stack.length === 0 && game.state.step === 'main2') break;
  }
}

describe('the fixed-input language', () => {
  it('`choose N` answers the division (after `*`: priority in the declare blockers step comes first)', () => {
    const game = starter({ battlefield: ['Colossal Dreadmaw', 'Mountain'], hand: ['Shock'] }, { battlefield: ['Grizzly Bears'] });
    const p1 = FixedController.fromText('attack colossal dreadmaw; *; choose 4; cast shock targeting p2');
    const p2 = FixedController.fromText('grizzly blocks colossal');
    playTurnOne(game, p1, p2);
    expect(p1.exhausted).toBe(true);
    // 4 to the Bears, 2 through, then Shock: 20 − 2 − 2.
    expect(life(game, 1)).toBe(16);
  });

  it('a command meant for a later point waits, and the division takes option 0: a script that never names it plays as before', () => {
    const game = starter({ battlefield: ['Colossal Dreadmaw', 'Mountain'], hand: ['Shock'] }, { battlefield: ['Grizzly Bears'] });
    const p1 = FixedController.fromText('attack colossal dreadmaw; cast shock targeting p2');
    const p2 = FixedController.fromText('grizzly blocks colossal');
    playTurnOne(game, p1, p2);
    expect(p1.exhausted).toBe(true);
    expect(life(game, 1)).toBe(14);
  });
});

describe('menace: an illegal block declaration is refused and made again (CR 702.111b, 509.1)', () => {
  it('one blocker for Boggart Brute: the whole declaration is undone and asked again, saying why', () => {
    const game = starter({ battlefield: ['Boggart Brute', 'Raging Goblin'] }, { battlefield: ['Grizzly Bears', 'Savannah Lions'] });
    pick(game, 'attack with Boggart Brute');
    pick(game, 'attack with Raging Goblin');
    pick(game, 'Savannah Lions blocks Raging Goblin');
    pick(game, 'Grizzly Bears blocks Boggart Brute');
    // No creature is left to block, so the declaration ends: it is illegal, and none of it stands.
    const point = game.pending()!;
    expect(point.kind).toBe('blockers');
    expect(point.prompt).toContain("Boggart Brute has menace and can't be blocked except by two or more creatures");
    expect(labels(game)).toContain('Savannah Lions blocks Raging Goblin');
    expect(game.view(1).combat?.blocks ?? []).toEqual([]);
    pick(game, 'Grizzly Bears blocks Boggart Brute');
    pick(game, 'Savannah Lions blocks Boggart Brute');
    until(game, 'damage-order');
    pick(game, 'Grizzly Bears next');
    toMain2(game);
    // Both blockers on the Brute; the Goblin unblocked.
    expect(life(game, 1)).toBe(19);
    expect(zone(game, 'graveyard-0')).toEqual(['Boggart Brute']);
  });

  it('declaring no blocker at all is legal', () => {
    const game = starter({ battlefield: ['Boggart Brute'] }, { battlefield: ['Grizzly Bears'] });
    pick(game, 'attack with Boggart Brute');
    pick(game, 'Grizzly Bears blocks Boggart Brute');
    pick(game, 'done declaring blockers');
    toMain2(game);
    expect(life(game, 1)).toBe(17);
    expect(zone(game, 'graveyard-1')).toEqual([]);
  });
});
