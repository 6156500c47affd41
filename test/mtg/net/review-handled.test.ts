// A second reader's attacks on `mtg server` (issue 16) that the server already withstands, each
// proved over a real server process on 127.0.0.1: frames at and just over the 64 KiB limit,
// deep nesting, invalid UTF-8, a client claiming its own game twice or a seat not its own,
// answers twice or after the end, a Leave mid-game and its token afterwards, bug-report ids
// (no path from a client), and no card named in the server log or in any frame that is not the
// game's own stream; and `mtg connect` against a scripted server sending malformed or
// out-of-order frames: a clear error, exit 1 or 3, never an Answer or a Leave for them. Every wait is bounded.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomController, starterRegistry, STARTER_DECKS } from '../../../src/mtg/index.js';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { deckGameOptions } from '../../../src/mtg/cli/common.js';
import { GoldenHost, lazyView, ShadowFollower } from '../../../src/mtg/engine/index.js';
import { readDeck } from '../../../src/mtg/decks/index.js';
import { parseClientMessage, parseServerMessage } from '../../../src/mtg/net/protocol.js';
import { requireBuild } from '../cli/support.js';
import {
  firstAsk,
  killAll,
  registered,
  seated,
  playSeat,
  rawClient,
  scratchDir,
  spawnMtg,
  startServerProcess,
  type RawClient,
  type ServerProcess,
} from '../../support/net.js';

const registry = starterRegistry();
const [RG, WU] = STARTER_DECKS;
let server: ServerProcess;
let bugs: { dir: string; done: () => void };

beforeAll(async () => {
  requireBuild();
  bugs = scratchDir('netreview-bugs-');
  server = await startServerProcess(['--seed', '11', '--network-debug', '--audit-leaks', '--bug-dir', bugs.dir]);
});
afterAll(async () => {
  await killAll();
  bugs.done();
});

/** Expects the next Error on `c` to have `code`; its message. */
async function refused(c: RawClient, code: string): Promise<string> {
  const e = await c.next('Error');
  expect(e['code']).toBe(code);
  return e['message'] as string;
}

