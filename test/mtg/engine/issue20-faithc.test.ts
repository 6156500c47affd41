// Keys honoured for issue 20 by faithC, each played with real cards of the fetched Forge corpus
// against their Oracle text, with the other side of each rule beside it.
// Needs the fetched Forge corpus (.cards/cardsfolder): needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, play, runText } from './real-card-scenario.js';

describe('GlobalRule$: rule changes (CR 101.1, 613.1)', needsCorpus('cards'), () => {
  it("Leyline of Punishment: damage can't be prevented, so Pyroclasm kills a creature with protection from red (CR 615.12, 702.16e)", () => {
    passes(
      play('Leyline of Punishment;Mountain;Mountain', 'Pyroclasm', 'cast Pyroclasm', 'opponent graveyard contains Silver Knight', {
        opponent: 'Silver Knight',
      }),
    );
  });
  it('without it, protection prevents the damage and the Knight lives', () => {
    passes(play('Mountain;Mountain', 'Pyroclasm', 'cast Pyroclasm', 'opponent battlefield contains Silver Knight', { opponent: 'Silver Knight' }));
  });
  it('Everlasting Torment: all damage is dealt as though its source had wither: Shock gives Craw Wurm two -1/-1 counters (CR 702.80a)', () => {
    passes(
      play(
        'Everlasting Torment;Mountain',
        'Shock',
        'cast Shock targeting Craw Wurm',
        'opponent counters -1/-1 eq 2 Craw Wurm\nopponent toughness eq 2 Craw Wurm',
        {
          opponent: 'Craw Wurm',
        },
      ),
    );
  });
  it('Doran, the Siege Tower: each creature assigns combat damage equal to its toughness (0/5 deals 5)', () => {
    passes(play('Doran, the Siege Tower', '', 'attack Doran', 'opponent life eq 15', { turns: 1 }));
  });
  it('Silent Arbiter: no more than one creature can attack each combat (CR 508.1c)', () => {
    // Bloodrock Cyclops attacks each combat if able, but the one attacker allowed is already declared.
    passes(play('Silent Arbiter;Grizzly Bears;Bloodrock Cyclops', '', 'attack Grizzly Bears', 'opponent life eq 18\nuntapped Bloodrock Cyclops'));
  });
  it('Silent Arbiter: no more than one creature can block each combat (CR 509.1b), though Prized Unicorn wants every able creature to', () => {
    const r = play('Silent Arbiter;Prized Unicorn', '', 'attack Prized Unicorn', 'opponent life eq 20', { opponent: 'Grizzly Bears;Wall of Wood' });
    passes(r);
    expect((r.log ?? []).filter((l) => l.includes('BlockerDeclared')).length).toBe(1);
  });
  it('without it, both creatures block Prized Unicorn (CR 509.1c)', () => {
    const r = play('Prized Unicorn', '', 'attack Prized Unicorn', 'opponent life eq 20', { opponent: 'Grizzly Bears;Wall of Wood' });
    passes(r);
    expect((r.log ?? []).filter((l) => l.includes('BlockerDeclared')).length).toBe(2);
  });
  it('Torpor Orb: a creature entering the battlefield triggers nothing, so Elvish Visionary draws no card', () => {
    passes(play('Torpor Orb;Forest;Forest', 'Elvish Visionary', 'cast Elvish Visionary', 'me hand count eq 0\nNOT trigger fired Elvish Visionary'));
  });
  it('without Torpor Orb, Elvish Visionary draws', () => {
    passes(play('Forest;Forest', 'Elvish Visionary', 'cast Elvish Visionary', 'me hand count eq 1\ntrigger fired Elvish Visionary'));
  });
  it("Mirror Gallery: the legend rule doesn't apply, so two Isamarus stay (CR 704.5j)", () => {
    passes(
      play('Mirror Gallery;Plains;Isamaru, Hound of Konda', 'Isamaru, Hound of Konda', 'cast Isamaru', 'me battlefield count eq 4\nme graveyard count eq 0'),
    );
  });
  it('without it, one of the two goes to the graveyard', () => {
    passes(
      play('Plains;Isamaru, Hound of Konda', 'Isamaru, Hound of Konda', 'cast Isamaru\nchoose isamaru', 'me battlefield count eq 2\nme graveyard count eq 1'),
    );
  });
  it("Stabilizer: players can't cycle cards, so Barren Moor's cycling is not offered", () => {
    passes(play('Stabilizer;Swamp', 'Barren Moor', 'expect-refused activate Barren Moor', 'me hand contains Barren Moor'));
  });
  it('without it, Barren Moor cycles', () => {
    passes(play('Swamp', 'Barren Moor', 'activate Barren Moor', 'me graveyard contains Barren Moor\nme hand count eq 1'));
  });
});

