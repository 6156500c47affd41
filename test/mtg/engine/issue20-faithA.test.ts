// Keys of the zone-moving effects (ChangeZone, ChangeZoneAll, Dig, Discard) that no code read
// before (issue 20's "faithful" figure), each given its meaning and played here with real cards
// against their Oracle text. Needs the fetched Forge corpus (.cards/cardsfolder).
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, runText } from './real-card-scenario.js';
import type { PuzzleRunResult } from '../../../src/mtg/puzzles/run.js';

type Opts = {
  opponent?: string;
  opponentScript?: string;
  graveyard?: string;
  library?: string;
  exile?: string;
  opponentHand?: string;
  opponentGraveyard?: string;
  phase?: string;
  turns?: number;
};

/** A puzzle from seat 0's main phase: my battlefield and hand, a script, assertions. */
function play(battlefield: string, hand: string, script: string, assertions: string, o: Opts = {}): PuzzleRunResult {
  const theirs = o.opponentScript === undefined ? '' : `[p1_script]\n${o.opponentScript}\n`;
  const state = [
    'turn=1',
    'activeplayer=p0',
    `activephase=${o.phase ?? 'MAIN1'}`,
    `p0library=${o.library ?? 'Island;Island;Island;Island'}`,
    'p1library=Island;Island;Island;Island',
    `p0hand=${hand}`,
    `p0battlefield=${battlefield}`,
    `p0graveyard=${o.graveyard ?? ''}`,
    `p0exile=${o.exile ?? ''}`,
    `p1hand=${o.opponentHand ?? ''}`,
    `p1graveyard=${o.opponentGraveyard ?? ''}`,
    `p1battlefield=${o.opponent ?? ''}`,
  ].join('\n');
  return runText(`[metadata]\nTurns:${o.turns ?? 1}\n[state]\n${state}\n[p0_script]\n${script}\n${theirs}[assertions]\n${assertions}\n`);
}

describe('AttachedTo$: an Aura or Equipment put onto the battlefield attached to something (CR 303.4f–g)', needsCorpus('cards'), () => {
  it('Gryff’s Boon returns from my graveyard attached to the target creature (+1/+0 and flying)', () => {
    const r = play(
      'Plains;Plains;Plains;Plains;Grizzly Bears',
      '',
      "activate Gryff's Boon targeting Grizzly Bears",
      "attached Gryff's Boon to Grizzly Bears\npower eq 3 Grizzly Bears",
      {
        graveyard: "Gryff's Boon",
      },
    );
    passes(r);
  });
  it('Academy Researchers puts an Aura card from my hand onto the battlefield attached to itself', () => {
    passes(
      play(
        'Island;Island;Island',
        "Academy Researchers;Gryff's Boon",
        "cast Academy Researchers\n*\nchoose Gryff's Boon",
        "attached Gryff's Boon to Academy Researchers\npower eq 3 Academy Researchers",
      ),
    );
  });
  it('Quest for the Holy Relic finds an Equipment and attaches it to a creature I control', () => {
    passes(
      play(
        'Quest for the Holy Relic|Counters:QUEST=5;Grizzly Bears',
        '',
        'activate Quest for the Holy Relic\nchoose Bonesplitter',
        'attached Bonesplitter to Grizzly Bears\npower eq 4 Grizzly Bears',
        {
          library: 'Bonesplitter;Island;Island',
        },
      ),
    );
  });
});

describe('UseAllOriginZones$: every player’s zones, whatever the spell targets', needsCorpus('cards'), () => {
  it('Trial returns the creature blocking my target creature to its owner’s hand', () => {
    const r = play(
      'Plains;Island;Grizzly Bears',
      'Trial // Error',
      'attack Grizzly Bears\ndone\n*\ncast Trial targeting Grizzly Bears',
      'opponent hand contains Hill Giant\nme battlefield contains Grizzly Bears',
      {
        opponent: 'Hill Giant',
        opponentScript: 'Hill Giant blocks Grizzly Bears',
      },
    );
    passes(r);
  });
});

