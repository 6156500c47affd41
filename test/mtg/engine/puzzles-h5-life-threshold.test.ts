// `DamageLifeThreshold:N` as the corpus writes it: a static that gives the keyword to the player
// (`Affected$ You | AddKeyword$ DamageLifeThreshold:1`), not to the permanent. The engine used
// to read it only from permanents, so Worship and Ali from Cairo did nothing. Needs the fetched
// Forge corpus (.cards/cardsfolder): needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import { readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { runPuzzle } from '../../../src/mtg/puzzles/run.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { CARDS_DIR, haveCorpus, needsCorpus } from '../../support/corpora.js';

const registry = haveCorpus('cards') ? puzzleRegistry(CARDS_DIR) : null;

/** The opponent casts Lava Axe (5 damage) at me, at 3 life, with `mine` on my battlefield. */
function lavaAxeAt(mine: string): { life: number; lost: boolean } {
  const text = `[metadata]\nTurns:1\n[state]\nactiveplayer=p1\nactivephase=MAIN1\np0life=3\np0library=Plains;Plains\np0battlefield=${mine}\np1library=Mountain;Mountain\np1hand=Lava Axe\np1battlefield=Mountain;Mountain;Mountain;Mountain;Mountain\n[p1_script]\ncast Lava Axe targeting opponent\n`;
  const result = runPuzzle(readPuzzle(text, 'threshold.pzl', registry!), { registry: registry!, seed: 1 });
  const outcome = result.outcome!;
  return { life: outcome.players[0].life, lost: outcome.result.kind === 'won' && outcome.result.winner === 1 };
}

describe('DamageLifeThreshold granted to a player (CR 614.1a)', needsCorpus('cards'), () => {
  it('Worship with a creature: damage that would take me below 1 leaves me at 1', () => {
    expect(lavaAxeAt('Worship;Grizzly Bears')).toEqual({ life: 1, lost: false });
  });
  it('Worship without a creature (its IsPresent$ condition) does nothing', () => {
    expect(lavaAxeAt('Worship')).toEqual({ life: -2, lost: true });
  });
  it('Ali from Cairo gives its controller the floor', () => {
    expect(lavaAxeAt('Ali from Cairo')).toEqual({ life: 1, lost: false });
  });
});
