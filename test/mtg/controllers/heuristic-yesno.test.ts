// The heuristic's yes/no answers (yes-no.ts): an "unless" cost to keep its spell, a cost on its
// triggered ability, "you may" triggers and effects that help or hurt it, Time Vault's skip. The
// cards named "Yn ..." are written here for these boards (our own text, no real card's name).
import { describe, expect, it } from 'vitest';
import { heuristicSeat, type SeatController } from '../../../src/mtg/controllers/index.js';
import type { CardRegistry } from '../../../src/mtg/cards/index.js';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { FIXTURE_CARDS } from '../engine/fixtures/cards.js';
import { act, board, passWhile, registryOf } from '../engine/helpers.js';
import { realRegistry } from '../engine/corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const YN_CARDS: Record<string, string[]> = {
  'Yn Leak': [
    'Name:Yn Leak',
    'ManaCost:1 U',
    'Types:Instant',
    'A:SP$ Counter | Cost$ 1 U | TargetType$ Spell | TgtPrompt$ Select target spell | ValidTgts$ Card | UnlessCost$ 3 | SpellDescription$ Counter target spell unless its controller pays {3}.',
  ],
  'Yn Scorched Ape': [
    'Name:Yn Scorched Ape',
    'ManaCost:1 R',
    'Types:Creature Ape',
    'PT:3/3',
    'T:Mode$ Attacks | ValidCard$ Card.Self | Execute$ TrigBurn | TriggerDescription$ Whenever CARDNAME attacks, you may pay {1}. If you do, it deals 2 damage to you.',
    'SVar:TrigBurn:AB$ DealDamage | Cost$ 1 | Defined$ You | NumDmg$ 2',
  ],
  'Yn Wrecker': [
    'Name:Yn Wrecker',
    'ManaCost:1 R',
    'Types:Creature Goblin',
    'PT:1/1',
    'T:Mode$ Attacks | ValidCard$ Card.Self | Execute$ TrigWreck | TriggerDescription$ Whenever CARDNAME attacks, you may pay {R}. If you do, destroy target artifact defending player controls.',
    'SVar:TrigWreck:AB$ Destroy | Cost$ R | ValidTgts$ Artifact.DefenderCtrl | TgtPrompt$ Select target artifact defending player controls',
  ],
  'Yn Idol': ['Name:Yn Idol', 'ManaCost:4', 'Types:Artifact', 'Oracle:'],
  'Yn Martyr Ape': [
    'Name:Yn Martyr Ape',
    'ManaCost:1 W',
    'Types:Creature Ape',
    'PT:2/2',
    'T:Mode$ Attacks | ValidCard$ Card.Self | OptionalDecider$ You | Execute$ TrigSac | TriggerDescription$ Whenever CARDNAME attacks, you may sacrifice it.',
    'SVar:TrigSac:DB$ Sacrifice | SacValid$ Self',
  ],
  'Yn Tidings': [
    'Name:Yn Tidings',
    'ManaCost:U',
    'Types:Sorcery',
    'A:SP$ Draw | Cost$ U | NumCards$ 1 | SubAbility$ DBBurn | SpellDescription$ Draw a card. You may have CARDNAME deal 2 damage to you.',
    'SVar:DBBurn:DB$ DealDamage | Defined$ You | NumDmg$ 2 | OptionalDecider$ You',
  ],
  'Yn Blessing': [
    'Name:Yn Blessing',
    'ManaCost:W',
    'Types:Sorcery',
    'A:SP$ Draw | Cost$ W | NumCards$ 1 | SubAbility$ DBGain | SpellDescription$ Draw a card. You may gain 2 life.',
    'SVar:DBGain:DB$ GainLife | LifeAmount$ 2 | OptionalDecider$ You',
  ],
  'Yn Old Hermit': [
    'Name:Yn Old Hermit',
    'ManaCost:1 U U',
    'Types:Creature Human',
    'PT:2/3',
    'K:You may choose not to untap CARDNAME during your untap step.',
    'A:AB$ GainControl | Cost$ T | ValidTgts$ Creature | TgtPrompt$ Select target creature | LoseControl$ Untap,LeavesPlay | SpellDescription$ Gain control of target creature for as long as CARDNAME remains tapped.',
  ],
  'Yn Twiddle Rod': [
    'Name:Yn Twiddle Rod',
    'ManaCost:2',
    'Types:Artifact',
    'A:AB$ TapOrUntap | Cost$ 1 | ValidTgts$ Permanent | TgtPrompt$ Select target permanent | SpellDescription$ Tap or untap target permanent.',
  ],
  'Yn Brittle Idol': [
    'Name:Yn Brittle Idol',
    'ManaCost:2',
    'Types:Artifact',
    'A:AB$ GainLife | Cost$ 1 | LifeAmount$ 1 | SubAbility$ DBSac | SpellDescription$ You gain 1 life. You may sacrifice CARDNAME.',
    'SVar:DBSac:DB$ Sacrifice | SacValid$ Self | Optional$ True',
  ],
  'Yn Offering': [
    'Name:Yn Offering',
    'ManaCost:U',
    'Types:Sorcery',
    'A:SP$ Draw | Cost$ U | NumCards$ 2 | Optional$ True | SpellDescription$ You may draw two cards.',
  ],
  'Yn Hourglass': [
    'Name:Yn Hourglass',
    'ManaCost:3',
    'Types:Artifact',
    'A:AB$ AddTurn | Cost$ T | NumTurns$ 1 | SpellDescription$ Take an extra turn after this one.',
  ],
  'Yn Chain Spark': [
    'Name:Yn Chain Spark',
    'ManaCost:R',
    'Types:Sorcery',
    'A:SP$ DealDamage | Cost$ R | ValidTgts$ Creature,Player | TgtPrompt$ Select target | NumDmg$ 3 | SubAbility$ DBCopy | SpellDescription$ 3 damage to any target; that player may pay {R}{R} to copy this spell.',
    'SVar:DBCopy:DB$ CopySpellAbility | Defined$ Parent | Controller$ Targeted | UnlessPayer$ Targeted | UnlessCost$ R R | UnlessSwitched$ True',
  ],
};

