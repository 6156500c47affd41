// Saheeli Rai's −2 (`CopyPermanent` with `ResetAbilityActivations$ True`: the token copy is a new
// object, so an "activate only once each turn" ability of the original counts afresh for it,
// CR 602.5b, 400.7) and −7 (`ChangeZone` from the library with `DifferentNames$ True`: "up to three
// artifact cards with different names"). Real cards of the Forge corpus: needsCorpus('cards').
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { runPuzzle } from '../../../src/mtg/puzzles/run.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { CARDS_DIR, CORPUS_DIR, haveCorpus, needsCorpus } from '../../support/corpora.js';
import { passes, playScenario as play } from './scenario.js';

describe("Saheeli Rai's −2: the copy's once-each-turn ability is its own", needsCorpus('cards'), () => {
  it("Fire Drake's {R}: +1/+0 (once each turn), used, is used again by its token copy", () => {
    passes(
      play(
        'p0battlefield=Saheeli Rai|Counters:LOYALTY=3;Fire Drake;Mountain;Mountain',
        'activate Fire Drake\npass\nactivate Saheeli Rai[2] targeting Fire Drake\npass\nactivate Fire Drake',
        'me battlefield contains Fire Drake\nme battlefield count eq 4',
      ),
    );
  });
  it('the original, once used, is not offered again', () => {
    const r = play(
      'p0battlefield=Saheeli Rai|Counters:LOYALTY=3;Fire Drake;Mountain;Mountain',
      'activate Fire Drake\npass\nactivate Fire Drake',
      'me battlefield contains Fire Drake',
    );
    expect(r.reasons).toEqual([expect.stringContaining('input/no-match')]);
  });
});

describe("Saheeli Rai's −7: artifact cards with different names", needsCorpus('cards'), () => {
  const state = 'p0library=Ornithopter;Ornithopter;Memnite;Island\np0battlefield=Saheeli Rai|Counters:LOYALTY=7';
  it('an Ornithopter chosen, the other is no longer offered: Memnite is', () => {
    passes(
      play(
        state,
        'activate Saheeli Rai[2]\nchoose Ornithopter\nchoose Memnite',
        'me battlefield contains Ornithopter\nme battlefield contains Memnite\nme library count eq 2',
      ),
    );
  });
  it('a second Ornithopter cannot be chosen', () => {
    const r = play(state, 'activate Saheeli Rai[2]\nchoose Ornithopter\nchoose Ornithopter', 'me battlefield contains Ornithopter');
    expect(r.reasons).toEqual([expect.stringContaining('input/no-match')]);
  });
});

// Forge's puzzle PS_AER6 (Win this turn, the opponent at 10): Felidar Guardian blinks Saheeli Rai,
// whose −2 copies the Guardian (an artifact: Reckless Fireweaver deals 1), whose copy blinks her
// again: a new Saheeli each time (CR 400.7), so her loyalty ability is hers to use again
// (CR 606.3). Played against the heuristic opponent of seed 1, which leaves Walking Ballista be.
const PS_AER6 = join(CORPUS_DIR, 'forge', 'forge-gui', 'res', 'puzzle', 'PS_AER6.pzl');
describe('PS_AER6 (Saheeli Rai and Felidar Guardian)', { skip: !haveCorpus('cards') || !existsSync(PS_AER6) }, () => {
  it('ten copies of Felidar Guardian, each blinking Saheeli Rai, deal the ten damage', () => {
    const loop = ['activate Saheeli Rai[2] targeting Felidar Guardian', 'pass', 'choose Reckless Fireweaver', 'target Saheeli Rai', 'pass', 'yes', 'pass'];
    const lines = ['play Island', 'cast Felidar Guardian', 'pass', 'target Saheeli Rai', 'pass', 'yes', ...Array.from({ length: 10 }, () => loop).flat()];
    const registry = puzzleRegistry(CARDS_DIR);
    const puzzle = readPuzzle(`${readFileSync(PS_AER6, 'utf8')}\n[p0_script]\n${lines.join('\n')}\n`, 'PS_AER6.pzl', registry);
    passes(runPuzzle(puzzle, { registry, seed: 1 }));
  });
});
