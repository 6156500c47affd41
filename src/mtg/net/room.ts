/**
 * One game of the server (issue 16, docs/mtg/network.md "The wire"): two seats, their decks and
 * readiness, then the golden (GoldenHost) and the linear loop of control transfer. The room
 * advances only when a seat's message arrives: it asks the golden for the decision it waits for,
 * sends the other seat its entries, the deciding seat its entries and then the `Ask`, and waits
 * for exactly that seat's `Answer`. No timers: the reconnect window and the drain (server.ts)
 * are the only clocks, and neither moves a game.
 */
import { StoryletError } from '../../core/errors.js';
import { checkDeck, deckGameOptions } from '../cli/common.js';
import type { CardRegistry } from '../cards/index.js';
import { readDeck, type Deck } from '../decks/index.js';
import type { Seat } from '../engine/choice.js';
// The engine's entry: loading it registers the primitives the card compiler needs.
import { GoldenHost, HostRefusal, ReplicaDesync, type GoldenHostOptions, type WireAnswer } from '../engine/index.js';
import { MAX_DECK_LINES, MAX_DECK_SUGGESTIONS, MAX_NET_DECK_CARDS, printable, shellWord } from './limits.js';
import type { GameListing, GameOverReason, ServerMessage, Unversioned } from './protocol.js';

/** A registered user: a name held on the server, its reconnect token, its socket (null while it is away) and its seat. */
export type Player = {
  readonly name: string;
  readonly token: string;
  /** Sends a frame's text on the player's socket; null while the socket is closed (a seat kept for reconnect). */
  conn: { send(text: string): void } | null;
  room: Room | null;
  seat: Seat | null;
  /** The forfeit timer of a seat whose socket closed (the reconnect window). */
  away: ReturnType<typeof setTimeout> | null;
};

/** How a room reaches the server: sending, logging, the game's seed and options, and being told it ended. */
export type RoomHub = {
  /** Sends `message` to `player` (if connected) as `text`, counting and auditing the frame against `room`'s golden. */
  transmit(player: Player, text: string, message: Unversioned<ServerMessage>, room: Room): void;
  /** A server log line (without the `mtg server:` prefix). */
  log(line: string): void;
  /** A refusal: `Error` to that player and one log line. */
  refuse(player: Player, request: string, code: string, message: string): void;
  /** The seed of a new game (the server's --seed, else a fresh one). */
  seed(): string;
  startingLife: number | undefined;
  networkDebug: boolean;
  /** The leak audit's hook for each sync entry, when auditing. */
  onEntry: GoldenHostOptions['onEntry'];
  /** The cards decks are read with. */
  registry: CardRegistry;
  /** The room's game ended (or the room emptied): the server forgets it. */
  ended(room: Room, how: 'finished' | 'desync' | 'error' | 'abandoned'): void;
  /** A game started (counted in the stats). */
  started(): void;
  /** Why new games may not start now (the server is draining, or its memory is above the gate), with the refusal's code, or null. */
  mayStart(): { code: string; message: string } | null;
  /** The `--cards` option as given, for reproducers. */
  cardsOption: string | undefined;
};

/** A game on the server, from its creation to its end. */
export class Room {
  readonly seats: [Player | null, Player | null] = [null, null];
  readonly decks: [Deck | null, Deck | null] = [null, null];
  readonly ready: [boolean, boolean] = [false, false];
  /**
   * Every frame the room sent each seat, in order: a reconnecting seat is sent it again. Before
   * the game it is the seat's state, not a stream (its `Joined` and the latest `Lobby`), so no
   * number of lobby changes makes it grow; from `GameStarted` on every frame is kept.
   */
  readonly history: [string[], string[]] = [[], []];
  host: GoldenHost | null = null;
  seed: string | null = null;
  /** Set when the game has ended (GameOver or Fatal sent). */
  over = false;
  private names: [string, string] = ['', ''];

  constructor(
    readonly name: string,
    private readonly hub: RoomHub,
  ) {}

