// One scenario per registered keyword (and the static modes that restrict play). Keywords Forge
// writes with a restriction in their name (`CantBlock Creature.powerGE2`, `CantBeBlockedBy
// Creature.Wall`) are families tested once each. The last tests check that every registered
// `kw:` and `stat:` primitive has a scenario here or in another rules test.
import { describe, expect, it } from 'vitest';
import { supportedPrimitives } from '../../../src/mtg/index.js';
import type { Game } from '../../../src/mtg/engine/index.js';
import { act, board, find, labels, lands, passWhile, pick, resolveStack, zone } from './helpers.js';

const covered = new Set<string>();
function kw(symbol: string, title: string, fn: () => void): void {
  covered.add(symbol);
  it(`${symbol}: ${title}`, fn);
}

function life(game: Game, seat: 0 | 1): number {
  return game.state.players[seat].life;
}

// Keywords and statics tested elsewhere (combat.test.ts, rules.test.ts, effects.test.ts).
const ELSEWHERE = [
  // A spell cast only targeting a tapped permanent (Dream Leash): puzzle-line-fixes.test.ts and
  // the kw-spell-cant-target-dream-leash puzzle.
  'kw:SpellCantTarget',
  // Morph and megamorph: face-down.test.ts (Exalted Angel, corpus) and the kw-morph, kw-megamorph puzzles.
  'kw:Morph',
  'kw:Megamorph',
  // Split second: split-second.test.ts (Sudden Shock, corpus) and the kw-split-second puzzle.
  'kw:Split second',
  // Phasing and banding (CR 702.26, 702.22): phasing.test.ts, banding.test.ts and their corpus puzzles.
  'kw:Phasing',
  'kw:Banding',
  'kw:Flying',
  'kw:Reach',
  'kw:Trample',
  'kw:First Strike',
  'kw:Double Strike',
  'kw:Deathtouch',
  'kw:Lifelink',
  'kw:Vigilance',
  'kw:Haste',
  'kw:Menace',
  'kw:Defender',
  'kw:Unblockable',
  'kw:Landwalk',
  'kw:Protection',
  'kw:Indestructible',
  'kw:Enchant',
  'kw:CARDNAME enters the battlefield tapped.',
  'kw:ETBReplacement',
  'kw:Prevent all damage that would be dealt to CARDNAME.',
  'stat:Continuous',
  'stat:CantBlock',
  'stat:CantBeCast',
];
// Devoid, Changeling and Echo: scenarios in more-keywords.test.ts.
ELSEWHERE.push('kw:Devoid', 'kw:Changeling', 'kw:Echo');
// Kicker, Buyback, Convoke and Delve: scenarios in casting-keywords.test.ts.
ELSEWHERE.push('kw:Kicker', 'kw:Buyback', 'kw:Convoke', 'kw:Delve');
// Alternative costs (Evoke, Dash, Madness), Rebound, Entwine and Aftermath: alt-casting.test.ts on real cards, and a corpus puzzle each.
ELSEWHERE.push('kw:Evoke', 'kw:Dash', 'kw:Rebound', 'kw:Madness', 'kw:Entwine', 'kw:Aftermath');
// Flashback, Retrace and Jump-start (casting from the graveyard, CR 702.34, 702.81, 702.133):
// scenarios on real cards in issue20-cardsa.test.ts and a corpus puzzle each.
ELSEWHERE.push('kw:Flashback', 'kw:Retrace', 'kw:Jump-start');
// Surge (CR 702.117): issue20-cardsa.test.ts (Crush of Tentacles) and the kw-surge puzzle.
ELSEWHERE.push('kw:Surge');
// Improvise and Spectacle (CR 702.126, 702.137): issue20-cardsd.test.ts and the kw-improvise, kw-spectacle puzzles.
ELSEWHERE.push('kw:Improvise', 'kw:Spectacle');
// Dredge (CR 702.52): issue20-cardsd.test.ts and the kw-dredge puzzle.
ELSEWHERE.push('kw:Dredge');
// Thorn Elemental's "as though it weren't blocked" (CR 510.1c) and Amplify (CR 702.38):
// gap-i-combat.test.ts, gap-i-amplify.test.ts and a corpus puzzle each.
ELSEWHERE.push("kw:You may have CARDNAME assign its combat damage as though it weren't blocked.", 'kw:Amplify');
// Prowl (CR 702.76): gap-i-prowl.test.ts and the kw-prowl puzzle.
ELSEWHERE.push('kw:Prowl');
// Issue 20's keywords: scenarios on real cards in issue20-keywords.test.ts (and corpus puzzles).
ELSEWHERE.push(
  'kw:Ascend',
  "kw:CARDNAME's power and toughness are switched",
  'kw:CantBeBlockedByAmount GT1',
  'kw:Skulk',
  'kw:You may exert CARDNAME as it attacks.',
  'kw:AdjustLandPlays',
  'kw:Partner',
  'kw:CARDNAME blocks each combat if able.',
  'kw:All creatures able to block CARDNAME do so.',
  'kw:CARDNAME must be blocked if able.',
);
// Mindlock Orb's "Players can't search libraries": the corpus puzzles param-cant-search-library-
// rampant-growth and param-shuffle-non-mandatory-borderland-ranger (with ShuffleNonMandatory$).
ELSEWHERE.push('kw:CantSearchLibrary');
// Aven Mindcensor's "searches the top four cards instead": aven-mindcensor.test.ts and the corpus
// puzzle kw-limit-search-library-aven-mindcensor.
ELSEWHERE.push('kw:LimitSearchLibrary');
// Totem armor (CR 702.89): issue20-cardsc.test.ts (River Boa with Snake Umbra) and the kw-totem-armor puzzle.
ELSEWHERE.push('kw:Totem armor');
// Strive: issue20-cardsc.test.ts (Rouse the Mob, one and two targets) and the kw-strive puzzle.
ELSEWHERE.push('kw:Strive');
// Replicate, Conspire, Escalate, Miracle (CR 702.56, 702.78, 702.120, 702.94) and the "[A] or [B]"
// additional cost (CR 601.2b): corpus puzzles on real cards (kw-replicate-pyromatics,
// kw-conspire-burn-trail, kw-escalate-borrowed-hostility and -short, kw-miracle-thunderous-wrath and
// -second-draw, kw-alternate-additional-cost-wrens-run-vanquisher and -reveal, -refused) and their
// expansions in test/mtg/cards/keywords.test.ts.
ELSEWHERE.push('kw:Replicate', 'kw:Conspire', 'kw:Escalate', 'kw:Miracle', 'kw:AlternateAdditionalCost');
// Saga (CR 714): the kw-saga-history-of-benalia corpus puzzle (chapters on turns 1, 3 and 5, then sacrificed).
ELSEWHERE.push('kw:Saga');
// "You can't lose the game." / "You can't win the game." on a player (CR 104.3): cant-lose-tron.test.ts
// (Platinum Angel, Gideon of the Trials's emblem) on real cards.
ELSEWHERE.push("kw:You can't lose the game.", "kw:You can't win the game.");
// PreventDamage statics: tail-primitives.test.ts (Sphere of Law, Urza's Armor) and the stat-prevent-damage-sphere-of-law puzzle.
ELSEWHERE.push('stat:PreventDamage');
// Panharmonicon's rule (CR 603.2d): panharmonicon.test.ts (Panharmonicon, Naban, Dean of Iteration) on real
// cards and the kw-panharmonicon-elvish-visionary puzzle.
ELSEWHERE.push('kw:Panharmonicon');
// Costs to attack and block, and opening-hand actions: cardsb-primitives.test.ts on real cards and the
// stat-cant-attack-unless-propaganda and stat-cant-block-unless-hipparion puzzles.
ELSEWHERE.push('stat:CantAttackUnless', 'stat:CantBlockUnless', 'kw:MayEffectFromOpeningHand');
// Multikicker and the plain alternative cost: the kw-multikicker-everflowing-chalice, kw-alternative-cost-massacre and
// kw-alternative-cost-fist-of-suns puzzles.
ELSEWHERE.push('kw:Multikicker', 'kw:Alternative Cost');
// Sunburst: the kw-sunburst-baton-of-courage puzzle (and converge's count-converge-woodland-wanderer).
ELSEWHERE.push('kw:Sunburst');
// Skipping the draw step: the kw-skip-your-draw-step-necropotence puzzle.
ELSEWHERE.push('kw:Skip your draw step.');
// Emerge (CR 702.119): emerge-exploit.test.ts on real cards (Elder Deep-Fiend, Wretched Gryff).
ELSEWHERE.push('kw:Emerge');
// Fuse (CR 702.102): fuse.test.ts on real cards (Turn // Burn, Wear // Tear).
ELSEWHERE.push('kw:Fuse');
// Splice onto Arcane (CR 702.47): splice.test.ts on real cards (Desperate Ritual, Glacial Ray,
// Torrent of Stone, Kodama's Might) and the kw-splice-glacial-ray corpus puzzle.
ELSEWHERE.push('kw:Splice');
// "CARDNAME can't transform" (Bound by Moonsilver, Immerwolf): cant-transform.test.ts on real cards
// and the kw-cant-transform-bound-by-moonsilver corpus puzzle.
ELSEWHERE.push("kw:CARDNAME can't transform");
// Aura Gnarlid's and Skarrgan Pit-Skulk's blocking restriction (CR 509.1b) and "You can't gain
// life." on a player (Rampaging Ferocidon, Skullcrack; CR 119.7): puzzle-primitives-h1.test.ts on real cards
// and the kw-lesser-power-cant-block-aura-gnarlid, kw-cant-gain-life-rampaging-ferocidon puzzles.
ELSEWHERE.push("kw:Creatures with power less than CARDNAME's power can't block it.", "kw:You can't gain life.");
// "Can't attack alone" and "can't attack or block alone" (CR 506.5): attack-alone.test.ts on real
// cards (Bonded Construct, Mogg Flunkies) and the kw-cant-attack-alone-bonded-construct puzzle.
ELSEWHERE.push("kw:CARDNAME can't attack alone.", "kw:CARDNAME can't attack or block alone.");
// Solemnity's grants (counters can't be put on the permanent or the player; CR 118.3 for
// counter costs): solemnity.test.ts on real cards and the kw-solemnity-no-counters puzzle.
ELSEWHERE.push("kw:CARDNAME can't have counters put on it.", "kw:PLAYER can't have counters put on him or her.");
// Vizier of the Menagerie's mana of any type for creature spells (CR 609.4b): any-type-mana.test.ts
// on real cards and the kw-any-type-mana-vizier-of-the-menagerie puzzle.
ELSEWHERE.push('kw:May spend mana as though it were mana of any type to cast CARDNAME');

