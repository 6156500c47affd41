// The wire protocol's boundary (src/mtg/net/protocol.ts): every message type parses, and every
// kind of bad frame is refused with its stable code, naming what was wrong.
import { describe, expect, it } from 'vitest';
import { importsOf, reach, REPO } from '../../support/imports.js';
import {
  CLIENT_TYPES,
  frame,
  MAX_FRAME_BYTES,
  NetError,
  parseClientMessage,
  parseServerMessage,
  PROTOCOL_VERSION,
  SERVER_TYPES,
  type ClientMessage,
  type ServerMessage,
  type Unversioned,
} from '../../../src/mtg/net/protocol.js';

const check = { options: 3, hands: [7, 7] as [number, number], libraries: [53, 53] as [number, number] };

const CLIENT: Unversioned<ClientMessage>[] = [
  { type: 'Register', name: 'ada', password: 'pw' },
  { type: 'Register', name: 'Ada Lovelace' },
  { type: 'Reconnect', token: 'abc' },
  { type: 'ListGames' },
  { type: 'CreateGame', game: 'g1' },
  { type: 'JoinGame', game: 'g1' },
  { type: 'SetDeck', file: 'a.dck', text: '[Main]\n20 Mountain\n' },
  { type: 'SetReady', ready: true },
  { type: 'Leave' },
  { type: 'Answer', answer: { index: 4, option: 1, action: { verb: 'cast', card: 12 }, check } },
  { type: 'Answer', answer: { index: 5, option: 0, action: { verb: 'choose', text: 'top', player: 1 }, nth: 1, check: { ...check, hash: 'ab12' } } },
  { type: 'Desync', message: 'DESYNC DETECTED: …' },
  { type: 'BugReport', text: 'it went wrong', reproducer: 'mtg tui a b --seed 3' },
];

const SERVER: Unversioned<ServerMessage>[] = [
  { type: 'Welcome', server: 'storyletengine mtg server', protocol: PROTOCOL_VERSION, passwordRequired: false, networkDebug: true },
  { type: 'Registered', name: 'ada', token: 't' },
  { type: 'Registered', name: 'ada', token: 't', history: 12 },
  { type: 'Games', games: [{ game: 'g1', seats: ['ada', null], started: false }] },
  { type: 'Joined', game: 'g1', seat: 0 },
  { type: 'Lobby', game: 'g1', seats: ['ada', 'bob'], decks: [true, false], ready: [false, false] },
  {
    type: 'GameStarted',
    game: 'g1',
    seat: 1,
    names: ['ada', 'bob'],
    config: { decks: [['Mountain'], ['Island']], startingLife: 20, explain: true },
    entries: [
      { type: 'reveal', card: 61, inc: 0, name: 'Island', face: 0 },
      { type: 'random', n: 2, value: 1 },
    ],
  },
  { type: 'Sync', entries: [{ type: 'decision', index: 0, seat: 0, kind: 'mulligan', action: { verb: 'keep' }, hash: 'ff' }] },
  { type: 'Ask', ask: { index: 1, seat: 1, kind: 'mulligan', check } },
  { type: 'Confirmed', index: 1, option: 0 },
  { type: 'GameOver', winner: null, reason: 'game-over' },
  { type: 'GameOver', winner: 1, reason: 'disconnected' },
  { type: 'Error', code: 'net/refused', message: 'no' },
  { type: 'Fatal', code: 'net/shutdown', message: 'the server is stopping' },
  { type: 'Notice', text: 'hello' },
  { type: 'BugReportStored', id: 'bug-1' },
];

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(NetError);
    return (error as NetError).code;
  }
  throw new Error('expected a NetError');
}