  /** Whether the game has started and not ended. */
  get inFlight(): boolean {
    return this.host !== null && !this.over;
  }

  /** The room as `Games` lists it. */
  listing(): GameListing {
    return { game: this.name, seats: [this.seats[0]?.name ?? null, this.seats[1]?.name ?? null], started: this.host !== null };
  }

  /** Sends `message` to seat `seat`, keeping it in that seat's history. */
  private send(seat: Seat, message: Unversioned<ServerMessage>): void {
    const text = JSON.stringify({ v: 1, ...message });
    const history = this.history[seat];
    if (this.host) history.push(text);
    else if (message.type === 'Joined') history.splice(0, history.length, text);
    else if (message.type === 'Lobby') history.splice(1, history.length - 1, text);
    // Any other frame before the game (a Notice) is of the moment: not kept.
    const p = this.seats[seat];
    if (p) this.hub.transmit(p, text, message, this);
  }

  private both(message: Unversioned<ServerMessage>): void {
    for (const s of [0, 1] as Seat[]) this.send(s, message);
  }

  /** Tells both seats who sits, who has a deck and who is ready. */
  private lobby(): void {
    const l = this.listing();
    for (const s of [0, 1] as Seat[])
      if (this.seats[s])
        this.send(s, { type: 'Lobby', game: this.name, seats: l.seats, decks: [this.decks[0] !== null, this.decks[1] !== null], ready: [...this.ready] });
  }

  /** Seats `player` in the first free seat (p1 for the creator). */
  join(player: Player): Seat {
    const seat: Seat = this.seats[0] === null ? 0 : 1;
    this.seats[seat] = player;
    player.room = this;
    player.seat = seat;
    this.send(seat, { type: 'Joined', game: this.name, seat });
    this.lobby();
    return seat;
  }

