/**
 * The wire of networked play (issue 16, docs/mtg/network.md "The wire"): protocol v1. One
 * WebSocket per client, text frames, each one JSON object `{ "v": 1, "type": ..., ... }`. Every
 * frame is validated at the boundary against a JSON Schema (ajv) before anything reads it: a
 * frame that is not JSON, not an object, of another version, of an unknown type, with a missing,
 * extra or ill-typed field, or larger than {@link MAX_FRAME_BYTES}, is a {@link NetError} with a
 * stable code, and the reader answers it with an `Error` message (the connection goes on).
 *
 * The engine's records (sync entries, asks, answers, the public configuration) cross as the
 * engine makes them (src/mtg/engine/replica/sync.ts and host.ts): they are already public by
 * construction, so the wire types here name their shapes and the schemas check them.
 */
import Ajv from 'ajv';
import { StoryletError } from '../../core/errors.js';
import { echo } from './limits.js';
import type { ChoiceKind, Seat } from '../engine/choice.js';
import type { Ask, PublicConfigJson, SeatCheck, WireAnswer } from '../engine/replica/host.js';
import type { SyncEntry, WireAction } from '../engine/replica/sync.js';

/** The protocol's version: every frame carries it as `v`; a frame of another version is refused (`net/version`). */
export const PROTOCOL_VERSION = 1;

/** The largest frame the server accepts from a client, in bytes of its UTF-8 text (64 KiB): larger is `net/too-large`. */
export const MAX_FRAME_BYTES = 64 * 1024;
/**
 * The largest frame a client accepts from the server (16 MiB, its socket's `maxPayload`): the
 * server's frames carry what the server bounds (decks of at most 250 cards, a game list of at most
 * 100 games), so a client limit is for a misbehaving server, and must not refuse an honest one.
 */
export const MAX_SERVER_FRAME_BYTES = 16 * 1024 * 1024;

/** The largest deck file text `SetDeck` carries, in characters (64 KiB). */
export const MAX_DECK_CHARS = 64 * 1024;

/**
 * The stable codes of {@link NetError}: what was wrong with a frame or a request.
 *
 * - `net/bad-json`: the frame is not JSON (or not a JSON object).
 * - `net/version`: the frame's `v` is not {@link PROTOCOL_VERSION}.
 * - `net/unknown-type`: no message has that `type`.
 * - `net/bad-message`: a field is missing, extra or of the wrong type (the message says which).
 * - `net/too-large`: the frame is over {@link MAX_FRAME_BYTES}.
 * - `net/refused`: a well-formed request the server will not do now (out of the lobby order, an answer when not asked, a full game, …).
 * - `net/name-taken`, `net/password`, `net/no-game`, `net/game-full`, `net/game-exists`, `net/seat-taken`, `net/bad-token`, `net/bad-deck`, `net/memory`: refusals with their own code.
 * - `net/shutdown`: the server is stopping (a `Fatal`).
 * - `net/closed`: the connection closed before the game ended (a client's own error).
 */
export type NetErrorCode =
  | 'net/bad-json'
  | 'net/version'
  | 'net/unknown-type'
  | 'net/bad-message'
  | 'net/too-large'
  | 'net/refused'
  | 'net/name-taken'
  | 'net/password'
  | 'net/no-game'
  | 'net/game-full'
  | 'net/game-exists'
  | 'net/seat-taken'
  | 'net/bad-token'
  | 'net/bad-deck'
  | 'net/memory'
  | 'net/shutdown'
  | 'net/closed';

/**
 * A frame or request refused by the protocol: a {@link StoryletError} whose `code` is one of
 * {@link NetErrorCode}. The server answers it with `Error {code, message}`.
 *
 * @example
 * ```ts
 * try {
 *   parseClientMessage('{"v":1,"type":"Dance"}');
 * } catch (e) {
 *   (e as NetError).code; // 'net/unknown-type'
 * }
 * ```
 */
export class NetError extends StoryletError {
  declare readonly code: NetErrorCode;
  constructor(code: NetErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(code, message, details);
  }
}

