// Keywords expanded into ordinary script lines for issue 20 (src/mtg/cards/keywords/), played with
// real cards against their Oracle text: the cases the one-card puzzles in test/puzzles/corpus/kw-*.pzl
// leave out (a second time, the condition not met). Needs the fetched Forge corpus
// (.cards/cardsfolder): needsCorpus('cards').
import { describe, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, play } from './real-card-scenario.js';

describe('keywords of issue 20', needsCorpus('cards'), () => {
  it('Undying (CR 702.93a): a Young Wolf that returned with its +1/+1 counter dies for good the second time', () => {
    const r = play(
      'Mountain;Mountain;Young Wolf',
      'Shock;Shock',
      'cast Shock targeting Young Wolf\npass\npass\ncast Shock targeting Young Wolf',
      'me graveyard contains Young Wolf\nme battlefield count eq 2',
    );
    passes(r);
  });
  it('Fading (CR 702.32a): Blastoderm with no fade counter left is sacrificed at its controller’s upkeep', () => {
    const r = play('Blastoderm|Counters:FADE=0', '', '', 'me graveyard contains Blastoderm', { phase: 'UNTAP' });
    passes(r);
  });
  it('Fading: with fade counters left, the upkeep removes one and keeps it', () => {
    const r = play('Blastoderm|Counters:FADE=2', '', '', 'counters FADE eq 1 Blastoderm', { phase: 'UNTAP' });
    passes(r);
  });
  it('Vanishing (CR 702.63a): with two time counters, the upkeep removes one and keeps it', () => {
    const r = play('Calciderm|Counters:TIME=2', '', '', 'counters TIME eq 1 Calciderm\nme battlefield contains Calciderm', { phase: 'UNTAP' });
    passes(r);
  });
  it('Monstrosity (CR 701.37a): a second activation does nothing once it is monstrous', () => {
    const mountains = Array.from({ length: 12 }, () => 'Mountain').join(';');
    const r = play(
      `${mountains};Ill-Tempered Cyclops`,
      '',
      'activate Ill-Tempered Cyclops\npass\nactivate Ill-Tempered Cyclops',
      'counters P1P1 eq 3 Ill-Tempered Cyclops\npower eq 6 Ill-Tempered Cyclops',
    );
    passes(r);
  });
  it('Renown (CR 702.112a, b): renowned once; a creature you control becoming renowned draws a card (Valeron Wardens)', () => {
    // Both attack unblocked: Topan Freeblade (renown 1) and Valeron Wardens (renown 2) become renowned, two draws.
    const r = play(
      'Topan Freeblade;Valeron Wardens',
      '',
      'attack Topan Freeblade\nattack Valeron Wardens',
      'me hand count eq 2\ncounters P1P1 eq 1 Topan Freeblade\ncounters P1P1 eq 2 Valeron Wardens\nopponent life eq 17',
    );
    passes(r);
  });
  it('Renown: a renowned creature gets no more counters (two turns, two hits)', () => {
    const r = play(
      'Topan Freeblade',
      '',
      'attack Topan Freeblade\nPASS_UNTIL turn=3,phase=main1\nattack Topan Freeblade',
      'counters P1P1 eq 1 Topan Freeblade\nopponent life eq 15',
      { turns: 3 },
    );
    passes(r);
  });
  it('Bloodthirst (CR 702.54a): no damage to an opponent this turn, no counters', () => {
    const r = play(
      'Mountain;Mountain;Mountain;Mountain',
      'Gorehorn Minotaurs',
      'cast Gorehorn Minotaurs',
      'counters P1P1 eq 0 Gorehorn Minotaurs\npower eq 3 Gorehorn Minotaurs',
    );
    passes(r);
  });
  it('Bloodthirst: damage to me does not count, only to an opponent', () => {
    const r = play(
      'Mountain;Mountain;Mountain;Mountain;Mountain',
      'Shock;Gorehorn Minotaurs',
      'cast Shock targeting me\npass\ncast Gorehorn Minotaurs',
      'counters P1P1 eq 0 Gorehorn Minotaurs',
    );
    passes(r);
  });
  it('Storm (CR 702.40a): Grapeshot as the first spell of the turn has no copy', () => {
    const r = play('Mountain;Mountain', 'Grapeshot', 'cast Grapeshot targeting opponent', 'opponent life eq 19');
    passes(r);
  });
  it('Storm: two spells before it, two copies, each may get a new target', () => {
    const r = play(
      'Mountain;Mountain;Mountain;Mountain;Mountain',
      'Shock;Shock;Grapeshot',
      'cast Shock targeting opponent\npass\ncast Shock targeting opponent\npass\ncast Grapeshot targeting opponent\npass\nno\nno',
      'opponent life eq 13',
    );
    passes(r);
  });

  it('Affinity (CR 702.41a): with two artifacts Frogmite costs {2}; one land is not enough', () => {
    const r = play('Ornithopter;Ornithopter;Island', 'Frogmite', 'expect-refused cast Frogmite', 'me hand contains Frogmite');
    passes(r);
    passes(play('Ornithopter;Ornithopter;Island;Island', 'Frogmite', 'cast Frogmite', 'me battlefield contains Frogmite'));
  });
  it('Fabricate (CR 702.123a): choosing the counters makes no Servo', () => {
    const r = play(
      'Swamp;Swamp;Swamp',
      'Weaponcraft Enthusiast',
      'cast Weaponcraft Enthusiast\nchoose Put 2 +1/+1 counters on it',
      'counters P1P1 eq 2 Weaponcraft Enthusiast\nNOT battlefield contains Servo',
    );
    passes(r);
  });
  it('Extort (CR 702.101a): declining the payment drains nothing', () => {
    const r = play('Mountain;Plains;Syndic of Tithes', 'Shock', 'cast Shock targeting opponent\npass\nno', 'opponent life eq 18\nme life eq 20');
    passes(r);
  });
  it('Riot (CR 702.136a): the +1/+1 counter instead of haste', () => {
    const r = play(
      'Mountain;Forest;Forest',
      'Gruul Spellbreaker',
      'cast Gruul Spellbreaker\nchoose Put a +1/+1 counter on it',
      'counters P1P1 eq 1 Gruul Spellbreaker\nopponent life eq 20',
    );
    passes(r);
  });
  it('Exert (CR 701.43a): not exerted, Glory-Bound Initiate untaps as usual and gets no bonus', () => {
    const r = play('Glory-Bound Initiate', '', 'attack Glory-Bound Initiate\nno', 'opponent life eq 17\nuntapped Glory-Bound Initiate', { turns: 3 });
    passes(r);
  });
  it('Ascend (CR 702.131b): nine permanents are not enough', () => {
    const r = play('Plains;Plains;Plains;Plains;Plains;Plains;Plains;Plains;Snubhorn Sentry', '', '', 'power eq 0 Snubhorn Sentry');
    passes(r);
  });
  it('Ascend on an instant (CR 702.131a): Pride of Conquerors with ten permanents gives +2/+2, with three +1/+1', () => {
    const plains = Array.from({ length: 9 }, () => 'Plains').join(';');
    // The Bears attack pumped: 4 damage with the blessing, 3 without.
    const r = play(`${plains};Grizzly Bears`, 'Pride of Conquerors', 'cast Pride of Conquerors\npass\nattack Grizzly Bears', 'opponent life eq 16');
    passes(r);
    // (No mana left after it: the priority point that follows is not asked, so no `pass`.)
    const fewer = play('Plains;Plains;Grizzly Bears', 'Pride of Conquerors', 'cast Pride of Conquerors\nattack Grizzly Bears', 'opponent life eq 17');
    passes(fewer);
  });

  it('Lure (CR 509.1c): a creature that chose to block another attacker blocks the Prized Unicorn instead', () => {
    const r = play('Prized Unicorn;Hill Giant', '', 'attack Prized Unicorn\nattack Hill Giant', 'opponent life eq 17\nme graveyard contains Prized Unicorn', {
      opponent: 'Grizzly Bears',
      opponentScript: 'Grizzly Bears blocks Hill Giant',
    });
    passes(r);
  });
  it('Watchdog tapped cannot block, so nothing makes it (and its -1/-0 is off while it is tapped)', () => {
    const r = play('Grizzly Bears', '', 'attack Grizzly Bears', 'opponent life eq 18', { opponent: 'Watchdog|Tapped', opponentScript: '' });
    passes(r);
  });
  it('"Must be blocked if able" is met by the block the defender chose: nothing more is added', () => {
    const r = play("Gaea's Protector", '', "attack Gaea's Protector", 'opponent graveyard contains Wall of Wood\nopponent battlefield contains Grizzly Bears', {
      opponent: 'Grizzly Bears;Wall of Wood',
      opponentScript: "Wall of Wood blocks Gaea's Protector\ndone",
    });
    passes(r);
  });
  it('without Exploration a second land is refused (CR 305.2)', () => {
    const r = play('Island', 'Forest;Forest', 'play Forest\nexpect-refused play Forest', 'me battlefield count eq 2');
    passes(r);
  });
});