  /** `SetDeck`: the deck file's text, read with the server's cards; a deck with an error is refused with that error. */
  setDeck(player: Player, file: string, text: string): void {
    const seat = player.seat!;
    if (this.host) return this.hub.refuse(player, 'SetDeck', 'net/refused', `game ${JSON.stringify(this.name)} has started: its decks are fixed`);
    // Bounded before any card is looked up: a deck is read on the event loop every game shares.
    const lines = text.split(/\r\n|\n|\r/).filter((l) => {
      const t = l.trim();
      return t !== '' && !t.startsWith('#') && !/^\[[^\]]*\]$/.test(t);
    }).length;
    if (lines > MAX_DECK_LINES)
      return this.hub.refuse(
        player,
        'SetDeck',
        'net/bad-deck',
        `the deck file has ${lines} lines besides blanks, comments and [section] headers, over the server's limit of ${MAX_DECK_LINES}: send a deck of at most ${MAX_NET_DECK_CARDS} cards, one line per card name`,
      );
    let deck: Deck;
    try {
      deck = checkDeck(readDeck(text, file, this.hub.registry, { suggestions: MAX_DECK_SUGGESTIONS }));
    } catch (error) {
      if (error instanceof StoryletError) return this.hub.refuse(player, 'SetDeck', 'net/bad-deck', `${error.code}: ${error.message}`);
      throw error;
    }
    const cards = deck.main.length + deck.sideboard.length + deck.commander.length;
    // Every card of the main deck is named in the public configuration each seat is sent: it must stay a frame any client reads.
    if (cards > MAX_NET_DECK_CARDS)
      return this.hub.refuse(
        player,
        'SetDeck',
        'net/bad-deck',
        `the deck holds ${cards} cards, over the server's limit of ${MAX_NET_DECK_CARDS} for a game: send a smaller deck`,
      );
    this.decks[seat] = deck;
    // A changed deck is a new question: the seat says again that it is ready.
    this.ready[seat] = false;
    this.hub.log(`${player.name} set a deck in ${this.name} (p${seat + 1}, ${deck.main.length} cards, ${printable(deck.file)})`);
    this.lobby();
  }

  /** `SetReady`: refused before a deck; the game starts when both seats have a deck and are ready. */
  setReady(player: Player, ready: boolean): void {
    const seat = player.seat!;
    if (this.host) return this.hub.refuse(player, 'SetReady', 'net/refused', `game ${JSON.stringify(this.name)} has started`);
    if (ready && !this.decks[seat]) return this.hub.refuse(player, 'SetReady', 'net/refused', 'send SetDeck before SetReady: a seat is ready with a deck');
    if (ready && this.seats[0] && this.seats[1] && this.ready[seat === 0 ? 1 : 0]) {
      const why = this.hub.mayStart();
      if (why) return this.hub.refuse(player, 'SetReady', why.code, why.message);
    }
    this.ready[seat] = ready;
    this.lobby();
    if (this.seats[0] && this.seats[1] && this.ready[0] && this.ready[1]) this.start();
  }

  /** Makes the golden as `mtg tui` makes its game (p1's deck first, the server's seed and life) and sends each seat its start. */
  private start(): void {
    const [a, b] = [this.decks[0]!, this.decks[1]!];
    this.seed = this.hub.seed();
    this.names = [this.seats[0]!.name, this.seats[1]!.name];
    const life = this.hub.startingLife;
    const reproduce =
      // Every word shell-quoted: the file names are the clients' (a reproducer is a command someone runs).
      `mtg tui ${shellWord(a.file)} ${shellWord(b.file)} --seed ${shellWord(this.seed)}${this.hub.cardsOption !== undefined ? ` --cards ${shellWord(this.hub.cardsOption)}` : ''}` +
      `${life !== undefined ? ` --starting-life ${life}` : ''} (the decks p1 and p2 sent; server game ${this.name})`;
    try {
      this.host = new GoldenHost(
        deckGameOptions({ registry: this.hub.registry, decks: [a.main, b.main], seed: this.seed, ...(life !== undefined ? { startingLife: life } : {}) }),
        { debug: this.hub.networkDebug, reproduce, ...(this.hub.onEntry ? { onEntry: this.hub.onEntry } : {}) },
      );
    } catch (error) {
      return this.fail(error);
    }
    this.hub.started();
    this.hub.log(
      `game ${this.name} started: p1 ${this.names[0]} (${printable(a.file)}, ${a.main.length} cards) vs p2 ${this.names[1]} (${printable(b.file)}, ${b.main.length} cards), seed ${this.seed}`,
    );
    const config = this.host.publicConfig();
    for (const s of [0, 1] as Seat[])
      this.send(s, { type: 'GameStarted', game: this.name, seat: s, names: [...this.names], config, entries: this.host.take(s) });
    this.step();
  }

  /** Sends `seat` its entries since the last frame that carried some (none: no frame). */
  private sync(seat: Seat): void {
    const entries = this.host!.take(seat);
    if (entries.length > 0) this.send(seat, { type: 'Sync', entries });
  }

  /** The loop's turn: the decision the golden waits for is asked of its seat, or the game is over. */
  private step(): void {
    const host = this.host!;
    let ask;
    try {
      ask = host.ask();
    } catch (error) {
      return this.fail(error);
    }
    if (!ask) {
      this.sync(0);
      this.sync(1);
      const winner = host.winner ?? null;
      return this.end(winner, 'game-over');
    }
    const other: Seat = ask.seat === 0 ? 1 : 0;
    this.sync(other);
    this.sync(ask.seat);
    this.send(ask.seat, { type: 'Ask', ask });
  }

  /** `Answer`: the golden checks it (a refusal leaves the game waiting; a desync ends it), then the loop goes on. */
  answer(player: Player, answer: WireAnswer): void {
    const seat = player.seat!;
    if (!this.host)
      return this.hub.refuse(player, 'Answer', 'net/refused', `game ${JSON.stringify(this.name)} has not started: there is no question to answer`);
    if (this.over) return this.hub.refuse(player, 'Answer', 'net/refused', `game ${JSON.stringify(this.name)} is over`);
    try {
      this.host.answer(seat, answer);
    } catch (error) {
      if (error instanceof HostRefusal) return this.hub.refuse(player, 'Answer', 'net/refused', error.message);
      return this.fail(error);
    }
    this.send(seat, { type: 'Confirmed', index: answer.index, option: answer.option });
    this.step();
  }

  /** `Desync`: the seat's own check failed; fatal for the game, as any desync. */
  reportDesync(player: Player, message: string): void {
    if (!this.inFlight) return this.hub.refuse(player, 'Desync', 'net/refused', 'no game is in play');
    // The client's text is its own: relayed to the other seat it could drive that terminal (escapes)
    // or say anything; the seats get a fixed text, the log the client's text escaped.
    const seat = `p${player.seat! + 1}`;
    this.fatalDesync(
      `DESYNC DETECTED: ${seat} (${player.name}) reported that its shadow disagrees with the server; the game ends (the server log has its report)`,
      `${seat} ${player.name} reported: ${JSON.stringify(printable(message))}`,
    );
  }

  private fatalDesync(message: string, report?: string): void {
    this.hub.log(`FATAL ERROR: game ${this.name}: ${printable(message.replace(/\s*\n\s*/g, ' '))}${report ? ` (${report})` : ''}`);
    this.both({ type: 'Fatal', code: 'mtg/desync', message: `FATAL ERROR: ${message}` });
    this.finish('desync');
  }

  /** An error out of the golden: a desync ends the game as the design says; anything else is the engine's failure, which ends the game too. */
  private fail(error: unknown): void {
    if (error instanceof ReplicaDesync) return this.fatalDesync(error.message);
    const what = error instanceof StoryletError ? `${error.code}: ${error.message}` : error instanceof Error ? (error.stack ?? error.message) : String(error);
    this.hub.log(
      `ERROR game ${this.name}: the engine failed (${what.replace(/\s*\n\s*/g, ' ')}); reproduce: ${this.host ? `seed ${this.seed}` : '(not started)'}`,
    );
    this.both({
      type: 'Fatal',
      code: 'net/internal',
      message: `the server's engine failed in game ${this.name}; the game ends (the server log has the details)`,
    });
    this.finish('error');
  }

  /** GameOver to both seats, then the room ends. */
  private end(winner: Seat | null, reason: GameOverReason): void {
    this.hub.log(
      `game ${this.name} over: ${winner === null ? 'a draw' : `p${winner + 1} ${this.names[winner]} won`} (${reason}, ${this.host?.game.choices.length ?? 0} decisions)`,
    );
    this.both({ type: 'GameOver', winner, reason });
    this.finish('finished');
  }

  private finish(how: 'finished' | 'desync' | 'error'): void {
    this.over = true;
    this.hub.ended(this, how);
  }

  /** `Leave`, or a seat whose reconnect window ran out: before the game, the seat is freed; during it, the seat forfeits. */
  leave(player: Player, reason: 'left' | 'disconnected'): void {
    const seat = player.seat!;
    if (this.inFlight) {
      this.hub.log(`${player.name} forfeits ${this.name} (${reason === 'left' ? 'left the game' : 'did not reconnect in time'})`);
      return this.end(seat === 0 ? 1 : 0, reason);
    }
    this.seats[seat] = null;
    this.decks[seat] = null;
    this.ready[seat] = false;
    this.history[seat] = [];
    player.room = null;
    player.seat = null;
    this.hub.log(`${player.name} left ${this.name}`);
    if (!this.seats[0] && !this.seats[1]) return this.hub.ended(this, 'abandoned');
    this.lobby();
  }

  /** A notice to the other seat (the seat's socket closed or came back). */
  notifyOther(seat: Seat, text: string): void {
    const other: Seat = seat === 0 ? 1 : 0;
    if (this.seats[other]) this.send(other, { type: 'Notice', text });
  }

  /** A notice to both seats. */
  notice(text: string): void {
    for (const s of [0, 1] as Seat[]) if (this.seats[s]) this.send(s, { type: 'Notice', text });
  }
}