// ---------------------------------------------------------------------------------------------
// The engine's records as they cross (their homes are src/mtg/engine/replica/).

/** The checks that travel with every question and answer (`SeatCheck`, replica/host.ts). */
export type WireSeatCheck = SeatCheck;
/** The decision the golden waits for, as the deciding seat is asked it (`GoldenHost.ask()`). */
export type WireAsk = Ask;
/** A seat's answer (`ShadowFollower.decide(i)`): the option's index, its action by public ids, the shadow's checks. */
export type WireAnswerJson = WireAnswer;
/** The public configuration a shadow is made from (`GoldenHost.publicConfig()`): no seed. */
export type WirePublicConfig = PublicConfigJson;

// ---------------------------------------------------------------------------------------------
// Messages.

/** A message of type `T` with fields `F`, as it crosses: `v` and `type` first. */
export type Frame<T extends string, F = object> = { v: typeof PROTOCOL_VERSION; type: T } & F;

/** The client's first message: a user name unique on the server, and the server's password if it has one. */
export type RegisterMessage = Frame<'Register', { name: string; password?: string }>;
/** Takes back a seat whose socket closed (within 60 s) with the token `Registered` gave. */
export type ReconnectMessage = Frame<'Reconnect', { token: string }>;
/** Asks for the list of games (`Games`). */
export type ListGamesMessage = Frame<'ListGames'>;
/** Creates a game of that name and takes its seat p1. */
export type CreateGameMessage = Frame<'CreateGame', { game: string }>;
/** Joins a game by name, taking its free seat. */
export type JoinGameMessage = Frame<'JoinGame', { game: string }>;
/** The seat's deck: a `.dck` file's text (≤ 64 KiB) and its file name (for messages). */
export type SetDeckMessage = Frame<'SetDeck', { file: string; text: string }>;
/** Ready (or not) to start; the game starts when both seats have a deck and are ready. */
export type SetReadyMessage = Frame<'SetReady', { ready: boolean }>;
/** Leaves the game: before it starts, frees the seat; during it, forfeits. */
export type LeaveMessage = Frame<'Leave'>;
/** The answer to the last `Ask`. */
export type AnswerMessage = Frame<'Answer', { answer: WireAnswerJson }>;
/** The client's own check failed (its shadow disagrees with the Ask or a Sync): the game ends with a desync. */
export type DesyncMessage = Frame<'Desync', { message: string }>;
/** A bug report stored on the server (`--bug-dir`): free text, and the reproducer command if the client has one. */
export type BugReportMessage = Frame<'BugReport', { text: string; reproducer?: string }>;

/** What a client sends. */
export type ClientMessage =
  | RegisterMessage
  | ReconnectMessage
  | ListGamesMessage
  | CreateGameMessage
  | JoinGameMessage
  | SetDeckMessage
  | SetReadyMessage
  | LeaveMessage
  | AnswerMessage
  | DesyncMessage
  | BugReportMessage;

/** Sent on open: who the server is, its protocol version, whether Register needs a password, whether hashes travel (--network-debug). */
export type WelcomeMessage = Frame<'Welcome', { server: string; protocol: number; passwordRequired: boolean; networkDebug: boolean }>;
/**
 * The name is the client's; `token` takes its seat back after a dropped connection (Reconnect).
 * Answering a Reconnect, `history` is how many frames follow that are the seat's history sent
 * again (every frame the room sent the seat, in order), so the client knows where the replay ends.
 */