describe('evasion keywords', () => {
  kw('kw:Fear', 'only artifact or black creatures can block it (CR 702.36b)', () => {
    const game = board({ battlefield: ['Test Dread Knight'] }, { battlefield: ['Test Bear', 'Test Viper', 'Test Statue'] });
    pick(game, 'attack with Test Dread Knight');
    expect(labels(game).slice(1).sort()).toEqual(['Test Viper blocks Test Dread Knight']);
  });

  kw('kw:Intimidate', 'only artifact creatures and creatures sharing a colour can block it (CR 702.13b)', () => {
    const game = board({ battlefield: ['Test Menacer'] }, { battlefield: ['Test Bear', 'Test Ogre', 'Test Juggler'] });
    pick(game, 'attack with Test Menacer');
    expect(labels(game).slice(1).sort()).toEqual(['Test Juggler blocks Test Menacer', 'Test Ogre blocks Test Menacer']);
  });

  kw('kw:Shadow', 'only creatures with shadow block it, and it blocks only them (CR 702.28b)', () => {
    const game = board({ battlefield: ['Test Shade'] }, { battlefield: ['Test Bear'] });
    pick(game, 'attack with Test Shade');
    expect(game.pending()?.kind).not.toBe('blockers');
  });

  kw('kw:Horsemanship', 'only creatures with horsemanship block it (CR 702.31b)', () => {
    const game = board({ battlefield: ['Test Rider'] }, { battlefield: ['Test Spider'] });
    pick(game, 'attack with Test Rider');
    expect(game.pending()?.kind).not.toBe('blockers');
  });

  kw('kw:CantBlock Creature.powerGE2', 'a "can\'t block creatures with power 2 or greater" blocker', () => {
    const game = board({ battlefield: ['Test Bear', 'Test Hawk'] }, { battlefield: ['Test Picky Orc', 'Test Spider'] });
    pick(game, 'attack with Test Bear');
    pick(game, 'attack with Test Hawk');
    expect(labels(game).filter((l) => l.startsWith('Test Picky Orc'))).toEqual([]);
  });

  kw('kw:CantBeBlockedBy Creature.Wall', "can't be blocked by Walls", () => {
    const game = board({ battlefield: ['Test Juggler'] }, { battlefield: ['Test Wall', 'Test Bear'] });
    pick(game, 'attack with Test Juggler');
    expect(labels(game)).toEqual(['done declaring blockers', 'Test Bear blocks Test Juggler']);
  });
});

