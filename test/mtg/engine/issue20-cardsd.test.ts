// Primitives added for issue 20 by cardsd, each played with real cards against their Oracle text.
// The one-card puzzles (test/puzzles/corpus/count-*.pzl, cost-*.pzl, kw-*.pzl) show each one
// working; these are the other side of each rule: the condition not met, nobody paying.
// Needs the fetched Forge corpus (.cards/cardsfolder): needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import { readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { runPuzzle, type PuzzleRunResult } from '../../../src/mtg/puzzles/run.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { CARDS_DIR, haveCorpus, needsCorpus } from '../../support/corpora.js';
import { createGame, randomController, runGame, runReplicated, type Seat } from '../../../src/mtg/engine/index.js';
import { gameLogLines } from './replica/helpers.js';

const registry = haveCorpus('cards') ? puzzleRegistry(CARDS_DIR) : null;

/** Runs a one-turn puzzle from its [state] lines, scripts for both seats and assertions. */
function play(state: string, script = '', assertions = '', p1Script = ''): PuzzleRunResult {
  const p1 = p1Script ? `[p1_script]\n${p1Script}\n` : '';
  const text = `[metadata]\nTurns:1\n[state]\nturn=1\nactiveplayer=p0\nactivephase=MAIN1\np0library=Island;Island;Island\np1library=Island;Island;Island\n${state}\n[p0_script]\n${script}\n${p1}[assertions]\n${assertions}\n`;
  return runPuzzle(readPuzzle(text, 'scenario.pzl', registry!), { registry: registry!, seed: 1 });
}

/** Runs a one-turn puzzle whose [state] lines set the turn, step and seat 0's library themselves. */
function playAt(state: string, script = '', assertions = ''): PuzzleRunResult {
  const text = `[metadata]\nTurns:1\n[state]\nactiveplayer=p0\np1library=Island;Island;Island\n${state}\n[p0_script]\n${script}\n[assertions]\n${assertions}\n`;
  return runPuzzle(readPuzzle(text, 'scenario.pzl', registry!), { registry: registry!, seed: 1 });
}

/** The amounts of the DamageDealt lines of a run's log. */
function dealt(r: PuzzleRunResult): string[] {
  return (r.log ?? []).filter((l) => l.includes('DamageDealt')).map((l) => /amount=\d+/.exec(l)![0]);
}

function passes(r: PuzzleRunResult): void {
  expect({ status: r.status, reasons: r.reasons }).toEqual({ status: 'pass', reasons: [] });
}

describe('ability-word values: morbid, threshold, life gained this turn, devotion to two colours', needsCorpus('cards'), () => {
  it('Tragic Slip with no creature dead this turn gives only -1/-1 (Count$Morbid)', () => {
    // Toughness is read after the cleanup, when "until end of turn" has ended: -1/-1 leaves the Wurm alive.
    passes(
      play(
        'p0hand=Tragic Slip\np0battlefield=Swamp\np1battlefield=Craw Wurm',
        'cast Tragic Slip targeting Craw Wurm',
        'opponent battlefield contains Craw Wurm',
      ),
    );
  });
  it('a token that dies counts for morbid too (CR 700.4), and so does my own creature', () => {
    passes(
      play(
        'p0hand=Shock;Tragic Slip\np0battlefield=Mountain;Swamp;Llanowar Elves\np1battlefield=Craw Wurm',
        'cast Shock targeting Llanowar Elves\npass\ncast Tragic Slip targeting Craw Wurm',
        'opponent graveyard contains Craw Wurm\nme graveyard contains Llanowar Elves',
      ),
    );
  });
  it('Thermal Blast with six cards in my graveyard deals 3, not 5 (Count$Threshold: seven or more)', () => {
    const r = play(
      'p0hand=Thermal Blast\np0graveyard=Island;Island;Island;Island;Island;Island\np0battlefield=Mountain;Mountain;Mountain;Mountain;Mountain\np1battlefield=Craw Wurm',
      'cast Thermal Blast targeting Craw Wurm',
      'opponent battlefield contains Craw Wurm',
    );
    passes(r);
    expect(dealt(r)).toEqual(['amount=3']);
  });
  it('the opponent’s graveyard does not give me threshold', () => {
    const r = play(
      'p0hand=Thermal Blast\np1graveyard=Island;Island;Island;Island;Island;Island;Island\np0battlefield=Mountain;Mountain;Mountain;Mountain;Mountain\np1battlefield=Craw Wurm',
      'cast Thermal Blast targeting Craw Wurm',
      'opponent battlefield contains Craw Wurm',
    );
    passes(r);
    expect(dealt(r)).toEqual(['amount=3']);
  });
  it('Nightmare’s Thirst alone: X is the 1 life it has just gained (Count$LifeYouGainedThisTurn): -1/-1 kills a 1/1', () => {
    passes(
      play(
        "p0hand=Nightmare's Thirst\np0battlefield=Swamp\np1battlefield=Llanowar Elves;Grizzly Bears",
        "cast Nightmare's Thirst targeting Llanowar Elves",
        'opponent graveyard contains Llanowar Elves\nlife eq 21',
      ),
    );
  });
  it('Athreos with devotion five to white and black is not a creature and cannot attack (Count$DevotionDual)', () => {
    passes(
      play(
        'removesummoningsickness=true\np0battlefield=Athreos, God of Passage;Deathbringer Liege',
        'expect-refused attack Athreos, God of Passage',
        'opponent life eq 20',
      ),
    );
  });
  it('devotion to two colours counts only its colours: a red permanent adds nothing', () => {
    passes(
      play(
        'removesummoningsickness=true\np0battlefield=Athreos, God of Passage;Deathbringer Liege;Shivan Dragon',
        'expect-refused attack Athreos, God of Passage',
        'opponent life eq 20',
      ),
    );
  });
});

