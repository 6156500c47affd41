// Parameters of issue 20's faithB session (damage maps, RepeatEach's ways of looping), played with
// real cards of the fetched Forge corpus against their Oracle text. Each case fails without the
// parameter's code. Needs the corpus (.cards/cardsfolder): needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import { passes, play, runText } from './real-card-scenario.js';
import { readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { startPuzzle } from '../../../src/mtg/puzzles/run.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { fixedSeat } from '../../../src/mtg/controllers/fixed.js';
import { CARDS_DIR, haveCorpus, needsCorpus } from '../../support/corpora.js';

const registry = haveCorpus('cards') ? puzzleRegistry(CARDS_DIR) : null;

describe('damage maps: one simultaneous event (CR 120.3, 603.2c)', needsCorpus('cards'), () => {
  it("Moonlight Hunt (RepeatEach DamageMap$, UseImprinted$): two Wolves' damage is one event, so Imperial Ceratops's enrage triggers once", () => {
    // "Each creature you control that's a Wolf or a Werewolf deals damage equal to its power to
    // that creature": 3 + 1 = 4 damage at once; "Whenever Imperial Ceratops is dealt damage, you
    // gain 2 life" triggers once (20 → 22), not once per Wolf (24).
    const r = play(
      'Forest;Forest;Watchwolf;Tundra Wolves',
      'Moonlight Hunt',
      'cast Moonlight Hunt targeting Imperial Ceratops',
      'opponent life eq 22\nme graveyard contains Moonlight Hunt',
      { opponent: 'Imperial Ceratops' },
    );
    passes(r);
  });
  it('Reckless Embermage (DealDamage DamageMap$ + DamageResolve): "1 damage to any target and 1 damage to itself" aimed at itself is one event', () => {
    // Kazarov: "Whenever a creature an opponent controls is dealt damage, put a +1/+1 counter on
    // Kazarov" — one event of 2 damage, one counter (two separate events would put two).
    const r = play(
      'Mountain;Mountain;Reckless Embermage',
      '',
      'activate Reckless Embermage targeting Reckless Embermage',
      'opponent counters P1P1 eq 1 Kazarov, Sengir Pureblood\nme graveyard contains Reckless Embermage',
      { opponent: 'Kazarov, Sengir Pureblood' },
    );
    passes(r);
  });
});

describe('RepeatEach', needsCorpus('cards'), () => {
  it('Clone Legion (UseImprinted$, Zone$): a token copy of each creature target player controls (Defined$ Imprinted)', () => {
    const r = play(
      'Island;Island;Island;Island;Island;Island;Island;Island;Island',
      'Clone Legion',
      'cast Clone Legion targeting p2',
      'me battlefield contains Grizzly Bears\nme battlefield contains Hill Giant\nopponent battlefield contains Grizzly Bears',
      { opponent: 'Grizzly Bears;Hill Giant' },
    );
    passes(r);
  });
  // Tempt with Discovery from my main phase with four Forests, my answer "choose Forest" given; the
  // opponent's answers and the assertion differ.
  const tempt = (opponent: string[], assertions: string[]): string =>
    [
      '[metadata]',
      'Turns:1',
      '[state]',
      'turn=1',
      'activeplayer=p0',
      'activephase=MAIN1',
      'p0library=Forest;Island;Island',
      'p1library=Forest;Island;Island',
      'p0hand=Tempt with Discovery',
      'p0battlefield=Forest;Forest;Forest;Forest',
      '[p0_script]',
      'cast Tempt with Discovery',
      'choose Forest',
      '[p1_script]',
      ...opponent,
      '[assertions]',
      ...assertions,
    ].join('\n');
  it('Tempt with Discovery (RepeatOptionalForEachPlayer$): an opponent who declines the offer searches nothing, and I search no second time', () => {
    passes(runText(tempt(['no'], ['opponent battlefield count eq 0', 'me battlefield count eq 5'])));
  });
  it('Tempt with Discovery: an opponent who accepts searches their library for a land card', () => {
    passes(runText(tempt(['yes', 'choose Forest'], ['opponent battlefield count eq 1'])));
  });
  it('Eureka (StartingWithActivator$): "starting with you, each player ..." cast by the second seat asks its caster first (CR 101.4)', () => {
    const text = [
      '[metadata]',
      'Turns:1',
      '[state]',
      'turn=1',
      'activeplayer=p1',
      'activephase=MAIN1',
      'p0library=Island;Island;Island;Island',
      'p1library=Island;Island;Island;Island',
      'p0hand=Hill Giant',
      'p1hand=Eureka',
      'p1battlefield=Forest;Forest;Forest;Forest',
      '[p1_script]',
      'cast Eureka',
    ].join('\n');
    const start = startPuzzle(readPuzzle(text, 'eureka.pzl', registry!), { registry: registry!, seed: 1 });
    const game = start.game;
    const caster = fixedSeat('cast Eureka');
    const asked: Array<{ seat: number; kind: string }> = [];
    for (let i = 0; i < 40 && game.pending() && asked.length < 2; i++) {
      const point = game.pending()!;
      if (point.kind !== 'priority') asked.push({ seat: point.seat, kind: point.kind });
      game.choose(
        point.seat === 1 && !caster.exhausted!(game.view(1)) ? caster.choose(game.view(1), point) : point.kind === 'priority' ? 0 : point.options.length - 1,
      );
    }
    // Eureka's first "you may put a permanent card onto the battlefield" goes to its caster.
    expect(asked[0]?.seat).toBe(1);
    expect(asked[1]?.seat).toBe(0);
  });
});

describe('TargetingPlayer$ (CR 601.6, 602.3: an opponent chooses the target)', needsCorpus('cards'), () => {
  it('Cuombajj Witches: "1 damage to any target and 1 damage to any target of an opponent\'s choice" — the opponent picks the second', () => {
    const r = play('Swamp;Cuombajj Witches', '', 'activate Cuombajj Witches targeting p2', 'me life eq 19\nopponent life eq 19', {
      opponentScript: 'target p1',
    });
    passes(r);
  });
});

describe('TokenAttacking$ (CR 508.4: put onto the battlefield attacking)', needsCorpus('cards'), () => {
  it("Geist of Saint Traft: the Angel token is created tapped and attacking, deals its 4 beside the Geist's 2, and is exiled at end of combat", () => {
    const r = play('Island;Plains;Geist of Saint Traft', '', 'attack Geist of Saint Traft', 'opponent life eq 14\nNOT me battlefield contains Angel', {});
    passes(r);
  });
});

describe('NonBasicSpell$ (overload is an alternative cost, CR 702.96a, 118.9a)', needsCorpus('cards'), () => {
  it('Electrodominance casting Cyclonic Rift without paying its mana cost offers only the targeted spell, not the overload', () => {
    const r = play(
      'Mountain;Mountain;Mountain;Mountain',
      'Electrodominance;Cyclonic Rift',
      'cast Electrodominance targeting p2\nchoose 2\nyes\ntarget Grizzly Bears',
      'opponent hand contains Grizzly Bears\nopponent battlefield contains Hill Giant\nopponent life eq 18',
      { opponent: 'Grizzly Bears;Hill Giant' },
    );
    passes(r);
  });
});
