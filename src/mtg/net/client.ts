/**
 * One networked client (issue 16, docs/mtg/network.md): `mtg connect`'s seat over one WebSocket
 * (`ws`). The protocol logic (the shadow, the asks and confirms, the reconnect replay, the desync
 * rule, the game's end) is the transport-free {@link Session} (session.ts), which the browser's
 * game page runs too; this wrapper adds the socket, the scripted lobby (register, create or join
 * the game named, send the deck, get ready) and a SeatController answering each decision at once.
 */
import type WebSocket from 'ws';
import { importPeer } from '../../core/peers.js';
import type { CardRegistry } from '../cards/index.js';
import type { SeatController } from '../controllers/index.js';
import type { Verbosity } from '../cli/log.js';
import type { Paint } from '../controllers/index.js';
import { printable } from './limits.js';
import { MAX_SERVER_FRAME_BYTES, type GameListing } from './protocol.js';
import { Session, type SessionResult } from './session.js';

/** How {@link connectToServer} plays. */
export type ConnectOptions = {
  /** The server's address, `ws://HOST:PORT`. */
  url: string;
  /** The user name to register (unique on the server). Not needed with `reconnect`. */
  name?: string;
  /** The server's password, when it has one. */
  password?: string;
  /** The game to create (seat p1) or, when it exists, join (seat p2). Without it, `chooseGame` picks. */
  game?: string;
  /**
   * Without `game`: called with the server's list of games; returns the name of a game to create
   * or join, or null to ask for the list again. It may block (a person typing).
   */
  chooseGame?: (games: readonly GameListing[]) => string | null;
  /** The deck: the `.dck` file's text and its name (the server reads it with its own cards). */
  deck: { file: string; text: string };
  /** The card registry the shadow is built with: the same cards as the server's. */
  registry: CardRegistry;
  /** Who decides for the seat. */
  controller: SeatController;
  /** The token of a seat to take back (a dropped connection, within 60 s). */
  reconnect?: string;
  /** The game log, as `mtg tui` writes it: for the seat's eyes, the tagged lines public. */
  log: { verbosity: Verbosity; tag: boolean; paint: Paint; write(line: string): void };
  /** Lines for the user that are not the game log (standard error): the token, notices, refusals. */
  notice(line: string): void;
  /** Called with the token `Registered` gives (to write it to a file). */
  onToken?(token: string): void;
};

/** How a client's run ended: 0 the game is over, 1 an error (a refusal it cannot get past, a lost connection), 3 fatal (a desync, the server shutting down). */
export type ConnectResult = SessionResult;

/** Where the scripted lobby is (the session knows the rest). */
type Step = 'start' | 'choosing' | 'joining' | 'lobby';

/**
 * Connects, registers (or reconnects), takes a seat, sets the deck, gets ready, plays the game
 * to its end and resolves with how it ended. Never rejects: every failure is a result.
 *
 * @example
 * ```ts
 * const r = await connectToServer({
 *   url: 'ws://127.0.0.1:4000',
 *   name: 'ada',
 *   game: 'friday',
 *   deck: { file: 'starter/red_green_aggro.dck', text },
 *   registry: starterRegistry(),
 *   controller: createController({ kind: 'heuristic', seed: '7' }, { registry: starterRegistry() }),
 *   log: { verbosity: 2, tag: true, paint: paint(false), write: (l) => console.log(l) },
 *   notice: (l) => console.error(l),
 * });
 * r.code; // 0: the game is over
 * ```
 */
export async function connectToServer(options: ConnectOptions): Promise<ConnectResult> {
  // `ws` is an optional peer: only this entry needs it, and says so when it is not installed.
  const { WebSocket: Socket } = await importPeer('ws', 'storyletengine/mtg/net', () => import('ws'));
  return new Promise((resolve) => {
    new Client(options, resolve, Socket).open();
  });
}

/** The states of a socket (the `ws` constants, which a type-only import does not bring). */
const OPEN = 1;
const CONNECTING = 0;

class Client {
  private ws!: WebSocket;
  private readonly session: Session;
  private step: Step = 'start';
  private deckSent = false;
  private readySent = false;
  /** Tries to create or join, so a race between two clients naming one game settles in one step. */
  private tries = 0;

