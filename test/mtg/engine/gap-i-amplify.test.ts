// Amplify (CR 702.38a): "As this object enters, reveal any number of cards from your hand that
// share a creature type with it. This permanent enters with N +1/+1 counters on it for each card
// revealed this way." Played with real cards of the Forge corpus: needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import { readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { runPuzzle, type PuzzleRunResult } from '../../../src/mtg/puzzles/run.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { CARDS_DIR, haveCorpus, needsCorpus } from '../../support/corpora.js';

const registry = haveCorpus('cards') ? puzzleRegistry(CARDS_DIR) : null;

/** Runs a one-turn puzzle from its [state] lines, seat 0's script and assertions. */
function play(state: string, p0: string, assertions: string): PuzzleRunResult {
  const text = `[metadata]\nTurns:1\n[state]\nturn=1\nactiveplayer=p0\nactivephase=MAIN1\np0library=Island;Island;Island\np1library=Island;Island;Island\n${state}\n[p0_script]\n${p0}\n[assertions]\n${assertions}\n`;
  return runPuzzle(readPuzzle(text, 'scenario.pzl', registry!), { registry: registry!, seed: 1 });
}

function passes(r: PuzzleRunResult): void {
  expect({ status: r.status, reasons: r.reasons }).toEqual({ status: 'pass', reasons: [] });
}

const SWAMPS = 'Swamp;Swamp;Swamp;Swamp;Swamp;Swamp;Swamp';

describe('Amplify: Zombie Brute (Amplify 1, Zombie)', needsCorpus('cards'), () => {
  it('revealing two Zombies (not the Island) it enters with two +1/+1 counters; the cards stay in hand', () => {
    const r = play(
      `p0hand=Zombie Brute;Gravedigger;Walking Corpse;Grizzly Bears\np0battlefield=${SWAMPS}`,
      'cast Zombie Brute\n*\nchoose Gravedigger\nchoose Walking Corpse',
      'counters P1P1 eq 2 Zombie Brute\npower eq 7 Zombie Brute\nme hand contains Gravedigger\nme hand contains Walking Corpse',
    );
    passes(r);
  });
  it('revealing one and stopping (done): one counter', () => {
    passes(
      play(
        `p0hand=Zombie Brute;Gravedigger;Walking Corpse\np0battlefield=${SWAMPS}`,
        'cast Zombie Brute\n*\nchoose Gravedigger\ndone',
        'counters P1P1 eq 1 Zombie Brute',
      ),
    );
  });
  it('with no Zombie in hand it asks nothing and enters as a 5/4', () => {
    passes(play(`p0hand=Zombie Brute;Grizzly Bears\np0battlefield=${SWAMPS}`, 'cast Zombie Brute', 'counters P1P1 eq 0 Zombie Brute\npower eq 5 Zombie Brute'));
  });
});