let registry: CardRegistry | undefined;
/** The engine's fixture cards and the cards above, in one registry. */
function cards(): CardRegistry {
  return (registry ??= registryOf(FIXTURE_CARDS, YN_CARDS));
}

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board(p0, p1, { registry: cards() });
}

function seat(reg: CardRegistry = cards()): SeatController {
  return heuristicSeat('yn', reg);
}

/** Answers 0 until a yes-no question comes up; returns it. */
function untilYesNo(g: Game) {
  passWhile(g, (x) => x.pending()?.kind !== 'yes-no');
  const point = g.pending();
  if (point?.kind !== 'yes-no') throw new Error('no yes-no question came up');
  return point;
}

/** The label of the heuristic's answer to the pending yes-no question. */
function answer(g: Game, reg: CardRegistry = cards()): string {
  const point = untilYesNo(g);
  const index = seat(reg).choose(g.view(point.seat), point);
  return point.options[index]!.label;
}

const forests = (n: number): string[] => Array.from({ length: n }, () => 'Test Forest');
const mountains = (n: number): string[] => Array.from({ length: n }, () => 'Test Mountain');

/** p1 casts `spell`; p2 answers with Yn Leak; the Leak resolves and asks p1 to pay {3}. */
function leaked(p0: SeatSetup, spell: string): Game {
  const g = game(p0, { battlefield: ['Test Island', 'Test Island'], hand: ['Yn Leak'] });
  act(g, `cast ${spell}`);
  act(g, 'cast Yn Leak');
  return g;
}

