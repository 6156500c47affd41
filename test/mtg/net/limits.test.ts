// The server's limits and the holes the second reader found in it (issue 16; netreview's
// review.test.ts, /work/wt/briefs/to-lead.md "from netreview"): each test here failed before its
// fix. Over a real `mtg server` process on 127.0.0.1 (raw ws clients), or in process where a
// test needs to set what the server sees (its memory, its socket limit). Every wait is bounded.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { starterRegistry, STARTER_DECKS } from '../../../src/mtg/index.js';
import { readDeck } from '../../../src/mtg/decks/index.js';
import { MAX_BUG_REPORTS_PER_PLAYER, MAX_LISTED_GAMES, MAX_NET_DECK_CARDS, printable, shellWord } from '../../../src/mtg/net/limits.js';
import { MAX_FRAME_BYTES, parseClientMessage, parseServerMessage } from '../../../src/mtg/net/protocol.js';
import { startServer } from '../../../src/mtg/net/server.js';
import { CARDS_DIR, needsCorpus } from '../../support/corpora.js';
import { requireBuild } from '../cli/support.js';
import { firstAsk, killAll, registered, seated, rawClient, scratchDir, startServerProcess, type RawClient, type ServerProcess } from '../../support/net.js';

const registry = starterRegistry();
const [RG] = STARTER_DECKS;

beforeAll(() => requireBuild());
afterAll(() => killAll());

/** What the server made of `c`'s SetDeck (seat `seat`): its Error, or the Lobby that shows the deck. */
async function deckReply(c: RawClient, seat: 0 | 1): Promise<Record<string, any>> {
  for (;;) {
    const m = await c.next();
    if (m['type'] === 'Error') return m;
    if (m['type'] === 'Lobby' && (m['decks'] as boolean[])[seat]) return m;
  }
}

