// One scenario per registered trigger mode (CR 603), replacement event (CR 614) and cost kind
// (CR 118, 602.2b), with a check that every registered `trig:`, `repl:` and `cost:` primitive has one.
import { describe, expect, it } from 'vitest';
import { supportedPrimitives } from '../../../src/mtg/index.js';
import type { Game } from '../../../src/mtg/engine/index.js';
import { act, board, find, labels, lands, passWhile, pick, resolveStack, zone } from './helpers.js';

const covered = new Set<string>();
function prim(symbol: string, title: string, fn: () => void): void {
  covered.add(symbol);
  it(`${symbol}: ${title}`, fn);
}
function life(game: Game, seat: 0 | 1): number {
  return game.state.players[seat].life;
}

// Tested in rules.test.ts, effects.test.ts and priority.test.ts; cost:PayEnergy with the player
// counters it spends, in effect-fixes.test.ts; the trigger modes of issue 20 with real cards in
// issue20-triggers-counts.test.ts and issue20-keywords.test.ts (and test/puzzles/corpus/trig-*.pzl).
const ELSEWHERE = [
  // Face-down and double-faced cards: the kw-morph (Patron of the Wild) and trig-transformed
  // (Huntmaster of the Fells) puzzles, and face-down.test.ts.
  'trig:TurnFaceUp',
  'trig:Transformed',
  'trig:AbilityCast',
  'trig:BecomesTarget',
  'trig:Cycled',
  'trig:DamageDoneOnce',
  'trig:BecomeRenowned',
  'trig:BecomeMonstrous',
  'trig:Exerted',
  // Phasing (CR 702.26): phasing.test.ts and the kw-phasing puzzle (Teferi's Imp).
  'trig:PhaseIn',
  'trig:PhaseOut',
  'trig:ChangesZone',
  'trig:Phase',
  'trig:Attacks',
  'trig:Blocks',
  'trig:DamageDone',
  'trig:SpellCast',
  'trig:Drawn',
  'trig:LifeGained',
  'repl:Moved',
  'repl:DamageDone',
  'cost:Mana',
  'cost:Tap',
  'cost:Sac',
  'cost:X',
  'cost:SubCounter',
  'cost:PayEnergy',
];
// Reveal<N/Type> and Crew<N>: tail-primitives.test.ts on real cards (Choked Estuary, Irontread
// Crusher), and the cost-reveal-choked-estuary and kw-crew-sleek-schooner corpus puzzles.
ELSEWHERE.push('cost:Reveal', 'cost:Crew');
// DamageYou<N> (CR 118.12a): issue20-cardsd.test.ts on real cards and the cost-damage-you-browbeat corpus puzzle.
ELSEWHERE.push('cost:DamageYou');
// ExiledMoveToGrave<N/Type> (the processors): the cost-exiled-move-to-grave-wasteland-strangler corpus puzzle on the real card.
ELSEWHERE.push('cost:ExiledMoveToGrave');
// Exert<1/CARDNAME> (CR 701.43a): exert-cost.test.ts on the real card (Oasis Ritualist).
ELSEWHERE.push('cost:Exert');
// Mandatory (a cost paid whenever it can be, unasked): unless-subs.test.ts on the real card
// (Greenbelt Rampager's `UnlessCost$ Mandatory PayEnergy<2>`).
ELSEWHERE.push('cost:Mandatory');
// PutCardToLibFromGrave (cards from your graveyard into your library as a cost): xcolour-put-to-library.test.ts
// on the real card (Battlefield Scrounger's threshold ability).
ELSEWHERE.push('cost:PutCardToLibFromGrave');
// CounterAdded (a counter put on a permanent, once per counter): the Saga chapters of the
// kw-saga-history-of-benalia corpus puzzle, which the lore counters trigger.
ELSEWHERE.push('trig:CounterAdded');
// Exploited ("when it exploits a creature", CR 702.110b): emerge-exploit.test.ts on real cards
// (Qarsi Sadist, Sidisi's Faithful).
ELSEWHERE.push('trig:Exploited');
// AddCounter (counters put, CR 614.1, 122.6): counter-replacement.test.ts on real cards (Winding
// Constrictor, Corpsejack Menace, Vizier of Remedies, Hardened Scales, Doubling Season; two at once
// in the controller's order, CR 616.1).
ELSEWHERE.push('repl:AddCounter');
// CounterAddedOnce ("whenever one or more counters are put", once per putting, CR 122.6):
// counter-added-once.test.ts on real cards (Nest of Scarabs, Hapatra, Animation Module, Territorial Gorger).
ELSEWHERE.push('trig:CounterAddedOnce');
// CreateToken (tokens created, CR 614.1, 111.1): token-replacement.test.ts on real cards (Anointed
// Procession, Parallel Lives, Crafty Cutpurse's control-changing Layer$ first, CR 616.1b).
ELSEWHERE.push('repl:CreateToken');
// Unequip ("whenever CARDNAME becomes unattached from a permanent", CR 701.3d): unequip.test.ts on
// a real card (Grafted Exoskeleton: moved by equip, destroyed, its creature dying).
ELSEWHERE.push('trig:Unequip');
// ChangesZoneAll ("whenever one or more cards are put into exile from your graveyard", once per
// zone change, CR 603.2c): changes-zone-all.test.ts on real cards (Rakshasa Vizier with delve, Scavenging Ooze).
ELSEWHERE.push('trig:ChangesZoneAll');

