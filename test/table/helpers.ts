import { expect } from 'vitest';
import { StoryletError } from '../../src/core/errors.js';
import { createTable } from '../../src/table/index.js';
import type { Table, TableEvent, TableOptions } from '../../src/table/index.js';

export const SEATS = ['h', 'a', 'b'] as const;

/** Distinctive ids, so a scan for them cannot match anything else the table prints. */
export const LIB = ['secret-card-1', 'secret-card-2', 'secret-card-3', 'secret-card-4', 'secret-card-5', 'secret-card-6', 'secret-card-7'];
export const BAG = ['bag-token-ruby', 'bag-token-jade', 'bag-token-onyx', 'bag-token-opal'];
/** Cards that look like names, to show names are kept out as well as ids. */
export const NAMED = ['Black Lotus', 'Demonic Tutor'];

/**
 * The table most tests use: seats h (host), a, b; a deck owned by a inside area zone areaA
 * (itself inside room); an unowned bag anyone may search; a hand for each seat; a face-up spread.
 */
export function standardTable(options: Partial<TableOptions> = {}): Table {
  const table = createTable({ seed: 'seed-1', host: 'h', seats: [...SEATS], ...options });
  table.addZone({ id: 'room', kind: 'area' });
  table.addZone({ id: 'areaA', kind: 'area', within: 'room' });
  table.addPile({ id: 'lib', name: 'Library of a', kind: 'deck', owner: 'a', zone: 'areaA', cards: [...LIB, ...NAMED] });
  table.addPile({ id: 'bag', name: 'Bag', kind: 'bag', search: 'anyone', cards: [...BAG] });
  table.addPile({ id: 'handA', name: 'Hand of a', kind: 'hand', owner: 'a' });
  table.addPile({ id: 'handB', name: 'Hand of b', kind: 'hand', owner: 'b' });
  table.addPile({ id: 'grave', name: 'Graveyard', kind: 'spread' });
  return table;
}

/** Everything public a table says, captured from the moment of the call. */
export interface Recorder {
  events: TableEvent[];
  hookArgs: unknown[];
  /** Every event, hook argument and log line as text, for scanning. */
  publicText(table: Table): string[];
}

export function record(table: Table, piles: readonly string[] = ['lib', 'bag']): Recorder {
  const events: TableEvent[] = [];
  const hookArgs: unknown[] = [];
  table.on('event', (e) => void events.push(e));
  for (const id of piles) {
    const pile = table.pile(id);
    pile.onSearched((e) => void hookArgs.push(e));
    pile.onSearchPulled((e) => void hookArgs.push(e));
    pile.onSearchClosed((e) => void hookArgs.push(e));
  }
  return {
    events,
    hookArgs,
    publicText: (t) => [...events.map((e) => JSON.stringify(e)), ...hookArgs.map((a) => JSON.stringify(a)), ...t.log],
  };
}

/** The card ids (of `ids`) that occur in `text`. */
export function mentioned(text: string, ids: readonly string[]): string[] {
  return ids.filter((id) => text.includes(id));
}

/** Runs `fn`, expects a StoryletError with `code`, and returns it. */
export function expectCode(fn: () => unknown, code: string): StoryletError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(StoryletError);
    expect((e as StoryletError).code).toBe(code);
    return e as StoryletError;
  }
  throw new Error(`expected ${code}, but nothing was thrown`);
}