describe('damage keywords', () => {
  kw('kw:Wither', 'damage to creatures is dealt as −1/−1 counters (CR 702.80b)', () => {
    const game = board({ battlefield: ['Test Witherer'] }, { battlefield: ['Test Giant'] });
    pick(game, 'attack with Test Witherer');
    pick(game, 'Test Giant blocks Test Witherer');
    passWhile(game, (g) => g.state.turn === 1);
    expect(find(game, 'Test Giant').counters).toEqual({ M1M1: 2 });
    expect(find(game, 'Test Giant').power).toBe(3);
  });

  kw('kw:Infect', 'damage to a player is dealt as poison counters (CR 702.90b)', () => {
    const game = board({ battlefield: ['Test Plaguebearer'] });
    pick(game, 'attack with Test Plaguebearer');
    passWhile(game, (g) => g.state.turn === 1);
    expect([life(game, 1), game.state.players[1].poison]).toEqual([20, 2]);
  });

  kw('kw:CARDNAME assigns no combat damage', 'it deals no combat damage', () => {
    const game = board({ battlefield: ['Test Mascot'] });
    pick(game, 'attack with Test Mascot');
    passWhile(game, (g) => g.state.turn === 1);
    expect(life(game, 1)).toBe(20);
  });

  kw('kw:Prevent all combat damage that would be dealt to and dealt by CARDNAME.', 'neither deals nor takes combat damage', () => {
    const game = board({ battlefield: ['Test Maze Beast'] }, { battlefield: ['Test Giant'] });
    pick(game, 'attack with Test Maze Beast');
    pick(game, 'Test Giant blocks Test Maze Beast');
    passWhile(game, (g) => g.state.turn === 1);
    expect(zone(game, 'graveyard-0')).toEqual([]);
    expect(find(game, 'Test Giant', 1).damage).toBe(0);
  });

  kw('kw:Prevent all combat damage that would be dealt by CARDNAME.', 'deals no combat damage', () => {
    const game = board({ battlefield: ['Test Gentle Giant'] });
    pick(game, 'attack with Test Gentle Giant');
    passWhile(game, (g) => g.state.turn === 1);
    expect(life(game, 1)).toBe(20);
  });

  kw('kw:Prevent all combat damage that would be dealt to CARDNAME.', 'takes no combat damage', () => {
    const game = board({ battlefield: ['Test Giant'] }, { battlefield: ['Test Armored Ox'] });
    pick(game, 'attack with Test Giant');
    pick(game, 'Test Armored Ox blocks Test Giant');
    passWhile(game, (g) => g.state.turn === 1);
    expect(zone(game, 'graveyard-1')).toEqual([]);
  });

  kw('kw:Prevent all damage that would be dealt by CARDNAME.', 'deals no damage at all', () => {
    const game = board({ battlefield: ['Test Harmless'] });
    pick(game, 'attack with Test Harmless');
    passWhile(game, (g) => g.state.turn === 1);
    expect(life(game, 1)).toBe(20);
  });

  kw('kw:DamageLifeThreshold', "damage can't bring its controller below 1 life", () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt'] }, { battlefield: ['Test Genie'], life: 2 });
    act(game, 'cast Test Bolt');
    pick(game, 'target p2');
    resolveStack(game);
    expect(life(game, 1)).toBe(1);
    expect(game.winner).toBeUndefined();
  });
});