describe('trigger keys', needsCorpus('cards'), () => {
  it("AttackedTarget$ You: Orim's Prayer gains its controller life when creatures attack them", () => {
    passes(play('Grizzly Bears', '', 'attack Grizzly Bears', 'opponent life eq 19', { opponent: "Orim's Prayer" }));
  });
  it("AttackedTarget$ You: Orim's Prayer of the attacking player does nothing (they are not attacked)", () => {
    passes(play("Grizzly Bears;Orim's Prayer", '', 'attack Grizzly Bears', 'me life eq 20\nopponent life eq 18'));
  });
  it('PreCombatMain$: Altar of Shadows adds {B} at the beginning of the precombat main phase, not the postcombat one', () => {
    const text = (phase: string) =>
      `[metadata]\nTurns:1\n[state]\nturn=1\nactiveplayer=p0\nactivephase=${phase}\np0library=Island;Island\np1library=Island;Island\np0battlefield=Altar of Shadows|Counters:CHARGE=1\n[p0_script]\n\n[assertions]\ntrigger fired Altar of Shadows\n`;
    passes(runText(text('UPKEEP')));
    expect(runText(text('MAIN2')).status).toBe('fail');
  });
});

describe('ValidCause$: what caused the event', needsCorpus('cards'), () => {
  const discardText = (active: 'p0' | 'p1') =>
    `[metadata]\nTurns:1\n[state]\nturn=1\nactiveplayer=${active}\nactivephase=MAIN1\np0library=Island;Island\np1library=Island;Island\np0hand=Guerrilla Tactics;Island${active === 'p0' ? ';Mind Rot' : ''}\np${active === 'p0' ? 0 : 1}hand=${active === 'p0' ? 'Guerrilla Tactics;Island;Mind Rot' : 'Mind Rot'}\np${active === 'p0' ? 0 : 1}battlefield=Swamp;Swamp;Swamp\n[p${active === 'p0' ? 0 : 1}_script]\ncast Mind Rot targeting ${active === 'p0' ? 'me' : 'opponent'}\n${active === 'p1' ? '[p0_script]\ntarget opponent\n' : ''}[assertions]\nme graveyard contains Guerrilla Tactics\n`;
  it('Guerrilla Tactics discarded by an opponent’s Mind Rot deals 4 damage (ValidCause$ Card.OppCtrl)', () => {
    passes(runText(`${discardText('p1')}opponent life eq 16\ntrigger fired Guerrilla Tactics\n`));
  });
  it('discarded by my own Mind Rot, it does nothing', () => {
    passes(runText(`${discardText('p0')}opponent life eq 20\nNOT trigger fired Guerrilla Tactics\n`));
  });
});

describe('MayPlayWithoutManaCost$', needsCorpus('cards'), () => {
  it('Omniscience: Craw Wurm is cast from hand without paying its mana cost (CR 118.9)', () => {
    passes(play('Omniscience', 'Craw Wurm', 'cast Craw Wurm free', 'me battlefield contains Craw Wurm'));
  });
  it('the opponent’s Omniscience lets me cast nothing free (the static’s controller only)', () => {
    passes(
      play('', 'Craw Wurm;Forest', 'expect-refused cast Craw Wurm free\nplay Forest', 'me hand contains Craw Wurm\nme battlefield contains Forest', {
        opponent: 'Omniscience',
      }),
    );
  });
});
