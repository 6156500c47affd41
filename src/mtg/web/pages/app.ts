/**
 * The site's main page (`/`, issue 17, docs/mtg/web.md "Lobby" and "Game"): the lobby and the game
 * on one page, a view switch, so that a reload finds its seat again. The browser seat: a native
 * WebSocket to the server's lobby path and a {@link Session} (../../net/session.ts) holding the
 * seat's shadow, with `explain` on (the "why" reasons). The token `Registered` gives is kept in
 * sessionStorage: a reload, or a dropped connection, reconnects with it and the session catches up
 * from the replayed history. A desync is fatal, shown as the session says it
 * (`FATAL ERROR: DESYNC DETECTED …`), as `mtg connect` prints it.
 *
 * `?server=ws://HOST:PORT/PATH` names the game server; without it, `ws(s)://<this host>/lobby`.
 *
 * Browser code: no `node:` import.
 */
import type { CardRegistry } from '../../cards/index.js';
import { paint } from '../../controllers/tui/paint.js';
import { lazyView } from '../../engine/index.js';
import { Session, type SessionResult } from '../../net/session.js';
import { registryCardInfo } from '../ui/board.js';
import { loadSiteData, type SiteData } from './data.js';
import { GameView } from './game.js';
import { LobbyView, type PageDeck } from './lobby.js';

const TOKEN_KEY = 'mtg-seat-token';
const NAME_KEY = 'mtg-seat-name';
/** Tries to take the seat back after a dropped connection (the server keeps it 60 s). */
const RECONNECT_TRIES = 20;
const RECONNECT_DELAY_MS = 1500;

