/**
 * One networked seat's protocol logic with no transport (issue 16 and 17, docs/mtg/network.md):
 * what `mtg connect` and the browser's game page both run. A {@link Session} is fed each frame
 * the server sends (`receive(text)`) and sends through the `send(text)` it is given; it keeps the
 * seat's shadow ({@link ShadowFollower}), checks every question against it, applies the desync
 * rule, replays a reconnect's history and ends at the game's end. What to do in the lobby (a
 * name, a game, a deck, ready) is the caller's: the Node client scripts it from its options, the
 * page from a person's clicks, both through the session's methods and its events.
 *
 * Control is linear, as the reference's network chapter asks: every step is the reaction to one
 * server message (or one call of the caller), in the order they come; nothing waits on a timer.
 * A reconnecting seat rebuilds its shadow from the seat's history, which the server replays after
 * `Registered` (whose `history` says how many frames it is): an `Ask` of the history followed by
 * its `Confirmed` was answered before, and the one left unconfirmed at the end is the one waiting.
 *
 * No `ws`, no `node:` import: the browser bundles this file.
 */
import { EventEmitter } from 'eventemitter3';
import type { CardRegistry } from '../cards/index.js';
import type { SeatController } from '../controllers/index.js';
import type { Paint } from '../controllers/index.js';
import {
  lazyView,
  ReplicaDesync,
  ShadowFollower,
  type Ask,
  type ChoicePoint,
  type PublicConfigJson,
  type Seat,
  type SeatView,
  type WireAnswer,
} from '../engine/index.js';
import { StoryletError } from '../../core/errors.js';
import { GameLog, type Verbosity } from '../cli/log.js';
import { printable } from './limits.js';
import { frame, parseServerMessage, type ClientMessage, type GameListing, type ServerMessage, type Unversioned } from './protocol.js';

/** How a seat's run ended: 0 the game is over, 1 an error (a refusal it cannot get past, a lost connection), 3 fatal (a desync, the server shutting down). */
export type SessionResult = {
  code: 0 | 1 | 3;
  /** What ended it, one line (control characters escaped). */
  message: string;
  /** The seat played, once the game started. */
  seat?: Seat;
  /** The winner (null: a draw) when the game ended. */
  winner?: Seat | null;
  /** The follower (its shadow), once the game started. */
  follower?: ShadowFollower;
};

/** What a {@link Session} needs. */
export type SessionOptions = {
  /** Sends one frame's text to the server (the transport's; the session never buffers). */
  send(text: string): void;
  /** Closes the transport: called once, when the run ends. */
  close?(): void;
  /** The card registry the shadow is built with: the same cards as the server's. */
  registry: CardRegistry;
  /**
   * Who decides for the seat, at once, when asked. Without one, each decision is an event
   * (`decision`) for a person to answer later with {@link Session.answer}.
   */
  controller?: SeatController;
  /** Build the shadow with `explain` on, so priority decisions carry `unavailable` (the "why can't I cast this?" reasons). */
  explain?: boolean;
  /** The game log, as `mtg tui` writes it: for the seat's eyes, the tagged lines public. */
  log: { verbosity: Verbosity; tag: boolean; paint: Paint; write(line: string): void };
  /** Keep every frame's text in `frames`. */
  keepFrames?: boolean;
  /** What the seat is, for the log's header (`heuristic, decks/a.dck`): the controller's kind and the deck file when absent. */
  self?: string;
};

/** A decision of the seat waiting for its answer. */
export type SessionDecision = { point: ChoicePoint; view: SeatView; ask: Ask };

/** The events of a {@link Session}, each with what the page or the client needs to act on it. */
export type SessionEvents = {
  /** The server's greeting: register or reconnect next. */
  welcome: (w: { server: string; passwordRequired: boolean; networkDebug: boolean }) => void;
  /** Registered (or reconnected): the token takes the seat back after a dropped connection. */
  registered: (r: { name: string; token: string; history: number }) => void;
  /** The server's list of games (`more`: games not listed). */
  games: (games: readonly GameListing[], more: number) => void;
  /** A seat taken in a game. */
  joined: (j: { game: string; seat: Seat }) => void;
  /** The room's state: who sits, whose deck the server has, who is ready. */
  lobby: (room: SessionRoom) => void;
  /** A reconnect's history has been replayed; `phase` is where it left the seat. */
  replayed: (phase: SessionPhase) => void;
  /** The game started: the shadow exists (`session.follower`). */
  started: (s: { game: string; seat: Seat; names: [string, string] }) => void;
  /** The shadow moved (a Sync, the start, an answer applied): redraw the board. */
  changed: () => void;
  /** The seat's decision, for a person (only without a controller). */
  decision: (d: SessionDecision) => void;
  /** A line for the user that is not the game log: a notice, a bug report stored (control characters escaped). */
  notice: (line: string) => void;
  /** The server refused something (the run goes on unless the caller ends it). */
  refused: (r: { code: string; message: string }) => void;
  /** The run ended (the game's end, a fatal error, a lost connection): the last event. */
  end: (result: SessionResult) => void;
};

