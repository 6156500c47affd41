import { StoryletError, unknownId } from '../core/errors.js';

/**
 * The table's whole state as plain JSON: what a snapshot holds and what every operation in this
 * folder reads and writes. Nothing here knows about clocks, emitters or session handles; those
 * live in the wrapper (`table.ts`).
 */

/**
 * Who may search a pile (authored on piles and on area zones). `not-set` falls through to the
 * zone, then to the kind default.
 *
 * @example
 * ```ts
 * table.addPile({ id: 'lib', kind: 'deck', owner: 'a', search: 'owner' });
 * ```
 */
export type Audience = 'not-set' | 'no-one' | 'owner' | 'host' | 'owner-and-host' | 'anyone';

/**
 * What happens to the rest of a pile when a search of it ends. `not-set` falls through to the
 * default, `shuffle`.
 *
 * @example
 * ```ts
 * table.addPile({ id: 'discard', kind: 'deck', afterSearch: 'keep-order' });
 * ```
 */
export type After = 'not-set' | 'shuffle' | 'keep-order';

/**
 * What a pile is for. `deck` is ordered and drawn from the top; `bag` is drawn at random by
 * design; `hand` is held by its owner; `spread` is laid out face up. Only decks and bags can be
 * searched.
 *
 * @example
 * ```ts
 * table.addPile({ id: 'tokens', kind: 'bag', cards: ['t1', 't2'] });
 * ```
 */
export type PileKind = 'deck' | 'bag' | 'hand' | 'spread';

/**
 * Which seats see a card's face: a named audience (resolved against the pile's owner and the
 * table's host) or an explicit list of seats.
 *
 * @example
 * ```ts
 * table.addPile({ id: 'shared', kind: 'spread', visibleTo: ['a', 'b'] });
 * ```
 */
export type Visibility = 'no-one' | 'owner' | 'host' | 'owner-and-host' | 'anyone' | readonly string[];

/**
 * A card where it lies, in a snapshot: its id and the seats that may see its face, in seat order.
 *
 * @example
 * ```ts
 * const faceUp = table.snapshot().state.piles[0]?.cards.filter((c) => c.faces.length > 0);
 * ```
 */
export interface CardState {
  id: string;
  faces: string[];
}

/**
 * An area zone, in a snapshot.
 *
 * @example
 * ```ts
 * const zones = table.snapshot().state.zones.map((z) => `${z.id} in ${z.within ?? 'the table'}`);
 * ```
 */
export interface ZoneState {
  id: string;
  kind: 'area';
  /** The area zone this one sits inside, or null at the top. */
  within: string | null;
  search: Audience;
}

/**
 * A pile, in a snapshot: its authored settings and its cards in true order.
 *
 * @example
 * ```ts
 * const sizes = table.snapshot().state.piles.map((p) => [p.id, p.cards.length]);
 * ```
 */
export interface PileState {
  id: string;
  /** What the public log calls the pile. */
  name: string;
  kind: PileKind;
  owner: string | null;
  /** The smallest area zone containing the pile, or null. */
  zone: string | null;
  search: Audience;
  afterSearch: After;
  /** The face visibility a card gets when it enters the pile or the pile is shuffled. */
  visibleTo: Visibility;
  /** Top first: index 0 is the top of the pile. */
  cards: CardState[];
}

/**
 * An open search, in a snapshot.
 *
 * @example
 * ```ts
 * const searching = table.snapshot().state.sessions.map((s) => `${s.seat} searches ${s.pile}`);
 * ```
 */
export interface SessionState {
  id: string;
  seat: string;
  pile: string;
  openedAt: number;
  expiresAt: number;
}

/**
 * How a search ended: closed by its searcher, or expired on the clock.
 *
 * @example
 * ```ts
 * table.on('event', (e) => { if (e.type === 'search-closed' && e.how === 'expired') console.log('timed out'); });
 * ```
 */
export type SessionEnd = 'closed' | 'expired';

/**
 * The whole table as plain JSON, inside a `TableSnapshot`. Holds hidden information.
 *
 * @example
 * ```ts
 * const { state } = table.snapshot();
 * console.log(state.log.length, state.sessions.length);
 * ```
 */
export interface TableState {
  seed: string;
  host: string;
  seats: string[];
  /** The logical clock in milliseconds, used when the table was created without `now`. */
  clock: number;
  zones: ZoneState[];
  piles: PileState[];
  /** Open sessions, oldest first (the order expiry applies them in). */
  sessions: SessionState[];
  /** How every session that is no longer open ended, so a late call gets the right error. */
  ended: { id: string; how: SessionEnd }[];
  nextSession: number;
  /** The public table log. */
  log: string[];
}

/** Only decks and bags can be searched (reference: "those two kinds only"). */
export const SEARCHABLE: readonly PileKind[] = ['deck', 'bag'];
export const PILE_KINDS: readonly PileKind[] = ['deck', 'bag', 'hand', 'spread'];
export const AUDIENCES: readonly Audience[] = ['not-set', 'no-one', 'owner', 'host', 'owner-and-host', 'anyone'];
export const AFTERS: readonly After[] = ['not-set', 'shuffle', 'keep-order'];

export function requireSeat(state: TableState, seat: unknown): string {
  if (typeof seat !== 'string' || !state.seats.includes(seat)) unknownId('table/unknown-seat', 'seat', seat, state.seats);
  return seat;
}

export function requirePile(state: TableState, id: unknown): PileState {
  const pile = typeof id === 'string' ? state.piles.find((p) => p.id === id) : undefined;
  if (!pile)
    unknownId(
      'table/unknown-pile',
      'pile',
      id,
      state.piles.map((p) => p.id),
    );
  return pile;
}

export function requireZone(state: TableState, id: unknown): ZoneState {
  const zone = typeof id === 'string' ? state.zones.find((z) => z.id === id) : undefined;
  if (!zone)
    unknownId(
      'table/unknown-zone',
      'zone',
      id,
      state.zones.map((z) => z.id),
    );
  return zone;
}

/** Throws `table/invalid-option` unless `value` is a non-empty string. */
export function requireId(what: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') {
    throw new StoryletError('table/invalid-option', `${what} must be a non-empty string, got ${JSON.stringify(value)}`, {
      option: what,
      value,
    });
  }
  return value;
}

/** Throws `table/invalid-option` unless `value` is one of `allowed`. */
export function requireOneOf<T extends string>(what: string, value: unknown, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) {
    throw new StoryletError(
      'table/invalid-option',
      `${what} must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}; got ${JSON.stringify(value)}`,
      { option: what, value, allowed: [...allowed] },
    );
  }
  return value as T;
}

/** The pile a card is in, and where, or undefined when the card is not on the table. */
export function locate(state: TableState, cardId: string): { pile: PileState; index: number } | undefined {
  for (const pile of state.piles) {
    const index = pile.cards.findIndex((c) => c.id === cardId);
    if (index >= 0) return { pile, index };
  }
  return undefined;
}