describe("the heuristic's yes/no answers", () => {
  it('says what an unless cost decides on the question itself', () => {
    const g = leaked({ battlefield: forests(5), hand: ['Test Bear'] }, 'Test Bear');
    const point = untilYesNo(g);
    expect(point.seat).toBe(0);
    expect(point.about).toMatchObject({ kind: 'unless', controller: 1, cost: '3', mana: 3, source: { name: 'Yn Leak' } });
    expect(point.about!.effects).toEqual([{ api: 'Counter', targets: [{ card: expect.any(Number), name: 'Test Bear', controller: 0 }] }]);
  });

  it('pays an unless cost to keep its spell when the mana has nothing better to do', () => {
    const g = leaked({ battlefield: forests(5), hand: ['Test Bear'] }, 'Test Bear');
    expect(answer(g)).toBe('yes');
  });

  it('lets a cheap spell go rather than lose the mana for a better card this turn', () => {
    const g = leaked({ battlefield: forests(7), hand: ['Test Bear', 'Test Giant'] }, 'Test Bear');
    // Paying {3} of the 5 left would leave 2: no Test Giant this turn. The Bear is worth less.
    expect(answer(g)).toBe('no');
  });

  it("counts only instants as what the mana could do on the opponent's turn", () => {
    const leakedBolt = (active: 0 | 1): Game => {
      const g = board(
        { battlefield: mountains(5), hand: ['Test Bolt', 'Test Ogre'] },
        { battlefield: ['Test Island', 'Test Island'], hand: ['Yn Leak'] },
        { registry: cards(), active },
      );
      act(g, 'cast Test Bolt');
      act(g, 'target p2');
      act(g, 'cast Yn Leak');
      return g;
    };
    // Paying {3} of the 4 left would leave 1: no Test Ogre. On its own turn the Ogre is worth
    // more than the Bolt; on the opponent's it could not be cast anyway.
    expect(answer(leakedBolt(0))).toBe('no');
    expect(answer(leakedBolt(1))).toBe('yes');
  });

  it("pays for a trigger's good effect when the mana is otherwise unused", () => {
    const g = game({ battlefield: ['Yn Wrecker', 'Test Mountain'] }, { battlefield: ['Yn Idol'] });
    act(g, 'attack with Yn Wrecker');
    const point = untilYesNo(g);
    expect(point.about).toMatchObject({ kind: 'pay', cost: 'R', mana: 1, controller: 0 });
    expect(answer(g)).toBe('yes');
  });

  it('pays for a small gain only when the mana would otherwise go unused', () => {
    const idle = game({ battlefield: ['Test Paying Ape', 'Test Mountain'] });
    act(idle, 'attack with Test Paying Ape');
    expect(answer(idle)).toBe('yes');

    const busy = game({ battlefield: ['Test Paying Ape', ...mountains(2)], hand: ['Test Raider'] });
    act(busy, 'attack with Test Paying Ape');
    // {R} for 3 life would leave one Mountain: no Test Raider in the second main phase.
    expect(answer(busy)).toBe('no');
  });

  it('does not pay for an effect that hurts itself', () => {
    const g = game({ battlefield: ['Yn Scorched Ape', ...mountains(2)] });
    act(g, 'attack with Yn Scorched Ape');
    expect(answer(g)).toBe('no');
  });

  it('accepts a "you may" trigger that helps it and declines one that costs it a permanent', () => {
    const good = game({ battlefield: ['Test Hopeful Ape'] });
    act(good, 'attack with Test Hopeful Ape');
    expect(untilYesNo(good).about?.kind).toBe('optional');
    expect(answer(good)).toBe('yes');

    const bad = game({ battlefield: ['Yn Martyr Ape'] });
    act(bad, 'attack with Yn Martyr Ape');
    expect(answer(bad)).toBe('no');
  });

  it('declines an optional effect that damages itself and accepts one that gains it life', () => {
    const bad = game({ battlefield: ['Test Island'], hand: ['Yn Tidings'] });
    act(bad, 'cast Yn Tidings');
    const point = untilYesNo(bad);
    expect(point.about).toMatchObject({ kind: 'optional', effects: [{ api: 'DealDamage', defined: 'You', amount: '2', targets: [] }] });
    expect(answer(bad)).toBe('no');

    const good = game({ battlefield: ['Test Plains'], hand: ['Yn Blessing'] });
    act(good, 'cast Yn Blessing');
    expect(answer(good)).toBe('yes');
  });
});

describe("the heuristic's untap and tap-or-untap answers", () => {
  it('leaves Old Man of the Sea tapped while it holds a creature, and untaps it otherwise', () => {
    const holding = game({ battlefield: ['Yn Old Hermit'] }, { battlefield: ['Test Giant'] });
    act(holding, 'activate Yn Old Hermit');
    const point = untilYesNo(holding);
    expect(point.about).toMatchObject({ kind: 'untap', source: { name: 'Yn Old Hermit' }, controller: 0 });
    expect(point.about!.effects.map((e) => e.api)).toEqual(['Untap', 'GainControl']);
    expect(answer(holding)).toBe('leave Yn Old Hermit tapped');

    const idle = game({ battlefield: [{ name: 'Yn Old Hermit', tapped: true }] });
    expect(untilYesNo(idle).about!.effects).toEqual([{ api: 'Untap', targets: [{ card: expect.any(Number), name: 'Yn Old Hermit', controller: 0 }] }]);
    expect(answer(idle)).toBe('untap Yn Old Hermit');
  });

  it("taps the opponent's permanent and untaps its own", () => {
    const theirs = game({ battlefield: ['Yn Twiddle Rod', 'Test Forest'] }, { battlefield: ['Test Giant'] });
    act(theirs, 'activate Yn Twiddle Rod');
    act(theirs, 'target Test Giant');
    expect(untilYesNo(theirs).about).toMatchObject({ kind: 'tap-or-untap', effects: [{ api: 'Tap', targets: [{ name: 'Test Giant', controller: 1 }] }] });
    expect(answer(theirs)).toBe('yes');

    const mine = game({ battlefield: ['Yn Twiddle Rod', 'Test Forest', { name: 'Test Giant', tapped: true }] });
    act(mine, 'activate Yn Twiddle Rod');
    act(mine, 'target Test Giant');
    expect(answer(mine)).toBe('no');
  });
});