describe('targeting keywords', () => {
  kw('kw:Shroud', "it can't be the target of spells or abilities (CR 702.18a)", () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt'] }, { battlefield: ['Test Shrouded'] });
    act(game, 'cast Test Bolt');
    expect(labels(game)).toEqual(['target p1', 'target p2']);
  });

  kw('kw:Hexproof', "opponents' spells can't target it; its controller's can (CR 702.11b)", () => {
    const game = board({ battlefield: [...lands(), 'Test Hexed'], hand: ['Test Growth'] }, { battlefield: ['Test Hexed'] });
    act(game, 'cast Test Growth');
    // Only p1's own Hexed creature is a legal target: the choice is forced.
    resolveStack(game);
    expect(find(game, 'Test Hexed', 0).power).toBe(5);
    expect(find(game, 'Test Hexed', 1).power).toBe(2);
  });

  kw("kw:CARDNAME can't be countered.", 'a counterspell does nothing to it (CR 101.2)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Unstoppable'] }, { battlefield: lands(), hand: ['Test Denial'] });
    const hand = game.state.zones['hand-0']!.length;
    act(game, 'cast Test Unstoppable');
    act(game, 'cast Test Denial');
    resolveStack(game);
    expect(game.state.zones['hand-0']!.length).toBe(hand);
  });
});

