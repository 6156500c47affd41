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

/** Table card id → object id, per game: built once and extended as objects are made (ids only grow). */
const tidIndexes = new WeakMap<G, { upTo: number; map: Map<string, number> }>();

function tidIndex(g: G): Map<string, number> {
  let index = tidIndexes.get(g);
  if (!index) tidIndexes.set(g, (index = { upTo: 0, map: new Map() }));
  const objects = g.s.objects;
  // A restored or forked game is a new G; within one G, objects are appended and never replaced.
  let upTo = objects.length;
  for (let id = index.upTo; id < objects.length; id++) {
    const o = objects[id];
    if (o) index.map.set(o.tid, o.id);
    else if (upTo === objects.length) upTo = id; // an empty slot is looked at again next time
  }
  index.upTo = upTo;
  return index.map;
}

function cardView(g: G, id: number, faceVisible = true): CardView {
  const o = g.s.objects[id]!;
  const c = chars(g, o);
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
  const byTid = tidIndex(g);
  const visible = new Set<number>();
  for (const pile of table.piles) for (const c of pile.visible) visible.add(byTid.get(c.id)!);
  const list = (pile: string): CardView[] => {
    const out: CardView[] = [];
    for (const id of g.s.zones[pile]!) {
      if (visible.has(id)) out.push(cardView(g, id));
      // A face-down permanent is seen by everyone as what it is, a nameless 2/2 (CR 708.2); only
      // its face is hidden (the table hides it from this seat).
      else if (g.s.objects[id]!.faceDown) out.push(cardView(g, id, false));
    }
    return out;
  };
  const players = ([0, 1] as Seat[]).map((s) => {
    const p = g.s.players[s];
    return {
      seat: s,
      life: p.life,
      poison: p.poison,
      counters: { ...p.counters },
      handCount: g.s.zones[`hand-${s}`]!.length,
      libraryCount: g.s.zones[`library-${s}`]!.length,
      graveyardCount: g.s.zones[`graveyard-${s}`]!.length,
      manaPool: p.pool.map((u) => u.c).join(''),
      landsPlayed: p.landsPlayed,
    };
  }) as [PlayerView, PlayerView];
  // The opponent's hand, then both libraries, in order: looked through in place (the libraries
  // are most of the cards, and few of them are ever revealed).
  const revealed: CardView[] = [];
  for (const pile of [`hand-${seat === 0 ? 1 : 0}`, 'library-0', 'library-1'])
    for (const id of g.s.zones[pile]!) if (visible.has(id)) revealed.push(cardView(g, id));
  return {
    seat,
    turn: g.s.turn,
    step: g.s.step,
    active: g.s.active,
    priority: g.s.priority,
    choiceCount: g.choices.length,
    players,
    hand: list(`hand-${seat}`),
    battlefield: list('battlefield'),
    ...((g.s.zones['phased']?.length ?? 0) > 0 ? { phasedOut: list('phased') } : {}),
    graveyards: [list('graveyard-0'), list('graveyard-1')],
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
