// Saheeli Rai's −2 (`CopyPermanent` with `ResetAbilityActivations$ True`: the token copy is a new
// object, so an "activate only once each turn" ability of the original counts afresh for it,
// CR 602.5b, 400.7) and −7 (`ChangeZone` from the library with `DifferentNames$ True`: "up to three
// artifact cards with different names"). Real cards of the Forge corpus: needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
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