/** The game server's WebSocket address. */
export function serverUrl(loc: Pick<Location, 'search' | 'protocol' | 'host'>): string {
  const given = new URLSearchParams(loc.search).get('server');
  if (given) return given;
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/lobby`;
}

/** The page: one session at a time (a new one for each connection). */
class App {
  private session: Session | null = null;
  private ws: WebSocket | null = null;
  private readonly lobby: LobbyView;
  private readonly game: GameView;
  private readonly banner: HTMLElement;
  /** The request a refusal answers, so that it is shown where it happened. */
  private last: 'register' | 'reconnect' | 'list' | 'create' | 'join' | 'deck' | 'ready' | 'answer' | null = null;
  private tries = 0;
  /** Whether the server asks for a password (its Welcome says so). */
  private passwordRequired = false;
  private ended = false;

  private readonly registry: CardRegistry;

  constructor(
    private readonly root: HTMLElement,
    site: Pick<SiteData, 'registry' | 'decks' | 'image' | 'notices'>,
    private readonly url: string,
  ) {
    const registry = site.registry;
    this.registry = registry;
    const decks: readonly PageDeck[] = site.decks;
    this.banner = document.createElement('div');
    this.banner.id = 'banner';
    this.banner.setAttribute('role', 'alert');
    const lobbyRoot = document.createElement('main');
    lobbyRoot.id = 'lobby';
    const gameRoot = document.createElement('main');
    gameRoot.id = 'game';
    gameRoot.hidden = true;
    root.replaceChildren(this.banner, lobbyRoot, gameRoot);
    this.lobby = new LobbyView(lobbyRoot, decks, registry, {
      register: (name, password) => this.do('register', (s) => (sessionStorage.setItem(NAME_KEY, name), s.register(name, password))),
      refresh: () => this.do('list', (s) => s.listGames()),
      create: (game) => this.do('create', (s) => s.createGame(game)),
      join: (game) => this.do('join', (s) => s.joinGame(game)),
      deck: (file, text) => this.do('deck', (s) => s.setDeck(file, text)),
      ready: (ready) => this.do('ready', (s) => s.setReady(ready)),
      leave: () => {
        this.do('list', (s) => s.leave());
        this.session?.listGames();
        this.lobby.showGames(sessionStorage.getItem(NAME_KEY) ?? '');
      },
    });
    this.game = new GameView(
      gameRoot,
      {
        answer: (i) => {
          this.last = 'answer';
          try {
            this.session?.answer(i);
          } catch (error) {
            this.game.error((error as Error).message);
          }
        },
      },
      { images: (name) => site.image(name), ...registryCardInfo(registry) },
    );
    root.dataset['view'] = 'lobby';
    if (site.notices.length > 0) this.say(site.notices.join(' · '));
  }

  private do(what: NonNullable<App['last']>, f: (s: Session) => void): void {
    if (!this.session || this.session.finished) return this.say('Not connected to the server.');
    this.last = what;
    f(this.session);
  }

  private say(text: string): void {
    this.banner.textContent = text;
  }

  private view(which: 'lobby' | 'game'): void {
    this.root.dataset['view'] = which;
    (this.root.querySelector('#lobby') as HTMLElement).hidden = which !== 'lobby';
    (this.root.querySelector('#game') as HTMLElement).hidden = which !== 'game';
  }

  /** Opens a connection and its session (again after a drop: the token takes the seat back). */
  connect(): void {
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch (error) {
      this.say(`Cannot connect to ${this.url}: ${(error as Error).message}`);
      return;
    }
    this.ws = ws;
    const session = new Session({
      send: (text) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(text);
      },
      close: () => ws.close(),
      registry: this.registry,
      explain: true,
      log: { verbosity: 2, tag: false, paint: paint(false), write: (line) => this.game.logLine(line) },
    });
    this.session = session;
    this.wire(session);
    ws.addEventListener('message', (e) => {
      if (this.session === session) session.receive(typeof e.data === 'string' ? e.data : String(e.data));
    });
    ws.addEventListener('close', () => {
      if (this.session !== session || session.finished) return;
      session.closed();
      if (sessionStorage.getItem(TOKEN_KEY) && !this.ended) this.retry('The connection dropped: taking the seat back…');
    });
  }

  private retry(text: string): void {
    if (this.tries++ >= RECONNECT_TRIES) return this.say(`${text} gave up after ${RECONNECT_TRIES} tries: reload the page to try again.`);
    this.say(text);
    setTimeout(() => this.connect(), RECONNECT_DELAY_MS);
  }

  private wire(s: Session): void {
    s.on('welcome', (w) => {
      const token = sessionStorage.getItem(TOKEN_KEY);
      this.passwordRequired = w.passwordRequired;
      this.say(w.networkDebug ? `Connected to ${w.server} (network debug on).` : `Connected to ${w.server}.`);
      if (token) {
        this.last = 'reconnect';
        s.reconnect(token);
      } else this.lobby.showName(w.passwordRequired ? 'This server needs a password.' : '', w.passwordRequired);
    });
    s.on('registered', ({ name, token }) => {
      sessionStorage.setItem(TOKEN_KEY, token);
      sessionStorage.setItem(NAME_KEY, name);
      this.tries = 0;
      if (!s.replaying) {
        this.lobby.showGames(name);
        s.listGames();
      }
    });
    s.on('replayed', (phase) => {
      this.say('Reconnected.');
      if (phase === 'registered') {
        this.lobby.showGames(sessionStorage.getItem(NAME_KEY) ?? '');
        s.listGames();
      }
    });
    s.on('games', (games, more) => this.lobby.games(games, more));
    s.on('joined', ({ game, seat }) => {
      this.lobby.showRoom(game, seat);
      if (s.room) this.lobby.roomState(s.room);
    });
    s.on('lobby', (room) => this.lobby.roomState(room));
    s.on('started', ({ seat, names }) => {
      this.view('game');
      this.game.setNames(names);
      this.game.status(`p1 ${names[0]} vs p2 ${names[1]} · you are p${seat + 1}`);
      this.game.waiting();
    });
    s.on('changed', () => {
      const f = s.follower;
      if (!f || s.seat === null) return;
      this.game.draw(lazyView(f.game, s.seat));
      if (!s.waiting) this.game.waiting();
    });
    s.on('decision', ({ point, view, ask }) => this.game.ask(point, view, ask.index));
    s.on('notice', (line) => this.say(line));
    s.on('refused', ({ code, message }) => this.refused(code, message));
    s.on('end', (r) => this.end(r));
  }

  private refused(code: string, message: string): void {
    const text = `${message} (${code})`;
    switch (this.last) {
      case 'reconnect':
        if (code === 'net/seat-taken') {
          // The old page's socket is not closed yet on the server: try again in a moment.
          this.retry('The seat is still held by the last connection: trying again…');
          this.ws?.close();
          return;
        }
        // The seat is gone (the window ran out, the server restarted): start again with a name.
        sessionStorage.removeItem(TOKEN_KEY);
        this.view('lobby');
        this.lobby.showName(`Could not take the seat back: ${text}`, this.passwordRequired);
        this.session!.replaying = false;
        return;
      case 'register':
        return this.lobby.nameRefused(text);
      case 'create':
      case 'join':
      case 'list':
        return this.lobby.gameRefused(text);
      case 'deck':
      case 'ready':
        return this.lobby.deckRefused(text);
      case 'answer':
        return this.game.error(text);
      default:
        return this.say(text);
    }
  }

  private end(r: SessionResult): void {
    const closedOnly = r.code === 1 && /closed the connection/.test(r.message);
    if (closedOnly && sessionStorage.getItem(TOKEN_KEY)) return; // the close handler reconnects
    this.ended = true;
    const fatal = r.code === 3;
    if (r.code === 0 || fatal) sessionStorage.removeItem(TOKEN_KEY);
    if (this.root.dataset['view'] === 'game' || fatal) {
      this.view('game');
      this.game.end(r.message, fatal);
    }
    this.say(r.message);
    this.root.dataset['result'] = fatal ? 'fatal' : r.code === 0 ? 'over' : 'error';
    if (r.winner !== undefined) this.root.dataset['winner'] = r.winner === null ? 'draw' : `p${r.winner + 1}`;
  }
}

/** Starts the page: the site's cards and decks (data.ts: the starter set and decks when there is no export), then the connection. */
export async function start(): Promise<void> {
  let root = document.getElementById('app');
  if (!root) {
    root = document.createElement('div');
    root.id = 'app';
    document.body.append(root);
  }
  const site = await loadSiteData();
  const app = new App(root, site, serverUrl(location));
  app.connect();
}

void start();
