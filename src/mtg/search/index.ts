/**
 * The searching AI (issue 19): the `search` controller for full games and the model it searches,
 * a determinization of the game from what its seat may know. See docs/mtg/search.md.
 */
export { determinize, seatModel } from './determinize.js';
export type { DeterminizeOptions } from './determinize.js';
export { searchSeat, searchBudget, DEFAULT_PLAYOUTS, SEARCH_TUNING } from './controller.js';
export type { SearchBudget, SearchReport, SearchSeat, SearchSpecFields, SearchStats, SearchTuning } from './controller.js';
export { candidates, SEARCHED_KINDS, MAX_CANDIDATES } from './candidates.js';
export { playout } from './playout.js';
export type { Horizon, PlayoutResult, PlayoutSetup } from './playout.js';
export { scoreFor } from './score.js';
