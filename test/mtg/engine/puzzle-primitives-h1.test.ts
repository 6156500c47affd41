// Primitives the Forge puzzle corpus needed (PS_AER5, PS_RIX1, PP03, PP13, PP23, PP24, PC_122915,
// ...), played with real cards against their Oracle text, each both ways: the ability words read
// as values (`Count$Revolt`, `Count$Landfall`, `Count$Metalcraft`, `Count$Delirium`), the blocking
// restriction of Aura Gnarlid and Skarrgan Pit-Skulk, and "You can't gain life." on a player.
// Needs the fetched Forge corpus (.cards/cardsfolder): needsCorpus('cards').
import { describe, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, play, runText } from './real-card-scenario.js';

describe('Count$Revolt (Fatal Push)', needsCorpus('cards'), () => {
  it('without revolt a mana value 4 creature survives; a mana value 2 one is destroyed', () => {
    passes(
      play('Swamp', 'Fatal Push', 'cast Fatal Push targeting Hill Giant', 'opponent battlefield contains Hill Giant\nme graveyard contains Fatal Push', {
        opponent: 'Hill Giant',
      }),
    );
    passes(play('Swamp', 'Fatal Push', 'cast Fatal Push targeting Grizzly Bears', 'opponent graveyard contains Grizzly Bears', { opponent: 'Grizzly Bears' }));
  });
  it('a permanent you controlled left the battlefield this turn (Mogg Fanatic sacrificed): the mana value 4 creature is destroyed', () => {
    const r = play(
      'Swamp;Mogg Fanatic',
      'Fatal Push',
      'activate Mogg Fanatic targeting opponent\npass\ncast Fatal Push targeting Hill Giant',
      'opponent graveyard contains Hill Giant\nopponent life eq 19',
      { opponent: 'Hill Giant' },
    );
    passes(r);
  });
  it('an opponent’s permanent leaving is no revolt: after Shock kills their Bears, the Hill Giant survives', () => {
    const r = play(
      'Swamp;Mountain',
      'Shock;Fatal Push',
      'cast Shock targeting Grizzly Bears\npass\ncast Fatal Push targeting Hill Giant',
      'opponent graveyard contains Grizzly Bears\nopponent battlefield contains Hill Giant',
      { opponent: 'Hill Giant;Grizzly Bears' },
    );
    passes(r);
  });
  it('revolt does not reach mana value 5 or more (Fatal Push on a Craw Wurm after a sacrifice)', () => {
    const r = play(
      'Swamp;Mogg Fanatic',
      'Fatal Push',
      'activate Mogg Fanatic targeting opponent\npass\ncast Fatal Push targeting Craw Wurm',
      'opponent battlefield contains Craw Wurm',
      { opponent: 'Craw Wurm' },
    );
    passes(r);
  });
});

describe('Count$Landfall, Count$Metalcraft, Count$Delirium', needsCorpus('cards'), () => {
  // The pump lasts until end of turn, so the Bears attack to show it: 4 or 6 damage.
  it('Groundswell: +2/+2 with no land entered this turn, +4/+4 after a land is played', () => {
    passes(play('Forest;Grizzly Bears', 'Groundswell', 'cast Groundswell targeting Grizzly Bears\nattack Grizzly Bears', 'opponent life eq 16'));
    passes(play('Grizzly Bears', 'Forest;Groundswell', 'play Forest\ncast Groundswell targeting Grizzly Bears\nattack Grizzly Bears', 'opponent life eq 14'));
  });
  it('Galvanic Blast: 2 damage with two artifacts, 4 with three', () => {
    passes(play('Mountain;Ornithopter;Ornithopter', 'Galvanic Blast', 'cast Galvanic Blast targeting opponent', 'opponent life eq 18'));
    passes(play('Mountain;Ornithopter;Ornithopter;Ornithopter', 'Galvanic Blast', 'cast Galvanic Blast targeting opponent', 'opponent life eq 16'));
  });
  it('Might Beyond Reason: two counters with three card types in your graveyard, three with four', () => {
    const board = (yard: string) =>
      '[metadata]\nTurns:1\n[state]\nturn=1\nactiveplayer=p0\nactivephase=MAIN1\np0library=Island;Island;Island;Island\np1library=Island;Island;Island;Island\n' +
      `p0hand=Might Beyond Reason\np0battlefield=Forest;Forest;Forest;Forest;Grizzly Bears\np0graveyard=${yard}\n` +
      '[p0_script]\ncast Might Beyond Reason targeting Grizzly Bears\n[assertions]\n';
    // Land, instant, creature: three types.
    passes(runText(`${board('Forest;Shock;Hill Giant')}counters P1P1 eq 2 Grizzly Bears\n`));
    // Land, instant, artifact and creature (Ornithopter is both): four, delirium.
    passes(runText(`${board('Forest;Shock;Ornithopter')}counters P1P1 eq 3 Grizzly Bears\n`));
  });
});