describe('the limits (netreview holes, each fixed)', () => {
  let server: ServerProcess;
  let bugs: { dir: string; done: () => void };
  beforeAll(async () => {
    bugs = scratchDir('nethard-bugs-');
    server = await startServerProcess(['--seed', '3', '--reconnect-seconds', '30', '--bug-dir', bugs.dir]);
  });
  afterAll(async () => {
    await server.kill();
    bugs.done();
  });

  it(`H3: a 10,000-card deck is refused (net/bad-deck: over ${MAX_NET_DECK_CARDS} cards), so no GameStarted too large for the other seat's client is made`, async () => {
    const huge = `[Main]\n${Array.from({ length: 10 }, () => '1000 Forest').join('\n')}\n`;
    const [a, b] = await seated(server.url, 'huge', ['hugo', 'honey'], { decks: [huge, RG!.text], files: ['a.dck', 'b.dck'] });
    const first = await deckReply(a, 0);
    expect(first['type']).toBe('Error');
    expect(first['code']).toBe('net/bad-deck');
    expect(first['message']).toMatch(/10000 cards, over the server's limit of 250/);
    await server.stderr.waitFor(/refused SetDeck from hugo .*net\/bad-deck: the deck holds 10000 cards/);
    // A deck at the limit is a frame any client reads.
    const most = `[Main]\n${MAX_NET_DECK_CARDS} Forest\n`;
    a.send({ type: 'SetDeck', file: 'most.dck', text: most });
    expect((await deckReply(a, 0))['type']).toBe('Lobby');
    await deckReply(b, 1);
    a.send({ type: 'SetReady', ready: true });
    b.send({ type: 'SetReady', ready: true });
    await b.next('GameStarted', 30_000);
    const text = b.frames.find((f) => f.json?.['type'] === 'GameStarted')!.text;
    a.send({ type: 'Leave' });
    expect(() => parseServerMessage(text), `${text.length} bytes`).not.toThrow();
    a.close();
    b.close();
  }, 60_000);

  it('H1 (lines): a deck text of more than 250 card lines is refused before any card is looked up', async () => {
    const a = await registered(server.url, 'liner');
    a.send({ type: 'CreateGame', game: 'lines' });
    await a.next('Joined');
    let text = '[Main]\n';
    for (let i = 0; i < 251; i++) text += `1 Zq${i.toString(36)}\n`;
    a.send({ type: 'SetDeck', file: 'u.dck', text });
    const e = await deckReply(a, 0);
    expect(e).toMatchObject({ type: 'Error', code: 'net/bad-deck' });
    expect(e['message']).toMatch(/251 lines .* over the server's limit of 250/);
    a.close();
  }, 30_000);

  it('H4: a seat alone in a room does not grow its reconnect history (2000 SetReady toggles: Joined and the latest Lobby kept)', async () => {
    const a = await registered(server.url, 'toggler');
    a.send({ type: 'CreateGame', game: 'toggle' });
    await a.next('Joined');
    a.send({ type: 'SetDeck', file: 'a.dck', text: RG!.text });
    for (let i = 0; i < 2000; i++) a.send({ type: 'SetReady', ready: i % 2 === 0 });
    a.send({ type: 'ListGames' });
    await a.next('Games');
    const token = a.frames.find((f) => f.json?.['type'] === 'Registered')!.json!['token'] as string;
    const last = [...a.frames].reverse().find((f) => f.json?.['type'] === 'Lobby')!.text;
    a.ws.terminate();
    await server.stderr.waitFor(/toggler's seat p1 of toggle is kept/);
    const back = await rawClient(server.url);
    back.send({ type: 'Reconnect', token });
    const r = await back.next('Registered');
    const joined = await back.next('Joined');
    const lobby = await back.next('Lobby');
    back.send({ type: 'Leave' });
    // The lobby is a state (who sits, decks, ready), not a stream: its history need not grow with every toggle.
    expect(r['history']).toBe(2);
    expect(joined).toMatchObject({ game: 'toggle', seat: 0 });
    expect(JSON.stringify(lobby)).toBe(last);
    back.close();
  }, 60_000);

  it('H5: a deck file name with a newline is refused (no forged log line), and the reproducer both seats are sent quotes the names it holds', async () => {
    const evil = 'x.dck; touch /tmp/netreview-pwned #';
    const forged = 'x.dck)\nmtg server: FORGED game over: p1 won';
    const [a, b] = await seated(server.url, 'names', ['nia', 'nob'], { files: [forged, evil] });
    const ea = await deckReply(a, 0);
    expect(ea).toMatchObject({ type: 'Error', code: 'net/bad-message' });
    expect(ea['message']).toMatch(/SetDeck at \/file/);
    a.send({ type: 'SetDeck', file: 'my deck.dck', text: RG!.text });
    expect((await deckReply(a, 0))['type']).toBe('Lobby');
    expect((await deckReply(b, 1))['type']).toBe('Lobby');
    a.send({ type: 'SetReady', ready: true });
    b.send({ type: 'SetReady', ready: true });
    const [mine, theirs, ask] = await firstAsk(a, b);
    mine.send({ type: 'Answer', answer: { index: ask['ask'].index, option: 0, action: { verb: 'keep' }, check: { ...ask['ask'].check, hands: [0, 0] } } });
    const fatal = String((await theirs.next('Fatal'))['message']);
    await server.stderr.waitFor(/FATAL ERROR: game names/);
    for (const l of server.stderr.lines) expect(l.startsWith('mtg server: FORGED'), l).toBe(false);
    expect(fatal).toContain(`mtg tui 'my deck.dck' 'x.dck; touch /tmp/netreview-pwned #' --seed 3`);
    a.close();
    b.close();
  }, 60_000);

  it("H6: a client's Desync text reaches neither the other seat (a fixed text is relayed) nor the log with its control characters", async () => {
    const [a, b] = await seated(server.url, 'escape', ['eve', 'esc'], { files: ['a.dck', 'b.dck'] });
    a.send({ type: 'SetReady', ready: true });
    b.send({ type: 'SetReady', ready: true });
    await a.next('GameStarted');
    b.send({ type: 'Desync', message: 'DESYNC DETECTED: \u001b[2J\u001b]0;owned\u0007\rmtg server: game escape over: p2 esc won \u202e\u0085' });
    const fatal = String((await a.next('Fatal'))['message']);
    const line = await server.stderr.waitFor(/FATAL ERROR: game escape/);
    // eslint-disable-next-line no-control-regex -- the control characters are what is looked for
    const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;
    expect({ toTheOtherSeat: controls.test(fatal), inTheLog: controls.test(line) }).toEqual({ toTheOtherSeat: false, inTheLog: false });
    expect(fatal).toBe(
      'FATAL ERROR: DESYNC DETECTED: p2 (esc) reported that its shadow disagrees with the server; the game ends (the server log has its report)',
    );
    expect(fatal).not.toContain('game escape over');
    // The log keeps the report, escaped.
    expect(line).toContain('p2 esc reported: "DESYNC DETECTED: \\\\u{1b}[2J');
    a.close();
    b.close();
  }, 60_000);

  it(`H7: BugReport is bounded: one registered client stores ${MAX_BUG_REPORTS_PER_PLAYER} reports, the rest of a flood is refused`, async () => {
    const c = await registered(server.url, 'flood');
    for (let i = 0; i < 200; i++) c.send({ type: 'BugReport', text: `${i} ${'x'.repeat(30 * 1024)}` });
    let stored = 0;
    let refusedCount = 0;
    let message = '';
    for (let i = 0; i < 200; i++) {
      const m = await c.next(undefined, 30_000);
      if (m['type'] === 'BugReportStored') stored++;
      else if (m['type'] === 'Error') {
        refusedCount++;
        message = String(m['message']);
      }
    }
    c.close();
    expect(stored + refusedCount).toBe(200);
    expect(readdirSync(bugs.dir).length).toBe(stored);
    expect(stored).toBe(MAX_BUG_REPORTS_PER_PLAYER);
    expect(message).toMatch(/flood has stored 10 bug reports, the server's limit per user \(10\)/);
  }, 60_000);

  it("H11: an unknown message type is echoed cut (60 characters) into the Error and the log line, not the sender's 60 KB", async () => {
    const c = await registered(server.url, 'echo');
    const from = server.stderr.lines.length;
    c.send(JSON.stringify({ v: 1, type: 'y'.repeat(60_000) }));
    const e = await c.next('Error');
    const line = await server.stderr.waitFor(/refused a frame from echo/, 10_000, from);
    c.close();
    expect(String(e['message']).length).toBeLessThan(2000);
    expect(line.length).toBeLessThan(2000);
    expect(e['message']).toContain(`"${'y'.repeat(60)}… (60000 characters)"`);
  }, 30_000);

  it(`H2 (server side): with 120 rooms of long names the Games frame lists ${MAX_LISTED_GAMES} (free seats first) and counts the rest, and stays readable`, async () => {
    const hogs: RawClient[] = [];
    for (let i = 0; i < 120; i += 40) {
      await Promise.all(
        Array.from({ length: 40 }, async (_, k) => {
          const n = String(i + k).padStart(4, '0');
          const c = await registered(server.url, `${'N'.repeat(36)}${n}`);
          c.send({ type: 'CreateGame', game: `${'G'.repeat(36)}${n}` });
          await c.next('Joined');
          hogs.push(c);
        }),
      );
    }
    const [a, b] = await seated(server.url, 'full', ['fu', 'll'], { files: ['a.dck', 'b.dck'] });
    const honest = await registered(server.url, 'honest');
    honest.send({ type: 'ListGames' });
    const g = await honest.next('Games');
    const text = honest.frames.find((f) => f.json?.['type'] === 'Games')!.text;
    for (const c of [...hogs, a, b, honest]) c.close();
    expect(Buffer.byteLength(text)).toBeLessThan(MAX_FRAME_BYTES);
    expect(() => parseServerMessage(text)).not.toThrow();
    const games = g['games'] as { game: string }[];
    expect(games.length).toBe(MAX_LISTED_GAMES);
    // The full room is not among the first 100: the rooms with a free seat come first.
    expect(games.some((x) => x.game === 'full')).toBe(false);
    expect(g['more']).toBeGreaterThanOrEqual(21);
  }, 120_000);
});

describe('a seat whose peer goes silent (no FIN) is let go by the heartbeat (H8)', () => {
  it('H8: the other seat is told, the reconnect window opens, and the token takes the seat back', async () => {
    const server = await startServerProcess(['--seed', '3', '--reconnect-seconds', '30', '--heartbeat-seconds', '2']);
    const [a, b] = await seated(server.url, 'silent', ['sid', 'sam'], { files: ['a.dck', 'b.dck'] });
    await a.next('Lobby');
    a.send({ type: 'SetReady', ready: true });
    b.send({ type: 'SetReady', ready: true });
    await a.next('GameStarted');
    await b.next('GameStarted');
    const token = a.frames.find((f) => f.json?.['type'] === 'Registered')!.json!['token'] as string;
    // The peer's machine goes away without closing: nothing more is read from that socket, nothing answers a ping.
    (a.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const heard = await b.next('Notice', 45_000).then(
      (n) => String(n['text']),
      () => 'nothing',
    );
    await server.stderr.waitFor(/connection \d+ \(sid\) answered no ping in 2 s: closed as dropped/, 10_000);
    const back = await rawClient(server.url);
    back.send({ type: 'Reconnect', token });
    let reply = await back.next(undefined, 10_000);
    while (reply['type'] === 'Welcome') reply = await back.next(undefined, 10_000);
    await server.kill();
    expect(heard).toMatch(/dropped/);
    expect(reply['type']).toBe('Registered');
  }, 90_000);
});

describe('limits in process', () => {
  it('gives reconnect tokens that `mtg connect --reconnect TOKEN` reads as the option value (hex: never a leading dash)', async () => {
    const server = await startServer({ port: 0, registry, seed: '6', log: () => undefined });
    const url = `ws://127.0.0.1:${server.port}`;
    const tokens: string[] = [];
    for (let i = 0; i < 64; i++) {
      const c = await rawClient(url);
      await c.next('Welcome');
      c.send({ type: 'Register', name: `tok${i}` });
      tokens.push((await c.next('Registered'))['token'] as string);
      c.close();
    }
    await server.close(0);
    for (const t of tokens) expect(t).toMatch(/^[0-9a-f]{36}$/);
    expect(new Set(tokens).size).toBe(64);
  }, 60_000);

  it('the sockets of one address are capped: one more is told why and closed, and the others go on', async () => {
    const lines: string[] = [];
    const server = await startServer({ port: 0, registry, seed: '6', maxSocketsPerAddress: 2, log: (l) => lines.push(l) });
    const url = `ws://127.0.0.1:${server.port}`;
    const a = await registered(url, 'one');
    const b = await registered(url, 'two');
    const c = await rawClient(url);
    const e = await c.next();
    const code = await c.closed;
    a.send({ type: 'ListGames' });
    await a.next('Games');
    b.close();
    await b.closed;
    // A closed socket frees its place.
    const d = await registered(url, 'three');
    for (const x of [a, d]) x.close();
    await server.close(0);
    expect(e).toMatchObject({ type: 'Error', code: 'net/refused' });
    expect(e['message']).toMatch(/has 2 connections open to this server, its limit per address \(2\)/);
    expect(code).toBe(1008);
    expect(lines.filter((l) => /^refused connection \d+ from .*: net\/refused: .* the limit per address \(2\)$/.test(l))).toHaveLength(1);
  }, 30_000);

  it('H12: rooms made while memory is low do not start their games after it rose above --max-memory-percent', async () => {
    let rss = 1;
    const lines: string[] = [];
    const server = await startServer({ port: 0, registry, seed: '6', maxMemoryPercent: 50, rss: () => rss, log: (l) => lines.push(l) });
    const url = `ws://127.0.0.1:${server.port}`;
    const [a, b] = await seated(url, 'early', ['ear', 'ely'], { files: ['a.dck', 'b.dck'] });
    await a.next('Lobby');
    const late = await registered(url, 'late');
    late.send({ type: 'CreateGame', game: 'open' });
    await late.next('Joined');
    rss = Number.MAX_SAFE_INTEGER;
    a.send({ type: 'SetReady', ready: true });
    b.send({ type: 'SetReady', ready: true });
    let reply = await b.next(undefined, 10_000);
    while (reply['type'] === 'Lobby') reply = await b.next(undefined, 10_000);
    const joiner = await registered(url, 'joiner');
    joiner.send({ type: 'JoinGame', game: 'open' });
    const joined = await joiner.next(undefined, 10_000);
    for (const x of [a, b, late, joiner]) x.close();
    await server.close(0);
    expect(reply['type'] === 'Error' ? reply['code'] : reply['type']).toBe('net/memory');
    expect(joined['type'] === 'Error' ? joined['code'] : joined['type']).toBe('net/memory');
  }, 60_000);

  it('a deck name with a C1 control or a bidi override is refused, as are user and game names with them', () => {
    for (const bad of ['a\u0085.dck', 'a\u202e.dck', 'a\u2028b'])
      expect(() => parseClientMessage(JSON.stringify({ v: 1, type: 'SetDeck', file: bad, text: '' })), bad).toThrow(/SetDeck at \/file/);
    expect(() => parseClientMessage(JSON.stringify({ v: 1, type: 'Register', name: 'ev\u202eil' }))).toThrow(/Register at \/name/);
    expect(() => parseClientMessage(JSON.stringify({ v: 1, type: 'CreateGame', game: 'g\u009b2J' }))).toThrow(/CreateGame at \/game/);
    expect(parseClientMessage(JSON.stringify({ v: 1, type: 'SetDeck', file: 'my deck (2).dck', text: '' }))).toMatchObject({ file: 'my deck (2).dck' });
  });

  it('printable escapes controls and shellWord quotes what a shell would split', () => {
    expect(printable('a\u001b[2J\u0007\r\u0085\u202eb')).toBe('a\\u{1b}[2J\\u{7}\\u{d}\\u{85}\\u{202e}b');
    expect(shellWord('a.dck')).toBe('a.dck');
    expect(shellWord("it's; rm -rf ~")).toBe(`'it'\\''s; rm -rf ~'`);
  });

  it('readDeck looks up the nearest names for the first unknown names only when asked to bound them', () => {
    const text = '[Main]\n1 Forrest\n1 Mountian\n1 Islnd\n1 Swampp\n';
    const all = readDeck(text, 'x.dck', registry).diagnostics.filter((d) => d.code === 'deck/unknown-card');
    const two = readDeck(text, 'x.dck', registry, { suggestions: 2 }).diagnostics.filter((d) => d.code === 'deck/unknown-card');
    expect(all.map((d) => d.suggestions !== undefined)).toEqual([true, true, true, true]);
    expect(two.map((d) => d.suggestions !== undefined)).toEqual([true, true, false, false]);
    expect(two[3]!.message).toBe('unknown card "Swampp"');
  });
});

describe('SetDeck with thousands of unknown card names (the corpora registry)', needsCorpus('forge-cards'), () => {
  it("H1: one 60 KB SetDeck of distinct unknown names is refused at once: the server's event loop is not blocked finding suggestions", async () => {
    const server = await startServerProcess(['--seed', '3', '--cards', CARDS_DIR], { timeoutMs: 120_000 });
    const a = await registered(server.url, 'slow');
    const b = await registered(server.url, 'ping');
    a.send({ type: 'CreateGame', game: 'slow' });
    await a.next('Joined');
    let text = '[Main]\n';
    for (let i = 0; text.length < 60_000; i++) text += `1 Zq${i.toString(36)}x${'abcdefgh'.slice(0, i % 8)}\n`;
    a.send({ type: 'SetDeck', file: 'u.dck', text });
    const t0 = performance.now();
    b.send({ type: 'ListGames' });
    await b.next('Games', 120_000);
    const ms = performance.now() - t0;
    await a.next('Error', 120_000);
    // Within the line limit, every name unknown: suggestions for the first three only.
    let within = '[Main]\n';
    for (let i = 0; i < 250; i++) within += `1 Zq${i.toString(36)}x${'abcdefgh'.slice(0, i % 8)}\n`;
    a.send({ type: 'SetDeck', file: 'w.dck', text: within });
    const t1 = performance.now();
    b.send({ type: 'ListGames' });
    await b.next('Games', 120_000);
    const ms2 = performance.now() - t1;
    const e = await a.next('Error', 120_000);
    await server.kill();
    expect(ms).toBeLessThan(2000);
    expect(ms2).toBeLessThan(2000);
    expect(e['message']).toMatch(/and 249 more errors/);
  }, 300_000);
});
