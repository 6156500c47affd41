/**
 * What one seat may see (CR 400.2: libraries and hands are hidden zones). The table decides which
 * card faces a seat sees (`table.view(seat)`); this module describes those cards and counts the
 * rest. A controller gets only this, so its decisions cannot depend on hidden information (the
 * reference's information-independence rule).
 */
import type { ChoicePoint, Seat } from './choice.js';
import type { G } from './context.js';
import { chars } from './layers.js';
import { isSick } from './costs.js';
import { describeTargets } from './targets.js';
import { SEAT_NAMES } from './zones.js';
import type { Chars, GameObject } from './types.js';
import type { PileView } from '../../table/index.js';

/** A card as a seat sees it. */
export type CardView = {
  id: number;
  name: string;
  owner: Seat;
  controller: Seat;
  types: string[];
  subtypes: string[];
  colours: string[];
  manaCost: string | null;
  power: number | null;
  toughness: number | null;
  keywords: string[];
  tapped: boolean;
  /** Summoning sick (CR 302.6): cannot attack or use {T} abilities this turn. */
  sick: boolean;
  damage: number;
  counters: Record<string, number>;
  attachedTo: number | null;
  /** The seat an Aura with Enchant player enchants (CR 303.4); absent when it enchants no player. */
  attachedToPlayer?: Seat;
  token: boolean;
  /** Face down (CR 708): a 2/2 with no name; absent when face up. */
  faceDown?: true;
  /** The name of a face-down card, for the seat that may look at it (its controller, CR 708.5) alone. */
  faceName?: string;
};

/** A player as everyone sees them. */
export type PlayerView = {
  seat: Seat;
  life: number;
  poison: number;
  /** The player's other counters by kind (`ENERGY`, `EXPERIENCE`): public, like life (CR 122.1). */
  counters: Record<string, number>;
  handCount: number;
  libraryCount: number;
  graveyardCount: number;
  manaPool: string;
  landsPlayed: number;
};

/** Everything one seat may know. */
export type SeatView = {
  seat: Seat;
  turn: number;
  step: string;
  active: Seat;
  priority: Seat | null;
  /** How many choices have been made in the game so far (public). */
  choiceCount: number;
  players: [PlayerView, PlayerView];
  hand: CardView[];
  battlefield: CardView[];
  /** Phased-out permanents (CR 702.26: public, but treated as though they do not exist); absent when there are none. */
  phasedOut?: CardView[];
  graveyards: [CardView[], CardView[]];
  exile: CardView[];
  stack: { id: number; text: string; controller: Seat; targets: string[] }[];
  combat: { attackers: number[]; blocks: { blocker: number; attacker: number }[] } | null;
  /** Cards in hidden zones this seat may see anyway (revealed to it). */
  revealed: CardView[];
  /** The pending decision, if it is this seat's. */
  pending: ChoicePoint | null;
  winner: Seat | null | undefined;
};

/** The characteristics a view shows of a card exiled face down to a seat that may not look at it. */
const FACELESS: Omit<ViewedChars, 'controller'> = {
  name: '',
  supertypes: [],
  cardTypes: [],
  subtypes: [],
  colours: [],
  manaCost: null,
  power: null,
  toughness: null,
  keywords: [],
};

type ViewedChars = Pick<Chars, 'name' | 'controller' | 'supertypes' | 'cardTypes' | 'subtypes' | 'colours' | 'manaCost' | 'power' | 'toughness' | 'keywords'>;

function cardView(g: G, id: number, faceVisible = true): CardView {
  const o = g.s.objects[id]!;
  // A card exiled face down, to a seat that may not look at it, has no characteristics (CR 406.3a):
  // only its owner and that it is there are public.
  const c = o.faceDown && o.zone === 'exile' && !faceVisible ? { ...FACELESS, controller: o.controller } : chars(g, o);
  const view: CardView = {
    id,
    name: c.name,
    owner: o.owner,
    controller: o.zone === 'battlefield' ? c.controller : o.controller,
    types: [...c.supertypes, ...c.cardTypes],
    subtypes: [...c.subtypes],
    colours: [...c.colours],
    manaCost: c.manaCost,
    power: c.power,
    toughness: c.toughness,
    keywords: [...c.keywords],
    tapped: o.tapped,
    sick: o.zone === 'battlefield' && isSick(g, o),
    damage: o.damage,
    counters: { ...o.counters },
    attachedTo: o.attachedTo,
    token: o.token !== null,
  };
  if (o.attachedToPlayer !== undefined) view.attachedToPlayer = o.attachedToPlayer;
  if (o.faceDown) {
    view.faceDown = true;
    if (faceVisible) view.faceName = o.card;
  }
  return view;
}

