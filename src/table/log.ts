import type { PileState, SessionEnd, TableState } from './state.js';

/**
 * The public table event stream: what every seat, mod and script may know. A search event
 * never carries a card: it names the pile, the searcher and (for a take) where the card went.
 * A `moved` or `revealed` event names its card only when every seat may see that card's face
 * before or after, so the stream never says more than the table already shows.
 *
 * @example
 * ```ts
 * table.on('event', (e) => { if (e.type === 'search-opened') console.log(`${e.seat} searches ${e.pile}`); });
 * ```
 */
export type TableEvent =
  | { type: 'search-opened'; pile: string; seat: string; count: number }
  | { type: 'search-pulled'; pile: string; seat: string; to: string }
  | { type: 'search-closed'; pile: string; seat: string; how: SessionEnd }
  | { type: 'shuffled'; pile: string; by: string }
  | { type: 'moved'; how: 'move' | 'draw'; from: string; to: string; card?: string }
  | { type: 'revealed'; pile: string; to: string[]; card?: string }
  | { type: 'hidden'; pile: string; from: string[] };

/**
 * The search events, which are also what a pile's script hooks receive.
 *
 * @example
 * ```ts
 * table.pile('lib').onSearchClosed((e: SearchEvent) => console.log(e.type, e.pile, e.seat));
 * ```
 */
export type SearchEvent = Extract<TableEvent, { type: 'search-opened' | 'search-pulled' | 'search-closed' }>;

/** One line of the public log for an event, using the piles' display names. */
export function logLine(state: TableState, event: TableEvent): string {
  const name = (id: string): string => pileName(state.piles, id);
  switch (event.type) {
    case 'search-opened':
      return `${event.seat} opened a search of ${name(event.pile)} (${cardsCount(event.count)})`;
    case 'search-pulled':
      return `${event.seat} took a card from ${name(event.pile)} into ${name(event.to)}`;
    case 'search-closed':
      return event.how === 'closed' ? `${event.seat} closed the search of ${name(event.pile)}` : `the search of ${name(event.pile)} by ${event.seat} expired`;
    case 'shuffled':
      return `${event.by} shuffled ${name(event.pile)}`;
    case 'moved': {
      const what = event.card ?? 'a card';
      const verb = event.how === 'draw' ? 'was drawn' : 'moved';
      return `${what} ${verb} from ${name(event.from)} to ${name(event.to)}`;
    }
    case 'revealed':
      return `${event.card ?? 'a card'} in ${name(event.pile)} was revealed to ${event.to.join(', ')}`;
    case 'hidden':
      return `a card in ${name(event.pile)} was hidden from ${event.from.join(', ')}`;
  }
}

function pileName(piles: readonly PileState[], id: string): string {
  return piles.find((p) => p.id === id)?.name ?? id;
}

function cardsCount(n: number): string {
  return n === 1 ? '1 card' : `${n} cards`;
}