export type RegisteredMessage = Frame<'Registered', { name: string; token: string; history?: number }>;
/** One game of the list: its name, who sits in each seat, whether it has started. */
export type GameListing = { game: string; seats: [string | null, string | null]; started: boolean };
/** The list of games: those with a free seat first, each group in the order they were created, at most 100 (`more`: how many more there are). */
export type GamesMessage = Frame<'Games', { games: GameListing[]; more?: number }>;
/** The client sits in `seat` of `game`. */
export type JoinedMessage = Frame<'Joined', { game: string; seat: Seat }>;
/** The room changed: who sits, who has a deck, who is ready. */
export type LobbyMessage = Frame<'Lobby', { game: string; seats: [string | null, string | null]; decks: [boolean, boolean]; ready: [boolean, boolean] }>;
/** The game starts: the seat, both players' names, the public configuration for the shadow, and the seat's first sync entries. */
export type GameStartedMessage = Frame<'GameStarted', { game: string; seat: Seat; names: [string, string]; config: WirePublicConfig; entries: SyncEntry[] }>;
/** The seat's sync entries since the last frame that carried some. */
export type SyncMessage = Frame<'Sync', { entries: SyncEntry[] }>;
/** The seat is asked a decision (always after the Sync that brings it up to it). */
export type AskMessage = Frame<'Ask', { ask: WireAsk }>;
/** The server applied the seat's own answer `option` to decision `index`. */
export type ConfirmedMessage = Frame<'Confirmed', { index: number; option: number }>;
/** Why a game ended: the rules ended it, a seat's connection did not come back within 60 s, or a seat left. */
export type GameOverReason = 'game-over' | 'disconnected' | 'left';
/** The game is over: the winner's seat, or null for a draw. */
export type GameOverMessage = Frame<'GameOver', { winner: Seat | null; reason: GameOverReason }>;
/** A refusal: the connection and the game go on. */
export type ErrorMessage = Frame<'Error', { code: string; message: string }>;
/** The end of the game or the connection: `mtg/desync` (`FATAL ERROR: DESYNC DETECTED …`) or `net/shutdown`. */
export type FatalMessage = Frame<'Fatal', { code: string; message: string }>;
/** Something the user should know (the other seat dropped, the server is stopping). */
export type NoticeMessage = Frame<'Notice', { text: string }>;
/** The bug report is stored under that id. */
export type BugReportStoredMessage = Frame<'BugReportStored', { id: string }>;

/** What the server sends. */
export type ServerMessage =
  | WelcomeMessage
  | RegisteredMessage
  | GamesMessage
  | JoinedMessage
  | LobbyMessage
  | GameStartedMessage
  | SyncMessage
  | AskMessage
  | ConfirmedMessage
  | GameOverMessage
  | ErrorMessage
  | FatalMessage
  | NoticeMessage
  | BugReportStoredMessage;

/** Any message of the protocol. */
export type Message = ClientMessage | ServerMessage;

/** A message without its `v`, as {@link frame} takes it. */
export type Unversioned<M extends Message> = M extends Message ? Omit<M, 'v'> : never;

// ---------------------------------------------------------------------------------------------
// Schemas (JSON Schema draft-07, checked by ajv). Client messages are strict everywhere (no
// extra field: the server is the boundary a hostile client meets). Server messages are strict at
// the top; the engine's records inside (entries, asks, the configuration) must have their
// fields with their types, and may carry more, so a newer engine's extra field does not break
// an older client.

type Schema = Record<string, unknown>;

const int = (minimum = 0): Schema => ({ type: 'integer', minimum });
const str = (maxLength: number, minLength = 0): Schema => ({ type: 'string', minLength, maxLength });
const seat: Schema = { type: 'integer', enum: [0, 1] };
const pair = (item: Schema): Schema => ({ type: 'array', items: [item, item], minItems: 2, maxItems: 2, additionalItems: false });
const obj = (properties: Record<string, Schema>, required: string[], strict = true): Schema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: !strict,
});

const KINDS: readonly ChoiceKind[] = [
  'mulligan',
  'bottom',
  'priority',
  'targets',
  'mode',
  'x',
  'attackers',
  'blockers',
  'damage-order',
  'damage-assignment',
  'discard',
  'search',
  'order-triggers',
  'order-replacements',
  'yes-no',
  'pay',
  'choose',
];
const VERBS: readonly WireAction['verb'][] = [
  'pass',
  'done',
  'keep',
  'mulligan',
  'play',
  'cast',
  'activate',
  'attack',
  'block',
  'target',
  'choose',
  'yes',
  'no',
];

