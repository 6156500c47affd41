// The heuristic's judgement, one situation at a time: land drops, removal targets, burn, combat
// math for attacks and blocks, and the opening hand.
import { describe, expect, it } from 'vitest';
import { heuristicSeat, type SeatController } from '../../../src/mtg/controllers/index.js';
import { createGame, type Game } from '../../../src/mtg/engine/index.js';
import { boardGame, starterCards, starterDecks } from './support.js';

function seat(): SeatController {
  return heuristicSeat('test', starterCards());
}

/** The label of the option the heuristic takes at the pending decision, and takes it. */
function decide(game: Game, controller = seat()): string {
  const point = game.pending()!;
  const index = controller.choose(game.view(point.seat), point);
  const label = point.options[index]!.label;
  game.choose(index);
  return label;
}

/** Answers the pending decision by label (for the other seat). */
function pick(game: Game, label: string): void {
  const point = game.pending()!;
  const option = point.options.find((o) => o.label === label);
  if (!option) throw new Error(`no "${label}" in ${point.options.map((o) => o.label).join(' | ')}`);
  game.choose(option.index);
}

describe('the heuristic', () => {
  it('plays a land before anything else, the one whose colour its hand needs', () => {
    const game = boardGame({ hand: ['Island', 'Mountain', 'Hill Giant'], battlefield: ['Forest'] });
    expect(decide(game)).toBe('play Mountain');
  });

  it('casts a creature it can pay for in its main phase', () => {
    const game = boardGame({ hand: ['Hill Giant'], battlefield: ['Mountain', 'Mountain', 'Mountain', 'Forest'] });
    expect(decide(game)).toBe('cast Hill Giant');
  });

  it('points removal at the best opposing creature it kills, never at its own', () => {
    const game = boardGame(
      { hand: ['Lightning Bolt'], battlefield: ['Mountain', 'Llanowar Elves'], landsPlayed: 1 },
      { battlefield: ['Grizzly Bears', 'Hill Giant', 'Serra Angel'] },
    );
    expect(decide(game)).toBe('cast Lightning Bolt');
    expect(game.pending()!.kind).toBe('targets');
    expect(decide(game)).toBe('target Hill Giant');
  });

  it('keeps burn rather than aim it at its own creatures or an opponent far from dead', () => {
    const game = boardGame({ hand: ['Lightning Bolt', 'Mountain'], battlefield: ['Mountain', 'Grizzly Bears'], landsPlayed: 1 }, { battlefield: [] });
    expect(decide(game)).toBe('pass');
  });

  it('finishes the opponent with burn when it is lethal', () => {
    const game = boardGame({ hand: ['Lightning Bolt'], battlefield: ['Mountain'], landsPlayed: 1 }, { life: 3, battlefield: ['Grizzly Bears'] });
    expect(decide(game)).toBe('cast Lightning Bolt');
    expect(decide(game)).toBe('target p2');
    expect(game.winner).toBe(0);
  });

  it('attacks when no blocker can kill the attacker, and not into a creature that would', () => {
    const safe = boardGame({ battlefield: ['Hill Giant'] }, { battlefield: ['Grizzly Bears'] }, { step: 'beginCombat' });
    while (safe.pending()?.kind === 'priority') decide(safe);
    expect(safe.pending()?.kind).toBe('attackers');
    expect(decide(safe)).toBe('attack with Hill Giant');

    const unsafe = boardGame({ battlefield: ['Grizzly Bears'] }, { battlefield: ['Hill Giant'] }, { step: 'beginCombat' });
    while (unsafe.pending()?.kind === 'priority') decide(unsafe);
    expect(unsafe.pending()?.kind).toBe('attackers');
    expect(decide(unsafe)).toBe('done declaring attackers');
  });

  it('attacks with everything when the attack is lethal even if each blocker stops one attacker', () => {
    const game = boardGame(
      { battlefield: ['Grizzly Bears', 'Grizzly Bears', 'Hill Giant'] },
      { life: 4, battlefield: ['Wall of Stone'] },
      { step: 'beginCombat' },
    );
    while (game.pending()?.kind === 'priority') decide(game);
    const declared: string[] = [];
    while (game.pending()?.kind === 'attackers') declared.push(decide(game));
    expect(declared.filter((l) => l.startsWith('attack with'))).toHaveLength(3);
  });

  it('blocks to kill an attacker when its blocker survives', () => {
    const game = boardGame({ battlefield: ['Grizzly Bears'] }, { battlefield: ['Hill Giant'] }, { step: 'beginCombat' });
    while (game.pending()?.kind === 'priority') pick(game, 'pass');
    pick(game, 'attack with Grizzly Bears');
    while (game.pending()?.kind === 'priority') pick(game, 'pass');
    expect(game.pending()?.kind).toBe('blockers');
    expect(game.pending()?.seat).toBe(1);
    expect(decide(game)).toBe('Hill Giant blocks Grizzly Bears');
  });

  it('chump-blocks only when the damage would be lethal', () => {
    const attack = (life: number): string => {
      const game = boardGame({ battlefield: ['Hill Giant'] }, { life, battlefield: ['Llanowar Elves'] }, { step: 'beginCombat' });
      while (game.pending()?.kind === 'priority') pick(game, 'pass');
      pick(game, 'attack with Hill Giant');
      while (game.pending()?.kind === 'priority') pick(game, 'pass');
      return decide(game);
    };
    expect(attack(20)).toBe('done declaring blockers');
    expect(attack(3)).toBe('Llanowar Elves blocks Hill Giant');
  });

  it('keeps a seven-card hand with lands and spells, and sends back one without lands', () => {
    const hand = (cards: string[]): string => {
      const game = createGame({ registry: starterCards(), decks: starterDecks(), seed: 'hand', topOfLibrary: [cards, []] });
      return decide(game);
    };
    expect(hand(['Mountain', 'Forest', 'Mountain', 'Grizzly Bears', 'Shock', 'Hill Giant', 'Lightning Bolt'])).toBe('keep');
    expect(hand(['Grizzly Bears', 'Hill Giant', 'Lightning Bolt', 'Shock', 'Giant Growth', 'Lava Axe', 'Bonesplitter'])).toBe('mulligan');
  });
});