describe('attack and block restrictions', () => {
  kw('kw:Flash', 'a creature spell cast any time it could cast an instant (CR 702.8a)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt'] }, { battlefield: lands(), hand: ['Test Ambusher'] });
    act(game, 'cast Test Bolt');
    pick(game, 'target p1');
    act(game, 'cast Test Ambusher');
    resolveStack(game);
    expect(find(game, 'Test Ambusher').controller).toBe(1);
    expect(game.state.turn).toBe(1);
  });

  kw("kw:CARDNAME can't block.", 'never offered as a blocker', () => {
    const game = board({ battlefield: ['Test Bear'] }, { battlefield: ['Test Coward'] });
    pick(game, 'attack with Test Bear');
    expect(game.pending()?.kind).not.toBe('blockers');
  });

  kw("kw:CARDNAME can't attack.", 'never offered as an attacker', () => {
    const game = board({ battlefield: ['Test Pacifist', 'Test Bear'] });
    expect(labels(game)).toEqual(['done declaring attackers', 'attack with Test Bear']);
  });

  kw("kw:CARDNAME can't attack or block.", 'neither', () => {
    const game = board({ battlefield: ['Test Statue', 'Test Bear'] }, { battlefield: ['Test Statue'] });
    expect(labels(game)).toEqual(['done declaring attackers', 'attack with Test Bear']);
    pick(game, 'attack with Test Bear');
    expect(game.pending()?.kind).not.toBe('blockers');
  });

  kw('kw:CARDNAME attacks each combat if able.', 'it attacks even when its controller declares nothing (CR 508.1d)', () => {
    const game = board({ battlefield: ['Test Berserker', 'Test Bear'] });
    pick(game, 'done');
    passWhile(game, (g) => g.state.turn === 1);
    expect(life(game, 1)).toBe(18);
  });

  kw('kw:CARDNAME can block only creatures with flying.', 'blocks only flyers', () => {
    const game = board({ battlefield: ['Test Bear', 'Test Hawk'] }, { battlefield: ['Test Archer'] });
    pick(game, 'attack with Test Bear');
    pick(game, 'attack with Test Hawk');
    expect(labels(game)).toEqual(['done declaring blockers', 'Test Archer blocks Test Hawk']);
  });

  kw('kw:CARDNAME can block an additional creature each combat.', 'blocks two attackers', () => {
    const game = board({ battlefield: ['Test Bear', 'Test Ogre'] }, { battlefield: ['Test Pikes'] });
    pick(game, 'attack with Test Bear');
    pick(game, 'attack with Test Ogre');
    pick(game, 'Test Pikes blocks Test Bear');
    pick(game, 'Test Pikes blocks Test Ogre');
    passWhile(game, (g) => g.state.turn === 1);
    expect(life(game, 1)).toBe(20);
  });

  kw('kw:CARDNAME can block any number of creatures.', 'blocks three attackers', () => {
    const game = board({ battlefield: ['Test Bear', 'Test Ogre', 'Test Raider'] }, { battlefield: ['Test Hydra Wall'] });
    pick(game, 'attack with Test Bear');
    pick(game, 'attack with Test Ogre');
    pick(game, 'attack with Test Raider');
    pick(game, 'Test Hydra Wall blocks Test Bear');
    pick(game, 'Test Hydra Wall blocks Test Ogre');
    pick(game, 'Test Hydra Wall blocks Test Raider');
    passWhile(game, (g) => g.state.turn === 1);
    expect(life(game, 1)).toBe(20);
  });

  kw("kw:CARDNAME can attack as though it didn't have defender.", 'a defender that attacks', () => {
    const game = board({ battlefield: ['Test Walking Wall'] });
    expect(labels(game)).toEqual(['done declaring attackers', 'attack with Test Walking Wall']);
  });

  kw('stat:CantAttack', "a Moat: creatures without flying can't attack", () => {
    const game = board({ battlefield: ['Test Moat', 'Test Bear', 'Test Hawk'] });
    expect(labels(game)).toEqual(['done declaring attackers', 'attack with Test Hawk']);
  });

  kw('stat:CantBlockBy', "your creatures can't be blocked by black creatures", () => {
    const game = board({ battlefield: ['Test Lure Ward', 'Test Bear'] }, { battlefield: ['Test Viper', 'Test Ogre'] });
    pick(game, 'attack with Test Bear');
    expect(labels(game)).toEqual(['done declaring blockers', 'Test Ogre blocks Test Bear']);
  });
});

