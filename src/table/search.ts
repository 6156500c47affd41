import { describeValue, StoryletError } from '../core/errors.js';
import type { Rng } from '../core/random.js';
import { insertionIndex, notInPile, relocate, shufflePile } from './piles.js';
import { requireSearchable, resolvePolicy } from './policy.js';
import { requirePile, requireSeat } from './state.js';
import type { TableEvent } from './log.js';
import type { Position } from './piles.js';
import type { SessionEnd, SessionState, TableState } from './state.js';

/**
 * Private deck and bag search as state transitions. Every function checks everything before it
 * changes anything, and returns the public events it caused; none of those events names a card.
 */

/**
 * A session never closed ends on its own this long after it opened (reference: five minutes).
 *
 * @example
 * ```ts
 * table.openSearch('a', 'lib');
 * table.advance(SEARCH_TIMEOUT_MS); // the search expires, with the same effects as close
 * ```
 */
export const SEARCH_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * Opens a search, or returns null when the seat may not search this pile. The refusal changes
 * nothing and causes no event: announcing an attempt would leak the intent search protects.
 */
export function openSession(state: TableState, seat: string, pileId: string, now: number): { session: SessionState; events: TableEvent[] } | null {
  requireSeat(state, seat);
  const pile = requirePile(state, pileId);
  requireSearchable(pile);
  if (!resolvePolicy(state, pile.id).search.seats.includes(seat)) return null;
  // Checked after permission, so a seat that may not search gets null whatever else is going on.
  if (state.sessions.some((s) => s.pile === pile.id)) {
    throw new StoryletError('table/search-busy', `pile ${describeValue(pile.id)} is already being searched; wait for that search to end`, {
      pile: pile.id,
    });
  }
  const session: SessionState = {
    id: `search-${state.nextSession}`,
    seat,
    pile: pile.id,
    openedAt: now,
    expiresAt: now + SEARCH_TIMEOUT_MS,
  };
  state.nextSession += 1;
  state.sessions.push(session);
  return { session, events: [{ type: 'search-opened', pile: pile.id, seat, count: pile.cards.length }] };
}

/** The open session with this id, or a `table/session-closed` / `table/session-expired` error. */
export function requireOpen(state: TableState, sessionId: string): SessionState {
  const open = state.sessions.find((s) => s.id === sessionId);
  if (open) return open;
  const how: SessionEnd = state.ended.find((e) => e.id === sessionId)?.how ?? 'closed';
  throw new StoryletError(
    how === 'expired' ? 'table/session-expired' : 'table/session-closed',
    how === 'expired'
      ? `search ${sessionId} expired after ${SEARCH_TIMEOUT_MS / 60000} minutes; open a new one`
      : `search ${sessionId} is closed; open a new one`,
    { session: sessionId },
  );
}

/** Takes one card out of the searched pile into another pile. */
export function takeCard(state: TableState, sessionId: string, cardId: string, toId: string, position: Position = 'top'): TableEvent[] {
  const session = requireOpen(state, sessionId);
  const pile = requirePile(state, session.pile);
  const to = requirePile(state, toId);
  if (to === pile) {
    throw new StoryletError('table/same-pile', `a search takes a card out of ${describeValue(pile.id)}: name another pile`, {
      pile: pile.id,
    });
  }
  const index = typeof cardId === 'string' ? pile.cards.findIndex((c) => c.id === cardId) : -1;
  if (index < 0) throw notInPile(cardId, pile.id);
  const at = insertionIndex(position, to.cards.length);
  relocate(state, pile, index, to, at);
  return [{ type: 'search-pulled', pile: pile.id, seat: session.seat, to: to.id }];
}

/**
 * Ends a session (closed by the searcher or expired) and applies after-search: a shuffle is done
 * by the host with the table's stream and logged as an ordinary `shuffled` line.
 */
export function endSession(state: TableState, rng: Rng, sessionId: string, how: SessionEnd): TableEvent[] {
  const session = requireOpen(state, sessionId);
  const policy = resolvePolicy(state, session.pile);
  state.sessions = state.sessions.filter((s) => s !== session);
  state.ended.push({ id: session.id, how });
  const events: TableEvent[] = [{ type: 'search-closed', pile: session.pile, seat: session.seat, how }];
  if (policy.afterSearch.value === 'shuffle') events.push(...shufflePile(state, rng, session.pile, state.host));
  return events;
}

/** Expires, oldest first, every session whose time is up at `now`. */
export function expireDue(state: TableState, rng: Rng, now: number): TableEvent[] {
  const events: TableEvent[] = [];
  for (const session of [...state.sessions]) {
    if (now >= session.expiresAt) events.push(...endSession(state, rng, session.id, 'expired'));
  }
  return events;
}
