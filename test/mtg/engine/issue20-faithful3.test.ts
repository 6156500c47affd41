// Parameters that no code read before (issue 20's "faithful" figure), each given its meaning and
// played here with real cards against their Oracle text. Needs the fetched Forge corpus
// (.cards/cardsfolder): needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import { readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { runPuzzle, type PuzzleRunResult } from '../../../src/mtg/puzzles/run.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { CARDS_DIR, haveCorpus, needsCorpus } from '../../support/corpora.js';
import { paramReaders, unreadParams } from '../../../src/mtg/cards/index.js';

const registry = haveCorpus('cards') ? puzzleRegistry(CARDS_DIR) : null;

/** Runs a puzzle from its [state] lines, a script for seat 0 and assertions. */
function play(state: string, script = '', assertions = '', more = '', turns = 1): PuzzleRunResult {
  const text = `[metadata]\nTurns:${turns}\n[state]\nturn=1\np0library=Island;Island;Island\np1library=Island;Island;Island\n${state}\n${more}[p0_script]\n${script}\n[assertions]\n${assertions}\n`;
  return runPuzzle(readPuzzle(text, 'scenario.pzl', registry!), { registry: registry!, seed: 1 });
}

function passes(r: PuzzleRunResult): void {
  expect({ status: r.status, reasons: r.reasons }).toEqual({ status: 'pass', reasons: [] });
}

const SEVEN = 'Island;Island;Island;Island;Island;Island;Island';

describe('ability words written as trigger flags: an intervening "if" (CR 603.4)', needsCorpus('cards'), () => {
  const aeronauts =
    'activeplayer=p0\nactivephase=MAIN1\np0hand=Shock;Airdrop Aeronauts\np0battlefield=Mountain;Plains;Plains;Plains;Plains;Plains;Plains;Grizzly Bears';
  it('Revolt: Airdrop Aeronauts gains 5 life after a permanent I controlled left the battlefield', () => {
    passes(play(aeronauts, 'cast Shock targeting Grizzly Bears\npass\ncast Airdrop Aeronauts', 'me life eq 25'));
  });
  it('Revolt: no life without one (an opponent’s creature dying does not count)', () => {
    const state = aeronauts.replace(';Grizzly Bears', '') + '\np1battlefield=Grizzly Bears';
    passes(play(state, 'cast Shock targeting Grizzly Bears\npass\ncast Airdrop Aeronauts', 'me life eq 20\nopponent graveyard contains Grizzly Bears'));
  });
  const chieftain = 'activeplayer=p0\nactivephase=MAIN1\np0hand=Centaur Chieftain\np0battlefield=Forest;Forest;Forest;Forest;Forest';
  it('Threshold: Centaur Chieftain with seven cards in my graveyard pumps my creatures', () => {
    // Hasty, it attacks as a 4/4 with trample.
    passes(play(`${chieftain}\np0graveyard=${SEVEN}`, 'cast Centaur Chieftain\nattack Centaur Chieftain\ndone', 'opponent life eq 16'));
  });
  it('Threshold: with six it does not', () => {
    passes(
      play(
        `${chieftain}\np0graveyard=Island;Island;Island;Island;Island;Island`,
        'cast Centaur Chieftain\nattack Centaur Chieftain\ndone',
        'opponent life eq 17',
      ),
    );
  });
  it('Hellbent: Jagged Poppet makes the player discard only when my hand is empty', () => {
    const state = 'activeplayer=p0\nactivephase=COMBAT_DECLARE_BLOCKERS\np0battlefield=Jagged Poppet|Attacking\np1hand=Island;Island;Island;Island';
    passes(play(state, '', 'opponent graveyard count eq 3\nopponent life eq 17'));
    passes(play(`${state}\np0hand=Island`, '', 'opponent graveyard count eq 0\nopponent life eq 17'));
  });
});

describe('RaiseMaxHandSize$ (CR 402.2)', needsCorpus('cards'), () => {
  it('Gnat Miser: the opponent discards down to six in its cleanup step', () => {
    const state = `activeplayer=p1\nactivephase=END_OF_TURN\np0battlefield=Gnat Miser\np1hand=${SEVEN}`;
    passes(play(state, '', 'opponent hand count eq 6'));
  });
  it('without it the opponent keeps seven', () => {
    passes(play(`activeplayer=p1\nactivephase=END_OF_TURN\np1hand=${SEVEN}`, '', 'opponent hand count eq 7'));
  });
});

