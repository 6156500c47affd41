/**
 * The game server (issue 16, docs/mtg/network.md "The wire"): one WebSocket per client, the
 * lobby (Register, ListGames, CreateGame, JoinGame, SetDeck, SetReady, Leave, Reconnect,
 * BugReport), many rooms at once (room.ts), the memory gate, the drain, bug reports and the
 * leak audit. Every frame is parsed by protocol.ts before anything reads it; every refusal is an
 * `Error` to that client and one log line, and changes nothing else.
 *
 * **Architecture invariant:** the server sends a client only what the lobby says and what
 * `GoldenHost.take` gives for its seat; no message is built from the golden's hidden state.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import type { WebSocket } from 'ws';
import { importPeer } from '../../core/peers.js';
import type { CardRegistry } from '../cards/index.js';
import type { Seat } from '../engine/choice.js';
import type { Game } from '../engine/game.js';
import { hiddenFaces, scanForLeaks, WORD_KEYS } from '../engine/replica/leak-scan.js';
import type { SyncEntry } from '../engine/replica/sync.js';
import { MAX_FRAME_BYTES, NetError, parseClientMessage, PROTOCOL_VERSION, type ClientMessage, type ServerMessage, type Unversioned } from './protocol.js';
import { HEARTBEAT_MS, MAX_BUG_REPORTS_PER_PLAYER, MAX_BUG_REPORTS_PER_RUN, MAX_LISTED_GAMES, MAX_SOCKETS_PER_ADDRESS } from './limits.js';
import { Room, type Player, type RoomHub } from './room.js';

/**
 * A reconnect token: 144 random bits as hex. Hex, not base64url, because a token is typed after
 * `mtg connect --reconnect`, and one starting with `-` would be read as an option.
 */
function newToken(): string {
  return randomBytes(18).toString('hex');
}

/** What {@link startServer} takes. */
export type ServerOptions = {
  /** The port to listen on (0: any free port; the one taken is in the result). */
  port: number;
  /** The address to listen on (default 127.0.0.1: loopback only). */
  bind?: string;
  /** A password every Register must give. */
  password?: string;
  /** The cards decks are read with (as `mtg tui` loads them: `--cards`). */
  registry: CardRegistry;
  /** The `--cards` option as given, for reproducers. */
  cardsOption?: string;
  /** Every game's seed (deterministic games); without it each game gets a fresh seed, logged. */
  seed?: string;
  startingLife?: number;
  /** Refuse CreateGame while the process's resident memory is above this percentage of the host's memory; games in flight are never touched. */
  maxMemoryPercent?: number;
  /** Hashes in every question, answer and decision entry, checked on both sides. */
  networkDebug?: boolean;
  /** Scan every frame sent to a seat for the faces that seat may not see (a test flag): `LEAK` log lines, counted in the stats. */
  audit?: boolean;
  /** Where bug reports are stored (default ./mtg-bug-reports). */
  bugDir?: string;
  /** How long a seat whose socket closed is kept (default 60 000 ms). */
  reconnectMs?: number;
  /** One log line (without the `mtg server: ` prefix); default: stderr with the prefix. */
  log?: (line: string) => void;
  /** The resident memory in bytes (default the process's): a test makes the gate see what it needs. */
  rss?: () => number;
  /** How often every socket is pinged, in ms (default `HEARTBEAT_MS`); one that did not answer the previous ping is closed as dropped. */
  heartbeatMs?: number;
  /** Open sockets one peer address may have (default `MAX_SOCKETS_PER_ADDRESS`). */
  maxSocketsPerAddress?: number;
  /**
   * Serve the lobby on an existing, already listening HTTP or HTTPS server instead of a port of
   * its own (`mtg server-web`): a WebSocket upgrade whose path is `path` joins the lobby; every
   * other upgrade is refused (404). `port` and `bind` are then unused, and closing the game server
   * leaves the HTTP server to its owner.
   */
  attach?: { server: HttpServer; path: string };
};

