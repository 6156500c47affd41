import { describeValue, StoryletError } from '../core/errors.js';
import type { Rng } from '../core/random.js';
import { isSearchable } from './policy.js';
import { AFTERS, AUDIENCES, locate, PILE_KINDS, requireId, requireOneOf, requirePile, requireSeat, requireZone } from './state.js';
import { checkVisibility, faceSeats, isPublic, resetFaces, VISIBILITY_DEFAULTS } from './visibility.js';
import type { TableEvent } from './log.js';
import type { After, Audience, CardState, PileKind, PileState, TableState, Visibility } from './state.js';

/**
 * A pile as authored.
 *
 * @example
 * ```ts
 * table.addPile({ id: 'lib', name: "a's library", kind: 'deck', owner: 'a', zone: 'areaA', cards: ['c1', 'c2'] });
 * ```
 */
export interface PileOptions {
  id: string;
  kind: PileKind;
  /** What the public log calls it; defaults to the id. */
  name?: string;
  /** The owning seat; an unowned pile has no owner-seat audience at all. */
  owner?: string;
  /** The smallest area zone containing the pile. */
  zone?: string;
  /** Who may search it (decks and bags only). */
  search?: Audience;
  /** What happens to the rest when a search ends (decks and bags only). */
  afterSearch?: After;
  /** Who sees its cards' faces; defaults by kind: decks and bags no one, hands their owner, spreads anyone. */
  visibleTo?: Visibility;
  /** The cards, top first. A card id may be on the table only once. */
  cards?: readonly string[];
}

/**
 * Where a card goes in its new pile: `'top'` (index 0), `'bottom'`, or an index from the top
 * counted in the destination as it is without the moving card.
 *
 * @example
 * ```ts
 * table.move('c1', 'handA', 'lib', 'bottom');
 * ```
 */
export type Position = 'top' | 'bottom' | number;

export function addPile(state: TableState, options: PileOptions): void {
  if (options === null || typeof options !== 'object') {
    throw new StoryletError('table/invalid-option', 'addPile takes an options object', { value: options });
  }
  const id = requireId('pile id', options.id);
  const kind = requireOneOf('pile kind', options.kind, PILE_KINDS);
  const name = options.name === undefined ? id : requireId('pile name', options.name);
  const owner = options.owner === undefined ? null : requireSeat(state, options.owner);
  const zone = options.zone === undefined ? null : requireZone(state, options.zone).id;
  const search = options.search === undefined ? 'not-set' : requireOneOf('search', options.search, AUDIENCES);
  const afterSearch = options.afterSearch === undefined ? 'not-set' : requireOneOf('afterSearch', options.afterSearch, AFTERS);
  if (!isSearchable(kind) && (search !== 'not-set' || afterSearch !== 'not-set')) {
    throw new StoryletError('table/not-searchable', `pile ${describeValue(id)} is a ${kind}; only decks and bags take \`search\` and \`afterSearch\``, {
      pile: id,
      kind,
    });
  }
  const visibleTo = options.visibleTo === undefined ? VISIBILITY_DEFAULTS[kind] : checkVisibility(state, options.visibleTo);
  const cards = options.cards ?? [];
  if (!Array.isArray(cards)) {
    throw new StoryletError('table/invalid-option', `pile ${describeValue(id)}: cards must be a list of ids`, { pile: id });
  }
  const seen = new Set<string>();
  for (const c of cards) {
    requireId('card id', c);
    if (seen.has(c) || locate(state, c)) {
      throw new StoryletError('table/duplicate-id', `card ${describeValue(c)} is already on the table`, { id: c });
    }
    seen.add(c);
  }
  if (state.piles.some((p) => p.id === id)) {
    throw new StoryletError('table/duplicate-id', `there is already a pile ${describeValue(id)}`, { id });
  }

  const pile: PileState = { id, name, kind, owner, zone, search, afterSearch, visibleTo, cards: [] };
  const faces = faceSeats(state, pile);
  pile.cards = cards.map((c) => ({ id: c, faces: [...faces] }));
  state.piles.push(pile);
}

/**
 * Moves one card between piles (or within one). The card takes its new pile's face visibility.
 * Everything is checked before anything changes.
 */
export function moveCard(
  state: TableState,
  cardId: string,
  fromId: string,
  toId: string,
  position: Position = 'top',
  how: 'move' | 'draw' = 'move',
): TableEvent[] {
  const from = requirePile(state, fromId);
  const to = requirePile(state, toId);
  const index = from.cards.findIndex((c) => c.id === cardId);
  if (typeof cardId !== 'string' || index < 0) throw notInPile(cardId, from.id);
  const at = insertionIndex(position, to.cards.length - (from === to ? 1 : 0));
  return [transfer(state, from, index, to, at, how)];
}

/**
 * Draws from a pile into another: the top card of a deck, hand or spread; a random card of a bag
 * (with the table's seeded stream). Returns the card, or null (and changes nothing) when the pile
 * is empty.
 */
export function drawCard(state: TableState, rng: Rng, fromId: string, toId: string, position: Position = 'top'): { card: string | null; events: TableEvent[] } {
  const from = requirePile(state, fromId);
  const to = requirePile(state, toId);
  const at = insertionIndex(position, to.cards.length - (from === to ? 1 : 0));
  if (from.cards.length === 0) return { card: null, events: [] };
  const index = from.kind === 'bag' ? rng.int(from.cards.length) : 0;
  const card = from.cards[index]!.id;
  return { card, events: [transfer(state, from, index, to, at, 'draw')] };
}

/** Shuffles a pile with the table's stream; every card goes back to the pile's face visibility. */
export function shufflePile(state: TableState, rng: Rng, pileId: string, by: string): TableEvent[] {
  const pile = requirePile(state, pileId);
  requireSeat(state, by);
  rng.shuffle(pile.cards);
  resetFaces(state, pile);
  return [{ type: 'shuffled', pile: pile.id, by }];
}

/** The index a {@link Position} means in a pile of `length` cards; throws `table/bad-position`. */
export function insertionIndex(position: unknown, length: number): number {
  if (position === 'top') return 0;
  if (position === 'bottom') return length;
  if (typeof position === 'number' && Number.isInteger(position) && position >= 0 && position <= length) return position;
  throw new StoryletError('table/bad-position', `position must be 'top', 'bottom' or a whole number from 0 to ${length}; got ${describeValue(position)}`, {
    position,
    length,
  });
}

export function notInPile(cardId: unknown, pileId: string): StoryletError {
  // Deliberately does not list the pile's cards: the message may reach someone who may not see them.
  return new StoryletError('table/not-in-pile', `card ${describeValue(cardId)} is not in pile ${describeValue(pileId)}`, {
    id: cardId,
    pile: pileId,
  });
}

/** Takes the card at `index` out of `from` and puts it at `at` in `to`, already checked. */
function transfer(state: TableState, from: PileState, index: number, to: PileState, at: number, how: 'move' | 'draw'): TableEvent {
  const wasPublic = isPublic(state, from.cards[index]!.faces);
  const card = relocate(state, from, index, to, at);
  const event: TableEvent = { type: 'moved', how, from: from.id, to: to.id };
  if (wasPublic || isPublic(state, card.faces)) event.card = card.id;
  return event;
}

/**
 * The one place a card changes pile: out of `from` at `index`, into `to` at `at`, with the new
 * pile's face visibility. Callers check everything first.
 */
export function relocate(state: TableState, from: PileState, index: number, to: PileState, at: number): CardState {
  const [card] = from.cards.splice(index, 1);
  card!.faces = faceSeats(state, to);
  to.cards.splice(at, 0, card!);
  return card!;
}
