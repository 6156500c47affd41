// Values added for the coverage report's commonest missing `count:` primitives, each played with a
// real card of the Forge corpus against its Oracle text: `PlayerCountOpponents$HighestCardsInHand`,
// `Remembered$CardToughness`, `TriggeredPlayer$CardsInHand`, `Discarded$CardManaCost` and
// `LastStateGraveyard`. Needs the fetched Forge corpus (.cards/cardsfolder): needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import { readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { runPuzzle, type PuzzleRunResult } from '../../../src/mtg/puzzles/run.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { CARDS_DIR, haveCorpus, needsCorpus } from '../../support/corpora.js';

const registry = haveCorpus('cards') ? puzzleRegistry(CARDS_DIR) : null;

/** Runs a puzzle from its [state] lines, a script for seat 0 and assertions. */
function play(state: string, script = '', assertions = '', turns = 1): PuzzleRunResult {
  const text = `[metadata]\nTurns:${turns}\n[state]\nturn=1\np0library=Island;Island;Island;Island;Island;Island\np1library=Island;Island;Island;Island;Island;Island\n${state}\n[p0_script]\n${script}\n[assertions]\n${assertions}\n`;
  return runPuzzle(readPuzzle(text, 'scenario.pzl', registry!), { registry: registry!, seed: 1 });
}

function passes(r: PuzzleRunResult): void {
  expect({ status: r.status, reasons: r.reasons }).toEqual({ status: 'pass', reasons: [] });
}

describe('PlayerCountOpponents$HighestCardsInHand: Descendant of Kiyomaro', needsCorpus('cards'), () => {
  const state = (mine: number, theirs: number) =>
    `activeplayer=p0\nactivephase=MAIN1\np0hand=${'Island;'.repeat(mine).slice(0, -1)}\np1hand=${'Island;'.repeat(theirs).slice(0, -1)}\np0battlefield=Descendant of Kiyomaro`;
  // The run ends after the opponent's draw of turn 2, where the assertions are read.
  it('"as long as you have more cards in hand than each opponent" it is a 3/5', () => {
    passes(play(state(3, 1), '', 'power eq 3 Descendant of Kiyomaro\ntoughness eq 5 Descendant of Kiyomaro'));
  });
  it('with as many cards as the opponent it is its printed 2/3', () => {
    passes(play(state(2, 1), '', 'power eq 2 Descendant of Kiyomaro\ntoughness eq 3 Descendant of Kiyomaro'));
  });
});

describe('Remembered$CardToughness: Bioplasm', needsCorpus('cards'), () => {
  it('attacking, it exiles Craw Wurm (6/4) from the top of the library and gets +6/+4: 10 damage', () => {
    const r = play(
      'activeplayer=p0\nactivephase=MAIN1\np0library=Craw Wurm;Island;Island\np0battlefield=Bioplasm',
      'attack Bioplasm',
      'me exile contains Craw Wurm\nopponent life eq 10',
    );
    passes(r);
  });
  it('a land exiled gives nothing: 4 damage', () => {
    passes(
      play(
        'activeplayer=p0\nactivephase=MAIN1\np0library=Forest;Island;Island\np0battlefield=Bioplasm',
        'attack Bioplasm',
        'me exile contains Forest\nopponent life eq 16',
      ),
    );
  });
});

describe('TriggeredPlayer$CardsInHand: Dreamborn Muse', needsCorpus('cards'), () => {
  // The run goes on to the opponent's upkeep of turn 2, where they mill the one card they hold.
  it('in each upkeep that player mills as many cards as they hold: three for me, one for them', () => {
    passes(
      play(
        'activeplayer=p0\nactivephase=UPKEEP\np0hand=Forest;Forest;Forest\np1hand=Forest\np0battlefield=Dreamborn Muse',
        '',
        'me graveyard count eq 3\nopponent graveyard count eq 1',
      ),
    );
  });
});

describe('Discarded$CardManaCost: Pyromancy (its Discard<1/Random> cost is payable with any card)', needsCorpus('cards'), () => {
  it('discarding Craw Wurm (mana value 6) at random, it deals 6 damage', () => {
    passes(
      play(
        'activeplayer=p0\nactivephase=MAIN1\np0hand=Craw Wurm\np0battlefield=Pyromancy;Mountain;Mountain;Mountain',
        'activate Pyromancy targeting opponent',
        'me graveyard contains Craw Wurm\nopponent life eq 14',
      ),
    );
  });
});

describe('LastStateGraveyard: the graveyard as it was before the permanent entered', needsCorpus('cards'), () => {
  it('Golgari Grave-Troll cast with two creature cards in my graveyard (and one in theirs) enters with two counters', () => {
    passes(
      play(
        'activeplayer=p0\nactivephase=MAIN1\np0hand=Golgari Grave-Troll\np0graveyard=Grizzly Bears;Craw Wurm;Forest\np1graveyard=Hill Giant\np0battlefield=Forest;Forest;Forest;Forest;Forest',
        'cast Golgari Grave-Troll',
        'counters P1P1 eq 2 Golgari Grave-Troll',
      ),
    );
  });
  it('returned by Zombify it counts itself, as its ruling says: three counters', () => {
    passes(
      play(
        'activeplayer=p0\nactivephase=MAIN1\np0hand=Zombify\np0graveyard=Golgari Grave-Troll;Grizzly Bears;Craw Wurm\np0battlefield=Swamp;Swamp;Swamp;Swamp',
        'cast Zombify targeting Golgari Grave-Troll',
        'me battlefield contains Golgari Grave-Troll\ncounters P1P1 eq 3 Golgari Grave-Troll',
      ),
    );
  });
  it('Centaur Vinecrasher counts the land cards in all graveyards', () => {
    passes(
      play(
        'activeplayer=p0\nactivephase=MAIN1\np0hand=Centaur Vinecrasher\np0graveyard=Forest;Grizzly Bears\np1graveyard=Island;Swamp\np0battlefield=Forest;Forest;Forest;Forest',
        'cast Centaur Vinecrasher',
        'counters P1P1 eq 3 Centaur Vinecrasher',
      ),
    );
  });
});