describe('TargetsFromSingleZone$: every target in one zone', needsCorpus('cards'), () => {
  it('Carrion Beetles exiles cards from a single graveyard: after my Island, the opponent’s Forest is no target', () => {
    passes(
      play(
        'Swamp;Swamp;Swamp;Carrion Beetles',
        '',
        'activate Carrion Beetles targeting Island\nexpect-refused target Forest\ntarget Plains',
        'exile count eq 2\nopponent graveyard contains Forest',
        {
          graveyard: 'Island;Plains',
          opponentGraveyard: 'Forest',
        },
      ),
    );
  });
  it('the first target may be in the opponent’s graveyard; then only theirs', () => {
    passes(
      play(
        'Swamp;Swamp;Swamp;Carrion Beetles',
        '',
        'activate Carrion Beetles targeting Forest\nexpect-refused target Island\ntarget Mountain',
        'opponent graveyard count eq 0\nme graveyard count eq 2',
        {
          graveyard: 'Island;Plains',
          opponentGraveyard: 'Forest;Mountain',
        },
      ),
    );
  });
});

describe('Fizzle$: a spell’s card moved off the stack is no longer a spell (CR 608.2b)', needsCorpus('cards'), () => {
  it('Unsubstantiate returns my Grizzly Bears spell to my hand: it never resolves', () => {
    passes(
      play(
        'Forest;Forest;Island;Island',
        'Grizzly Bears;Unsubstantiate',
        'cast Grizzly Bears\ncast Unsubstantiate targeting Grizzly Bears',
        'me hand contains Grizzly Bears\nme battlefield count eq 4',
      ),
    );
  });
  it('Summary Dismissal exiles every other spell: the Grizzly Bears spell under it never resolves', () => {
    passes(
      play(
        'Forest;Forest;Island;Island;Island;Island',
        'Grizzly Bears;Summary Dismissal',
        'cast Grizzly Bears\ncast Summary Dismissal',
        'me exile contains Grizzly Bears\nme battlefield count eq 6\nme graveyard contains Summary Dismissal',
      ),
    );
  });
});

describe('Dig: Choser$ and RestRandomOrder$', needsCorpus('cards'), () => {
  it('Animal Magnetism: the opponent chooses which revealed creature card I put onto the battlefield', () => {
    passes(
      play(
        'Forest;Forest;Forest;Forest;Forest',
        'Animal Magnetism',
        'cast Animal Magnetism',
        'me battlefield contains Hill Giant\nme graveyard contains Grizzly Bears\nme graveyard count eq 5',
        {
          library: 'Grizzly Bears;Hill Giant;Island;Island;Island;Island',
          opponentScript: 'choose Hill Giant',
        },
      ),
    );
  });
  it('Board the Weatherlight puts the rest on the bottom in a random order, not the order they were in', () => {
    const library = ['Bonesplitter', 'Forest', 'Island', 'Mountain', 'Plains', 'Swamp', 'Wastes'];
    const r = play(
      'Plains;Plains',
      'Board the Weatherlight',
      'cast Board the Weatherlight\nchoose Bonesplitter',
      'me hand contains Bonesplitter\nlibrary top 1 contains Swamp',
      {
        library: library.join(';'),
      },
    );
    passes(r);
    const after = r.outcome!.players[0].zones.library ?? [];
    expect(after.slice(0, 2)).toEqual(['Swamp', 'Wastes']);
    const bottom = after.slice(2);
    expect([...bottom].sort()).toEqual(['Forest', 'Island', 'Mountain', 'Plains']);
    // In the order they were looked at, the engine would have put them Forest, Island, … (seed 1
    // gives another order; Forge shuffles them the same way, CardLists.shuffle).
    expect(bottom).not.toEqual(['Forest', 'Island', 'Mountain', 'Plains']);
  });
});

describe('Transformed$: onto the battlefield transformed (CR 712.14a)', needsCorpus('cards'), () => {
  it('Startled Awake returns from my graveyard as Persistent Nightmare', () => {
    passes(
      play(
        'Island;Island;Island;Island;Island',
        '',
        'activate Startled Awake',
        'me battlefield contains Persistent Nightmare\npower eq 1 Persistent Nightmare\nme graveyard count eq 0',
        {
          graveyard: 'Startled Awake',
        },
      ),
    );
  });
});

describe('Discard RevealNumber$: the player reveals only that many cards', needsCorpus('cards'), () => {
  it('Blackmail: the opponent reveals three of four cards, and I choose among those three only', () => {
    passes(
      play(
        'Swamp',
        'Blackmail',
        'cast Blackmail targeting p2\nexpect-refused choose Hill Giant\nchoose Shock',
        'opponent graveyard contains Shock\nopponent hand contains Hill Giant\nopponent graveyard count eq 1',
        {
          opponentHand: 'Shock;Grizzly Bears;Lightning Bolt;Hill Giant',
          opponentScript: 'choose Shock\nchoose Grizzly Bears\nchoose Lightning Bolt',
        },
      ),
    );
  });
});
