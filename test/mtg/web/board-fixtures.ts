// Views for the board tests and the screenshots: a real mid-game view (the heuristic against
// itself with the starter decks) and a hand-built one with everything the board must draw
// (an aura on its host, counters, damage, a tapped land, a face-down card, a token, a stack with
// targets, combat). Browser-safe: no node: import, so the test entry and the screenshot page
// bundle it.
import { createGame, lazyView, type CardView, type Game, type Seat, type SeatView } from '../../../src/mtg/engine/index.js';
import { heuristicSeat } from '../../../src/mtg/controllers/heuristic/index.js';
import { readDeck } from '../../../src/mtg/decks/index.js';
import { RED_GREEN_AGGRO, WHITE_BLUE_CONTROL, starterRegistry } from '../../../src/mtg/starter/index.js';
import type { CardRegistry } from '../../../src/mtg/cards/index.js';

let registry: CardRegistry | undefined;
/** The starter set, compiled once. */
export function starter(): CardRegistry {
  return (registry ??= starterRegistry());
}

/**
 * The starter decks played heuristic against heuristic until the first decision at or after
 * `turn` in `step` (default turn 6, precombat main), so the board has lands, creatures, a graveyard.
 */
export function midGame(seed = 'board', turn = 6, step = 'main1'): Game {
  const r = starter();
  const decks: [string[], string[]] = [
    readDeck(RED_GREEN_AGGRO.text, RED_GREEN_AGGRO.file, r).main,
    readDeck(WHITE_BLUE_CONTROL.text, WHITE_BLUE_CONTROL.file, r).main,
  ];
  const game = createGame({ registry: r, decks, seed });
  const seats = [heuristicSeat(`${seed}:p1`, r), heuristicSeat(`${seed}:p2`, r)] as const;
  for (let p = game.pending(); p; p = game.pending()) {
    if (game.state.turn > turn || (game.state.turn === turn && game.state.step === step)) break;
    game.choose(seats[p.seat].choose(lazyView(game, p.seat), p));
  }
  return game;
}

/** A seat's view as plain data (what a page holds after a frame: no proxy, no functions). */
export function plainView(game: Game, seat: Seat): SeatView {
  return JSON.parse(JSON.stringify(lazyView(game, seat))) as SeatView;
}

function card(id: number, name: string, more: Partial<CardView> = {}): CardView {
  return {
    id,
    name,
    owner: 0,
    controller: 0,
    types: ['Creature'],
    subtypes: [],
    colours: [],
    manaCost: null,
    power: null,
    toughness: null,
    keywords: [],
    tapped: false,
    sick: false,
    damage: 0,
    counters: {},
    attachedTo: null,
    token: false,
    ...more,
  };
}

/**
 * A hand-built view of p1 (seat 0) in p2's declare-blockers step: p2's Serra Angel attacks and
 * p1's enchanted Grizzly Bears (Rancor-like aura, two +1/+1 counters, 1 damage) blocks; a tapped
 * Forest; p1's face-down creature (its name visible to p1 only: pass `faceName: false` for the
 * opponent's view); a Goblin token; a Lightning Bolt on the stack targeting the angel; a
 * hybrid/phyrexian/X/snow cost in hand.
 */
export function handBuilt(options: { faceName?: boolean; seat?: Seat } = {}): SeatView {
  const seat = options.seat ?? 0;
  const faceDown: CardView = card(20, '', { power: 2, toughness: 2, faceDown: true, ...(options.faceName === false ? {} : { faceName: 'Exalted Angel' }) });
  const battlefield: CardView[] = [
    card(10, 'Forest', { types: ['Basic', 'Land'], subtypes: ['Forest'], tapped: true }),
    card(11, 'Mountain', { types: ['Basic', 'Land'], subtypes: ['Mountain'] }),
    card(12, 'Grizzly Bears', { subtypes: ['Bear'], colours: ['G'], manaCost: '1 G', power: 6, toughness: 6, damage: 1, counters: { P1P1: 2 } }),
    card(13, 'Giant Growth Aura', { types: ['Enchantment'], subtypes: ['Aura'], colours: ['R'], manaCost: '1 R', attachedTo: 12 }),
    card(14, 'Bonesplitter', { types: ['Artifact'], subtypes: ['Equipment'], manaCost: '1', attachedTo: 12 }),
    faceDown,
    card(21, 'Goblin', { subtypes: ['Goblin'], colours: ['R'], power: 1, toughness: 1, token: true, sick: true }),
    card(30, 'Serra Angel', {
      owner: 1,
      controller: 1,
      subtypes: ['Angel'],
      colours: ['W'],
      manaCost: '3 W W',
      power: 4,
      toughness: 4,
      keywords: ['Flying', 'Vigilance'],
    }),
    card(31, 'Plains', { owner: 1, controller: 1, types: ['Basic', 'Land'], subtypes: ['Plains'], tapped: true }),
    card(32, 'Island', { owner: 1, controller: 1, types: ['Basic', 'Land'], subtypes: ['Island'] }),
    card(33, 'Pacifism', { owner: 1, controller: 1, types: ['Enchantment'], subtypes: ['Aura'], colours: ['W'], manaCost: '1 W', attachedTo: 21 }),
  ];
  return {
    seat,
    turn: 7,
    step: 'declareBlockers',
    active: 1,
    priority: 0,
    choiceCount: 120,
    players: [
      { seat: 0, life: 14, poison: 2, counters: { ENERGY: 3 }, handCount: 3, libraryCount: 40, graveyardCount: 2, manaPool: 'RG', landsPlayed: 0 },
      { seat: 1, life: 9, poison: 0, counters: {}, handCount: 4, libraryCount: 38, graveyardCount: 1, manaPool: '', landsPlayed: 0 },
    ],
    hand:
      seat === 0
        ? [
            card(40, 'Kitchen Finks', { subtypes: ['Ouphe'], colours: ['G', 'W'], manaCost: '1 G/W G/W', power: 3, toughness: 2 }),
            card(41, 'Gitaxian Probe', { types: ['Sorcery'], colours: ['U'], manaCost: 'U/P' }),
            card(42, 'Blaze of Snow', { types: ['Snow', 'Sorcery'], colours: ['R'], manaCost: 'X S 2/R C' }),
          ]
        : [],
    battlefield,
    graveyards: [
      [
        card(50, 'Shock', { types: ['Instant'], colours: ['R'], manaCost: 'R' }),
        card(51, 'Llanowar Elves', { subtypes: ['Elf', 'Druid'], colours: ['G'], manaCost: 'G', power: 1, toughness: 1 }),
      ],
      [card(52, 'Unsummon', { owner: 1, controller: 1, types: ['Instant'], colours: ['U'], manaCost: 'U' })],
    ],
    exile: [card(53, 'Swords to Plowshares', { owner: 1, controller: 1, types: ['Instant'], colours: ['W'], manaCost: 'W' })],
    stack: [{ id: 60, text: 'Lightning Bolt: Lightning Bolt deals 3 damage to any target.', controller: 0, targets: ['Serra Angel'] }],
    combat: { attackers: [30], blocks: [{ blocker: 12, attacker: 30 }] },
    revealed: [],
    pending: null,
    winner: undefined,
  };
}