describe("Creatures with power less than CARDNAME's power can't block it (CR 509.1b)", needsCorpus('cards'), () => {
  // Aura Gnarlid is 2/2 and gets +1/+1 for each Aura on the battlefield: with Holy Strength on
  // another creature it is 3/3.
  const gnarlid3 = 'Savannah Lions|Id:9;Holy Strength|Attaching:9;Aura Gnarlid';
  it('Aura Gnarlid with 3 power: a 2-power Grizzly Bears can’t block it, a 3-power Hill Giant can', () => {
    const r = play(
      gnarlid3,
      '',
      'attack Aura Gnarlid',
      'opponent life eq 20\nopponent graveyard contains Hill Giant\nopponent battlefield contains Grizzly Bears',
      {
        opponent: 'Grizzly Bears;Hill Giant',
        opponentScript: 'expect-refused Grizzly Bears blocks Aura Gnarlid\nHill Giant blocks Aura Gnarlid',
      },
    );
    passes(r);
  });
  it('Aura Gnarlid with 3 power: the Bears’ block refused, the Giant not blocking, it is unblocked', () => {
    const r = play(gnarlid3, '', 'attack Aura Gnarlid', 'opponent life eq 17', {
      opponent: 'Grizzly Bears;Hill Giant',
      opponentScript: 'expect-refused Grizzly Bears blocks Aura Gnarlid\ndone',
    });
    passes(r);
  });
  it('Aura Gnarlid with no Aura (2/2): a 2-power creature’s power is not less, so it blocks', () => {
    const r = play(
      'Aura Gnarlid',
      '',
      'attack Aura Gnarlid',
      'opponent life eq 20\nopponent graveyard contains Grizzly Bears\nme graveyard contains Aura Gnarlid',
      {
        opponent: 'Grizzly Bears',
        opponentScript: 'Grizzly Bears blocks Aura Gnarlid',
      },
    );
    passes(r);
  });
  it('Skarrgan Pit-Skulk equipped with Bonesplitter (3/1): the Bears can’t block it; unequipped (1/1) a 1-power creature can', () => {
    passes(
      play('Skarrgan Pit-Skulk|Id:5;Bonesplitter|Attaching:5', '', 'attack Skarrgan Pit-Skulk', 'opponent life eq 17', {
        opponent: 'Grizzly Bears;Hill Giant',
        opponentScript: 'expect-refused Grizzly Bears blocks Skarrgan Pit-Skulk\ndone',
      }),
    );
    passes(
      play('Skarrgan Pit-Skulk', '', 'attack Skarrgan Pit-Skulk', 'opponent life eq 20\nopponent graveyard contains Savannah Lions', {
        opponent: 'Savannah Lions',
        opponentScript: 'Savannah Lions blocks Skarrgan Pit-Skulk',
      }),
    );
  });
});

describe("You can't gain life (CR 119.7)", needsCorpus('cards'), () => {
  it('Rampaging Ferocidon: Sacred Nectar gains nothing; without it, 4', () => {
    passes(play('Plains;Plains;Rampaging Ferocidon', 'Sacred Nectar', 'cast Sacred Nectar', 'me life eq 20\nme graveyard contains Sacred Nectar'));
    passes(play('Plains;Plains', 'Sacred Nectar', 'cast Sacred Nectar', 'me life eq 24'));
  });
  it('Rampaging Ferocidon on the opponent’s side stops my gain too ("Players can\'t gain life")', () => {
    passes(play('Plains;Plains', 'Sacred Nectar', 'cast Sacred Nectar', 'me life eq 20', { opponent: 'Rampaging Ferocidon' }));
  });
  it('Skullcrack: players can’t gain life this turn after it resolves (3 damage too)', () => {
    const r = play(
      'Mountain;Mountain;Plains;Plains',
      'Skullcrack;Sacred Nectar',
      'cast Skullcrack targeting opponent\npass\ncast Sacred Nectar',
      'me life eq 20\nopponent life eq 17',
    );
    passes(r);
  });
  it('Skullcrack’s effect ends with the turn: on the next turn Sacred Nectar gains 4', () => {
    const r = play(
      'Mountain;Mountain;Plains;Plains',
      'Skullcrack;Sacred Nectar',
      'cast Skullcrack targeting opponent\nPASS_UNTIL turn=3,phase=main1\ncast Sacred Nectar',
      'me life eq 24\nopponent life eq 17',
      { turns: 3, opponentScript: '' },
    );
    passes(r);
  });
});

describe('Count$LifeYouLostThisTurn (Children of Korlis)', needsCorpus('cards'), () => {
  it('after a Shock to its controller, sacrificing it gains the 2 life lost; with no loss it gains nothing', () => {
    passes(
      play(
        'Mountain;Children of Korlis',
        'Shock',
        'cast Shock targeting me\npass\nactivate Children of Korlis',
        'me life eq 20\nme graveyard contains Children of Korlis',
      ),
    );
    passes(play('Children of Korlis', '', 'activate Children of Korlis', 'me life eq 20\nme graveyard contains Children of Korlis'));
  });
});
