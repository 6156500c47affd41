/**
 * One networked client (issue 16, docs/mtg/network.md): the lobby flow, the seat's shadow, its
 * controller and its log, over one WebSocket. The server runs the golden; this client holds only
 * the shadow its seat's sync stream builds ({@link ShadowFollower}), asks its controller on that
 * shadow when the server asks it, and answers by public ids.
 *
 * Control is linear, as the reference's network chapter asks: every step is the reaction to one
 * server message, in the order they come; nothing waits on a timer. A reconnecting client
 * rebuilds its shadow from the seat's history, which the server replays after `Registered`
 * (whose `history` says how many frames it is): an `Ask` of the history followed by its
 * `Confirmed` was answered before, and the one left unconfirmed at the end is the one waiting.
 */
import type WebSocket from 'ws';
import { importPeer } from '../../core/peers.js';
import type { CardRegistry } from '../cards/index.js';
import type { SeatController } from '../controllers/index.js';
import { lazyView, ReplicaDesync, ShadowFollower, type Ask, type ChoicePoint, type PublicConfigJson, type Seat, type WireAnswer } from '../engine/index.js';
import { StoryletError } from '../../core/errors.js';
import { GameLog, type Verbosity } from '../cli/log.js';
import type { Paint } from '../controllers/index.js';
import { printable } from './limits.js';
import { frame, MAX_SERVER_FRAME_BYTES, parseServerMessage, type ClientMessage, type GameListing, type ServerMessage, type Unversioned } from './protocol.js';

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
export type ConnectResult = {
  code: 0 | 1 | 3;
  /** What ended it, one line. */
  message: string;
  /** The seat played, once the game started. */
  seat?: Seat;
  /** The winner (null: a draw) when the game ended. */
  winner?: Seat | null;
  /** The follower (its shadow), once the game started. */
  follower?: ShadowFollower;
};