/**
 * The characters no client text the server logs or relays may hold: C0 and C1 controls, DEL, the
 * line and paragraph separators, the bidirectional overrides and isolates (a terminal obeys them:
 * they clear screens, set titles, forge log lines, reverse text).
 */
const CONTROLS = '\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
/** A user or game name: 1 to 40 printable characters, no spaces at either end. */
const NAME: Schema = { type: 'string', minLength: 1, maxLength: 40, pattern: `^[^\\s${CONTROLS}](?:[^${CONTROLS}]*[^\\s${CONTROLS}])?$` };
/** A deck file's name as `SetDeck` carries it: 1 to 200 printable characters (it is logged and named in reproducers). */
const FILE: Schema = { type: 'string', minLength: 1, maxLength: 200, pattern: `^[^${CONTROLS}]+$` };

const wireAction = (strict: boolean): Schema =>
  obj(
    {
      verb: { type: 'string', enum: VERBS },
      card: int(),
      attacker: int(),
      ability: int(),
      player: seat,
      defender: seat,
      text: str(200),
    },
    ['verb'],
    strict,
  );
const seatCheck = (strict: boolean): Schema =>
  obj({ options: int(), hands: pair(int()), libraries: pair(int()), hash: str(128, 1) }, ['options', 'hands', 'libraries'], strict);

const syncEntry: Schema = {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string', enum: ['reveal', 'random', 'decision'] } },
  oneOf: [
    obj(
      { type: { const: 'reveal' }, card: int(), inc: int(), name: str(200, 1), face: int(), pre: { const: true } },
      ['type', 'card', 'inc', 'name', 'face'],
      false,
    ),
    obj({ type: { const: 'random' }, n: int(1), value: int() }, ['type', 'n', 'value'], false),
    obj(
      {
        type: { const: 'decision' },
        index: int(),
        seat,
        kind: { type: 'string', enum: KINDS },
        action: wireAction(false),
        nth: int(),
        forced: { const: true },
        hash: str(128, 1),
      },
      ['type', 'index', 'seat', 'kind', 'action'],
      false,
    ),
  ],
};
const entries: Schema = { type: 'array', items: syncEntry };
const seatNames: Schema = pair({ type: ['string', 'null'] });
const publicConfig: Schema = obj(
  {
    decks: pair({ type: 'array', items: { type: 'string' } }),
    startingLife: int(1),
    first: seat,
    payment: pair({ type: 'string', enum: ['auto', 'ask'] }),
    explain: { type: 'boolean' },
    strict: { type: 'boolean' },
  },
  ['decks'],
  false,
);

/** Each message type's fields (besides `v` and `type`) and which are required. */
const CLIENT_FIELDS: Record<ClientMessage['type'], [Record<string, Schema>, string[]]> = {
  Register: [{ name: NAME, password: str(200) }, ['name']],
  Reconnect: [{ token: str(200, 1) }, ['token']],
  ListGames: [{}, []],
  CreateGame: [{ game: NAME }, ['game']],
  JoinGame: [{ game: NAME }, ['game']],
  SetDeck: [{ file: FILE, text: str(MAX_DECK_CHARS) }, ['file', 'text']],
  SetReady: [{ ready: { type: 'boolean' } }, ['ready']],
  Leave: [{}, []],
  Answer: [
    { answer: obj({ index: int(), option: int(), action: wireAction(true), nth: int(), check: seatCheck(true) }, ['index', 'option', 'action', 'check']) },
    ['answer'],
  ],
  Desync: [{ message: str(8192) }, ['message']],
  BugReport: [{ text: str(32 * 1024), reproducer: str(4096) }, ['text']],
};