describe('triggered abilities with a cost', () => {
  // "Whenever it attacks, you may pay {R}. If you do, ..." (Forge: the Execute$ ability's Cost$),
  // asked as the ability resolves (CR 603.5); unpaid or unpayable, it does nothing.
  for (const [answer, mountains, gained] of [
    ['yes', 1, 3],
    ['no', 1, 0],
    [null, 0, 0],
  ] as const) {
    it(`pays when asked and able (${answer ?? 'cannot pay'})`, () => {
      const game = board({ battlefield: ['Test Paying Ape', ...Array.from({ length: mountains }, () => 'Test Mountain')] });
      act(game, 'attack with Test Paying Ape');
      if (answer) act(game, answer);
      passWhile(game, (g) => g.state.turn === 1);
      expect(life(game, 0)).toBe(20 + gained);
      expect(life(game, 1)).toBe(18);
    });
  }
});

describe('optional triggered abilities', () => {
  // "you may" on the trigger (OptionalDecider$), asked as it resolves (CR 603.5).
  for (const [answer, gained] of [
    ['yes', 3],
    ['no', 0],
  ] as const) {
    it(`asks its controller (${answer})`, () => {
      const game = board({ battlefield: ['Test Hopeful Ape'] });
      act(game, 'attack with Test Hopeful Ape');
      act(game, answer);
      passWhile(game, (g) => g.state.turn === 1);
      expect(life(game, 0)).toBe(20 + gained);
      expect(life(game, 1)).toBe(18);
    });
  }
});

describe('zone-change triggers find the new object (CR 400.7e)', () => {
  it('"when it dies, return it to its owner\'s hand" returns the card from the graveyard', () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt'] }, { battlefield: ['Test Phoenix'] });
    act(game, 'cast Test Bolt');
    pick(game, 'target Test Phoenix');
    resolveStack(game);
    expect(zone(game, 'hand-1')).toContain('Test Phoenix');
    expect(zone(game, 'graveyard-1')).not.toContain('Test Phoenix');
  });
});

describe('trigger parameters as Forge writes them', () => {
  it('matches a Phase$ name whatever its case ("End Of Turn")', () => {
    const game = board({ battlefield: ['Test Dusk Cleric'] });
    passWhile(game, (g) => g.state.turn === 1);
    expect(life(game, 0)).toBe(21);
  });
});

