/**
 * `storyletengine/mtg/net`: networked play (issue 16, docs/mtg/network.md). The wire protocol,
 * the server and the client. This entry is the only one that imports `ws` (an optional peer
 * dependency, loaded when a server or client starts): `storyletengine/mtg` never does.
 *
 * @packageDocumentation
 * @module storyletengine/mtg/net
 */
export {
  CLIENT_TYPES,
  frame,
  MAX_DECK_CHARS,
  MAX_FRAME_BYTES,
  NetError,
  parseClientMessage,
  parseServerMessage,
  PROTOCOL_VERSION,
  SERVER_TYPES,
} from './protocol.js';
export type * from './protocol.js';
export { connectToServer } from './client.js';
export type { ConnectOptions, ConnectResult } from './client.js';
export type { SessionResult } from './session.js';
export type { Verbosity } from '../cli/log.js';
export { startServer, statsLine } from './server.js';
export type { RunningServer, ServerOptions, ServerStats } from './server.js';