const HANDS = ['hand-0', 'hand-1'] as const;
const LIBRARIES = ['library-0', 'library-1'] as const;
const GRAVEYARDS = ['graveyard-0', 'graveyard-1'] as const;

/**
 * The view of one seat.
 *
 * @example
 * ```ts
 * const v = game.view(1);
 * v.players[0].handCount; // how many cards p1 holds, never which
 * ```
 */
export function seatView(g: G, seat: Seat, pending: ChoicePoint | null): SeatView {
  // The table is the authority on what this seat may see (hidden information is enforced there).
  const table = g.table.view(SEAT_NAMES[seat]);
  const piles = new Map<string, PileView>();
  for (const pile of table.piles) piles.set(pile.id, pile);
  // The cards of an engine zone this seat sees, in the zone's order. A pile the seat sees whole
  // (a public zone, its own hand) is listed as it is; otherwise its cards are found by the table's
  // card id each object holds (a shuffle deals the ids anew among a library's objects, so no map
  // from table id to object id stays true).
  const seen = (pile: string, also: (o: GameObject) => boolean, out: CardView[]): CardView[] => {
    const zone = g.s.zones[pile]!;
    const pv = piles.get(pile);
    if (pv !== undefined && pv.hidden === 0) {
      for (const id of zone) out.push(cardView(g, id));
      return out;
    }
    const visible = pv === undefined || pv.visible.length === 0 ? null : new Set(pv.visible.map((c) => c.id));
    for (const id of zone) {
      const o = g.s.objects[id]!;
      if (visible?.has(o.tid)) out.push(cardView(g, id));
      else if (also(o)) out.push(cardView(g, id, false));
    }
    return out;
  };
  // A face-down permanent is seen by everyone as what it is, a nameless 2/2 (CR 708.2), and a card
  // exiled face down as a card with no characteristics (CR 406.3a); only its face is hidden (the
  // table hides it from this seat).
  const list = (pile: string): CardView[] => seen(pile, (o) => o.faceDown === true, []);
  const players = ([0, 1] as Seat[]).map((s) => {
    const p = g.s.players[s];
    return {
      seat: s,
      life: p.life,
      poison: p.poison,
      counters: { ...p.counters },
      handCount: g.s.zones[HANDS[s]]!.length,
      libraryCount: g.s.zones[LIBRARIES[s]]!.length,
      graveyardCount: g.s.zones[GRAVEYARDS[s]]!.length,
      manaPool: p.pool.map((u) => u.c).join(''),
      landsPlayed: p.landsPlayed,
    };
  }) as [PlayerView, PlayerView];
  // The opponent's hand, then both libraries, in order: looked through in place (the libraries
  // are most of the cards, and few of them are ever revealed).
  const revealed: CardView[] = [];
  for (const pile of [HANDS[seat === 0 ? 1 : 0], LIBRARIES[0], LIBRARIES[1]]) seen(pile, () => false, revealed);
  return {
    seat,
    turn: g.s.turn,
    step: g.s.step,
    active: g.s.active,
    priority: g.s.priority,
    choiceCount: g.choices.length,
    players,
    hand: list(HANDS[seat]),
    battlefield: list('battlefield'),
    ...((g.s.zones['phased']?.length ?? 0) > 0 ? { phasedOut: list('phased') } : {}),
    graveyards: [list(GRAVEYARDS[0]), list(GRAVEYARDS[1])],
    exile: list('exile'),
    stack: [...g.s.stack]
      .reverse()
      .map((s) => ({ id: s.id, text: s.text, controller: s.controller, targets: s.targets.flatMap((t) => (t ? describeTargets(g, t) : [])) })),
    combat: g.s.combat ? { attackers: g.s.combat.attackers.map((a) => a.id), blocks: g.s.combat.blocks.map((b) => ({ ...b })) } : null,
    revealed,
    pending: pending && pending.seat === seat ? pending : null,
    winner: g.s.over ? g.s.over.winner : undefined,
  };
}