describe('untapping and upkeep', () => {
  kw("kw:CARDNAME doesn't untap during your untap step.", 'stays tapped (CR 502.3)', () => {
    const game = board({
      battlefield: [
        { name: 'Test Frozen Giant', tapped: true },
        { name: 'Test Bear', tapped: true },
      ],
    });
    passWhile(game, (g) => g.state.turn < 3);
    expect(find(game, 'Test Frozen Giant').tapped).toBe(true);
    expect(find(game, 'Test Bear').tapped).toBe(false);
  });

  kw('kw:You may choose not to untap CARDNAME during your untap step.', 'its controller chooses', () => {
    const game = board({ battlefield: [{ name: 'Test Sleeper', tapped: true }] }, {}, { turn: 1, active: 1, step: 'end' });
    passWhile(game, (g) => g.pending()?.kind !== 'yes-no');
    pick(game, 'leave Test Sleeper tapped');
    expect(find(game, 'Test Sleeper').tapped).toBe(true);
  });

  kw('kw:Skip your untap step.', 'a player keyword from a static (Stasis): nothing untaps', () => {
    const game = board({ battlefield: ['Test Stasis Field', { name: 'Test Bear', tapped: true }] });
    passWhile(game, (g) => g.state.turn < 3);
    expect(find(game, 'Test Bear').tapped).toBe(true);
  });

  kw('kw:UntapAdjust', 'Winter Orb: only one land untaps, chosen by its controller', () => {
    const game = board(
      { battlefield: ['Test Frost Orb', { name: 'Test Forest', tapped: true }, { name: 'Test Mountain', tapped: true }] },
      {},
      { turn: 1, active: 1, step: 'end' },
    );
    passWhile(game, (g) => g.pending()?.kind !== 'choose');
    pick(game, 'untap Test Mountain');
    expect(find(game, 'Test Mountain').tapped).toBe(false);
    expect(find(game, 'Test Forest').tapped).toBe(true);
  });

  kw("kw:This card doesn't untap during your next untap step.", 'frozen once, then it untaps again', () => {
    const game = board({ battlefield: lands(), hand: ['Test Frost Bite'] }, { battlefield: ['Test Giant'] });
    act(game, 'cast Test Frost Bite');
    resolveStack(game);
    passWhile(game, (g) => g.state.turn < 3);
    expect(find(game, 'Test Giant').tapped).toBe(true);
    passWhile(game, (g) => g.state.turn < 5);
    expect(find(game, 'Test Giant').tapped).toBe(false);
  });

  kw('kw:Cumulative upkeep', 'an age counter, then pay once per counter or sacrifice (CR 702.24a)', () => {
    const game = board({ battlefield: ['Test Aging Beast', 'Test Mountain', 'Test Mountain'] }, {}, { step: 'upkeep' });
    // A triggered ability (CR 603): on the stack first, paid as it resolves.
    expect(game.state.stack.map((i) => i.text)).toEqual(['Test Aging Beast trigger']);
    act(game, 'yes');
    expect(find(game, 'Test Aging Beast').counters).toEqual({ AGE: 1 });
    expect(game.view(0).battlefield.filter((c) => c.tapped)).toHaveLength(1);
  });

  kw('kw:UpkeepCost', 'pay the upkeep cost or sacrifice it', () => {
    const game = board({ battlefield: ['Test Upkeep Beast', 'Test Upkeep Beast', 'Test Forest'] }, {}, { step: 'upkeep' });
    // One Forest: one Beast is kept (pay G), the other is sacrificed (nothing left to pay with).
    // Each Beast's upkeep cost is a trigger on the stack (CR 603), the top one paid first.
    act(game, 'yes');
    resolveStack(game);
    expect(game.view(0).battlefield.filter((c) => c.name === 'Test Upkeep Beast')).toHaveLength(1);
    expect(zone(game, 'graveyard-0')).toEqual(['Test Upkeep Beast']);
  });

  kw('kw:etbCounter', 'it enters with counters (CR 614.1c)', () => {
    const game = board({ battlefield: lands(), hand: ['Fx Battery'] });
    act(game, 'cast Fx Battery');
    resolveStack(game);
    expect(find(game, 'Fx Battery').counters).toEqual({ CHARGE: 3 });
  });

  kw("kw:CARDNAME can't be regenerated.", 'a regeneration shield does not save it', () => {
    const game = board({ battlefield: ['Test Doomed Troll', 'Test Forest'] }, { battlefield: lands(), hand: ['Test Bolt'] });
    act(game, 'activate Test Doomed Troll');
    resolveStack(game);
    act(game, 'cast Test Bolt');
    pick(game, 'target Test Doomed Troll');
    resolveStack(game);
    expect(zone(game, 'graveyard-0')).toEqual(['Test Doomed Troll']);
  });

  kw("kw:CARDNAME's activated abilities can't be activated.", 'its ability is never offered', () => {
    const game = board({ battlefield: ['Test Muzzled', 'Test Mountain'] }, {}, { explain: true });
    expect(labels(game).some((l) => l.startsWith('activate Test Muzzled'))).toBe(false);
    expect(game.explain().find((u) => u.card.name === 'Test Muzzled')?.reason).toBe('condition');
  });
});

