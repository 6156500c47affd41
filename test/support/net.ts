// Networked-play test helpers (issue 16): a real `node dist/mtg/cli.js server` process on a free
// loopback port (`--port 0`: the server picks one and logs `mtg server: listening on HOST:PORT`),
// its stderr read line by line, raw WebSocket clients that record every frame they receive, and
// any other `mtg` command (`mtg connect`) spawned with its output read the same way. Waiting is
// always for an event (a line, a frame, an exit) with a timeout: never a sleep.
// Run `npx tsc -p tsconfig.build.json` first (npm test builds).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { CardRegistry } from '../../src/mtg/cards/index.js';
import { lazyView, ShadowFollower, type Controller } from '../../src/mtg/engine/index.js';
import { STARTER_DECKS } from '../../src/mtg/starter/index.js';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = join(REPO, 'dist/mtg/cli.js');

/** Lines of a stream as they come, with waiters for a line matching a pattern. */
export class LineReader {
  readonly lines: string[] = [];
  private rest = '';
  private waiters: { re: RegExp; from: number; resolve: (line: string) => void }[] = [];
  private ended = false;
  private endWaiters: (() => void)[] = [];

  push(chunk: string): void {
    this.rest += chunk;
    for (let i = this.rest.indexOf('\n'); i >= 0; i = this.rest.indexOf('\n')) {
      this.add(this.rest.slice(0, i));
      this.rest = this.rest.slice(i + 1);
    }
  }

  end(): void {
    if (this.rest !== '') this.add(this.rest);
    this.rest = '';
    this.ended = true;
    for (const w of this.endWaiters.splice(0)) w();
  }

  private add(line: string): void {
    this.lines.push(line);
    this.waiters = this.waiters.filter((w) => {
      if (!w.re.test(line)) return true;
      w.resolve(line);
      return false;
    });
  }

  /** The text read so far. */
  get text(): string {
    return this.lines.join('\n') + (this.rest ? `\n${this.rest}` : '');
  }

  /**
   * The first line matching `re` (at or after line `from`, default 0: lines already read count),
   * or a rejection after `timeoutMs` (or when the stream ends first) quoting what was read.
   */
  waitFor(re: RegExp, timeoutMs = 20_000, from = 0): Promise<string> {
    const seen = this.lines.slice(from).find((l) => re.test(l));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const fail = (why: string): void => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`${why} waiting for a line matching ${re}; read:\n${this.text.slice(-4000)}`));
      };
      const timer = setTimeout(() => fail(`timed out after ${timeoutMs} ms`), timeoutMs);
      const waiter = {
        re,
        from,
        resolve: (line: string) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      this.waiters.push(waiter);
      if (this.ended) {
        clearTimeout(timer);
        fail('the stream ended');
      } else
        this.endWaiters.push(() => {
          if (this.waiters.includes(waiter)) {
            clearTimeout(timer);
            fail('the stream ended');
          }
        });
    });
  }
}

/** A spawned `mtg` process: its output as lines, and its exit. */
export type MtgProcess = {
  proc: ChildProcess;
  stdout: LineReader;
  stderr: LineReader;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Writes to its standard input. */
  write(text: string): void;
  /** Sends a signal (default SIGKILL) unless it has exited; resolves at its exit. */
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Every process spawned here, so a test's afterAll (or {@link killAll}) ends them. */
const live = new Set<MtgProcess>();
/** Every server process started here since the last {@link killAll}: their logs are read for the leak audit. */
const servers: MtgProcess[] = [];

let scratch: string | null = null;
/** One empty folder for this test file's processes (no .cards/ there: the starter set, as the test's own registry). */
function scratchCwd(): string {
  if (!scratch) {
    scratch = mkdtempSync(join(tmpdir(), 'mtg-net-cwd-'));
    process.on('exit', () => rmSync(scratch!, { recursive: true, force: true }));
  }
  return scratch;
}

/**
 * Spawns `node dist/mtg/cli.js <args>` in `cwd` (default: an empty scratch folder, no .cards/,
 * so games use the starter set unless `--cards` says otherwise; give the repository's folder to
 * use its .cards/).
 */
export function spawnMtg(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): MtgProcess {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), ...options.env };
  delete env['NO_COLOR'];
  delete env['FORCE_COLOR'];
  const proc = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd ?? scratchCwd(), env, stdio: ['pipe', 'pipe', 'pipe'] });
  const stdout = new LineReader();
  const stderr = new LineReader();
  proc.stdout.setEncoding('utf8').on('data', (c: string) => stdout.push(c));
  proc.stderr.setEncoding('utf8').on('data', (c: string) => stderr.push(c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.on('close', (code, signal) => {
      stdout.end();
      stderr.end();
      live.delete(p);
      resolve({ code, signal });
    });
  });
  const p: MtgProcess = {
    proc,
    stdout,
    stderr,
    exited,
    write: (text) => proc.stdin.write(text),
    kill: (signal = 'SIGKILL') => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
  live.add(p);
  return p;
}