describe('RestrictValid$: mana that may be spent only on some spells or abilities (CR 106.6)', needsCorpus('cards'), () => {
  it('Ancient Ziggurat’s mana casts a creature spell, not Shock', () => {
    const state = 'activeplayer=p0\nactivephase=MAIN1\np0hand=Grizzly Bears;Shock\np0battlefield=Ancient Ziggurat;Forest';
    passes(
      play(
        state,
        'activate Ancient Ziggurat\nchoose red\nexpect-refused cast Shock\ncast Grizzly Bears',
        'me battlefield contains Grizzly Bears\nopponent life eq 20',
      ),
    );
  });
  it('Myr Reservoir’s mana does not pay for Grizzly Bears (not a Myr)', () => {
    const state = 'activeplayer=p0\nactivephase=MAIN1\np0hand=Grizzly Bears\np0battlefield=Myr Reservoir;Forest';
    passes(play(state, 'activate Myr Reservoir\nexpect-refused cast Grizzly Bears', 'me hand contains Grizzly Bears'));
  });
  it('Renowned Weaponsmith’s mana activates an artifact’s ability ("or activate abilities of artifacts")', () => {
    const state = 'activeplayer=p0\nactivephase=MAIN1\nremovesummoningsickness=true\np0battlefield=Renowned Weaponsmith;Mind Stone';
    passes(play(state, 'activate Renowned Weaponsmith\nactivate Mind Stone[2]', 'me graveyard contains Mind Stone\nme hand count eq 1'));
  });
});

describe('ChooseCard with MinAmount$: "any number" of up to Amount$', needsCorpus('cards'), () => {
  it('Urge to Feed: I tap one of my two Vampires and stop', () => {
    const state =
      'activeplayer=p0\nactivephase=MAIN1\np0hand=Urge to Feed\np0battlefield=Swamp;Swamp;Sengir Vampire;Vampire Nighthawk\np1battlefield=Grizzly Bears';
    passes(
      play(
        state,
        'cast Urge to Feed targeting Grizzly Bears\nchoose Sengir Vampire\ndone',
        'counters P1P1 eq 1 Sengir Vampire\ntapped Sengir Vampire\nuntapped Vampire Nighthawk\nopponent graveyard contains Grizzly Bears',
      ),
    );
  });
});

describe('the census counts a card faithful only for the values of a key the engine honours (declareParamForms)', needsCorpus('cards'), () => {
  const unread = (name: string) => unreadParams(registry!.get(name), paramReaders());
  it('Lightning Storm: ChangeTargets knows no `Defined$ SourceFirstSpell`, and no ability is offered from the stack', () => {
    expect(unread('Lightning Storm')).toEqual(['ability:ChangeTargets.Defined=SourceFirstSpell', 'ability:PutCounter.ActivationZone=Stack']);
  });
  it('mana restricted by a special word is not honoured; by card types it is', () => {
    expect(unread('Adarkar Unicorn')).toEqual(['ability:Mana.RestrictValid=CumulativeUpkeep']);
    expect(unread('Ancient Ziggurat')).toEqual([]);
    expect(unread('Renowned Weaponsmith')).toEqual([]);
  });
});

describe('ConditionManaSpent$: "if {G} was spent to cast it"', needsCorpus('cards'), () => {
  const state = (lands: string) => `activeplayer=p0\nactivephase=MAIN1\np0hand=Dawnglow Infusion\np0battlefield=${lands}`;
  it('Dawnglow Infusion for X=2 paid with green and blue: 2 life (only {G} was spent)', () => {
    passes(play(state('Forest;Island;Island'), 'cast Dawnglow Infusion\nchoose 2', 'me life eq 22'));
  });
  it('paid with green, white and blue: 4 life (both)', () => {
    passes(play(state('Forest;Plains;Island'), 'cast Dawnglow Infusion\nchoose 2', 'me life eq 24'));
  });
});

describe('WithFlash$: cast as though it had flash (CR 702.8a)', needsCorpus('cards'), () => {
  it('Vedalken Orrery: Grizzly Bears on the opponent’s turn', () => {
    const state = 'activeplayer=p1\nactivephase=MAIN1\np0hand=Grizzly Bears\np0battlefield=Vedalken Orrery;Forest;Forest';
    passes(play(state, 'cast Grizzly Bears', 'me battlefield contains Grizzly Bears'));
  });
  it('Dragon Grip (Ferocious, from the hand): with a creature of power 4 or more, on the opponent’s turn', () => {
    const state = 'activeplayer=p1\nactivephase=MAIN1\np0hand=Dragon Grip\np0battlefield=Mountain;Mountain;Mountain;Craw Wurm';
    passes(play(state, 'cast Dragon Grip targeting Craw Wurm', 'attached Dragon Grip to Craw Wurm'));
  });
  it('Dragon Grip without one: not at instant speed', () => {
    const state = 'activeplayer=p1\nactivephase=MAIN1\np0hand=Dragon Grip\np0battlefield=Mountain;Mountain;Mountain;Grizzly Bears';
    passes(play(state, 'expect-refused cast Dragon Grip', 'me hand contains Dragon Grip'));
  });
});
