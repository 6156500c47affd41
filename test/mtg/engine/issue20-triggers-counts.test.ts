// Trigger modes and values added for issue 20's coverage, each played with real cards against
// their Oracle text (the one-card puzzles are in test/puzzles/corpus/trig-*.pzl and count-*.pzl;
// these are the cases a puzzle's assertions cannot say: how many times something triggered, and
// what must not trigger). Needs the fetched Forge corpus (.cards/cardsfolder): needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import { readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { runPuzzle, type PuzzleRunResult } from '../../../src/mtg/puzzles/run.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { CARDS_DIR, haveCorpus, needsCorpus } from '../../support/corpora.js';

const registry = haveCorpus('cards') ? puzzleRegistry(CARDS_DIR) : null;

/** Runs a one-turn puzzle from its [state] lines, a script for seat 0 and assertions. */
function play(state: string, script = '', assertions = '', more = ''): PuzzleRunResult {
  const text = `[metadata]\nTurns:1\n[state]\nturn=1\np0library=Island;Island;Island\np1library=Island;Island;Island\n${state}\n${more}[p0_script]\n${script}\n[assertions]\n${assertions}\n`;
  return runPuzzle(readPuzzle(text, 'scenario.pzl', registry!), { registry: registry!, seed: 1 });
}

/** The TriggerFired lines of a run's log for a source name. */
function fired(r: PuzzleRunResult, name: string): string[] {
  return (r.log ?? []).filter((l) => l.includes('TriggerFired') && l.includes(`name="${name}"`));
}

function passes(r: PuzzleRunResult): void {
  expect({ status: r.status, reasons: r.reasons }).toEqual({ status: 'pass', reasons: [] });
}

describe('DamageDoneOnce: one event per object or player dealt damage at once', needsCorpus('cards'), () => {
  it('Sun Droplet ("whenever you are dealt damage") triggers once for two unblocked attackers, with the total (CR 510.2)', () => {
    const r = play(
      'activeplayer=p1\nactivephase=COMBAT_DECLARE_BLOCKERS\np0battlefield=Sun Droplet\np1battlefield=Grizzly Bears|Attacking;Grizzly Bears|Attacking',
      '',
      'counters CHARGE eq 4 Sun Droplet\nme life eq 16',
    );
    passes(r);
    expect(fired(r, 'Sun Droplet').filter((l) => l.includes('mode=DamageDoneOnce'))).toHaveLength(1);
  });
  it('War Elemental ("whenever an opponent is dealt damage") does not trigger when I am dealt damage', () => {
    const r = play('activeplayer=p0\nactivephase=MAIN1\np0hand=Shock\np0battlefield=Mountain;War Elemental', 'cast Shock targeting me', 'me life eq 18');
    passes(r);
    expect(fired(r, 'War Elemental')).toEqual([]);
  });
});

describe('BecomesTarget', needsCorpus('cards'), () => {
  it('Frost Walker is not sacrificed by a spell that does not target it (Pyroclasm kills it instead)', () => {
    const r = play(
      'activeplayer=p0\nactivephase=MAIN1\np0hand=Pyroclasm\np0battlefield=Mountain;Mountain;Frost Walker',
      'cast Pyroclasm',
      'me graveyard contains Frost Walker',
    );
    passes(r);
    expect(fired(r, 'Frost Walker')).toEqual([]);
  });
  it('an ability targeting Frost Walker makes it trigger too (Prodigal Sorcerer)', () => {
    const r = play(
      'activeplayer=p0\nactivephase=MAIN1\np0battlefield=Prodigal Sorcerer\np1battlefield=Frost Walker',
      'activate Prodigal Sorcerer targeting Frost Walker',
      'opponent graveyard contains Frost Walker',
    );
    passes(r);
    expect(fired(r, 'Frost Walker')).toHaveLength(1);
  });
});

describe('AbilityCast', needsCorpus('cards'), () => {
  it('Harsh Mentor ignores mana abilities and its controller’s own abilities', () => {
    const r = play(
      'activeplayer=p0\nactivephase=MAIN1\np0hand=Shock\np0battlefield=Mountain;Harsh Mentor;Prodigal Sorcerer',
      'cast Shock targeting opponent\nactivate Prodigal Sorcerer targeting opponent',
      'me life eq 20\nopponent life eq 17',
    );
    passes(r);
    expect(fired(r, 'Harsh Mentor')).toEqual([]);
  });
});

describe('Cycled', needsCorpus('cards'), () => {
  it('Bant Sojourners cast and killed makes a Soldier through its other trigger, not the cycling one', () => {
    const r = play(
      'activeplayer=p0\nactivephase=MAIN1\np0hand=Shock\np0battlefield=Mountain;Bant Sojourners',
      'cast Shock targeting Bant Sojourners',
      'me battlefield contains Bant Sojourners',
    );
    passes(r);
    expect(fired(r, 'Bant Sojourners')).toEqual([]);
  });
});

describe('ThisTurnEntered and ThisTurnCast', needsCorpus('cards'), () => {
  it('Khabal Ghoul counts every creature that died this turn, both players’, at the end step', () => {
    const r = play(
      'activeplayer=p0\nactivephase=MAIN1\np0hand=Pyroclasm\np0battlefield=Mountain;Mountain;Khabal Ghoul|Counters:P1P1=2;Grizzly Bears\np1battlefield=Grizzly Bears;Llanowar Elves',
      'cast Pyroclasm',
      // 2 counters before, 3 creatures died (the Ghoul survives Pyroclasm as a 3/3): 5.
      'counters P1P1 eq 5 Khabal Ghoul',
    );
    passes(r);
  });
  it('Illusory Angel cannot be cast as the first spell of the turn', () => {
    const r = play(
      'activeplayer=p0\nactivephase=MAIN1\np0hand=Illusory Angel\np0battlefield=Island;Island;Island',
      'expect-refused cast Illusory Angel',
      'me hand contains Illusory Angel',
    );
    passes(r);
  });
});

describe('LastStateBattlefield and a permanent’s own entry replacement (CR 614.12)', needsCorpus('cards'), () => {
  it('Blooming Marsh with three other lands enters tapped: its own R: line applies from the hand', () => {
    const r = play(
      'activeplayer=p0\nactivephase=MAIN1\np0hand=Blooming Marsh\np0battlefield=Swamp;Swamp;Swamp',
      'play Blooming Marsh',
      'tapped Blooming Marsh',
    );
    passes(r);
  });
  it('with two other lands it enters untapped (it does not count itself)', () => {
    const r = play('activeplayer=p0\nactivephase=MAIN1\np0hand=Blooming Marsh\np0battlefield=Swamp;Swamp', 'play Blooming Marsh', 'untapped Blooming Marsh');
    passes(r);
  });
});