/** Kills every process spawned here that is still running (SIGKILL) and waits for their exits. */
export async function killAll(): Promise<void> {
  await Promise.all([...live].map((p) => p.kill('SIGKILL')));
  // The leak audit over every server a test file started: a hidden face sent to any client fails the file.
  const leaks = servers.flatMap((server) => server.stderr.lines.filter((l) => /^mtg server(-web)?: LEAK /.test(l)));
  servers.length = 0;
  if (leaks.length > 0) throw new Error(`the servers' leak audit found hidden faces sent to clients:\n${leaks.join('\n')}`);
}

/** A running `mtg server`: its process, its port and its log. */
export type ServerProcess = MtgProcess & {
  port: number;
  /** `ws://127.0.0.1:PORT`. */
  url: string;
  /** `127.0.0.1:PORT`, as `mtg connect --server` takes it. */
  address: string;
  /** Sends SIGTERM and resolves at the exit (the server drains first). */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Starts `mtg server --port 0 --bind 127.0.0.1 <args>` and resolves once it listens, with the
 * port it took.
 *
 * @example
 * ```ts
 * const server = await startServerProcess(['--seed', '7', '--network-debug', '--audit-leaks']);
 * const ws = await rawClient(server.url);
 * ```
 */
export async function startServerProcess(args: string[] = [], options: { cwd?: string; timeoutMs?: number } = {}): Promise<ServerProcess> {
  // Every test server runs with the full hash checks (as the reference's network chapter asks of
  // every test) and the leak audit, which {@link killAll} reads when the file's tests are done.
  const checks = ['--network-debug', '--audit-leaks'].filter((flag) => !args.includes(flag));
  const p = spawnMtg(['server', '--port', '0', '--bind', '127.0.0.1', ...checks, ...args], options);
  servers.push(p);
  let line: string;
  try {
    line = await p.stderr.waitFor(/^mtg server: listening on /, options.timeoutMs ?? 30_000);
  } catch (error) {
    await p.kill();
    throw error;
  }
  const port = Number(/^mtg server: listening on \S+:(\d+)/.exec(line)![1]);
  return Object.assign(p, {
    port,
    url: `ws://127.0.0.1:${port}`,
    address: `127.0.0.1:${port}`,
    stop: () => p.kill('SIGTERM'),
  });
}

/** A frame a raw client received: its text and its JSON (null when it was not JSON). */
export type Received = { text: string; json: Record<string, unknown> | null };

/** A raw WebSocket client: sends anything, records every frame it receives. */
export type RawClient = {
  ws: WebSocket;
  /** Every frame received, in order. */
  frames: Received[];
  /** Sends a message (an object: `v: 1` is added unless it has a `v`) or raw text as it is. */
  send(message: Record<string, unknown> | string): void;
  /**
   * The next frame after the ones already taken by `next` whose `type` is `type` (or any type when
   * undefined), skipping others; rejects after `timeoutMs` or when the socket closes first. One
   * waiter at a time per client: a second `next` while one waits takes over the frames.
   */
  next(type?: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Resolves when the socket is closed (by either side), with the close code. */
  closed: Promise<number>;
  close(): void;
};

/** Opens a raw client on `url` and resolves once it is open. */
export function rawClient(url: string, options: { maxPayload?: number } = {}): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { maxPayload: options.maxPayload ?? 16 * 1024 * 1024 });
    const frames: Received[] = [];
    let taken = 0;
    let wake: (() => void) | null = null;
    let isClosed = false;
    const closed = new Promise<number>((r) =>
      ws.on('close', (code) => {
        isClosed = true;
        wake?.();
        r(code);
      }),
    );
    ws.on('message', (data) => {
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
      let json: Record<string, unknown> | null;
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        json = null;
      }
      frames.push({ text, json });
      wake?.();
    });
    ws.on('error', (error) => {
      if (ws.readyState !== WebSocket.OPEN) reject(error);
    });
    ws.on('open', () =>
      resolve({
        ws,
        frames,
        closed,
        send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify('v' in message ? message : { v: 1, ...message })),
        close: () => ws.close(),
        next: (type, timeoutMs = 20_000) =>
          new Promise((res, rej) => {
            const timer = setTimeout(() => {
              wake = null;
              rej(
                new Error(`timed out after ${timeoutMs} ms waiting for ${type ?? 'a frame'}; received: ${frames.map((f) => f.text.slice(0, 200)).join('\n')}`),
              );
            }, timeoutMs);
            const look = (): void => {
              for (; taken < frames.length;) {
                const f = frames[taken++]!;
                if (type === undefined || f.json?.['type'] === type) {
                  clearTimeout(timer);
                  wake = null;
                  res(f.json ?? { text: f.text });
                  return;
                }
              }
              if (isClosed) {
                clearTimeout(timer);
                wake = null;
                rej(new Error(`the socket closed while waiting for ${type ?? 'a frame'}; received: ${frames.map((f) => f.text.slice(0, 200)).join('\n')}`));
              }
            };
            wake = look;
            look();
          }),
      }),
    );
  });
}