  constructor(
    private readonly options: ConnectOptions,
    private readonly resolve: (r: ConnectResult) => void,
    private readonly Socket: typeof WebSocket,
  ) {
    const o = options;
    const s = new Session({
      send: (text) => {
        if (this.ws.readyState === OPEN) this.ws.send(text);
      },
      close: () => {
        if (this.ws && (this.ws.readyState === OPEN || this.ws.readyState === CONNECTING)) this.ws.close();
      },
      registry: o.registry,
      controller: o.controller,
      log: o.log,
      self: `${o.controller.kind}, ${o.deck.file}`,
    });
    this.session = s;
    s.on('end', (r) => this.resolve(r));
    s.on('notice', (line) => o.notice(line));
    s.on('welcome', (w) => {
      if (o.reconnect !== undefined) return s.reconnect(o.reconnect);
      if (w.passwordRequired && o.password === undefined) return s.end(1, `the server ${w.server} needs a password: --password P`);
      if (o.name === undefined) return s.end(1, 'a name is needed to register: --name NAME');
      s.register(o.name, o.password);
    });
    s.on('registered', ({ token }) => {
      this.note(`token ${token}`);
      o.onToken?.(token);
      if (!s.replaying) this.startChoosing();
    });
    s.on('games', (games) => {
      if (this.step === 'choosing') this.choose(games);
    });
    s.on('joined', ({ game, seat }) => {
      this.step = 'lobby';
      if (!s.replaying) this.note(`joined game ${game} as p${seat + 1}`);
      this.lobbyStep();
    });
    s.on('lobby', () => this.lobbyStep());
    s.on('refused', ({ code, message }) => this.onError(code, message));
    s.on('replayed', (phase) => {
      if (phase === 'playing') return;
      if (phase === 'lobby') {
        // Reconnected before the game started: go on from the room as the server has it.
        const { room, seat } = s;
        this.step = 'lobby';
        this.deckSent = room !== null && seat !== null && room.decks[seat];
        this.readySent = room !== null && seat !== null && room.ready[seat];
        this.lobbyStep();
        return;
      }
      this.startChoosing();
    });
  }

  open(): void {
    let ws: WebSocket;
    try {
      ws = new this.Socket(this.options.url, { maxPayload: MAX_SERVER_FRAME_BYTES });
    } catch (error) {
      this.session.end(1, `cannot connect to ${this.options.url}: ${(error as Error).message}`);
      return;
    }
    this.ws = ws;
    ws.on('message', (data: WebSocket.RawData) => this.session.receive(data));
    ws.on('error', (error: Error) => {
      if (!this.session.finished) this.session.end(1, `connection to ${this.options.url} failed: ${error.message}`);
    });
    ws.on('close', () => this.session.closed());
  }

  /** A line for the user (standard error), its control characters escaped as the session's notices are. */
  private note(line: string): void {
    this.options.notice(printable(line));
  }

  private startChoosing(): void {
    this.step = 'choosing';
    this.session.listGames();
  }

  /** Creates the game named, or joins it when it exists with a free seat. */
  private choose(games: readonly GameListing[]): void {
    const s = this.session;
    let name = this.options.game ?? null;
    if (name === null) {
      name = this.options.chooseGame ? this.options.chooseGame(games) : null;
      if (name === null) {
        if (!this.options.chooseGame) return s.end(1, 'no game to create or join: --game GAME');
        s.listGames();
        return;
      }
    }
    const listed = games.find((g) => g.game === name);
    if (listed && (listed.started || (listed.seats[0] !== null && listed.seats[1] !== null))) {
      const who = listed.seats.filter((x) => x !== null).join(' and ');
      if (this.options.game !== undefined) return s.end(1, `game ${name} is full (${who}${listed.started ? ', started' : ''}); name another game`);
      this.note(`game ${name} is full (${who}); choose another`);
      s.listGames();
      return;
    }
    this.step = 'joining';
    if (listed) s.joinGame(name);
    else s.createGame(name);
  }

  /** The next lobby step: the deck once seated, ready once the server has it. */
  private lobbyStep(): void {
    const s = this.session;
    if (s.replaying || s.phase !== 'lobby' || s.seat === null) return;
    if (!this.deckSent) {
      this.deckSent = true;
      s.setDeck(this.options.deck.file, this.options.deck.text);
      return;
    }
    if (!this.readySent && s.room?.decks[s.seat]) {
      this.readySent = true;
      s.setReady(true);
    }
  }

  private onError(code: string, message: string): void {
    const s = this.session;
    if (this.step === 'joining' && this.tries < 2 && (code === 'net/game-exists' || code === 'net/no-game')) {
      // Two clients named the same game at once: the one that lost the race joins (or creates).
      this.tries++;
      if (code === 'net/game-exists') s.joinGame(s.gameName!);
      else s.createGame(s.gameName!);
      return;
    }
    if (this.step === 'joining' && this.options.game === undefined && (code === 'net/game-full' || code === 'net/no-game')) {
      this.note(`refused: ${code}: ${message}; choose another game`);
      this.startChoosing();
      return;
    }
    s.end(1, `refused by the server: ${code}: ${message}`);
  }
}