describe('mtg server withstands what netreview tried', () => {
  it('reads a frame of exactly 64 KiB, refuses one byte more, refuses deep nesting, and closes only the socket of an invalid UTF-8 frame', async () => {
    const c = await registered(server.url, 'edge');
    c.send({ type: 'CreateGame', game: 'edge' });
    await c.next('Joined');
    await c.next('Lobby');
    // A SetDeck padded with comment lines to exactly 65,536 bytes is read (the deck's Lobby comes back), 65,537 is net/too-large.
    const frameOf = (bytes: number): string => {
      const empty = JSON.stringify({ v: 1, type: 'SetDeck', file: 'e.dck', text: `${RG!.text}#` });
      return JSON.stringify({ v: 1, type: 'SetDeck', file: 'e.dck', text: `${RG!.text}#${'x'.repeat(bytes - Buffer.byteLength(empty))}` });
    };
    expect(Buffer.byteLength(frameOf(65_536))).toBe(65_536);
    c.send(frameOf(65_536));
    expect(await c.next('Lobby')).toMatchObject({ decks: [true, false] });
    c.send(frameOf(65_537));
    expect(await refused(c, 'net/too-large')).toMatch(/65537 bytes/);
    // Deep nesting inside the limit: refused with an Error, the connection goes on.
    const depth = 30_000;
    c.send(`{"v":1,"type":"ListGames","x":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    expect(await refused(c, 'net/bad-message')).toMatch(/unknown field "x"/);
    c.send(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    await refused(c, 'net/bad-json');
    c.send(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
    await refused(c, 'net/version');
    // A text frame that is not UTF-8: ws fails that connection (1007, RFC 6455 §8.1); the server and the other sockets go on.
    const bad = await registered(server.url, 'badutf8');
    const sender = (bad.ws as unknown as { _sender: { send(data: Buffer, options: Record<string, unknown>, cb: () => void): void } })._sender;
    sender.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false, fin: true, opcode: 1, mask: true, readOnly: false }, () => undefined);
    expect(await bad.closed).toBe(1007);
    c.send({ type: 'ListGames' });
    expect((await c.next('Games'))['games']).toContainEqual(expect.objectContaining({ game: 'edge' }));
    c.send({ type: 'Leave' });
    c.close();
  }, 60_000);

  it('refuses its own game twice, a Desync before and after a game, two answers at once, answers after a Leave; a left seat stays left', async () => {
    const [a, b] = await seated(server.url, 'order', ['ora', 'ord']);
    a.send({ type: 'JoinGame', game: 'order' });
    expect(await refused(a, 'net/refused')).toMatch(/you are in game "order": Leave it first/);
    b.send({ type: 'CreateGame', game: 'order2' });
    expect(await refused(b, 'net/refused')).toMatch(/Leave it first/);
    b.send({ type: 'Desync', message: 'before the game' });
    expect(await refused(b, 'net/refused')).toMatch(/no game is in play/);
    // A Reconnect on a registered socket, with its own token: refused.
    const tokenA = a.frames.find((f) => f.json?.['type'] === 'Registered')!.json!['token'] as string;
    a.send({ type: 'Reconnect', token: tokenA });
    expect(await refused(a, 'net/refused')).toMatch(/already registered as ora/);
    a.send({ type: 'SetReady', ready: true });
    b.send({ type: 'SetReady', ready: true });
    const [mine, theirs, ask] = await firstAsk(a, b);
    const seat = ask['ask'].seat as 0 | 1;
    // The asked seat's true answer, sent twice in one go: the first is confirmed, the second is for a decision no longer waiting.
    const started = mine.frames.find((f) => f.json?.['type'] === 'GameStarted')!.json! as Record<string, any>;
    const follower = new ShadowFollower(started['config'], registry, seat, started['entries']);
    for (const f of mine.frames) if (f.json?.['type'] === 'Sync') follower.receive((f.json as Record<string, any>)['entries']);
    const point = follower.advance()!;
    follower.check(ask['ask']);
    const answer = follower.decide(randomController('o1').choose(lazyView(follower.game, seat), point));
    mine.send({ type: 'Answer', answer });
    mine.send({ type: 'Answer', answer });
    expect(await mine.next('Confirmed')).toMatchObject({ index: answer.index, option: answer.option });
    expect(await refused(mine, 'net/refused')).toMatch(/decision waiting is|not p\d's/);
    // The other seat answering the same question, and the game name in a second CreateGame: refused, the game goes on.
    theirs.send({ type: 'Answer', answer });
    await refused(theirs, 'net/refused');
    // A Leave mid-game: the leaver forfeits, both seats get GameOver (left), the other seat wins.
    const leaverSeat = seat;
    mine.send({ type: 'Leave' });
    expect(await mine.next('GameOver')).toMatchObject({ winner: leaverSeat === 0 ? 1 : 0, reason: 'left' });
    expect(await theirs.next('GameOver')).toMatchObject({ winner: leaverSeat === 0 ? 1 : 0, reason: 'left' });
    // After it: an Answer, a Desync, a Leave are each refused (no game).
    mine.send({ type: 'Answer', answer });
    expect(await refused(mine, 'net/refused')).toMatch(/in no game/);
    theirs.send({ type: 'Desync', message: 'after the game' });
    expect(await refused(theirs, 'net/refused')).toMatch(/in no game/);
    mine.send({ type: 'Leave' });
    await refused(mine, 'net/refused');
    // The leaver's token from a second socket while its own is open: refused; once closed, the token is gone (no seat is kept).
    const token = mine.frames.find((f) => f.json?.['type'] === 'Registered')!.json!['token'] as string;
    const thief = await rawClient(server.url);
    await thief.next('Welcome');
    thief.send({ type: 'Reconnect', token });
    expect(await refused(thief, 'net/seat-taken')).toMatch(/still open/);
    const from = server.stderr.lines.length;
    mine.close();
    await server.stderr.waitFor(new RegExp(`^mtg server: connection \\d+ closed \\(\\d+\\): ${seat === 0 ? 'ora' : 'ord'}$`), 10_000, from);
    thief.send({ type: 'Reconnect', token });
    await refused(thief, 'net/bad-token');
    // The game is gone from the list; its name may be used again.
    theirs.send({ type: 'ListGames' });
    expect((await theirs.next('Games'))['games']).not.toContainEqual(expect.objectContaining({ game: 'order' }));
    theirs.send({ type: 'CreateGame', game: 'order' });
    expect(await theirs.next('Joined')).toMatchObject({ game: 'order', seat: 0 });
    theirs.send({ type: 'Leave' });
    for (const c of [theirs, thief]) c.close();
  }, 60_000);

  it('stores bug reports under ids it makes itself: no text, reproducer or name of a client becomes a path', async () => {
    const c = await registered(server.url, '../../etc/passwd');
    const before = readdirSync(bugs.dir, { withFileTypes: true }).length;
    c.send({ type: 'BugReport', text: '../../../../tmp/netreview-owned', reproducer: '/etc/passwd\u0000../x' });
    const id = String((await c.next('BugReportStored'))['id']);
    expect(id).toMatch(/^bug-\d{8}T\d{6}Z-\d+-[0-9a-f]{6}$/);
    const files = readdirSync(bugs.dir, { withFileTypes: true });
    expect(files.length).toBe(before + 1);
    expect(files.every((f) => f.isFile() && /^bug-[\w-]+\.json$/.test(f.name))).toBe(true);
    const report = JSON.parse(readFileSync(join(bugs.dir, `${id}.json`), 'utf8')) as Record<string, unknown>;
    expect(report).toMatchObject({ id, from: '../../etc/passwd', text: '../../../../tmp/netreview-owned', reproducer: '/etc/passwd\u0000../x' });
    c.close();
  }, 30_000);

  it('names no card in the server log, nor in any Registered, Joined, Lobby, Games, Error, Notice or GameOver frame, over a whole game', async () => {
    const [a, b] = await seated(server.url, 'quiet', ['qa', 'qb']);
    const done = Promise.all([playSeat(a, { registry, controller: randomController('q1') }), playSeat(b, { registry, controller: randomController('q2') })]);
    a.send({ type: 'SetReady', ready: true });
    b.send({ type: 'SetReady', ready: true });
    // Refusals in the middle of the game: the waiting seat answering, a bad frame, a ListGames.
    await Promise.race([a.next('Confirmed'), b.next('Confirmed')]);
    for (const c of [a, b]) {
      c.send({ type: 'Answer', answer: { index: 0, option: 0, action: { verb: 'pass' }, check: { options: 1, hands: [0, 0], libraries: [0, 0] } } });
      c.send({ type: 'ListGames' });
      c.send('not json');
    }
    const [ra, rb] = await done;
    expect(rb.winner).toBe(ra.winner);
    const names = new Set<string>();
    for (const d of [RG!, WU!]) for (const n of readDeck(d.text, d.file, registry).main) names.add(n);
    const named = (text: string): string[] => [...names].filter((n) => text.includes(n));
    const lobbyTypes = ['Welcome', 'Registered', 'Joined', 'Lobby', 'Games', 'Error', 'Notice', 'GameOver', 'Fatal', 'BugReportStored'];
    for (const c of [a, b]) for (const f of c.frames) if (lobbyTypes.includes(String(f.json?.['type']))) expect(named(f.text), f.text).toEqual([]);
    expect(server.stderr.lines.filter((l) => named(l).length > 0)).toEqual([]);
    expect(server.stderr.lines.filter((l) => /LEAK/.test(l))).toEqual([]);
    for (const c of [a, b]) c.close();
  }, 120_000);
});

/** A scripted server for `mtg connect`: answers the lobby flow, then sends what `game` gives. */
function fakeServer(game: (ws: ServerSocket, host: GoldenHost) => void): Promise<{ port: number; received: string[]; close: () => void }> {
  return new Promise((resolve) => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    const received: string[] = [];
    wss.on('connection', (ws) => {
      const send = (m: Record<string, unknown>): void => ws.send(JSON.stringify({ v: 1, ...m }));
      send({ type: 'Welcome', server: 'fake', protocol: 1, passwordRequired: false, networkDebug: false });
      ws.on('message', (data) => {
        const m = JSON.parse(String(data)) as Record<string, any>;
        received.push(m['type']);
        if (m['type'] === 'Register') send({ type: 'Registered', name: m['name'], token: 't' });
        else if (m['type'] === 'ListGames') send({ type: 'Games', games: [] });
        else if (m['type'] === 'CreateGame') send({ type: 'Joined', game: m['game'], seat: 1 });
        else if (m['type'] === 'SetDeck') send({ type: 'Lobby', game: 'g', seats: ['them', 'me'], decks: [true, true], ready: [false, false] });
        else if (m['type'] === 'SetReady') game(ws, starterHost());
      });
    });
    wss.on('listening', () => {
      const a = wss.address();
      resolve({ port: typeof a === 'object' && a ? a.port : 0, received, close: () => wss.close() });
    });
  });
}

/** A golden of the starter decks: its first decision is p1's mulligan. */
function starterHost(): GoldenHost {
  const decks = [readDeck(RG!.text, RG!.file, registry).main, readDeck(WU!.text, WU!.file, registry).main] as const;
  return new GoldenHost(deckGameOptions({ registry, decks, seed: '1' }));
}

describe('mtg connect prints what a server sends it, safely', () => {
  it("escapes the control characters of the server's text (a notice, a refusal) rather than sending them to the terminal (review H6)", async () => {
    const fake = await fakeServer((ws) => {
      const send = (m: Record<string, unknown>): void => ws.send(JSON.stringify({ v: 1, ...m }));
      send({ type: 'Notice', text: 'hello\u001b[2J\u001b]0;owned\u0007\rmtg server: forged' });
      send({ type: 'Error', code: 'net/refused', message: 'no\u001b[31m\u202eway' });
    });
    const c = spawnMtg(['connect', RG!.file, '--server', `127.0.0.1:${fake.port}`, '--name', 'me', '--game', 'g', '-v', '0']);
    c.proc.stdin!.end();
    const exit = await Promise.race([c.exited, new Promise<{ code: number }>((r) => setTimeout(() => r({ code: -1 }), 20_000))]);
    await c.kill();
    fake.close();
    expect(exit.code).toBe(1);
    // eslint-disable-next-line no-control-regex -- no control character may reach the terminal
    expect(c.stderr.text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(c.stderr.text).toContain('hello\\u{1b}[2J');
    expect(c.stderr.lines.filter((l) => l.startsWith('mtg server: forged'))).toEqual([]);
  }, 40_000);

  it('reads a server frame larger than the 64 KiB a client may send (review H2: the limits differ by direction)', () => {
    const big = JSON.stringify({ v: 1, type: 'Notice', text: 'x'.repeat(100_000) });
    expect(parseServerMessage(big).type).toBe('Notice');
    expect(() => parseClientMessage(JSON.stringify({ v: 1, type: 'BugReport', text: 'x'.repeat(100_000) }))).toThrow(/over the limit of 65536 bytes/);
  });
});

describe('mtg connect against a server sending malformed or out-of-order frames', () => {
  type Script = (ws: ServerSocket, host: GoldenHost, send: (m: Record<string, unknown>) => void) => void;
  const started = (host: GoldenHost, send: (m: Record<string, unknown>) => void, config: unknown = host.publicConfig()): void =>
    send({ type: 'GameStarted', game: 'g', seat: 1, names: ['them', 'me'], config, entries: host.take(1) });
  const scripts: [string, Script][] = [
    ['a frame that is not JSON', (ws) => ws.send('nope')],
    ['a Sync before GameStarted', (_ws, _h, send) => send({ type: 'Sync', entries: [] })],
    ['a Confirmed out of the blue', (_ws, host, send) => (started(host, send), send({ type: 'Confirmed', index: 0, option: 0 }))],
    ['a config naming a card the client does not know', (_ws, host, send) => started(host, send, { decks: [['No Such Card'], ['Forest']] })],
    [
      'a reveal of a card id that does not exist',
      (_ws, host, send) => (started(host, send), send({ type: 'Sync', entries: [{ type: 'reveal', card: 99_999, inc: 0, name: 'Forest', face: 0 }] })),
    ],
    [
      'a decision entry of an option that does not exist',
      (_ws, host, send) => (
        started(host, send),
        send({ type: 'Sync', entries: [{ type: 'decision', index: 0, seat: 0, kind: 'mulligan', action: { verb: 'cast', card: 4242 } }] })
      ),
    ],
    [
      'a random entry out of its range',
      (_ws, host, send) =>
        send({
          type: 'GameStarted',
          game: 'g',
          seat: 1,
          names: ['them', 'me'],
          config: host.publicConfig(),
          entries: [{ type: 'random', n: 2, value: 7 }, ...host.take(1)],
        }),
    ],
    ['an Ask far ahead of the shadow', (_ws, host, send) => (started(host, send), send({ type: 'Ask', ask: { ...host.ask()!, index: 40, seat: 1 } }))],
    [
      'a second GameStarted',
      (_ws, host, send) => (
        started(host, send),
        send({ type: 'GameStarted', game: 'g', seat: 0, names: ['me', 'them'], config: host.publicConfig(), entries: [] })
      ),
    ],
    ['a GameOver while the shadow waits', (_ws, host, send) => (started(host, send), send({ type: 'GameOver', winner: 1, reason: 'game-over' }))],
    [
      'invalid UTF-8',
      (ws) =>
        (ws as unknown as { _sender: { send(d: Buffer, o: Record<string, unknown>, cb: () => void): void } })._sender.send(
          Buffer.from([0x7b, 0xff, 0x7d]),
          { binary: false, fin: true, opcode: 1, mask: false, readOnly: false },
          () => undefined,
        ),
    ],
    ['the socket closed mid-game', (ws, host, send) => (started(host, send), ws.terminate())],
    // The golden's first question is p1's mulligan; this client is p2 (review H9).
    ["a well-formed Ask of the other seat's decision", (_ws, host, send) => (started(host, send), send({ type: 'Ask', ask: host.ask()! }))],
  ];
  it.each(scripts)(
    '%s: a clear error and exit 1 or 3, no answer or Leave sent for it',
    async (_what, script) => {
      const fake = await fakeServer((ws, host) => script(ws, host, (m) => ws.send(JSON.stringify({ v: 1, ...m }))));
      const c = spawnMtg(['connect', RG!.file, '--server', `127.0.0.1:${fake.port}`, '--name', 'me', '--game', 'g', '-v', '0']);
      c.proc.stdin!.end();
      const exit = await Promise.race([c.exited, new Promise<{ code: number }>((r) => setTimeout(() => r({ code: -1 }), 20_000))]);
      await c.kill();
      fake.close();
      const last = c.stderr.lines.at(-1) ?? '';
      expect({ ready: fake.received.includes('SetReady'), code: exit.code, last, sent: fake.received.filter((t) => t === 'Answer' || t === 'Leave') }).toEqual({
        ready: true,
        code: expect.toSatisfy((n: number) => n === 1 || n === 3),
        last: expect.not.stringMatching(/Cannot read properties|TypeError|is not a function|undefined/),
        sent: [],
      });
    },
    40_000,
  );
});