/** A scratch folder, removed by the returned function. */
export function scratchDir(prefix = 'mtg-net-'): { dir: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** How a {@link playSeat} game ended for that seat. */
export type SeatResult = {
  seat: number;
  winner: number | null;
  reason: string;
  /** Questions the seat answered. */
  answered: number;
};

/**
 * Plays a seat of a game on a raw client with a test controller: on `GameStarted` it makes the
 * seat's ShadowFollower, on `Sync` it feeds it, on `Ask` it checks the question, asks
 * `controller` on its shadow and sends the `Answer`, as `mtg connect` does. Resolves at
 * `GameOver`; rejects at a `Fatal` or when the socket closes first. The frames the client has
 * already received are played first, so it may be called at any point of the game, or on a
 * reconnected client once its history has arrived (`Registered.history` frames): the Asks a
 * `Confirmed` answers there are asked of the controller again but not answered again.
 *
 * @example
 * ```ts
 * const done = playSeat(client, { registry: starterRegistry(), controller: randomController(1) });
 * client.send({ type: 'SetReady', ready: true });
 * (await done).winner;
 * ```
 */
export function playSeat(client: RawClient, options: { registry: CardRegistry; controller: Controller }): Promise<SeatResult> {
  return new Promise<SeatResult>((resolve, reject) => {
    // A seat's history sent again after a Reconnect: its past Asks are those a Confirmed answers.
    // The controller is asked again at each (so its state comes out the same) and must choose as before; nothing is sent for them.
    const past = new Map<number, number>();
    for (const f of client.frames) if (f.json?.['type'] === 'Confirmed') past.set(f.json['index'] as number, f.json['option'] as number);
    let follower: ShadowFollower | null = null;
    let answered = 0;
    let seat = -1;
    let finished = false;
    const onMessage = (data: WebSocket.RawData): void => {
      if (finished) return;
      try {
        const m = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : String(data)) as Record<string, any>;
        if (m['type'] === 'GameStarted') {
          seat = m['seat'] as number;
          follower = new ShadowFollower(m['config'], options.registry, m['seat'], m['entries']);
          follower.advance();
        } else if (m['type'] === 'Sync') {
          follower!.receive(m['entries']);
          follower!.advance();
        } else if (m['type'] === 'Ask') {
          const point = follower!.advance();
          if (!point) throw new Error(`asked decision ${m['ask'].index}, but the shadow has no decision of its own`);
          follower!.check(m['ask']);
          const i = options.controller.choose(lazyView(follower!.game, seat as 0 | 1), point);
          const answer = follower!.decide(i);
          const before = past.get(answer.index);
          if (before === undefined) client.send({ type: 'Answer', answer });
          else if (before !== i) throw new Error(`replaying the history, the controller chose ${i} at decision ${answer.index}, not ${before} as before`);
          answered++;
        } else if (m['type'] === 'GameOver') {
          follower?.advance();
          finished = true;
          client.ws.off('message', onMessage);
          resolve({ seat, winner: m['winner'], reason: m['reason'], answered });
        } else if (m['type'] === 'Fatal') {
          finished = true;
          client.ws.off('message', onMessage);
          reject(new Error(`Fatal ${m['code']}: ${m['message']}`));
        }
      } catch (error) {
        finished = true;
        client.ws.off('message', onMessage);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    // The frames received before this call first (GameStarted, an Ask a test held back), then the rest as they come.
    for (const f of client.frames.slice()) onMessage(Buffer.from(f.text));
    if (!finished) client.ws.on('message', onMessage);
    void client.closed.then(() => finished || reject(new Error(`the socket closed before the game ended (seat ${seat}, ${answered} answers)`)));
  });
}

/** A raw client that has registered as `name` (with the server's `password`, if it has one). */
export async function registered(url: string, name: string, password?: string): Promise<RawClient> {
  const c = await rawClient(url);
  await c.next('Welcome');
  c.send({ type: 'Register', name, ...(password !== undefined ? { password } : {}) });
  await c.next('Registered');
  return c;
}

/**
 * Two raw clients seated in `game` (the first creates it: p1), each having sent its deck: the
 * starter decks by default, or `decks` (texts) under `files` (the names they are sent as).
 */
export async function seated(
  url: string,
  game: string,
  names: [string, string],
  options: { password?: string; decks?: [string, string]; files?: [string, string] } = {},
): Promise<[RawClient, RawClient]> {
  const [rg, wu] = STARTER_DECKS;
  const decks = options.decks ?? [rg!.text, wu!.text];
  const files = options.files ?? [rg!.file, wu!.file];
  const a = await registered(url, names[0], options.password);
  const b = await registered(url, names[1], options.password);
  a.send({ type: 'CreateGame', game });
  const ja = await a.next('Joined');
  b.send({ type: 'JoinGame', game });
  const jb = await b.next('Joined');
  if (ja['seat'] !== 0 || jb['seat'] !== 1)
    throw new Error(`${names[0]} and ${names[1]} were seated ${String(ja['seat'])} and ${String(jb['seat'])} in ${game}, not p1 and p2`);
  a.send({ type: 'SetDeck', file: files[0], text: decks[0] });
  b.send({ type: 'SetDeck', file: files[1], text: decks[1] });
  return [a, b];
}

/** The first `Ask` either client receives: [the asked client, the other, the Ask], or a rejection after `timeoutMs`. */
export function firstAsk(a: RawClient, b: RawClient, timeoutMs = 20_000): Promise<[RawClient, RawClient, Record<string, any>]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no Ask within ${timeoutMs} ms`)), timeoutMs);
    const look = (): void => {
      for (const [c, o] of [
        [a, b],
        [b, a],
      ] as const) {
        const f = c.frames.find((x) => x.json?.['type'] === 'Ask');
        if (f) {
          clearTimeout(timer);
          a.ws.off('message', look);
          b.ws.off('message', look);
          return resolve([c, o, f.json!]);
        }
      }
    };
    a.ws.on('message', look);
    b.ws.on('message', look);
    look();
  });
}