type Phase = 'welcome' | 'registering' | 'choosing' | 'joining' | 'lobby' | 'playing' | 'done';

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
  private phase: Phase = 'welcome';
  private networkDebug = false;
  private seat: Seat | null = null;
  private gameName: string | null = null;
  private names: [string, string] = ['p1', 'p2'];
  private follower: ShadowFollower | null = null;
  private log: GameLog | null = null;
  private deckSent = false;
  private readySent = false;
  /** The last Lobby message of our room. */
  private room: { decks: [boolean, boolean]; ready: [boolean, boolean] } | null = null;
  /** Whether the server is replaying our seat's history (after Reconnect, for `replayLeft` more frames). */
  private replaying = false;
  private replayLeft = 0;
  /** An Ask of the history, answered (or not) by the Confirmed after it: the controller's choice, or null for a person (never asked twice). */
  private held: { ask: Ask; choice: number | null } | null = null;
  /** The answer sent and not confirmed yet. */
  private sent: WireAnswer | null = null;
  /** Tries to create or join, so a race between two clients naming one game settles in one step. */
  private tries = 0;
  private finished = false;

  constructor(
    private readonly options: ConnectOptions,
    private readonly resolve: (r: ConnectResult) => void,
    private readonly Socket: typeof WebSocket,
  ) {}

  open(): void {
    let ws: WebSocket;
    try {
      ws = new this.Socket(this.options.url, { maxPayload: MAX_SERVER_FRAME_BYTES });
    } catch (error) {
      this.finish(1, `cannot connect to ${this.options.url}: ${(error as Error).message}`);
      return;
    }
    this.ws = ws;
    ws.on('message', (data: WebSocket.RawData) => this.onFrame(data));
    ws.on('error', (error: Error) => {
      if (!this.finished) this.finish(1, `connection to ${this.options.url} failed: ${error.message}`);
    });
    ws.on('close', () => {
      if (this.finished) return;
      const again = this.token ? ` (take the seat back within 60 s: mtg connect … --reconnect ${this.token})` : '';
      this.finish(1, `the server closed the connection${this.phase === 'playing' ? ' during the game' : ''}${again}`);
    });
  }

  private token: string | null = null;

  private send(message: Unversioned<ClientMessage>): void {
    if (this.ws.readyState === OPEN) this.ws.send(frame(message));
  }

  /**
   * A line for the user (standard error). Everything a client prints may carry the server's text
   * (a notice, a refusal, a desync the other seat reported, a user name): its control characters
   * are escaped, so a hostile server or player cannot clear the terminal, set its title or forge
   * a line.
   */
  private note(line: string): void {
    this.options.notice(printable(line));
  }

  private finish(code: 0 | 1 | 3, text: string, winner?: Seat | null): void {
    if (this.finished) return;
    const message = printable(text);
    this.finished = true;
    this.phase = 'done';
    if (this.ws && (this.ws.readyState === OPEN || this.ws.readyState === CONNECTING)) this.ws.close();
    this.resolve({
      code,
      message,
      ...(this.seat !== null ? { seat: this.seat } : {}),
      ...(winner !== undefined ? { winner } : {}),
      ...(this.follower ? { follower: this.follower } : {}),
    });
  }

  private onFrame(data: WebSocket.RawData): void {
    if (this.finished) return;
    let message: ServerMessage;
    try {
      message = parseServerMessage(data);
    } catch (error) {
      // The server speaks the protocol or nothing this client can trust.
      this.finish(1, `the server sent a frame this client cannot read: ${(error as Error).message}`);
      return;
    }
    try {
      this.handle(message);
      if (this.replaying && message.type !== 'Registered' && this.replayLeft > 0 && --this.replayLeft === 0) this.endReplay();
    } catch (error) {
      if (error instanceof ReplicaDesync) {
        this.send({ type: 'Desync', message: error.message });
        this.finish(3, `FATAL ERROR: ${error.message}`);
      } else if (error instanceof StoryletError && error.code === 'mtg/quit') {
        this.send({ type: 'Leave' });
        this.finish(0, `you left the game (${error.message}): the other seat wins`);
      } else if (error instanceof StoryletError) {
        this.finish(1, `${error.code}: ${error.message}`);
      } else {
        // This client's own failure (a controller's, the chooser's): the run ends with it, without a
        // Leave: the seat is the player's, kept for a reconnect as after a dropped connection.
        this.finish(1, error instanceof Error ? error.message : String(error));
      }
    }
  }

  private handle(m: ServerMessage): void {
    switch (m.type) {
      case 'Welcome': {
        this.networkDebug = m.networkDebug;
        if (m.protocol !== 1) return this.finish(1, `the server speaks protocol ${m.protocol}; this client speaks 1`);
        if (this.options.reconnect !== undefined) {
          this.replaying = true;
          this.send({ type: 'Reconnect', token: this.options.reconnect });
        } else {
          if (m.passwordRequired && this.options.password === undefined) return this.finish(1, `the server ${m.server} needs a password: --password P`);
          if (this.options.name === undefined) return this.finish(1, 'a name is needed to register: --name NAME');
          this.send({ type: 'Register', name: this.options.name, ...(this.options.password !== undefined ? { password: this.options.password } : {}) });
        }
        this.phase = 'registering';
        return;
      }
      case 'Registered':
        this.token = m.token;
        this.note(`token ${m.token}`);
        this.options.onToken?.(m.token);
        if (!this.replaying) this.startChoosing();
        else {
          this.replayLeft = m.history ?? 0;
          if (this.replayLeft === 0) this.endReplay();
        }
        return;
      case 'Games':
        if (this.phase === 'choosing') this.choose(m.games);
        return;
      case 'Joined':
        this.seat = m.seat;
        this.gameName = m.game;
        this.phase = 'lobby';
        if (!this.replaying) this.note(`joined game ${m.game} as p${m.seat + 1}`);
        this.lobbyStep();
        return;
      case 'Lobby':
        this.room = { decks: m.decks, ready: m.ready };
        this.names = [m.seats[0] ?? 'p1', m.seats[1] ?? 'p2'];
        this.lobbyStep();
        return;
      case 'GameStarted':
        return this.start(m.seat, m.names, m.config, m.entries, m.game);
      case 'Sync': {
        const f = this.need();
        f.receive(m.entries);
        f.advance();
        this.flush();
        return;
      }
      case 'Ask':
        return this.onAsk(m.ask);
      case 'Confirmed':
        return this.onConfirmed(m.index, m.option);
      case 'GameOver':
        return this.over(m.winner, m.reason);
      case 'Error':
        return this.onError(m.code, m.message);
      case 'Fatal':
        return this.finish(3, m.message.startsWith('FATAL ERROR') ? m.message : `FATAL ERROR: ${m.code}: ${m.message}`);
      case 'Notice':
        this.note(m.text);
        return;
      case 'BugReportStored':
        this.note(`bug report stored as ${m.id}`);
        return;
    }
  }

  private startChoosing(): void {
    this.phase = 'choosing';
    this.send({ type: 'ListGames' });
  }

  /** Creates the game named, or joins it when it exists with a free seat. */
  private choose(games: readonly GameListing[]): void {
    let name = this.options.game ?? null;
    if (name === null) {
      name = this.options.chooseGame ? this.options.chooseGame(games) : null;
      if (name === null) {
        if (!this.options.chooseGame) return this.finish(1, 'no game to create or join: --game GAME');
        this.send({ type: 'ListGames' });
        return;
      }
    }
    const listed = games.find((g) => g.game === name);
    if (listed && (listed.started || (listed.seats[0] !== null && listed.seats[1] !== null))) {
      const who = listed.seats.filter((s) => s !== null).join(' and ');
      if (this.options.game !== undefined) return this.finish(1, `game ${name} is full (${who}${listed.started ? ', started' : ''}); name another game`);
      this.note(`game ${name} is full (${who}); choose another`);
      this.send({ type: 'ListGames' });
      return;
    }
    this.gameName = name;
    this.phase = 'joining';
    this.send(listed ? { type: 'JoinGame', game: name } : { type: 'CreateGame', game: name });
  }

  /** The next lobby step: the deck once seated, ready once the server has it. */
  private lobbyStep(): void {
    if (this.replaying || this.phase !== 'lobby' || this.seat === null) return;
    if (!this.deckSent) {
      this.deckSent = true;
      this.send({ type: 'SetDeck', file: this.options.deck.file, text: this.options.deck.text });
      return;
    }
    if (!this.readySent && this.room?.decks[this.seat]) {
      this.readySent = true;
      this.send({ type: 'SetReady', ready: true });
    }
  }

  private onError(code: string, message: string): void {
    if (this.phase === 'joining' && this.tries < 2 && (code === 'net/game-exists' || code === 'net/no-game')) {
      // Two clients named the same game at once: the one that lost the race joins (or creates).
      this.tries++;
      this.send(code === 'net/game-exists' ? { type: 'JoinGame', game: this.gameName! } : { type: 'CreateGame', game: this.gameName! });
      return;
    }
    if (this.phase === 'joining' && this.options.game === undefined && (code === 'net/game-full' || code === 'net/no-game')) {
      this.note(`refused: ${code}: ${message}; choose another game`);
      this.startChoosing();
      return;
    }
    this.finish(1, `refused by the server: ${code}: ${message}`);
  }

  private start(seat: Seat, names: [string, string], config: PublicConfigJson, entries: GameStartedMessage['entries'], game: string): void {
    this.seat = seat;
    this.names = names;
    this.gameName = game;
    this.phase = 'playing';
    const { log } = this.options;
    // The game log as `mtg tui` writes it for a person in that seat; the tagged lines are the public log.
    this.log = new GameLog({ verbosity: log.verbosity, tag: log.tag, paint: log.paint, viewer: seat, write: log.write });
    const kind = this.options.controller.kind;
    const who = (s: Seat): string => `p${s + 1}: ${printable(names[s])}${s === seat ? ` (you, ${kind}, ${this.options.deck.file})` : ''}`;
    if (log.verbosity >= 1) log.write(`${who(0)} vs ${who(1)} · game ${game}`);
    this.follower = new ShadowFollower(config, this.options.registry, seat, entries, {
      reproduce: `the server's log names the game ${game} and its seed (mtg server prints the command that replays it)`,
      hash: this.networkDebug,
    });
    this.follower.advance();
    this.flush();
  }

  private need(): ShadowFollower {
    if (!this.follower) throw new StoryletError('net/refused', 'the server sent game messages before GameStarted');
    return this.follower;
  }

  private flush(): void {
    if (this.follower && this.log) this.log.flush(this.follower.game);
  }

  private onAsk(ask: Ask): void {
    const f = this.need();
    const p = f.advance();
    // A question for the other seat, or one the shadow has not reached, is not this seat's to answer.
    if (ask.seat !== this.seat || !p) f.fail(`the server asks p${ask.seat + 1}'s ${ask.kind} decision ${ask.index} of p${this.seat! + 1}`);
    f.check(ask);
    this.flush();
    if (this.replaying) {
      // A person is never asked a past decision again: the Confirmed one is taken.
      this.held = { ask, choice: this.options.controller.kind === 'tui' ? null : this.decide(p!) };
      return;
    }
    this.answer(this.decide(p!));
  }

  /** The controller's option at the decision waiting. */
  private decide(point: ChoicePoint): number {
    const seat = this.seat!;
    const i = this.options.controller.choose(lazyView(this.need().game, seat), point);
    if (!Number.isInteger(i) || i < 0 || i >= point.options.length)
      throw new StoryletError(
        'mtg/bad-controller',
        `controller ${this.options.controller.name} of p${seat + 1} chose ${JSON.stringify(i)} of ${point.options.length} options`,
      );
    return i;
  }

  private answer(i: number): void {
    const answer = this.need().decide(i);
    this.sent = answer;
    this.send({ type: 'Answer', answer });
  }

  private onConfirmed(index: number, option: number): void {
    const f = this.need();
    if (this.held && this.held.ask.index === index) {
      // A past decision of the history: the game went on with the confirmed option.
      const { choice } = this.held;
      this.held = null;
      if (choice !== null && choice !== option)
        this.note(
          `decision ${index}: the controller chose option ${choice} this time, the server confirmed ${option}: the controller is not the one that played (give the same --seed-controller); the game goes on with the confirmed answers`,
        );
      f.decide(option);
      return;
    }
    const sent = this.sent;
    this.sent = null;
    if (!sent || sent.index !== index || sent.option !== option)
      throw new StoryletError(
        'net/refused',
        `the server confirmed option ${option} of decision ${index}, but this client answered ${sent ? `option ${sent.option} of decision ${sent.index}` : 'nothing'}`,
      );
  }

  /** The history is replayed: a past Ask left unconfirmed is the one waiting now. */
  private endReplay(): void {
    this.replaying = false;
    if (this.phase === 'playing') {
      const held = this.held;
      this.held = null;
      if (held) {
        const p = this.need().game.pending()!;
        this.answer(held.choice ?? this.decide(p));
      }
      return;
    }
    if (this.phase === 'lobby') {
      // Reconnected before the game started: go on from the room as the server has it.
      this.deckSent = this.room !== null && this.seat !== null && this.room.decks[this.seat];
      this.readySent = this.room !== null && this.seat !== null && this.room.ready[this.seat];
      this.lobbyStep();
      return;
    }
    this.startChoosing();
  }

  private over(winner: Seat | null, reason: string): void {
    const f = this.follower;
    if (f) {
      f.advance();
      this.flush();
      if (reason === 'game-over' && f.game.pending() !== null) f.fail('the golden says the game is over; the shadow still waits for a decision');
    }
    const result = winner === null ? 'a draw' : `p${winner + 1} (${this.names[winner]}) wins`;
    const why = reason === 'game-over' ? '' : reason === 'disconnected' ? ' (the other seat did not come back)' : ' (the other seat left)';
    const game = f?.game;
    const line = `Result: ${result}${why}${game ? ` · turn ${game.state.turn} · ${game.choices.length} choices` : ''}`;
    this.log?.line(line);
    if (!this.log && this.options.log.verbosity >= 1) this.options.log.write(line);
    this.finish(0, line, winner);
  }
}

type GameStartedMessage = Extract<ServerMessage, { type: 'GameStarted' }>;
