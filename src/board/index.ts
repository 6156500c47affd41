/**
 * The Board: a development page, served on localhost, that plays a content folder and shows why
 * each card did or did not come up. `storyletengine board <dir>` starts it; `startBoard` does the
 * same from code (a test harness, a game's dev server).
 *
 * @example
 * ```ts
 * import { startBoard } from 'storyletengine/board';
 * const board = await startBoard({ dir: 'content', port: 0 });
 * console.log(board.url);
 * ```
 *
 * @packageDocumentation
 * @module storyletengine/board
 */
export { startBoard } from './server.js';
export type { Board, BoardOptions } from './server.js';
export type {
  ActionRequest,
  ActionResponse,
  BoardState,
  ContentStatus,
  LiveMessage,
  WireBox,
  WireCard,
  WireDiagnostic,
  WireHand,
  WireInstance,
  WireTrace,
  WireTraceCard,
  WireValue,
  WireWorld,
} from './client/protocol.js';