const SERVER_FIELDS: Record<ServerMessage['type'], [Record<string, Schema>, string[]]> = {
  Welcome: [
    { server: { type: 'string' }, protocol: int(), passwordRequired: { type: 'boolean' }, networkDebug: { type: 'boolean' } },
    ['server', 'protocol', 'passwordRequired', 'networkDebug'],
  ],
  Registered: [{ name: { type: 'string' }, token: { type: 'string' }, history: int() }, ['name', 'token']],
  Games: [
    {
      games: { type: 'array', items: obj({ game: { type: 'string' }, seats: seatNames, started: { type: 'boolean' } }, ['game', 'seats', 'started']) },
      more: int(),
    },
    ['games'],
  ],
  Joined: [{ game: { type: 'string' }, seat }, ['game', 'seat']],
  Lobby: [
    { game: { type: 'string' }, seats: seatNames, decks: pair({ type: 'boolean' }), ready: pair({ type: 'boolean' }) },
    ['game', 'seats', 'decks', 'ready'],
  ],
  GameStarted: [
    { game: { type: 'string' }, seat, names: pair({ type: 'string' }), config: publicConfig, entries },
    ['game', 'seat', 'names', 'config', 'entries'],
  ],
  Sync: [{ entries }, ['entries']],
  Ask: [
    { ask: obj({ index: int(), seat, kind: { type: 'string', enum: KINDS }, check: seatCheck(false) }, ['index', 'seat', 'kind', 'check'], false) },
    ['ask'],
  ],
  Confirmed: [{ index: int(), option: int() }, ['index', 'option']],
  GameOver: [
    { winner: { type: ['integer', 'null'], enum: [0, 1, null] }, reason: { type: 'string', enum: ['game-over', 'disconnected', 'left'] } },
    ['winner', 'reason'],
  ],
  Error: [{ code: { type: 'string' }, message: { type: 'string' } }, ['code', 'message']],
  Fatal: [{ code: { type: 'string' }, message: { type: 'string' } }, ['code', 'message']],
  Notice: [{ text: { type: 'string' } }, ['text']],
  BugReportStored: [{ id: { type: 'string' } }, ['id']],
};

type Validator = ((data: unknown) => boolean) & {
  errors?: Array<{ dataPath: string; message?: string; params: Record<string, unknown>; keyword: string }> | null;
};

/** One compiled validator per message type: a frame is checked against the schema of its own type only, so the error names the right field. */
function compile(table: Record<string, [Record<string, Schema>, string[]]>): Map<string, Validator> {
  const ajv = new Ajv({ allErrors: false, jsonPointers: true });
  const out = new Map<string, Validator>();
  for (const [type, [fields, required]] of Object.entries(table)) {
    const schema = obj({ v: { const: PROTOCOL_VERSION }, type: { const: type }, ...fields }, ['v', 'type', ...required]);
    out.set(type, ajv.compile(schema) as Validator);
  }
  return out;
}

const CLIENT = compile(CLIENT_FIELDS);
const SERVER = compile(SERVER_FIELDS);

/** The types a client may send, in the protocol's order. */
export const CLIENT_TYPES = Object.keys(CLIENT_FIELDS) as readonly ClientMessage['type'][];
/** The types a server sends, in the protocol's order. */
export const SERVER_TYPES = Object.keys(SERVER_FIELDS) as readonly ServerMessage['type'][];

/** The first schema error as a sentence: which field, what was wrong. */
function describe(type: string, v: Validator): string {
  const e = v.errors?.[0];
  if (!e) return `${type}: invalid`;
  const at = e.dataPath === '' ? '' : ` at ${e.dataPath}`;
  if (e.keyword === 'additionalProperties')
    return `${type}${at}: unknown field ${JSON.stringify(e.params['additionalProperty'])} (a ${type} has only its documented fields)`;
  if (e.keyword === 'required') return `${type}${at}: missing field ${JSON.stringify(e.params['missingProperty'])}`;
  if (e.keyword === 'oneOf') return `${type}${at}: not a sync entry of a known shape (reveal, random or decision)`;
  return `${type}${at}: ${e.message ?? 'invalid'}`;
}

/** The UTF-8 byte length of `text` (the frame limits count bytes). */
function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    // 2 bytes below U+0800, 3 for the rest of the BMP; a surrogate pair (2 units) is 4 bytes.
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2;
      i++;
    } else n += 2;
  }
  return n;
}