/** What the server counted: the final stats line. */
export type ServerStats = {
  /** Games started. */
  games: number;
  /** Games that ended with a GameOver (the rules, a forfeit). */
  finished: number;
  desyncs: number;
  /** Refusals sent (`Error` frames) and engine failures. */
  errors: number;
  /** Frames sent to clients. */
  frames: number;
  /** Hidden faces found in frames (with the audit). */
  leaks: number;
  /** The process's peak resident memory, in MiB. */
  peakRssMb: number;
};

/** A running server. */
export type RunningServer = {
  /** The port it listens on. */
  port: number;
  /** What it counted so far. */
  stats(): ServerStats;
  /**
   * Stops: no new sockets, a `Notice` to every client, games in flight play on for up to
   * `drainMs` (default 30 000), then `Fatal {code: 'net/shutdown'}` to every client still
   * connected and every socket closed. Resolves with the final stats.
   */
  close(drainMs?: number): Promise<ServerStats>;
};

/** The stats line the CLI prints on exit. */
export function statsLine(s: ServerStats): string {
  return `stats games=${s.games} finished=${s.finished} desyncs=${s.desyncs} errors=${s.errors} frames=${s.frames} leaks=${s.leaks} peak-rss-mb=${s.peakRssMb}`;
}

/** One socket. */
type Conn = { id: number; ws: WebSocket; peer: string; address: string; player: Player | null; alive: boolean; send(text: string): void };

/** A frame's keys whose values the audit does not scan as they are sent: entries (scanned as the golden makes them), the public decklists, user-chosen names. */
const AUDIT_SKIP = [...WORD_KEYS, 'entries', 'decks', 'names', 'seats', 'game'];