describe('protocol v1', () => {
  it('parses every message type both ways, as frame() writes it', () => {
    expect(new Set(CLIENT.map((m) => m.type))).toEqual(new Set(CLIENT_TYPES));
    expect(new Set(SERVER.map((m) => m.type))).toEqual(new Set(SERVER_TYPES));
    for (const m of CLIENT) expect(parseClientMessage(frame(m))).toEqual({ v: 1, ...m });
    for (const m of SERVER) expect(parseServerMessage(frame(m))).toEqual({ v: 1, ...m });
    // Buffers (what ws hands over) read the same.
    expect(parseClientMessage(Buffer.from(frame({ type: 'ListGames' })))).toEqual({ v: 1, type: 'ListGames' });
  });

  it('refuses frames that are not JSON objects: net/bad-json', () => {
    expect(code(() => parseClientMessage('{"v":1,'))).toBe('net/bad-json');
    expect(code(() => parseClientMessage('[1,2]'))).toBe('net/bad-json');
    expect(code(() => parseClientMessage('null'))).toBe('net/bad-json');
    expect(code(() => parseClientMessage('"Register"'))).toBe('net/bad-json');
  });

  it('refuses another protocol version: net/version', () => {
    expect(code(() => parseClientMessage('{"v":2,"type":"ListGames"}'))).toBe('net/version');
    expect(code(() => parseClientMessage('{"type":"ListGames"}'))).toBe('net/version');
    expect(code(() => parseServerMessage('{"v":"1","type":"Notice","text":"x"}'))).toBe('net/version');
  });

  it('refuses unknown types, and server types from a client: net/unknown-type', () => {
    expect(code(() => parseClientMessage('{"v":1,"type":"Dance"}'))).toBe('net/unknown-type');
    expect(code(() => parseClientMessage('{"v":1}'))).toBe('net/unknown-type');
    expect(code(() => parseClientMessage(frame({ type: 'Notice', text: 'x' })))).toBe('net/unknown-type');
    expect(code(() => parseServerMessage(frame({ type: 'ListGames' })))).toBe('net/unknown-type');
    // __proto__ and friends are not message types.
    expect(code(() => parseClientMessage('{"v":1,"type":"constructor"}'))).toBe('net/unknown-type');
  });

  it('refuses missing, extra and ill-typed fields, naming the field: net/bad-message', () => {
    const bad = (text: string): string => {
      try {
        parseClientMessage(text);
      } catch (error) {
        expect((error as NetError).code).toBe('net/bad-message');
        return (error as Error).message;
      }
      throw new Error(`accepted ${text}`);
    };
    expect(bad('{"v":1,"type":"Register"}')).toMatch(/missing field "name"/);
    expect(bad('{"v":1,"type":"Register","name":"ada","admin":true}')).toMatch(/unknown field "admin"/);
    expect(bad('{"v":1,"type":"Register","name":""}')).toMatch(/Register at \/name/);
    expect(bad('{"v":1,"type":"Register","name":" ada"}')).toMatch(/\/name/);
    expect(bad(`{"v":1,"type":"Register","name":"${'x'.repeat(41)}"}`)).toMatch(/\/name/);
    expect(bad('{"v":1,"type":"SetReady","ready":"yes"}')).toMatch(/\/ready/);
    expect(
      bad('{"v":1,"type":"Answer","answer":{"index":-1,"option":0,"action":{"verb":"pass"},"check":{"options":1,"hands":[7,7],"libraries":[53,53]}}}'),
    ).toMatch(/\/answer\/index/);
    expect(
      bad('{"v":1,"type":"Answer","answer":{"index":1,"option":0.5,"action":{"verb":"pass"},"check":{"options":1,"hands":[7,7],"libraries":[53,53]}}}'),
    ).toMatch(/\/answer\/option/);
    expect(
      bad('{"v":1,"type":"Answer","answer":{"index":1,"option":0,"action":{"verb":"win"},"check":{"options":1,"hands":[7,7],"libraries":[53,53]}}}'),
    ).toMatch(/\/answer\/action\/verb/);
    expect(
      bad('{"v":1,"type":"Answer","answer":{"index":1,"option":0,"action":{"verb":"pass"},"check":{"options":1,"hands":[7],"libraries":[53,53]}}}'),
    ).toMatch(/\/answer\/check\/hands/);
    expect(
      bad(
        '{"v":1,"type":"Answer","answer":{"index":1,"option":0,"action":{"verb":"pass","name":"Black Lotus"},"check":{"options":1,"hands":[7,7],"libraries":[53,53]}}}',
      ),
    ).toMatch(/unknown field "name"/);
  });

  it('checks the engine records inside server messages', () => {
    expect(code(() => parseServerMessage('{"v":1,"type":"Sync","entries":[{"type":"reveal","card":1}]}'))).toBe('net/bad-message');
    expect(code(() => parseServerMessage('{"v":1,"type":"Sync","entries":[{"type":"teleport"}]}'))).toBe('net/bad-message');
    expect(code(() => parseServerMessage('{"v":1,"type":"GameOver","winner":2,"reason":"game-over"}'))).toBe('net/bad-message');
  });

  it('refuses frames over 64 KiB: net/too-large', () => {
    const text = frame({ type: 'BugReport', text: 'x'.repeat(MAX_FRAME_BYTES) });
    expect(code(() => parseClientMessage(text))).toBe('net/too-large');
    // Counted in UTF-8 bytes, not characters.
    const wide = frame({ type: 'Desync', message: 'é'.repeat(MAX_FRAME_BYTES / 2) });
    expect(code(() => parseClientMessage(wide))).toBe('net/too-large');
  });
});

describe('ws is an optional peer of storyletengine/mtg/net only', () => {
  it('storyletengine/mtg does not reach src/mtg/net/ or ws; the server loads ws when it starts', () => {
    const mtg = reach('src/mtg/index.ts');
    expect(mtg.files.filter((f) => f.startsWith('src/mtg/net/'))).toEqual([]);
    expect(mtg.packages).not.toContain('ws');
    // The mtg command loads a command's module only when it runs: `mtg tui` never loads ws either.
    expect(reach('src/mtg/cli.ts').packages).not.toContain('ws');
    // Even storyletengine/mtg/net loads ws only when a server or client starts (an optional peer, importPeer).
    expect(reach('src/mtg/net/index.ts').packages).not.toContain('ws');
    expect(importsOf(`${REPO}/src/mtg/net/server.ts`)).toContainEqual({ spec: 'ws', kind: 'dynamic' });
  });
});
