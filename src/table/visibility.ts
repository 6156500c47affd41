import { StoryletError } from '../core/errors.js';
import { audienceSeats } from './policy.js';
import { locate, requireSeat } from './state.js';
import type { TableEvent } from './log.js';
import type { PileKind, PileState, TableState, Visibility } from './state.js';

/**
 * Per-viewer visibility: every card carries the seats that may see its face. A card takes its
 * pile's `visibleTo` when it enters the pile and again when the pile is shuffled (a shuffled card
 * is back in the pile's posture, as a peeked card is after a physical shuffle).
 */

/**
 * Face visibility of a pile's cards when `visibleTo` is not given.
 *
 * @example
 * ```ts
 * VISIBILITY_DEFAULTS.hand; // 'owner'
 * ```
 */
export const VISIBILITY_DEFAULTS: Readonly<Record<PileKind, Visibility>> = {
  deck: 'no-one',
  bag: 'no-one',
  hand: 'owner',
  spread: 'anyone',
};

/**
 * What one seat may see of one pile: the cards whose face it may see, by id with their position
 * (0 is the top), and the rest as a count only.
 *
 * @example
 * ```ts
 * const hand = table.view('b').piles.find((p) => p.id === 'handA');
 * console.log(`${hand?.hidden} cards b cannot see`);
 * ```
 */
export interface PileView {
  id: string;
  name: string;
  kind: PileKind;
  owner: string | null;
  zone: string | null;
  count: number;
  visible: { id: string; position: number }[];
  hidden: number;
  /** The seat searching this pile, which is public (the log says so); never what it sees. */
  searchedBy: string | null;
}

/**
 * What one seat may see of the whole table, pile by pile in the order they were added. Safe to
 * send to that seat as it is.
 *
 * @example
 * ```ts
 * const { piles } = table.view('b');
 * for (const p of piles) console.log(p.id, p.visible.map((c) => c.id), `+${p.hidden} face down`);
 * ```
 */
export interface TableView {
  seat: string;
  piles: PileView[];
}

/** Checks a `visibleTo` option and returns it in its stored form. */
export function checkVisibility(state: TableState, value: unknown): Visibility {
  if (Array.isArray(value)) {
    const seats: string[] = [];
    for (const s of value) {
      requireSeat(state, s);
      if (!seats.includes(s)) seats.push(s);
    }
    return seats;
  }
  const named = ['no-one', 'owner', 'host', 'owner-and-host', 'anyone'] as const;
  if (!named.includes(value as (typeof named)[number])) {
    throw new StoryletError(
      'table/invalid-option',
      `visibleTo must be a list of seats or one of ${named.map((n) => JSON.stringify(n)).join(', ')}; got ${JSON.stringify(value)}`,
      { option: 'visibleTo', value },
    );
  }
  return value as Visibility;
}

/** The seats a pile's `visibleTo` means, in table seat order. */
export function faceSeats(state: TableState, pile: Pick<PileState, 'visibleTo' | 'owner'>): string[] {
  const v = pile.visibleTo;
  if (typeof v !== 'string') return state.seats.filter((s) => v.includes(s));
  return audienceSeats(state, v, pile.owner);
}

/** Puts every card of the pile back to the pile's face visibility. */
export function resetFaces(state: TableState, pile: PileState): void {
  const seats = faceSeats(state, pile);
  for (const card of pile.cards) card.faces = [...seats];
}

/** True when every seat may see this card's face: only then may public output name it. */
export function isPublic(state: TableState, faces: readonly string[]): boolean {
  return state.seats.every((s) => faces.includes(s));
}

export function viewFor(state: TableState, seat: string): TableView {
  requireSeat(state, seat);
  return {
    seat,
    piles: state.piles.map((pile) => {
      const visible: PileView['visible'] = [];
      pile.cards.forEach((card, position) => {
        if (card.faces.includes(seat)) visible.push({ id: card.id, position });
      });
      return {
        id: pile.id,
        name: pile.name,
        kind: pile.kind,
        owner: pile.owner,
        zone: pile.zone,
        count: pile.cards.length,
        visible,
        hidden: pile.cards.length - visible.length,
        searchedBy: state.sessions.find((s) => s.pile === pile.id)?.seat ?? null,
      };
    }),
  };
}

/** Lets more seats see a card's face. `'anyone'` means every seat. */
export function reveal(state: TableState, cardId: string, to: readonly string[] | 'anyone'): TableEvent[] {
  const at = requireCard(state, cardId);
  const seats = to === 'anyone' ? [...state.seats] : checkSeatList(state, to, 'to');
  const card = at.pile.cards[at.index]!;
  card.faces = state.seats.filter((s) => card.faces.includes(s) || seats.includes(s));
  const event: TableEvent = { type: 'revealed', pile: at.pile.id, to: state.seats.filter((s) => seats.includes(s)) };
  if (isPublic(state, card.faces)) event.card = card.id;
  return [event];
}

/** Stops seats (all of them when `from` is omitted) from seeing a card's face. */
export function hide(state: TableState, cardId: string, from?: readonly string[]): TableEvent[] {
  const at = requireCard(state, cardId);
  const seats = from === undefined ? [...state.seats] : checkSeatList(state, from, 'from');
  const card = at.pile.cards[at.index]!;
  card.faces = card.faces.filter((s) => !seats.includes(s));
  return [{ type: 'hidden', pile: at.pile.id, from: state.seats.filter((s) => seats.includes(s)) }];
}

function requireCard(state: TableState, cardId: unknown): { pile: PileState; index: number } {
  const at = typeof cardId === 'string' ? locate(state, cardId) : undefined;
  if (!at) {
    // Not `unknownId`: listing the known cards would name hidden ones in an error message.
    throw new StoryletError('table/unknown-card', `no card ${JSON.stringify(cardId)} is on the table`, { id: cardId });
  }
  return at;
}

function checkSeatList(state: TableState, seats: unknown, option: string): string[] {
  if (!Array.isArray(seats)) {
    throw new StoryletError('table/invalid-option', `${option} must be a list of seats or 'anyone'`, { option, value: seats });
  }
  for (const s of seats) requireSeat(state, s);
  return seats as string[];
}