describe("the heuristic's other yes/no answers", () => {
  it('keeps its permanent when an effect offers to sacrifice it', () => {
    const g = game({ battlefield: ['Yn Brittle Idol', 'Test Forest'] });
    act(g, 'activate Yn Brittle Idol');
    expect(untilYesNo(g).about).toMatchObject({
      kind: 'optional',
      effects: [{ api: 'Sacrifice', valid: 'Self', targets: [{ name: 'Yn Brittle Idol', controller: 0 }] }],
    });
    expect(answer(g)).toBe('no');
  });

  it('draws when it may, unless the library is too thin to draw from', () => {
    const deep = game({ battlefield: ['Test Island'], hand: ['Yn Offering'], library: forests(10) });
    act(deep, 'cast Yn Offering');
    expect(untilYesNo(deep).about).toMatchObject({ kind: 'optional', effects: [{ api: 'Draw', defined: 'You', amount: '2' }] });
    expect(answer(deep)).toBe('yes');

    const thin = game({ battlefield: ['Test Island'], hand: ['Yn Offering'], library: forests(1) });
    act(thin, 'cast Yn Offering');
    expect(answer(thin)).toBe('no');
  });

  it('pays an upkeep cost to keep a creature worth more than the mana', () => {
    const g = game({ battlefield: ['Test Upkeep Beast', 'Test Forest'], library: forests(5) }, { library: forests(5) });
    const point = untilYesNo(g);
    expect(point.about).toMatchObject({ kind: 'unless', cost: 'G', mana: 1, effects: [{ api: 'Sacrifice', targets: [{ name: 'Test Upkeep Beast' }] }] });
    expect(answer(g)).toBe('yes');
  });

  it("pays to copy a burn spell aimed at it (the copy can kill the caster's Bear)", () => {
    const g = game({ battlefield: ['Test Mountain', 'Test Bear'], hand: ['Yn Chain Spark'] }, { battlefield: mountains(2) });
    act(g, 'cast Yn Chain Spark');
    act(g, 'target p2');
    const point = untilYesNo(g);
    expect(point.seat).toBe(1);
    expect(point.about).toMatchObject({ kind: 'pay', cost: 'R R', mana: 2, effects: [{ api: 'CopySpellAbility', defined: 'Parent' }] });
    expect(answer(g)).toBe('yes');
  });
});

describe("the heuristic's activations", () => {
  it('activates an extra-turn ability', () => {
    const g = game({ battlefield: ['Yn Hourglass'] });
    const point = g.pending()!;
    expect(point.kind).toBe('priority');
    expect(point.options[seat().choose(g.view(0), point)]!.label).toMatch(/^activate Yn Hourglass/);
  });
});

describe('the question the engine asks', () => {
  it('reads a one-symbol cost ({R}) as mana, not as a variable: with no red source it is not offered', () => {
    const g = game({ battlefield: ['Test Paying Ape', 'Test Forest'] });
    act(g, 'attack with Test Paying Ape');
    passWhile(g, (x) => x.state.turn === 1 && x.pending()?.kind !== 'yes-no');
    expect(g.pending()?.kind).not.toBe('yes-no');
    expect(g.state.players[0].life).toBe(20);
  });
});

describe('the heuristic and Time Vault', needsCorpus('forge-cards'), () => {
  it('takes its turn rather than skip it to untap Time Vault', () => {
    const real = realRegistry();
    const library = ['Island', 'Island', 'Island', 'Island', 'Island', 'Island'];
    const g = board({ battlefield: [{ name: 'Time Vault', tapped: true }], library }, { library }, { registry: real });
    const point = untilYesNo(g);
    expect(point.about).toMatchObject({ kind: 'skip-turn', source: { name: 'Time Vault' }, controller: 0 });
    expect(answer(g, real)).toBe('take the turn');
  });
});
