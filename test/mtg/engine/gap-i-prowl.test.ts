// Prowl (CR 702.76a): "You may cast this spell for [cost] if you dealt combat damage to a player
// this turn with a source that, at the time it dealt that damage, was under your control and had
// any of this spell's creature types." Played with real cards of the Forge corpus: needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, playScenario as play } from './scenario.js';

describe('Prowl: Latchkey Faerie (Faerie Rogue, prowl {2}{U})', needsCorpus('cards'), () => {
  it("after Oona's Prowler (a Faerie Rogue) dealt combat damage, it is cast for {2}{U} and, prowled, draws a card", () => {
    passes(
      play(
        "p0hand=Latchkey Faerie\np0battlefield=Oona's Prowler;Island;Island;Island",
        "attack Oona's Prowler\nPASS_UNTIL phase=main2\ncast Latchkey Faerie (prowl)",
        'opponent life eq 17\nme battlefield contains Latchkey Faerie\nme hand count eq 1',
      ),
    );
  });
  it('after Grizzly Bears (no shared type) dealt combat damage, prowl is not offered', () => {
    const r = play(
      'p0hand=Latchkey Faerie\np0battlefield=Grizzly Bears;Island;Island;Island',
      'attack Grizzly Bears\nPASS_UNTIL phase=main2\ncast Latchkey Faerie (prowl)',
      'opponent life eq 18',
    );
    expect(r.reasons).toEqual([expect.stringContaining('input/no-match')]);
  });
  it('cast for its mana cost it draws nothing', () => {
    passes(
      play(
        "p0hand=Latchkey Faerie\np0battlefield=Oona's Prowler;Island;Island;Island;Island",
        "attack Oona's Prowler\nPASS_UNTIL phase=main2\ncast Latchkey Faerie",
        'me battlefield contains Latchkey Faerie\nme hand count eq 0',
      ),
    );
  });
});

describe('Prowl on a Tribal sorcery: Noggin Whack (Rogue, prowl {1}{B})', needsCorpus('cards'), () => {
  it("after Oona's Prowler dealt combat damage, it is cast for {1}{B}: the opponent discards two of three", () => {
    passes(
      play(
        "p0hand=Noggin Whack\np0battlefield=Oona's Prowler;Swamp;Swamp\np1hand=Island;Island;Island",
        "attack Oona's Prowler\nPASS_UNTIL phase=main2\ncast Noggin Whack (prowl) targeting opponent\n*\nchoose Island\nchoose Island",
        'opponent graveyard count eq 2\nme graveyard contains Noggin Whack',
      ),
    );
  });
});
