// Keywords of issue 20's cardsc session, played with real cards against their Oracle text: the
// cases the one-card puzzles in test/puzzles/corpus/kw-*.pzl leave out (Totem armor beside a
// regeneration shield, a champion with nothing to champion, ...). Needs the fetched Forge corpus
// (.cards/cardsfolder): needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, play, runText } from './real-card-scenario.js';

describe('keywords of issue 20 (cardsc)', needsCorpus('cards'), () => {
  const boa = 'Forest;Mountain;River Boa|Id:1;Snake Umbra|Attaching:1';
  it('Totem armor beside a regeneration shield: the controller chooses which replacement applies (CR 616.1); regenerating keeps the Umbra', () => {
    const r = play(
      boa,
      'Lightning Bolt',
      'activate River Boa\npass\ncast Lightning Bolt targeting River Boa\nchoose River Boa',
      'me battlefield contains Snake Umbra\ntapped River Boa\ndamage eq 0 River Boa\nNOT creature died River Boa',
    );
    passes(r);
  });
  it('Totem armor beside a regeneration shield: choosing the Umbra destroys it and leaves the shield', () => {
    const r = play(
      boa,
      'Lightning Bolt',
      'activate River Boa\npass\ncast Lightning Bolt targeting River Boa\nchoose Snake Umbra',
      'me graveyard contains Snake Umbra\nuntapped River Boa\nme battlefield contains River Boa\ndamage eq 0 River Boa',
    );
    passes(r);
  });
  it('Champion (CR 702.72a): with no other creature to exile, the champion is sacrificed', () => {
    const r = play(
      'Plains;Plains;Plains;Plains;Plains',
      'Changeling Hero',
      'cast Changeling Hero',
      'me graveyard contains Changeling Hero\nme exile count eq 0',
    );
    passes(r);
  });
  it('Champion: its controller may decline to exile, and then sacrifices it', () => {
    const r = play(
      'Plains;Plains;Plains;Plains;Plains;Grizzly Bears',
      'Changeling Hero',
      'cast Changeling Hero\npass\ndone',
      'me graveyard contains Changeling Hero\nme battlefield contains Grizzly Bears',
    );
    passes(r);
  });
  it('Awaken (CR 702.113a): cast for its mana cost, no land is awakened', () => {
    const r = play(
      'Island;Island;Island;Island;Forest',
      'Coastal Discovery',
      'cast Coastal Discovery',
      'me hand count eq 2\ncounters P1P1 eq 0 Forest\nNOT power eq 0 Forest',
    );
    passes(r);
  });
  it('Living weapon (CR 702.92a): the Germ is 0/0 alone, so it dies once its Equipment leaves (CR 704.5f)', () => {
    const r = play(
      'Mountain;Plains;Plains',
      'Flayer Husk;Disenchant',
      'cast Flayer Husk\npass\ncast Disenchant targeting Flayer Husk',
      'NOT me battlefield contains Phyrexian Germ\nme graveyard contains Flayer Husk',
    );
    passes(r);
  });
  it('Strive: with mana for one target only, a second target makes the total unpayable and the cast is undone (CR 601.2f, 732)', () => {
    const r = play(
      'Mountain;Mountain;Grizzly Bears;Hill Giant',
      'Rouse the Mob',
      'cast Rouse the Mob targeting Grizzly Bears targeting Hill Giant',
      'me hand contains Rouse the Mob\nNOT spell cast Rouse the Mob\nuntapped Mountain',
    );
    // The script's cast was answered (the undone cast is no error of the script).
    expect(r.reasons.filter((x) => !x.startsWith('puzzle/script-unused'))).toEqual([]);
  });
  it('Strive: one target costs only the printed {R}', () => {
    const r = play(
      'Mountain;Grizzly Bears;Hill Giant',
      'Rouse the Mob',
      'cast Rouse the Mob targeting Grizzly Bears\ndone\nattack Grizzly Bears',
      'me graveyard contains Rouse the Mob\nopponent life eq 16',
    );
    passes(r);
  });
  it('Ninjutsu (CR 702.49a): a blocked attacker cannot be returned for it, so it is not offered', () => {
    const text = `[metadata]\nTurns:1\n[state]\nturn=1\nactiveplayer=p0\nactivephase=COMBAT_DECLARE_BLOCKERS\np0library=Island;Island\np1library=Island;Island\np0hand=Ninja of the Deep Hours\np0battlefield=Island;Island;Grizzly Bears|Attacking\np1battlefield=Wall of Stone|Blocking:Grizzly Bears\n[p0_script]\nactivate Ninja of the Deep Hours\n[assertions]\nme hand contains Ninja of the Deep Hours\n`;
    const r = runText(text);
    expect(r.status).toBe('run-error');
    expect(r.reasons.join('\n')).toContain('input/no-match');
  });
});
