// Puzzle cards the engine played wrong, found by the solver's corpus run: "You can't lose the
// game" / "You can't win the game" on a player (Platinum Angel; Gideon of the Trials's emblem,
// which let the solver "win" Possibility Storm's Amonkhet #00 with Gideon still out), the Tron
// lands' bonus (Urza's Tower, Mine and Power-Plant), and `Stackable$ False` on an emblem. Needs
// the fetched Forge corpus (.cards/cardsfolder): needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, runText } from './real-card-scenario.js';

/** Seat 1 casts Lava Axe (5 damage) at seat 0, at 3 life, then `then` (a script line) if given. */
function lavaAxe(mine: string, then = '', theirs = ''): string {
  return `[metadata]\nTurns:1\n[state]\nactiveplayer=p1\nactivephase=MAIN1\np0life=3\np0library=Plains;Plains\np0battlefield=${mine}\np1library=Mountain;Mountain\np1hand=Lava Axe;Shatter\np1battlefield=Mountain;Mountain;Mountain;Mountain;Mountain;Mountain;Mountain${theirs}\n[p1_script]\ncast Lava Axe targeting opponent\n${then}\n`;
}

describe("You can't lose the game (CR 104.3)", needsCorpus('cards'), () => {
  it('Platinum Angel: at -2 life its controller does not lose', () => {
    const r = runText(`${lavaAxe('Platinum Angel')}[assertions]\nlife eq -2\nNOT game lost\n`);
    passes(r);
  });
  it('with the Angel destroyed, the state-based actions find the life at -2 and the player loses', () => {
    const r = runText(`${lavaAxe('Platinum Angel', 'cast Shatter targeting Platinum Angel')}[assertions]\ngame lost\n`);
    passes(r);
  });
});

/** Seat 0 with two Lightning Bolts against seat 1 at 2 life under Gideon of the Trials's emblem. */
function gideon(script: string, assertions: string): string {
  return `[metadata]\nTurns:1\n[state]\nactiveplayer=p0\nactivephase=MAIN1\np0library=Mountain;Mountain\np0hand=Lightning Bolt;Lightning Bolt\np0battlefield=Mountain;Mountain\np1life=2\np1library=Plains;Plains\np1battlefield=Gideon of the Trials|Counters:LOYALTY=3\np1precast=Gideon of the Trials:3;Gideon of the Trials:3\n[p0_script]\n${script}\n[assertions]\n${assertions}\n`;
}

describe("Gideon of the Trials's emblem: you can't lose, your opponents can't win", needsCorpus('cards'), () => {
  it('with a Gideon out, its owner at -1 life does not lose', () => {
    passes(runText(gideon('cast Lightning Bolt targeting opponent', 'opponent life eq -1\nNOT game won\ncommand count eq 0\nopponent command count eq 1')));
  });
  it('with the Gideon killed first, the same Bolt wins', () => {
    passes(runText(gideon('cast Lightning Bolt targeting Gideon of the Trials\ncast Lightning Bolt targeting opponent', 'game won')));
  });
  it('with the Gideon killed after, the player at -1 loses at once', () => {
    passes(runText(gideon('cast Lightning Bolt targeting opponent\ncast Lightning Bolt targeting Gideon of the Trials', 'game won')));
  });
});

describe("Urza's Tower, Mine and Power-Plant (Bonus$ UrzaLands)", needsCorpus('cards'), () => {
  const tron = (lands: string) =>
    `[metadata]\nTurns:1\n[state]\nactiveplayer=p0\nactivephase=MAIN1\np0library=Island;Island\np0hand=Myr Battlesphere\np0battlefield=${lands}\np1library=Island;Island\n[p0_script]\ncast Myr Battlesphere\n`;
  it('all three make 3 + 2 + 2: seven mana for Myr Battlesphere', () => {
    const r = runText(`${tron("Urza's Tower;Urza's Mine;Urza's Power Plant")}[assertions]\nbattlefield contains Myr Battlesphere\n`);
    passes(r);
  });
  it('without the Tower, the Mine and the Power-Plant make one each: five lands cannot cast it', () => {
    const r = runText(`${tron("Urza's Mine;Urza's Power Plant;Urza's Mine;Urza's Power Plant;Island")}`);
    expect(r.status).toBe('run-error');
    expect(r.reasons[0]).toMatch(/'cast Myr Battlesphere' did not match any available action/);
  });
});
