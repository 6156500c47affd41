import { describe, expect, it } from 'vitest';
import { createGame, starterRegistry } from '../../../src/mtg/index.js';
import type { PermanentSetup } from '../../../src/mtg/engine/index.js';
import { attackThreat, threatScore } from '../../../src/mtg/search/index.js';

const registry = starterRegistry();

function board(mine: PermanentSetup[], theirs: PermanentSetup[]): ReturnType<typeof createGame> {
  return createGame({
    registry,
    seed: 'threat',
    setup: {
      turn: 3,
      active: 0,
      step: 'main1',
      players: [
        { battlefield: mine, library: ['Forest'] },
        { battlefield: theirs, library: ['Forest'] },
      ],
    },
  });
}

describe('the attack threat the puzzle solver follows (attackThreat)', () => {
  it('counts what gets through the best blocks, and each attacker by the share of blockers it evades', () => {
    // The Spider is the only creature that can block the flyer; the Wall blocks the Giant.
    const game = board(
      ['Air Elemental', 'Hill Giant', { name: 'Grizzly Bears', sick: true }],
      ['Giant Spider', 'Wall of Stone', { name: 'Wall of Wood', tapped: true }],
    );
    expect(attackThreat(game, 0)).toEqual({ through: 0, evasion: 2 });
    // Without the Spider the Elemental gets through: 4 of the opponent's life.
    expect(attackThreat(board(['Air Elemental', 'Hill Giant'], ['Wall of Stone']), 0)).toEqual({ through: 4, evasion: 4 });
  });

  it('moves a blocker to the next attacker where that blocks more (a maximum matching, not first come)', () => {
    // The Wurm is heavier and is looked at first; taking the Spider for it would let the flyer
    // through. The Wall of Stone blocks the Wurm and the Spider the flyer: nothing gets through.
    expect(attackThreat(board(['Craw Wurm', 'Air Elemental'], ['Giant Spider', 'Wall of Stone']), 0).through).toBe(0);
  });

  it('is nothing for the seat that is not active, or with no creature that can attack', () => {
    expect(attackThreat(board(['Air Elemental'], ['Wall of Stone']), 1)).toEqual({ through: 0, evasion: 0 });
    expect(attackThreat(board([{ name: 'Air Elemental', tapped: true }], []), 0)).toEqual({ through: 0, evasion: 0 });
  });

  it("is scored below damage dealt and up to the opponent's life", () => {
    expect(threatScore({ through: 5, evasion: 5 }, 5)).toBe(50);
    expect(threatScore({ through: 9, evasion: 9 }, 3)).toBe(30);
    expect(threatScore({ through: 2, evasion: 3 }, 20)).toBe(22);
  });
});