/** Where a session is. */
export type SessionPhase = 'welcome' | 'registering' | 'registered' | 'lobby' | 'playing' | 'done';

/** The last Lobby message of the seat's room. */
export type SessionRoom = { game: string; seats: [string | null, string | null]; decks: [boolean, boolean]; ready: [boolean, boolean] };

/**
 * One seat's protocol state, driven by frames.
 *
 * @example
 * ```ts
 * const ws = new WebSocket(url);
 * const s = new Session({ send: (t) => ws.send(t), close: () => ws.close(), registry, log });
 * ws.onmessage = (e) => s.receive(String(e.data));
 * s.on('welcome', () => s.register('ada'));
 * s.on('decision', ({ point }) => s.answer(point.options.length - 1));
 * ```
 */
export class Session extends EventEmitter<SessionEvents> {
  phase: SessionPhase = 'welcome';
  /** Whether the server speaks --network-debug (every question carries the full hash). */
  networkDebug = false;
  seat: Seat | null = null;
  gameName: string | null = null;
  names: [string, string] = ['p1', 'p2'];
  follower: ShadowFollower | null = null;
  token: string | null = null;
  /** The last Lobby message of our room. */
  room: SessionRoom | null = null;
  /** Whether the server is replaying our seat's history (after Reconnect, for `replayLeft` more frames). */
  replaying = false;
  /** The decision waiting for a person's answer (no controller), or null. */
  waiting: SessionDecision | null = null;
  /** With `keepFrames`: every frame received, in order, as text (for a bug report, a test's scan). */
  readonly frames: string[] = [];
  private replayLeft = 0;
  private gameLog: GameLog | null = null;
  /** An Ask of the history, answered (or not) by the Confirmed after it: the controller's choice, or null for a person (never asked twice). */
  private held: { ask: Ask; choice: number | null } | null = null;
  /** The answer sent and not confirmed yet. */
  private sent: WireAnswer | null = null;
  private deckFile: string | null = null;
  private result: SessionResult | null = null;

  constructor(private readonly options: SessionOptions) {
    super();
  }

  /** Whether the run has ended (no more frames are read). */
  get finished(): boolean {
    return this.result !== null;
  }

  // ---- what the caller sends ----

  /** Registers a user name (after `welcome`). */
  register(name: string, password?: string): void {
    this.phase = 'registering';
    this.send({ type: 'Register', name, ...(password !== undefined ? { password } : {}) });
  }

  /** Takes a seat back with its token (after `welcome`): the server replays the seat's history. */
  reconnect(token: string): void {
    this.phase = 'registering';
    this.replaying = true;
    this.send({ type: 'Reconnect', token });
  }

  listGames(): void {
    this.send({ type: 'ListGames' });
  }

  createGame(game: string): void {
    this.gameName = game;
    this.send({ type: 'CreateGame', game });
  }

  joinGame(game: string): void {
    this.gameName = game;
    this.send({ type: 'JoinGame', game });
  }

  /** Sends a deck (its file name and `.dck` text): the server reads it with its own cards. */
  setDeck(file: string, text: string): void {
    this.deckFile = file;
    this.send({ type: 'SetDeck', file, text });
  }

  setReady(ready: boolean): void {
    this.send({ type: 'SetReady', ready });
  }

  /** Leaves the room, or forfeits the game. */
  leave(): void {
    this.send({ type: 'Leave' });
  }

  /** Sends a bug report (the server stores it). */
  bugReport(text: string, reproducer?: string): void {
    this.send({ type: 'BugReport', text, ...(reproducer !== undefined ? { reproducer } : {}) });
  }