/**
 * Starts the server and resolves once it listens.
 *
 * @example
 * ```ts
 * const server = await startServer({ port: 0, registry: starterRegistry(), seed: '7', networkDebug: true });
 * // ... clients play ...
 * const stats = await server.close(30_000);
 * ```
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  // `ws` is an optional peer: only this entry needs it, and says so when it is not installed.
  const { WebSocketServer } = await importPeer('ws', 'storyletengine/mtg/net', () => import('ws'));
  const log = options.log ?? ((line: string) => process.stderr.write(`mtg server: ${line}\n`));
  const bind = options.bind ?? '127.0.0.1';
  const reconnectMs = options.reconnectMs ?? 60_000;
  const bugDir = resolve(options.bugDir ?? 'mtg-bug-reports');
  const rss = options.rss ?? (() => process.memoryUsage.rss());
  const players = new Map<string, Player>();
  const tokens = new Map<string, Player>();
  const rooms = new Map<string, Room>();
  const conns = new Set<Conn>();
  const stats: ServerStats = { games: 0, finished: 0, desyncs: 0, errors: 0, frames: 0, leaks: 0, peakRssMb: 0 };
  let nextConn = 1;
  let bugs = 0;
  const bugsBy = new Map<string, number>();
  const perAddress = new Map<string, number>();
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const maxSockets = options.maxSocketsPerAddress ?? MAX_SOCKETS_PER_ADDRESS;
  let draining: { resolve: () => void; timer: ReturnType<typeof setTimeout> } | null = null;
  let stopping = false;

  const scan = (value: unknown, golden: Pick<Game, 'state' | 'internals'>, seat: Seat, what: string, skip: readonly string[]): void => {
    const leaks = scanForLeaks(value, hiddenFaces(golden as Game, seat), { skipKeys: skip });
    for (const l of leaks) log(`LEAK to p${seat + 1}: ${what} at ${l.path}`);
    stats.leaks += leaks.length;
  };

  const hub: RoomHub = {
    registry: options.registry,
    startingLife: options.startingLife,
    networkDebug: options.networkDebug === true,
    cardsOption: options.cardsOption,
    onEntry: options.audit
      ? (seat: Seat, entry: Readonly<SyncEntry>, golden: Pick<Game, 'state' | 'internals'>) => {
          // A reveal names the one face it shows (which must be that card's); nothing else may name a face the seat cannot see.
          if (entry.type === 'reveal' && entry.name !== golden.state.objects[entry.card]?.card) {
            log(`LEAK to p${seat + 1}: a reveal of card ${entry.card} names another face`);
            stats.leaks++;
          }
          scan(entry.type === 'reveal' ? { ...entry, name: undefined } : entry, golden, seat, `a ${entry.type} entry`, WORD_KEYS);
        }
      : undefined,
    log,
    seed: () => options.seed ?? String(randomInt(0, 2 ** 47)),
    transmit(player, text, message, room) {
      if (options.audit && room.host && player.seat !== null)
        scan(message, room.host.game, player.seat, `a ${message.type} frame of game ${room.name}`, AUDIT_SKIP);
      player.conn?.send(text);
    },
    refuse(player, request, code, message) {
      const conn = [...conns].find((c) => c.player === player);
      if (conn) refuse(conn, request, code, message);
    },
    started() {
      stats.games++;
    },
    mayStart: () => (draining || stopping ? { code: 'net/refused', message: 'the server is shutting down: no new games start' } : memoryGate()),
    ended(room, how) {
      if (room.host) {
        if (how === 'finished') stats.finished++;
        else if (how === 'desync') stats.desyncs++;
        else if (how === 'error') stats.errors++;
      }
      rooms.delete(room.name);
      for (const p of room.seats) {
        if (!p) continue;
        p.room = null;
        p.seat = null;
        // A player who is away and has no seat any more is forgotten: its name is free again.
        if (!p.conn) forget(p);
      }
      peak();
      if (draining && ![...rooms.values()].some((r) => r.inFlight)) draining.resolve();
    },
  };

  /** The memory gate: a refusal while the process's memory is above --max-memory-percent (no new game is made or started), else null. */
  const memoryGate = (): { code: string; message: string } | null => {
    if (options.maxMemoryPercent === undefined) return null;
    const used = (rss() / totalmem()) * 100;
    if (used <= options.maxMemoryPercent) return null;
    return {
      code: 'net/memory',
      message: `the server is using ${used.toFixed(2)}% of the host's memory, above its limit of ${options.maxMemoryPercent}%: no new games now (games in play go on); try again later`,
    };
  };

  const peak = (): void => {
    stats.peakRssMb = Math.max(stats.peakRssMb, Math.round(rss() / (1024 * 1024)), Math.round(process.resourceUsage().maxRSS / 1024));
  };

  const forget = (p: Player): void => {
    if (p.away) clearTimeout(p.away);
    p.away = null;
    players.delete(p.name);
    tokens.delete(p.token);
  };

  const who = (c: Conn): string => (c.player ? `${c.player.name} (connection ${c.id})` : `connection ${c.id}`);

  const sendTo = (c: Conn, message: Unversioned<ServerMessage>): void => c.send(JSON.stringify({ v: PROTOCOL_VERSION, ...message }));

  const refuse = (c: Conn, request: string, code: string, message: string): void => {
    stats.errors++;
    log(`refused ${request} from ${who(c)}: ${code}: ${message}`);
    sendTo(c, { type: 'Error', code, message });
  };

  /** The listing, bounded: games with a free seat first (what a client looks for), then the others, each in creation order; the rest counted. */
  const games = (): Unversioned<ServerMessage> => {
    const all = [...rooms.values()];
    const open = (r: Room): boolean => !r.host && !(r.seats[0] && r.seats[1]);
    const ordered = [...all.filter(open), ...all.filter((r) => !open(r))];
    const listed = ordered.slice(0, MAX_LISTED_GAMES).map((r) => r.listing());
    return { type: 'Games', games: listed, ...(ordered.length > listed.length ? { more: ordered.length - listed.length } : {}) };
  };

  const storeBug = (c: Conn, text: string, reproducer: string | undefined): void => {
    // Bounded: each report is a file on the server's disk.
    const from = c.player?.name ?? '';
    const mine = bugsBy.get(from) ?? 0;
    if (mine >= MAX_BUG_REPORTS_PER_PLAYER)
      return refuse(
        c,
        'BugReport',
        'net/refused',
        `${from} has stored ${mine} bug reports, the server's limit per user (${MAX_BUG_REPORTS_PER_PLAYER}): put everything into one report`,
      );
    if (bugs >= MAX_BUG_REPORTS_PER_RUN)
      return refuse(
        c,
        'BugReport',
        'net/refused',
        `this server stored ${bugs} bug reports, its limit (${MAX_BUG_REPORTS_PER_RUN}): tell its operator another way`,
      );
    bugsBy.set(from, mine + 1);
    bugs++;
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, 'Z');
    const id = `bug-${stamp}-${bugs}-${randomBytes(3).toString('hex')}`;
    const room = c.player?.room ?? null;
    const report = {
      id,
      from: c.player?.name ?? null,
      game: room?.name ?? null,
      seat: c.player?.seat ?? null,
      // The server's facts the client does not have: the seed and both decks (kept here, never sent).
      seed: room?.seed ?? null,
      decks: room ? room.decks.map((d) => (d ? { file: d.file, main: d.main } : null)) : null,
      decisions: room?.host?.game.choices.length ?? null,
      text,
      reproducer: reproducer ?? null,
    };
    try {
      mkdirSync(bugDir, { recursive: true });
      writeFileSync(join(bugDir, `${id}.json`), `${JSON.stringify(report, null, 2)}\n`);
    } catch (error) {
      return refuse(c, 'BugReport', 'net/refused', `the server could not store the report (${(error as Error).message})`);
    }
    log(`bug report ${id} stored from ${who(c)} in ${bugDir}`);
    sendTo(c, { type: 'BugReportStored', id });
  };

  /** One client message, in the lobby's order. */
  const handle = (c: Conn, m: ClientMessage): void => {
    const p = c.player;
    if (!p) {
      if (m.type === 'Register') {
        if (options.password !== undefined && m.password !== options.password)
          return refuse(c, 'Register', 'net/password', m.password === undefined ? 'this server needs a password: give it in Register' : 'wrong password');
        if (players.has(m.name)) return refuse(c, 'Register', 'net/name-taken', `the name ${JSON.stringify(m.name)} is taken on this server: choose another`);
        const player: Player = { name: m.name, token: newToken(), conn: c, room: null, seat: null, away: null };
        players.set(player.name, player);
        tokens.set(player.token, player);
        c.player = player;
        log(`connection ${c.id} registered ${player.name}`);
        return sendTo(c, { type: 'Registered', name: player.name, token: player.token });
      }
      if (m.type === 'Reconnect') {
        const back = tokens.get(m.token);
        if (!back) return refuse(c, 'Reconnect', 'net/bad-token', 'no seat is kept for that token (a seat is kept 60 s after its connection closes)');
        if (back.conn) return refuse(c, 'Reconnect', 'net/seat-taken', `${back.name}'s connection is still open: one connection per seat`);
        if (back.away) clearTimeout(back.away);
        back.away = null;
        back.conn = c;
        c.player = back;
        log(`${back.name} reconnected (connection ${c.id})${back.room ? ` to ${back.room.name}` : ''}`);
        const history = back.room && back.seat !== null ? back.room.history[back.seat].length : 0;
        sendTo(c, { type: 'Registered', name: back.name, token: back.token, history });
        // The seat's whole history, in order: the client rebuilds its shadow from it.
        if (back.room && back.seat !== null) {
          for (const text of back.room.history[back.seat]) c.send(text);
          back.room.notifyOther(back.seat, `${back.name} is back`);
        }
        return;
      }
      return refuse(c, m.type, 'net/refused', `send Register {name} first (or Reconnect {token})`);
    }
    const room = p.room;
    switch (m.type) {
      case 'Register':
      case 'Reconnect':
        return refuse(c, m.type, 'net/refused', `this connection is already registered as ${p.name}`);
      case 'ListGames':
        return sendTo(c, games());
      case 'CreateGame': {
        if (room) return refuse(c, m.type, 'net/refused', `you are in game ${JSON.stringify(room.name)}: Leave it first`);
        if (draining || stopping) return refuse(c, m.type, 'net/refused', 'the server is shutting down: no new games');
        if (rooms.has(m.game))
          return refuse(c, m.type, 'net/game-exists', `a game named ${JSON.stringify(m.game)} exists: JoinGame it, or choose another name`);
        if (options.maxMemoryPercent !== undefined) {
          const gate = memoryGate();
          if (gate) return refuse(c, m.type, gate.code, gate.message);
        }
        const r = new Room(m.game, hub);
        rooms.set(r.name, r);
        log(`game ${r.name} created by ${p.name}`);
        r.join(p);
        return;
      }
      case 'JoinGame': {
        if (room) return refuse(c, m.type, 'net/refused', `you are in game ${JSON.stringify(room.name)}: Leave it first`);
        if (draining || stopping) return refuse(c, m.type, 'net/refused', 'the server is shutting down: no new games');
        const r = rooms.get(m.game);
        if (!r) {
          const known = [...rooms.keys()];
          return refuse(
            c,
            m.type,
            'net/no-game',
            `no game named ${JSON.stringify(m.game)} (games: ${known.length ? known.map((k) => JSON.stringify(k)).join(', ') : 'none'}); CreateGame makes one`,
          );
        }
        if (r.host) return refuse(c, m.type, 'net/game-full', `game ${JSON.stringify(m.game)} has started`);
        if (r.seats[0] && r.seats[1]) return refuse(c, m.type, 'net/game-full', `game ${JSON.stringify(m.game)} has both its players`);
        // The gate guards every way to a new game: a room made while memory was low is not joined above it.
        const gate = memoryGate();
        if (gate) return refuse(c, m.type, gate.code, gate.message);
        const seat = r.join(p);
        log(`${p.name} joined ${r.name} as p${seat + 1}`);
        return;
      }
      case 'SetDeck':
        if (!room) return refuse(c, m.type, 'net/refused', 'CreateGame or JoinGame before SetDeck');
        return room.setDeck(p, m.file, m.text);
      case 'SetReady':
        if (!room) return refuse(c, m.type, 'net/refused', 'CreateGame or JoinGame, then SetDeck, before SetReady');
        return room.setReady(p, m.ready);
      case 'Leave':
        if (!room) return refuse(c, m.type, 'net/refused', 'you are in no game');
        return room.leave(p, 'left');
      case 'Answer':
        if (!room) return refuse(c, m.type, 'net/refused', 'you are in no game: there is no question to answer');
        return room.answer(p, m.answer);
      case 'Desync':
        if (!room) return refuse(c, m.type, 'net/refused', 'you are in no game');
        return room.reportDesync(p, m.message);
      case 'BugReport':
        return storeBug(c, m.text, m.reproducer);
    }
  };

  const closed = (c: Conn, code: number): void => {
    if (!conns.delete(c)) return;
    const n = (perAddress.get(c.address) ?? 1) - 1;
    if (n > 0) perAddress.set(c.address, n);
    else perAddress.delete(c.address);
    const p = c.player;
    c.player = null;
    log(`connection ${c.id} closed (${code})${p ? `: ${p.name}` : ''}`);
    if (!p || p.conn !== c) return;
    p.conn = null;
    if (stopping) return forget(p);
    if (!p.room) return forget(p);
    const room = p.room;
    const seconds = Math.round(reconnectMs / 1000);
    log(`${p.name}'s seat p${p.seat! + 1} of ${room.name} is kept ${seconds} s for a Reconnect`);
    room.notifyOther(p.seat!, `${p.name}'s connection dropped; the game waits up to ${seconds} s for it to come back`);
    // The reconnect window: the only timer besides the drain, and it moves no game (it ends one).
    p.away = setTimeout(() => {
      p.away = null;
      if (p.room) p.room.leave(p, 'disconnected');
      forget(p);
    }, reconnectMs);
  };

  return new Promise((resolveStart, rejectStart) => {
    // Frames over 64 KiB are refused by the parser (an Error, the connection goes on); ws itself
    // closes only a socket that sends more than 1 MiB in one frame.
    const attach = options.attach;
    let closing = false;
    const wss = attach
      ? new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024, perMessageDeflate: false })
      : new WebSocketServer({ port: options.port, host: bind, maxPayload: 1024 * 1024, perMessageDeflate: false });
    /** Ends an upgrade the lobby does not take with an HTTP status (the socket is not a WebSocket yet). */
    const refuseUpgrade = (socket: Duplex, status: string, why: string): void => {
      socket.end(
        `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(why) + 1}\r\n\r\n${why}\n`,
      );
    };
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== attach!.path) return refuseUpgrade(socket, '404 Not Found', `no WebSocket at ${path}: the lobby is at ${attach!.path}`);
      // Once closing, no new sockets (as the listening server's close refuses them).
      if (stopping || draining || closing) return refuseUpgrade(socket, '503 Service Unavailable', 'the server is shutting down');
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    };
    wss.on('error', (error) => {
      if (!started) rejectStart(error);
      else log(`server error: ${error.message}`);
    });
    let started = false;
    wss.on('connection', (ws, req) => {
      const address = req.socket.remoteAddress ?? '?';
      const c: Conn = {
        id: nextConn++,
        ws,
        peer: `${address}:${req.socket.remotePort ?? '?'}`,
        address,
        player: null,
        alive: true,
        send(text) {
          if (ws.readyState !== ws.OPEN) return;
          stats.frames++;
          ws.send(text);
        },
      };
      const open = perAddress.get(address) ?? 0;
      if (open >= maxSockets) {
        // One address cannot hold the server's sockets (and its lobby) alone.
        stats.errors++;
        log(`refused connection ${c.id} from ${c.peer}: net/refused: ${address} has ${open} open connections, the limit per address (${maxSockets})`);
        ws.send(
          JSON.stringify({
            v: PROTOCOL_VERSION,
            type: 'Error',
            code: 'net/refused',
            message: `${address} has ${open} connections open to this server, its limit per address (${maxSockets}): close some and connect again`,
          }),
        );
        ws.close(1008, 'too many connections');
        return;
      }
      perAddress.set(address, open + 1);
      conns.add(c);
      log(`connection ${c.id} opened from ${c.peer}`);
      ws.on('pong', () => {
        c.alive = true;
      });
      sendTo(c, {
        type: 'Welcome',
        server: 'storyletengine mtg server',
        protocol: PROTOCOL_VERSION,
        passwordRequired: options.password !== undefined,
        networkDebug: options.networkDebug === true,
      });
      if (draining) sendTo(c, { type: 'Notice', text: 'the server is shutting down: no new games start' });
      ws.on('message', (data, isBinary) => {
        c.alive = true;
        let m: ClientMessage;
        try {
          if (isBinary) throw new NetError('net/bad-json', 'a binary frame: frames are text, one JSON object each');
          m = parseClientMessage(data);
        } catch (error) {
          if (error instanceof NetError) return refuse(c, 'a frame', error.code, error.message);
          throw error;
        }
        try {
          handle(c, m);
        } catch (error) {
          // A bug of the server's own: that client is told, the server keeps serving.
          stats.errors++;
          log(`ERROR handling ${m.type} from ${who(c)}: ${error instanceof Error ? (error.stack ?? error.message).replace(/\s*\n\s*/g, ' ') : String(error)}`);
          sendTo(c, { type: 'Error', code: 'net/internal', message: `the server failed on your ${m.type}; the server log has the details` });
        }
      });
      ws.on('error', (error) =>
        log(
          `connection ${c.id}: ${error.message}${/max payload/i.test(error.message) ? ` (a frame over 1 MiB closes the socket; over ${MAX_FRAME_BYTES} bytes is refused)` : ''}`,
        ),
      );
      ws.on('close', (code) => closed(c, code));
    });
    // The heartbeat: a transport liveness check, not synchronisation. A peer that went away without
    // closing (sleep, a cut cable, a NAT that forgot it) answers no ping; its socket is ended and
    // `closed` runs as for any dropped socket (the reconnect window opens). It moves no game.
    const heartbeat = setInterval(() => {
      for (const c of conns) {
        if (!c.alive) {
          log(`connection ${c.id}${c.player ? ` (${c.player.name})` : ''} answered no ping in ${Math.round(heartbeatMs / 1000)} s: closed as dropped`);
          c.ws.terminate();
          closed(c, 1006);
          continue;
        }
        c.alive = false;
        try {
          c.ws.ping();
        } catch {
          // A socket closing meanwhile: its close event follows.
        }
      }
    }, heartbeatMs);
    heartbeat.unref();
    wss.on('close', () => clearInterval(heartbeat));
    const listening = (): void => {
      started = true;
      const address = attach ? attach.server.address() : wss.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      const where = attach ? `lobby at ${attach.path} on port ${port}` : `listening on ${bind}:${port}`;
      log(
        `${where} (password ${options.password !== undefined ? 'required' : 'none'}, network debug ${options.networkDebug ? 'on' : 'off'}, leak audit ${options.audit ? 'on' : 'off'}, seed ${options.seed ?? 'fresh per game'})`,
      );
      resolveStart({
        port,
        stats: () => {
          peak();
          return { ...stats };
        },
        close: async (drainMs = 30_000) => {
          if (stopping || draining || closing) throw new NetError('net/refused', 'the server is already stopping');
          // No new sockets from here on; the open ones go on.
          closing = true;
          wss.close();
          const inFlight = [...rooms.values()].filter((r) => r.inFlight).length;
          log(`shutting down: ${conns.size} connections, ${inFlight} games in play, draining up to ${Math.round(drainMs / 1000)} s`);
          const text = `the server is shutting down: games in play may go on for up to ${Math.round(drainMs / 1000)} s; no new games start`;
          for (const c of conns) sendTo(c, { type: 'Notice', text });
          if (inFlight > 0) {
            await new Promise<void>((done) => {
              const timer = setTimeout(done, drainMs);
              draining = {
                timer,
                resolve: () => {
                  clearTimeout(timer);
                  done();
                },
              };
            });
          }
          stopping = true;
          const left = [...rooms.values()].filter((r) => r.inFlight).length;
          log(`drained: ${left} games still in play end now`);
          for (const c of conns) sendTo(c, { type: 'Fatal', code: 'net/shutdown', message: 'the server is shutting down' });
          for (const p of players.values()) if (p.away) clearTimeout(p.away);
          await Promise.all(
            [...conns].map(
              (c) =>
                new Promise<void>((done) => {
                  c.ws.once('close', () => done());
                  c.ws.close(1001, 'server shutdown');
                  // A client that does not answer the close handshake is cut off.
                  setTimeout(() => {
                    c.ws.terminate();
                    done();
                  }, 2000).unref();
                }),
            ),
          );
          clearInterval(heartbeat);
          attach?.server.off('upgrade', onUpgrade);
          peak();
          return { ...stats };
        },
      });
    };
    if (attach) {
      attach.server.on('upgrade', onUpgrade);
      if (attach.server.listening) listening();
      else attach.server.once('listening', listening);
    } else wss.on('listening', listening);
  });
}