describe('rule-changing statics', () => {
  kw('stat:CantPlayLand', "opponents can't play lands", () => {
    const game = board({ battlefield: ['Test Ruler'] }, { hand: ['Test Forest'], battlefield: ['Test Forest'] }, { turn: 1, active: 1, explain: true });
    expect(labels(game)).not.toContain('play Test Forest');
    expect(game.explain().find((u) => u.card.name === 'Test Forest')?.reason).toBe('condition');
  });

  kw('stat:RaiseCost', "opponents' spells cost {1} more (CR 601.2f)", () => {
    const game = board({ battlefield: ['Test Tax'] }, { hand: ['Test Bolt'], battlefield: ['Test Mountain'] }, { turn: 1, active: 1, explain: true });
    expect(game.explain().find((u) => u.card.name === 'Test Bolt')?.reason).toBe('no-mana');
  });

  kw('stat:ReduceCost', 'your instants cost {1} less', () => {
    const game = board({ battlefield: ['Test Discount', 'Test Island'], hand: ['Test Recall'] }, { battlefield: ['Test Bear'] });
    expect(labels(game)).toContain('cast Test Recall');
  });

  kw('stat:CantBeActivated', "creatures' activated abilities can't be activated", () => {
    const game = board({ battlefield: ['Test Silencer', 'Test Pinger'] });
    expect(labels(game).some((l) => l.startsWith('activate Test Pinger'))).toBe(false);
  });

  kw('stat:CantTarget', "your creatures can't be targeted by opponents", () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt'] }, { battlefield: ['Test Veil', 'Test Bear'] });
    act(game, 'cast Test Bolt');
    expect(labels(game)).toEqual(['target p1', 'target p2']);
  });

  kw('stat:ETBTapped', 'creatures enter tapped', () => {
    const game = board({ battlefield: ['Test Tapping Field', ...lands()], hand: ['Test Bear'] });
    act(game, 'cast Test Bear');
    resolveStack(game);
    expect(find(game, 'Test Bear').tapped).toBe(true);
  });
});

describe('coverage of the registered keywords and statics', () => {
  it('has a scenario for every registered kw: and stat: primitive (restriction families once)', () => {
    const all = supportedPrimitives().filter((p) => p.startsWith('kw:') || p.startsWith('stat:'));
    const family = (p: string) =>
      p.startsWith('kw:CantBlock ') ? 'kw:CantBlock Creature.powerGE2' : p.startsWith('kw:CantBeBlockedBy ') ? 'kw:CantBeBlockedBy Creature.Wall' : p;
    const missing = all.filter((p) => !covered.has(family(p)) && !ELSEWHERE.includes(p));
    expect(missing).toEqual([]);
  });
});