describe('cost:DamageYou: "have CARDNAME deal N damage to you" (CR 118.12a)', needsCorpus('cards'), () => {
  it('nobody has Browbeat deal damage to them: the target player draws three', () => {
    passes(
      play(
        'p0hand=Browbeat\np0battlefield=Mountain;Mountain;Mountain',
        'cast Browbeat targeting me\nno',
        'me hand count eq 3\nme life eq 20\nopponent life eq 20',
        'no',
      ),
    );
  });
  it('I may pay it myself, at any life total (it is not paying life, CR 119.4), and lose the game by it', () => {
    passes(
      play(
        'p0life=3\np0hand=Browbeat\np0battlefield=Mountain;Mountain;Mountain',
        'cast Browbeat targeting opponent\nyes',
        'game lost\nopponent hand count eq 0',
      ),
    );
  });
});

describe('count:Cost: SVar:AltCost, an alternative cost printed on the card (CR 118.9)', needsCorpus('cards'), () => {
  it('Fireblast is still cast for its mana cost, the Mountains kept', () => {
    passes(
      play(
        'p0hand=Fireblast\np0battlefield=Mountain;Mountain;Mountain;Mountain;Mountain;Mountain\np1life=4',
        'cast Fireblast targeting opponent',
        'game won\nme battlefield count eq 6',
      ),
    );
  });
  it('Gush returns two Islands instead of its mana cost', () => {
    passes(
      play('p0hand=Gush\np0battlefield=Island;Island', 'expect-refused cast Gush\ncast Gush alternative cost', 'me hand count eq 4\nme battlefield count eq 0'),
    );
  });
});

describe('Improvise (CR 702.126a): artifacts pay generic mana only', needsCorpus('cards'), () => {
  it('Reverse Engineer is refused with one Island and four artifacts: an artifact cannot pay {U}', () => {
    passes(
      play(
        'p0hand=Reverse Engineer\np0battlefield=Island;Ornithopter;Ornithopter;Ornithopter;Ornithopter',
        'expect-refused cast reverse engineer',
        'me hand count eq 1',
      ),
    );
  });
  it('a spell without improvise cannot use artifacts (Inspiration costs {3}{U})', () => {
    passes(play('p0hand=Inspiration\np0battlefield=Island;Ornithopter;Ornithopter;Ornithopter', 'expect-refused cast inspiration', 'me hand count eq 1'));
  });
});

describe('Adapt (CR 701.46a) and Dethrone (CR 702.105a)', needsCorpus('cards'), () => {
  it('Skitter Eel that already has a +1/+1 counter gets none from adapting', () => {
    passes(play('p0battlefield=Island;Island;Island;Skitter Eel|Counters:P1P1=1', 'activate skitter eel', 'counters P1P1 eq 1 Skitter Eel'));
  });
  it('Grenzo’s Cutthroat attacking a player with less life than mine gets no counter', () => {
    const r = play("p1life=10\np0battlefield=Grenzo's Cutthroat", "attack Grenzo's Cutthroat", "counters P1P1 eq 0 Grenzo's Cutthroat\nopponent life eq 9");
    passes(r);
    expect((r.log ?? []).filter((l) => l.includes('TriggerFired'))).toEqual([]);
  });
  it('attacking a player with more life than mine triggers it too', () => {
    passes(play("p0life=5\np0battlefield=Grenzo's Cutthroat", "attack Grenzo's Cutthroat", "counters P1P1 eq 1 Grenzo's Cutthroat\nopponent life eq 18"));
  });
});