describe('trigger modes', () => {
  prim('trig:AttackersDeclared', 'whenever you attack', () => {
    const game = board({ battlefield: ['Test Warcaller', 'Test Bear'] });
    pick(game, 'attack with Test Bear');
    pick(game, 'done');
    passWhile(game, (g) => g.state.turn === 1);
    expect(life(game, 0)).toBe(21);
  });

  prim('trig:AttackerBlocked', 'whenever it becomes blocked', () => {
    const game = board({ battlefield: ['Test Bait'] }, { battlefield: ['Test Bear'] });
    pick(game, 'attack with Test Bait');
    pick(game, 'Test Bear blocks Test Bait');
    passWhile(game, (g) => g.state.turn === 1);
    expect(life(game, 0)).toBe(21);
  });

  prim('trig:AttackerBlockedByCreature', 'once for each creature blocking it (CR 509.3d)', () => {
    const game = board({ battlefield: ['Test Rampager'] }, { battlefield: ['Test Bear', 'Test Ogre'] });
    pick(game, 'attack with Test Rampager');
    pick(game, 'Test Bear blocks Test Rampager');
    pick(game, 'Test Ogre blocks Test Rampager');
    passWhile(game, (g) => g.state.turn === 1);
    expect(life(game, 0)).toBe(22);
  });

  prim('trig:AttackerUnblocked', "whenever it attacks and isn't blocked (CR 509.3g)", () => {
    const game = board({ battlefield: ['Test Sneak'] }, { battlefield: ['Test Bear'] });
    pick(game, 'attack with Test Sneak');
    pick(game, 'done');
    passWhile(game, (g) => g.state.turn === 1);
    expect(life(game, 0)).toBe(21);
  });

  prim('trig:DamageDealtOnce', 'once per damage event, with its total (Spirit Link)', () => {
    const game = board({ battlefield: [...lands(), 'Test Giant'], hand: ['Test Spirit Bond'] });
    act(game, 'cast Test Spirit Bond');
    resolveStack(game);
    act(game, 'attack with Test Giant');
    passWhile(game, (g) => g.state.turn === 1);
    expect([life(game, 0), life(game, 1)]).toEqual([25, 15]);
  });

  prim('trig:LifeLost', 'whenever an opponent loses life', () => {
    const game = board({ battlefield: [...lands(), 'Test Vigil'], hand: ['Test Bolt'] });
    act(game, 'cast Test Bolt');
    pick(game, 'target p2');
    resolveStack(game);
    expect(life(game, 0)).toBe(21);
  });

  prim('trig:Taps', 'whenever a creature an opponent controls becomes tapped', () => {
    const game = board({ battlefield: [...lands(), 'Test Tap Watcher'], hand: ['Fx Frost'] }, { battlefield: ['Test Bear'] });
    act(game, 'cast Fx Frost');
    resolveStack(game);
    expect(life(game, 0)).toBe(21);
  });

  prim('trig:TapsForMana', 'whenever a land you control is tapped for mana, add one more', () => {
    const game = board({ battlefield: ['Test Mana Echo', 'Test Forest'] });
    act(game, 'activate Test Forest');
    resolveStack(game);
    expect(game.actions.filter((a) => a.type === 'AddMana').map((a) => ('mana' in a ? a.mana : ''))).toEqual(['G', 'G']);
  });

  prim('trig:Untaps', 'whenever a land you control becomes untapped', () => {
    const game = board({ battlefield: ['Test Untap Watcher', { name: 'Test Forest', tapped: true }] }, {}, { turn: 1, active: 1, step: 'end' });
    passWhile(game, (g) => g.state.turn < 2 || g.state.step === 'untap' || g.state.stack.length > 0);
    expect(life(game, 0)).toBe(21);
  });

  prim('trig:Discarded', 'whenever an opponent discards a card', () => {
    const game = board({ battlefield: [...lands(), 'Test Grudge'], hand: ['Fx Mind Rot'] }, { hand: ['Test Bear', 'Test Ogre'] });
    act(game, 'cast Fx Mind Rot');
    pick(game, 'target p2');
    resolveStack(game);
    resolveStack(game);
    expect(life(game, 0)).toBe(22);
  });

  prim('trig:Sacrificed', 'whenever a creature is sacrificed', () => {
    const game = board({ battlefield: ['Test Carrion', 'Test Sac Outlet', 'Test Bear', 'Test Forest'] });
    act(game, 'activate Test Sac Outlet');
    pick(game, 'Test Bear');
    resolveStack(game);
    expect(life(game, 0)).toBe(23);
  });

  prim('trig:LandPlayed', 'whenever you play a land', () => {
    const game = board({ battlefield: ['Test Landfall'], hand: ['Test Forest'] });
    act(game, 'play Test Forest');
    resolveStack(game);
    expect(life(game, 0)).toBe(21);
  });

  prim('trig:Countered', "whenever an opponent's spell is countered", () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt'] }, { battlefield: [...lands(), 'Test Spite'], hand: ['Test Denial'] });
    act(game, 'cast Test Bolt');
    pick(game, 'target p2');
    act(game, 'cast Test Denial');
    resolveStack(game);
    expect(life(game, 1)).toBe(21);
  });

  prim('trig:Always', 'a state trigger fires once while its condition holds (CR 603.8)', () => {
    const game = board({ battlefield: [...lands(), 'Test Bottle', 'Test Bear', 'Test Ogre'], hand: ['Fx Soldiers'] });
    act(game, 'cast Fx Soldiers');
    resolveStack(game);
    expect(zone(game, 'graveyard-0').sort()).toEqual(['Fx Soldiers', 'Test Bottle']);
  });
});

describe('replacement events', () => {
  prim('repl:Draw', 'a draw replaced by gaining life (CR 614.1a)', () => {
    const game = board({ battlefield: [...lands(), 'Test Sanctuary'], hand: ['Test Insight'] });
    const hand = game.state.zones['hand-0']!.length;
    act(game, 'cast Test Insight');
    resolveStack(game);
    expect(game.state.zones['hand-0']!.length).toBe(hand - 1);
    expect(life(game, 0)).toBe(24);
  });
});