  /**
   * A person's answer to the decision waiting (the `decision` event's): option `i` of its point.
   * A wrong call (nothing waiting, an option out of range) throws a StoryletError and sends nothing.
   */
  answer(i: number): void {
    const w = this.waiting;
    if (this.finished) throw new StoryletError('net/refused', 'the game has ended: there is nothing to answer');
    if (!w) throw new StoryletError('net/refused', 'no decision of this seat is waiting for an answer');
    if (!Number.isInteger(i) || i < 0 || i >= w.point.options.length)
      throw new StoryletError(
        'net/refused',
        `option ${JSON.stringify(i)} is not one of this decision's ${w.point.options.length} options (0 to ${w.point.options.length - 1})`,
      );
    this.waiting = null;
    this.guarded(() => this.sendAnswer(i));
  }

  /** The transport closed (a dropped connection, the server gone): the run ends, the seat kept for a reconnect. */
  closed(reason?: string): void {
    if (this.finished) return;
    const again = this.token ? ` (take the seat back within 60 s: mtg connect … --reconnect ${this.token})` : '';
    this.end(1, reason ?? `the server closed the connection${this.phase === 'playing' ? ' during the game' : ''}${again}`);
  }

  /** Ends the run with `code` and `text` (the caller's: a refusal it cannot get past). */
  end(code: 0 | 1 | 3, text: string, winner?: Seat | null): void {
    if (this.finished) return;
    const message = printable(text);
    this.phase = 'done';
    this.waiting = null;
    this.result = {
      code,
      message,
      ...(this.seat !== null ? { seat: this.seat } : {}),
      ...(winner !== undefined ? { winner } : {}),
      ...(this.follower ? { follower: this.follower } : {}),
    };
    this.options.close?.();
    this.emit('end', this.result);
  }

  // ---- what the server sends ----

  /** One frame the server sent. Never throws: every failure ends the run (`end`). */
  receive(data: Parameters<typeof parseServerMessage>[0]): void {
    if (this.finished) return;
    let message: ServerMessage;
    try {
      message = parseServerMessage(data);
    } catch (error) {
      // The server speaks the protocol or nothing this client can trust.
      this.end(1, `the server sent a frame this client cannot read: ${(error as Error).message}`);
      return;
    }
    if (this.options.keepFrames && typeof data === 'string') this.frames.push(data);
    this.guarded(() => {
      this.handle(message);
      if (this.replaying && message.type !== 'Registered' && this.replayLeft > 0 && --this.replayLeft === 0) this.endReplay();
    });
  }

  private guarded(f: () => void): void {
    try {
      f();
    } catch (error) {
      if (error instanceof ReplicaDesync) {
        this.send({ type: 'Desync', message: error.message });
        this.end(3, `FATAL ERROR: ${error.message}`);
      } else if (error instanceof StoryletError && error.code === 'mtg/quit') {
        this.send({ type: 'Leave' });
        this.end(0, `you left the game (${error.message}): the other seat wins`);
      } else if (error instanceof StoryletError) {
        this.end(1, `${error.code}: ${error.message}`);
      } else {
        // This client's own failure (a controller's, the chooser's): the run ends with it, without a
        // Leave: the seat is the player's, kept for a reconnect as after a dropped connection.
        this.end(1, error instanceof Error ? error.message : String(error));
      }
    }
  }

  private send(message: Unversioned<ClientMessage>): void {
    if (!this.finished) this.options.send(frame(message));
  }

  /**
   * A line for the user. Everything a client shows may carry the server's text (a notice, a
   * refusal, a desync the other seat reported, a user name): its control characters are escaped,
   * so a hostile server or player cannot clear the terminal, set its title or forge a line.
   */
  private note(line: string): void {
    this.emit('notice', printable(line));
  }

  private handle(m: ServerMessage): void {
    switch (m.type) {
      case 'Welcome':
        this.networkDebug = m.networkDebug;
        if (m.protocol !== 1) return this.end(1, `the server speaks protocol ${m.protocol}; this client speaks 1`);
        this.emit('welcome', { server: m.server, passwordRequired: m.passwordRequired, networkDebug: m.networkDebug });
        return;
      case 'Registered':
        this.token = m.token;
        this.phase = 'registered';
        this.emit('registered', { name: m.name, token: m.token, history: m.history ?? 0 });
        if (this.replaying) {
          this.replayLeft = m.history ?? 0;
          if (this.replayLeft === 0) this.endReplay();
        }
        return;
      case 'Games':
        this.emit('games', m.games, m.more ?? 0);
        return;
      case 'Joined':
        this.seat = m.seat;
        this.gameName = m.game;
        this.phase = 'lobby';
        this.emit('joined', { game: m.game, seat: m.seat });
        return;
      case 'Lobby':
        this.room = { game: m.game, seats: m.seats, decks: m.decks, ready: m.ready };
        this.names = [m.seats[0] ?? 'p1', m.seats[1] ?? 'p2'];
        this.emit('lobby', this.room);
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
        this.emit('refused', { code: m.code, message: printable(m.message) });
        return;
      case 'Fatal':
        return this.end(3, m.message.startsWith('FATAL ERROR') ? m.message : `FATAL ERROR: ${m.code}: ${m.message}`);
      case 'Notice':
        this.note(m.text);
        return;
      case 'BugReportStored':
        this.note(`bug report stored as ${m.id}`);
        return;
    }
  }