describe('Dredge (CR 702.52): a replacement of a draw by the card in the graveyard', needsCorpus('cards'), () => {
  const upkeep = (library: string) => `turn=3\nactivephase=UPKEEP\np0library=${library}\np0graveyard=Darkblast\np0battlefield=Swamp`;
  it('declined ("draw", option 0), the draw happens and Darkblast stays in the graveyard', () => {
    passes(playAt(upkeep('Island;Forest;Plains'), 'pass\ndone', 'me hand contains Island\nme graveyard count eq 1\nme graveyard contains Darkblast'));
  });
  it('with fewer cards in the library than its N it is not offered (CR 702.52b): the draw is not replaced', () => {
    passes(
      playAt(
        upkeep('Island;Forest'),
        'pass\nexpect-refused choose darkblast',
        'me hand contains Island\nme graveyard contains Darkblast\nme library count eq 1',
      ),
    );
  });
});

describe('Devour (CR 702.82a): sacrifice any number of creatures as it enters', needsCorpus('cards'), () => {
  it('devouring nothing ("done" at once): Thunder-Thrash Elder enters as a 1/1 with no counters', () => {
    passes(
      play(
        'p0hand=Thunder-Thrash Elder\np0battlefield=Mountain;Mountain;Mountain;Grizzly Bears',
        'cast thunder-thrash elder\npass\ndone',
        'counters P1P1 eq 0 Thunder-Thrash Elder\nme battlefield contains Grizzly Bears',
      ),
    );
  });
  it('Thromok the Insatiable’s Devour X, where X is the number devoured: two creatures give four counters', () => {
    passes(
      play(
        'p0hand=Thromok the Insatiable\np0battlefield=Mountain;Mountain;Forest;Forest;Forest;Grizzly Bears;Llanowar Elves',
        'cast thromok the insatiable\npass\nchoose grizzly bears\nchoose llanowar elves',
        'counters P1P1 eq 4 Thromok the Insatiable\nme graveyard count eq 2',
      ),
    );
  });
});

describe('Provoke (CR 702.39a)', needsCorpus('cards'), () => {
  it('declined ("no"): the tapped Craw Wurm stays tapped and the Grappler connects', () => {
    passes(
      play(
        'p0battlefield=Goblin Grappler\np1battlefield=Craw Wurm|Tapped',
        'attack goblin grappler\nno',
        'me battlefield contains Goblin Grappler\nopponent life eq 19',
      ),
    );
  });
});

describe('replicated games with these cards (issue 15: dredge mills hidden library cards, devour and improvise ask)', needsCorpus('cards'), () => {
  const deck = (cards: Array<[number, string]>) => cards.flatMap(([n, name]) => Array.from({ length: n }, () => name));
  const decks: [string[], string[]] = [
    deck([
      [12, 'Swamp'],
      [12, 'Mountain'],
      [8, 'Darkblast'],
      [8, 'Thunder-Thrash Elder'],
      [8, 'Grizzly Bears'],
      [6, 'Fireblast'],
      [6, 'Browbeat'],
    ]),
    deck([
      [12, 'Island'],
      [12, 'Mountain'],
      [10, 'Ornithopter'],
      [8, 'Reverse Engineer'],
      [8, 'Skitter Eel'],
      [6, 'Goblin Grappler'],
      [4, 'Skewer the Critics'],
    ]),
  ];
  for (const seed of ['d1', 'd2']) {
    it(`zero desyncs, leaks or log differences, and the golden-alone log (seed ${seed})`, () => {
      const config = { registry: registry!, decks, seed, strict: true };
      const controllers = () => [randomController(`${seed}a`), randomController(`${seed}b`)] as const;
      const r = runReplicated(config, controllers(), { maxTurns: 30 });
      const alone = createGame(config);
      runGame(alone, controllers(), { maxTurns: 30 });
      expect(r.golden.actions).toEqual(alone.actions);
      expect([...r.golden.unsupported]).toEqual([]);
      for (const seat of [0, 1] as Seat[]) expect(gameLogLines(r.shadows[seat], seat)).toEqual(gameLogLines(r.golden, seat));
      // Each seed's game dredges at least once (the random controller accepts the offer), so the mill of hidden cards is replicated.
      expect(gameLogLines(r.golden, null).some((l) => l.includes('Darkblast moves from graveyard to hand'))).toBe(true);
    }, 120_000);
  }
});