describe('costs', () => {
  prim('cost:Untap', '{Q}: untap it as a cost', () => {
    const game = board({ battlefield: [{ name: 'Test Q Golem', tapped: true }, 'Test Forest'] });
    act(game, 'activate Test Q Golem');
    resolveStack(game);
    expect([find(game, 'Test Q Golem').tapped, life(game, 0)]).toEqual([false, 23]);
  });

  prim('cost:Discard', 'discard a card as a cost', () => {
    const game = board({ battlefield: ['Test Madman', 'Test Mountain'], hand: ['Test Bear', 'Test Giant'] });
    act(game, 'activate Test Madman');
    pick(game, 'target p2');
    pick(game, 'Test Giant');
    resolveStack(game);
    expect([zone(game, 'graveyard-0'), life(game, 1)]).toEqual([['Test Giant'], 18]);
  });

  prim('cost:AddCounter', 'put a counter on it as a cost', () => {
    const game = board({ battlefield: ['Test Grower', 'Test Forest'] });
    act(game, 'activate Test Grower');
    resolveStack(game);
    expect(find(game, 'Test Grower').counters).toEqual({ P1P1: 1 });
  });

  prim('cost:ExileFromGrave', 'exile a card from your graveyard', () => {
    const game = board({ battlefield: ['Test Ghoul', 'Test Swamp'], graveyard: ['Test Bear'] });
    act(game, 'activate Test Ghoul');
    resolveStack(game);
    expect([zone(game, 'exile'), find(game, 'Test Ghoul').power]).toEqual([['Test Bear'], 4]);
  });

  prim('cost:ExileFromHand', 'an alternative cost: exile a blue card from your hand', () => {
    const game = board({ battlefield: ['Test Forest'], hand: ['Test Pitch', 'Test Denial'] });
    act(game, 'cast Test Pitch');
    resolveStack(game);
    expect(zone(game, 'exile')).toEqual(['Test Denial']);
  });

  prim('cost:Return', "return a land you control to its owner's hand", () => {
    const game = board({ battlefield: ['Test Returner', 'Test Island'] });
    act(game, 'activate Test Returner');
    resolveStack(game);
    expect([zone(game, 'hand-0'), life(game, 0)]).toEqual([['Test Island'], 22]);
  });

  prim('cost:tapXType', 'tap two untapped creatures you control', () => {
    const game = board({ battlefield: ['Test Convoker', 'Test Bear', 'Test Forest'] });
    act(game, 'activate Test Convoker');
    resolveStack(game);
    expect(life(game, 0)).toBe(25);
    expect(
      game
        .view(0)
        .battlefield.filter((c) => c.tapped)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Test Bear', 'Test Convoker']);
  });

  prim('cost:Exile', 'exile it as a cost', () => {
    const game = board({ battlefield: ['Test Self Exiler', 'Test Forest'] });
    act(game, 'activate Test Self Exiler');
    resolveStack(game);
    expect(zone(game, 'exile')).toEqual(['Test Self Exiler']);
  });

  prim('cost:Mill', 'mill two cards as a cost', () => {
    const game = board({ battlefield: ['Test Archive', 'Test Forest'], library: ['Test Bear', 'Test Ogre', 'Test Forest'] });
    act(game, 'activate Test Archive');
    resolveStack(game);
    expect(zone(game, 'graveyard-0').sort()).toEqual(['Test Bear', 'Test Ogre']);
  });

  prim('cost:PayLife', "pay life as part of a spell's cost", () => {
    const game = board({ battlefield: ['Test Swamp'], hand: ['Test Blood Pact'] });
    act(game, 'cast Test Blood Pact');
    resolveStack(game);
    expect(life(game, 0)).toBe(17);
  });

  it('refuses a life payment a player cannot make (CR 119.4)', () => {
    const game = board({ battlefield: ['Test Swamp'], hand: ['Test Blood Pact'], life: 2 }, {}, { explain: true });
    expect(labels(game)).not.toContain('cast Test Blood Pact');
    expect(game.explain().find((u) => u.card.name === 'Test Blood Pact')?.reason).toBe('condition');
  });
});

describe('coverage of triggers, replacements and costs', () => {
  it('has a scenario for every registered trig:, repl: and cost: primitive', () => {
    const all = supportedPrimitives().filter((p) => p.startsWith('trig:') || p.startsWith('repl:') || p.startsWith('cost:'));
    expect(all.filter((p) => !covered.has(p) && !ELSEWHERE.includes(p))).toEqual([]);
  });
});