  private start(
    seat: Seat,
    names: [string, string],
    config: PublicConfigJson,
    entries: Extract<ServerMessage, { type: 'GameStarted' }>['entries'],
    game: string,
  ): void {
    this.seat = seat;
    this.names = names;
    this.gameName = game;
    this.phase = 'playing';
    const { log } = this.options;
    // The game log as `mtg tui` writes it for a person in that seat; the tagged lines are the public log.
    this.gameLog = new GameLog({ verbosity: log.verbosity, tag: log.tag, paint: log.paint, viewer: seat, write: log.write });
    const self = this.options.self ?? `${this.options.controller?.kind ?? 'person'}${this.deckFile !== null ? `, ${this.deckFile}` : ''}`;
    const who = (s: Seat): string => `p${s + 1}: ${printable(names[s])}${s === seat ? ` (you, ${self})` : ''}`;
    if (log.verbosity >= 1) log.write(`${who(0)} vs ${who(1)} · game ${game}`);
    this.follower = new ShadowFollower(this.options.explain ? { ...config, explain: true } : config, this.options.registry, seat, entries, {
      reproduce: `the server's log names the game ${game} and its seed (mtg server prints the command that replays it)`,
      hash: this.networkDebug,
      checkpoints: this.options.controller?.forks === true,
    });
    this.emit('started', { game, seat, names });
    this.follower.advance();
    this.flush();
  }

  private need(): ShadowFollower {
    if (!this.follower) throw new StoryletError('net/refused', 'the server sent game messages before GameStarted');
    return this.follower;
  }

  private flush(): void {
    if (this.follower && this.gameLog) this.gameLog.flush(this.follower.game);
    if (this.follower) this.emit('changed');
  }

  private onAsk(ask: Ask): void {
    const f = this.need();
    const p = f.advance();
    // A question for the other seat, or one the shadow has not reached, is not this seat's to answer.
    if (ask.seat !== this.seat || !p) f.fail(`the server asks p${ask.seat + 1}'s ${ask.kind} decision ${ask.index} of p${this.seat! + 1}`);
    f.check(ask);
    this.flush();
    const controller = this.options.controller;
    if (this.replaying) {
      // A person is never asked a past decision again: the Confirmed one is taken.
      this.held = { ask, choice: !controller || controller.kind === 'tui' ? null : this.decide(p!) };
      return;
    }
    if (controller) this.sendAnswer(this.decide(p!));
    else this.ask(p!, ask);
  }

  /** A decision for the person: the `decision` event. */
  private ask(point: ChoicePoint, ask: Ask): void {
    this.waiting = { point, view: lazyView(this.need().game, this.seat!), ask };
    this.emit('decision', this.waiting);
  }

  /** The controller's option at the decision waiting. */
  private decide(point: ChoicePoint): number {
    const seat = this.seat!;
    const controller = this.options.controller!;
    const i = controller.choose(lazyView(this.need().game, seat), point, this.need().game);
    if (!Number.isInteger(i) || i < 0 || i >= point.options.length)
      throw new StoryletError(
        'mtg/bad-controller',
        `controller ${controller.name} of p${seat + 1} chose ${JSON.stringify(i)} of ${point.options.length} options`,
      );
    return i;
  }

  private sendAnswer(i: number): void {
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
      this.emit('replayed', this.phase);
      if (held) {
        const p = this.need().game.pending()!;
        if (held.choice !== null) this.sendAnswer(held.choice);
        else if (this.options.controller) this.sendAnswer(this.decide(p));
        else this.ask(p, held.ask);
      }
      return;
    }
    this.emit('replayed', this.phase);
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
    this.gameLog?.line(line);
    if (!this.gameLog && this.options.log.verbosity >= 1) this.options.log.write(line);
    this.end(0, line, winner);
  }
}
