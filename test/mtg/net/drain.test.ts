// Stopping `mtg server` (issue 16): on SIGTERM it stops accepting sockets, sends every client a
// Notice, lets games in play go on for the drain window (--drain-seconds, 30 by default), then
// sends `Fatal net/shutdown` to every client still connected, prints its stats line and exits 0.
// And the memory gate: above --max-memory-percent, CreateGame is refused; a game in play goes on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomController, starterRegistry } from '../../../src/mtg/index.js';
import { startServer } from '../../../src/mtg/net/server.js';
import { mtg, requireBuild, scratch } from '../cli/support.js';
import { killAll, seated, playSeat, rawClient, startServerProcess, type RawClient } from '../../support/net.js';

const registry = starterRegistry();

beforeAll(() => requireBuild());
afterAll(() => killAll());

const types = (c: RawClient): string[] => c.frames.map((f) => f.json?.['type'] as string);

describe('mtg server shutdown', () => {
  it('SIGTERM with a game that does not finish: Notice, then Fatal net/shutdown after the drain, exit 0', async () => {
    const server = await startServerProcess(['--seed', '3', '--network-debug', '--drain-seconds', '1']);
    const [a, b] = await seated(server.url, 'stalled', ['ann', 'ben']);
    a.send({ type: 'SetReady', ready: true });
    b.send({ type: 'SetReady', ready: true });
    // Nobody answers the first question (sent with GameStarted): the game is in play and stays there.
    await a.next('GameStarted');
    await b.next('GameStarted');
    const exit = server.stop();
    for (const c of [a, b]) {
      expect(String((await c.next('Notice'))['text'])).toMatch(/shutting down/);
      expect(await c.next('Fatal')).toMatchObject({ code: 'net/shutdown' });
      expect(await c.closed).toBe(1001);
    }
    expect((await exit).code).toBe(0);
    expect(server.stderr.lines).toContainEqual(
      expect.stringMatching(/^mtg server: stats games=1 finished=0 desyncs=0 errors=0 frames=\d+ leaks=0 peak-rss-mb=\d+$/),
    );
    // The Notice came before the Fatal, on each socket.
    for (const c of [a, b]) expect(types(c).indexOf('Notice')).toBeLessThan(types(c).indexOf('Fatal'));
  }, 60_000);

  it('SIGTERM mid-game: no new sockets, the game in play finishes within the drain window, then the server exits 0', async () => {
    const server = await startServerProcess(['--seed', '4', '--network-debug', '--audit-leaks']);
    const [a, b] = await seated(server.url, 'draining', ['cat', 'dov']);
    const played = Promise.all([playSeat(a, { registry, controller: randomController(1) }), playSeat(b, { registry, controller: randomController(2) })]);
    a.send({ type: 'SetReady', ready: true });
    b.send({ type: 'SetReady', ready: true });
    // Mid-game: a few of p1's answers confirmed.
    for (let i = 0; i < 5; i++) await a.next('Confirmed');
    const exit = server.stop();
    await a.next('Notice');
    // No new connection is accepted while draining.
    await expect(rawClient(server.url)).rejects.toThrow();
    const [ra, rb] = await played;
    expect(ra.reason).toBe('game-over');
    expect(rb.winner).toBe(ra.winner);
    // The game over, the drain ends at once: Fatal net/shutdown to those still connected.
    expect(await a.next('Fatal')).toMatchObject({ code: 'net/shutdown' });
    expect((await exit).code).toBe(0);
    expect(server.stderr.lines).toContainEqual(
      expect.stringMatching(/^mtg server: stats games=1 finished=1 desyncs=0 errors=0 frames=\d+ leaks=0 peak-rss-mb=\d+$/),
    );
    expect(types(a).indexOf('Notice')).toBeLessThan(types(a).indexOf('GameOver'));
  }, 120_000);
});

describe('mtg server memory gate', () => {
  it('--max-memory-percent 0.0001: CreateGame is refused with net/memory and a log line', async () => {
    const server = await startServerProcess(['--max-memory-percent', '0.0001']);
    const c = await rawClient(server.url);
    c.send({ type: 'Register', name: 'eve' });
    await c.next('Registered');
    c.send({ type: 'CreateGame', game: 'g' });
    const e = await c.next('Error');
    expect(e['code']).toBe('net/memory');
    expect(String(e['message'])).toMatch(/above its limit of 0.0001%/);
    await server.stderr.waitFor(/^mtg server: refused CreateGame from eve .*net\/memory/);
    c.send({ type: 'ListGames' });
    expect(await c.next('Games')).toMatchObject({ games: [] });
    expect((await server.stop()).code).toBe(0);
  }, 60_000);

  it('a game in play goes on when memory rises above the limit; only new games are refused', async () => {
    let rss = 1;
    const lines: string[] = [];
    const server = await startServer({ port: 0, registry, seed: '6', maxMemoryPercent: 50, rss: () => rss, log: (l) => lines.push(l) });
    const url = `ws://127.0.0.1:${server.port}`;
    const [a, b] = await seated(url, 'in-play', ['fay', 'gus']);
    const played = Promise.all([playSeat(a, { registry, controller: randomController(3) }), playSeat(b, { registry, controller: randomController(4) })]);
    a.send({ type: 'SetReady', ready: true });
    b.send({ type: 'SetReady', ready: true });
    await a.next('Confirmed');
    rss = Number.MAX_SAFE_INTEGER;
    const late = await rawClient(url);
    late.send({ type: 'Register', name: 'hal' });
    await late.next('Registered');
    late.send({ type: 'CreateGame', game: 'more' });
    expect((await late.next('Error'))['code']).toBe('net/memory');
    const [ra] = await played;
    expect(ra.reason).toBe('game-over');
    // Without networkDebug the cheap checks travel, not the hash.
    const asks = [a, b].flatMap((k) =>
      k.frames.filter((f) => f.json?.['type'] === 'Ask').map((f) => (f.json!['ask'] as { check: Record<string, unknown> }).check),
    );
    expect(asks.length).toBeGreaterThan(0);
    for (const check of asks) {
      expect(check['hash']).toBeUndefined();
      expect(check).toMatchObject({
        options: expect.any(Number),
        hands: [expect.any(Number), expect.any(Number)],
        libraries: [expect.any(Number), expect.any(Number)],
      });
    }
    const stats = await server.close(0);
    expect(stats).toMatchObject({ games: 1, finished: 1, desyncs: 0, errors: 1 });
  }, 120_000);
});

describe('mtg server usage', () => {
  it('has --help, and refuses bad options with one line and exit code 2', () => {
    const { dir, done } = scratch();
    try {
      const help = mtg(dir, ['server', '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/--max-memory-percent X/);
      expect(mtg(dir, ['--help']).stdout).toMatch(/^\s+server\s/m);
      for (const [args, why] of [
        [['--max-memory-percent', '0'], /--max-memory-percent takes a number above 0/],
        [['--max-memory-percent', 'lots'], /--max-memory-percent takes a number/],
        [['--port', '70000'], /--port must be a whole number from 0 to 65535/],
        [['--seed', 'x'], /--seed takes a whole number or from_entropy/],
        [['extra'], /takes no arguments/],
      ] as const) {
        const r = mtg(dir, ['server', ...args]);
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(why);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
      }
    } finally {
      done();
    }
  });
});