function parseWith(text: string | Buffer | ArrayBuffer | Buffer[], table: Map<string, Validator>, who: 'client' | 'server'): Message {
  const raw =
    typeof text === 'string'
      ? text
      : Buffer.isBuffer(text)
        ? text.toString('utf8')
        : Array.isArray(text)
          ? Buffer.concat(text).toString('utf8')
          : Buffer.from(text).toString('utf8');
  // A string's UTF-8 length without Buffer, which a browser (the game page's session) lacks.
  const bytes = utf8Length(raw);
  const limit = who === 'client' ? MAX_FRAME_BYTES : MAX_SERVER_FRAME_BYTES;
  if (bytes > limit)
    throw new NetError(
      'net/too-large',
      who === 'client'
        ? `a frame of ${bytes} bytes is over the limit of ${MAX_FRAME_BYTES} bytes (64 KiB); send less (a deck file is at most 64 KiB)`
        : `the server sent a frame of ${bytes} bytes, over this client's limit of ${MAX_SERVER_FRAME_BYTES} bytes (16 MiB); the server is misbehaving: tell its operator`,
      { bytes },
    );
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    throw new NetError(
      'net/bad-json',
      `the frame is not JSON (${(error as Error).message}); each frame is one JSON object {"v":${PROTOCOL_VERSION},"type":...}`,
    );
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new NetError(
      'net/bad-json',
      `the frame is JSON but not an object (${Array.isArray(data) ? 'an array' : data === null ? 'null' : typeof data}); each frame is one JSON object {"v":${PROTOCOL_VERSION},"type":...}`,
    );
  const record = data as Record<string, unknown>;
  if (record['v'] !== PROTOCOL_VERSION)
    throw new NetError(
      'net/version',
      `the frame's protocol version is ${record['v'] === undefined ? 'missing' : echo(record['v'])}; this ${who === 'client' ? 'server' : 'client'} speaks version ${PROTOCOL_VERSION} (give "v":${PROTOCOL_VERSION})`,
      { version: typeof record['v'] === 'number' ? record['v'] : echo(record['v']) },
    );
  const type = record['type'];
  const validator = typeof type === 'string' ? table.get(type) : undefined;
  if (!validator) {
    const known = [...table.keys()].join(', ');
    // The sender's value is echoed cut and escaped: a refusal must not carry back (or log) whatever it was sent.
    throw new NetError('net/unknown-type', `no ${who} message has type ${type === undefined ? '(missing)' : echo(type)}; a ${who} sends ${known}`, {
      type: type === undefined ? undefined : echo(type),
    });
  }
  if (!validator(data)) throw new NetError('net/bad-message', describe(type as string, validator), { type });
  return data as Message;
}

/**
 * Reads one frame a client sent: the message, validated, or a {@link NetError} saying what was
 * wrong (`net/too-large`, `net/bad-json`, `net/version`, `net/unknown-type`, `net/bad-message`).
 *
 * @example
 * ```ts
 * parseClientMessage('{"v":1,"type":"Register","name":"ada"}'); // { v: 1, type: 'Register', name: 'ada' }
 * ```
 */
export function parseClientMessage(text: string | Buffer | ArrayBuffer | Buffer[]): ClientMessage {
  return parseWith(text, CLIENT, 'client') as ClientMessage;
}

/**
 * Reads one frame a server sent: the message, validated, or a {@link NetError} as
 * {@link parseClientMessage} gives.
 *
 * @example
 * ```ts
 * parseServerMessage('{"v":1,"type":"Notice","text":"hello"}').type; // 'Notice'
 * ```
 */
export function parseServerMessage(text: string | Buffer | ArrayBuffer | Buffer[]): ServerMessage {
  return parseWith(text, SERVER, 'server') as ServerMessage;
}

/**
 * A message as a frame's text: `v` added, JSON.
 *
 * @example
 * ```ts
 * frame({ type: 'ListGames' }); // '{"v":1,"type":"ListGames"}'
 * ```
 */
export function frame(message: Unversioned<Message>): string {
  return JSON.stringify({ v: PROTOCOL_VERSION, ...message });
}
