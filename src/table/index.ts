/**
 * The table layer: seats, area zones, piles with per-seat visibility, and private deck and bag
 * search. See docs/table-and-search.md for the model and its guarantees.
 *
 * @example
 * ```ts
 * import { createTable } from 'storyletengine';
 * const table = createTable({ seed: 's1', host: 'h', seats: ['h', 'a', 'b'] });
 * ```
 *
 * @packageDocumentation
 */
export { createTable } from './table.js';
export { SEARCH_TIMEOUT_MS } from './search.js';
export { AFTER_SEARCH_DEFAULT, SEARCH_DEFAULTS } from './policy.js';
export { VISIBILITY_DEFAULTS } from './visibility.js';
export type { PileHandle, SearchHook, SearchSession, SessionStatus, Table, TableOptions } from './table.js';
export type { PileOptions, Position } from './piles.js';
export type { ZoneOptions } from './zones.js';
export type { PolicySource, SearchPolicy } from './policy.js';
export type { PileView, TableView } from './visibility.js';
export type { SearchEvent, TableEvent } from './log.js';
export type { TableSnapshot } from './snapshot.js';
export type { After, Audience, CardState, PileKind, PileState, SessionEnd, SessionState, TableState, Visibility, ZoneState } from './state.js';
