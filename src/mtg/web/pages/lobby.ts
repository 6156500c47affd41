/**
 * The lobby's view (issue 17, docs/mtg/web.md "Lobby"): a user name, the games on the server,
 * create or join, the deck (the page's decks, or a pasted `.dck` checked against the page's cards
 * before it is sent), ready. Every refusal is shown where it happened: beside the name, the game,
 * the deck. It draws and reads clicks; the page (app.ts) sends through the session.
 *
 * Browser code: no `node:` import.
 */
import type { CardRegistry } from '../../cards/index.js';
import { formatDeckDiagnostic, readDeck } from '../../decks/index.js';
import type { GameListing } from '../../net/protocol.js';
import type { SessionRoom } from '../../net/session.js';

/** A deck the page offers: `stem` names it, `text` is its `.dck` text. */
export type PageDeck = { stem: string; file: string; group: string; text: string };

/** What the lobby asks the page to do. */
export type LobbyEvents = {
  /** `password`: given when the server asks for one (Welcome.passwordRequired). */
  register(name: string, password?: string): void;
  refresh(): void;
  create(game: string): void;
  join(game: string): void;
  deck(file: string, text: string): void;
  ready(ready: boolean): void;
  leave(): void;
};

/** The pattern of a user or game name on the server (protocol.ts NAME): 1–40 characters, no controls, no space at either end. */
export function nameProblem(what: 'name' | 'game name', name: string): string | null {
  if (name.length === 0) return `Give a ${what}.`;
  if (name.length > 40) return `A ${what} is at most 40 characters (this one has ${name.length}).`;
  if (/^\s|\s$/.test(name)) return `A ${what} does not start or end with a space.`;
  // eslint-disable-next-line no-control-regex -- the control characters are what is refused
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(name)) return `A ${what} has no control characters.`;
  return null;
}

/**
 * A pasted deck read with the page's cards: the errors (an unknown card with the nearest known
 * names, as the server's SetDeck refusal says it), or null when it can be sent.
 */
export function deckProblem(text: string, file: string, registry: CardRegistry): string | null {
  const deck = readDeck(text, file, registry, { suggestions: 3 });
  const errors = deck.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) return errors.map((d) => formatDeckDiagnostic(d)).join('\n');
  if (deck.main.length === 0) return `${file}: the deck has no cards in [Main]`;
  return null;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The lobby: three steps on one page (name, games, room), each with its error in place. */
export class LobbyView {
  private readonly nameForm: HTMLFormElement;
  private readonly nameInput: HTMLInputElement;
  private readonly nameError: HTMLElement;
  private readonly passwordLabel: HTMLElement;
  private readonly passwordInput: HTMLInputElement;
  private readonly gamesBox: HTMLElement;
  private readonly gamesList: HTMLElement;
  private readonly gameInput: HTMLInputElement;
  private readonly gameError: HTMLElement;
  private readonly roomBox: HTMLElement;
  private readonly roomInfo: HTMLElement;
  private readonly deckSelect: HTMLSelectElement;
  private readonly deckText: HTMLTextAreaElement;
  private readonly deckError: HTMLElement;
  private readonly readyButton: HTMLButtonElement;
  private readonly who: HTMLElement;
  private seat: number | null = null;
  private room: SessionRoom | null = null;

  constructor(
    readonly root: HTMLElement,
    private readonly decks: readonly PageDeck[],
    private readonly registry: CardRegistry,
    private readonly events: LobbyEvents,
  ) {
    // 1. The name.
    this.nameForm = el('form', { id: 'name-form' });
    this.nameInput = el('input', { id: 'name', name: 'name', maxlength: '40', autocomplete: 'nickname', placeholder: 'your name' });
    this.nameError = el('div', { class: 'error', id: 'name-error', 'aria-live': 'polite' });
    const nameLabel = el('label', { for: 'name' }, 'User name ');
    // The server's password (mtg server-web --password), asked for only when the server needs one.
    this.passwordInput = el('input', {
      id: 'password',
      name: 'password',
      type: 'password',
      autocomplete: 'current-password',
      placeholder: 'the server’s password',
    });
    this.passwordLabel = el('label', { for: 'password', id: 'password-label', hidden: '' }, ' Password ');
    this.passwordLabel.append(this.passwordInput);
    this.nameForm.append(nameLabel, this.nameInput, this.passwordLabel, el('button', { type: 'submit', id: 'register' }, 'Enter'), this.nameError);
    this.nameForm.addEventListener('submit', (e) => {
      e.preventDefault();
      const name = this.nameInput.value;
      const bad = nameProblem('name', name);
      if (bad) return this.nameRefused(bad);
      this.nameError.textContent = '';
      this.events.register(name, this.passwordLabel.hidden ? undefined : this.passwordInput.value);
    });

    // 2. The games.
    this.who = el('div', { id: 'who' });
    this.gamesList = el('ul', { id: 'games' });
    this.gameInput = el('input', { id: 'game-name', maxlength: '40', placeholder: 'a new game’s name' });
    this.gameError = el('div', { class: 'error', id: 'game-error', 'aria-live': 'polite' });
    const refresh = el('button', { type: 'button', id: 'refresh' }, 'Refresh');
    refresh.addEventListener('click', () => this.events.refresh());
    const createForm = el('form', { id: 'create-form' });
    createForm.append(this.gameInput, el('button', { type: 'submit', id: 'create' }, 'Create'));
    createForm.addEventListener('submit', (e) => {
      e.preventDefault();
      const game = this.gameInput.value;
      const bad = nameProblem('game name', game);
      if (bad) return this.gameRefused(bad);
      this.gameError.textContent = '';
      this.events.create(game);
    });
    this.gamesBox = el('section', { id: 'games-box', hidden: '' });
    this.gamesBox.append(this.who, el('h2', {}, 'Games'), this.gamesList, refresh, createForm, this.gameError);

    // 3. The room: the deck and ready.
    this.roomInfo = el('div', { id: 'room' });
    this.deckSelect = el('select', { id: 'deck' });
    for (const d of decks) this.deckSelect.append(el('option', { value: d.stem }, `${d.group}/${d.stem}`));
    this.deckSelect.append(el('option', { value: '' }, 'a pasted .dck (below)'));
    this.deckText = el('textarea', { id: 'deck-text', rows: '6', placeholder: '[Main]\n20 Mountain\n4 Lightning Bolt\n…' });
    this.deckError = el('pre', { class: 'error', id: 'deck-error', 'aria-live': 'polite' });
    const send = el('button', { type: 'button', id: 'set-deck' }, 'Use this deck');
    send.addEventListener('click', () => this.sendDeck());
    this.readyButton = el('button', { type: 'button', id: 'ready', disabled: '' }, 'Ready');
    this.readyButton.addEventListener('click', () => {
      const mine = this.seat !== null && this.room?.ready[this.seat];
      this.events.ready(!mine);
    });
    const leave = el('button', { type: 'button', id: 'leave' }, 'Leave');
    leave.addEventListener('click', () => this.events.leave());
    this.roomBox = el('section', { id: 'room-box', hidden: '' });
    const deckLabel = el('label', { for: 'deck' }, 'Deck ');
    this.roomBox.append(el('h2', {}, 'Game'), this.roomInfo, deckLabel, this.deckSelect, this.deckText, send, this.deckError, this.readyButton, leave);

    root.replaceChildren(el('h1', {}, 'storyletengine · Magic'), this.nameForm, this.gamesBox, this.roomBox);
  }

  /** Step 1: the name form. */
  showName(message = '', passwordRequired = false): void {
    this.nameForm.hidden = false;
    this.passwordLabel.hidden = !passwordRequired;
    this.gamesBox.hidden = true;
    this.roomBox.hidden = true;
    this.nameError.textContent = message;
    this.nameInput.focus();
  }

  nameRefused(message: string): void {
    this.nameError.textContent = message;
    this.nameInput.focus();
  }

  /** Step 2: registered as `name`, the games. */
  showGames(name: string): void {
    this.nameForm.hidden = true;
    this.gamesBox.hidden = false;
    this.roomBox.hidden = true;
    this.who.textContent = `Playing as ${name}`;
  }

  /** The server's list of games: each with a free seat can be joined. */
  games(list: readonly GameListing[], more: number): void {
    this.gamesList.replaceChildren();
    if (list.length === 0) this.gamesList.append(el('li', { class: 'empty' }, 'No games yet: create one.'));
    for (const g of list) {
      const li = el('li', { 'data-game': g.game });
      const seats = g.seats.map((s, i) => `p${i + 1} ${s ?? '(free)'}`).join(', ');
      li.append(el('span', { class: 'game-name' }, g.game), ` — ${seats}${g.started ? ' (started)' : ''} `);
      const free = !g.started && (g.seats[0] === null || g.seats[1] === null);
      if (free) {
        const join = el('button', { type: 'button', class: 'join', 'data-game': g.game }, 'Join');
        join.addEventListener('click', () => this.events.join(g.game));
        li.append(join);
      }
      this.gamesList.append(li);
    }
    if (more > 0) this.gamesList.append(el('li', { class: 'more' }, `and ${more} more`));
  }

  gameRefused(message: string): void {
    this.gameError.textContent = message;
  }

  /** Step 3: seated in a game. */
  showRoom(game: string, seat: number): void {
    this.seat = seat;
    this.nameForm.hidden = true;
    this.gamesBox.hidden = true;
    this.roomBox.hidden = false;
    this.roomInfo.textContent = `${game}: you are p${seat + 1}`;
    this.deckError.textContent = '';
  }

  /** The room as the server has it: who sits, whose deck is set, who is ready. */
  roomState(room: SessionRoom): void {
    this.room = room;
    const line = room.seats.map((s, i) => `p${i + 1} ${s ?? '(free)'}${room.decks[i] ? ' · deck set' : ''}${room.ready[i] ? ' · ready' : ''}`).join('  |  ');
    this.roomInfo.textContent = `${room.game}${this.seat !== null ? ` (you are p${this.seat + 1})` : ''}: ${line}`;
    const mine = this.seat !== null && room.decks[this.seat];
    this.readyButton.disabled = !mine;
    this.readyButton.textContent = this.seat !== null && room.ready[this.seat] ? 'Not ready' : 'Ready';
    this.roomBox.dataset['deck'] = mine ? 'set' : 'unset';
    this.roomBox.dataset['ready'] = this.seat !== null && room.ready[this.seat] ? 'true' : 'false';
  }

  deckRefused(message: string): void {
    this.deckError.textContent = message;
  }

  /** The deck chosen (a page deck, or the pasted text checked against the page's cards first). */
  private sendDeck(): void {
    const stem = this.deckSelect.value;
    const pasted = this.deckText.value;
    if (stem === '' || pasted.trim() !== '') {
      if (pasted.trim() === '') return this.deckRefused('Paste a .dck deck (a [Main] section, one "N Card Name" a line), or choose one of the decks.');
      const problem = deckProblem(pasted, 'pasted.dck', this.registry);
      if (problem) return this.deckRefused(problem);
      this.deckError.textContent = '';
      return this.events.deck('pasted.dck', pasted);
    }
    const deck = this.decks.find((d) => d.stem === stem)!;
    this.deckError.textContent = '';
    this.events.deck(deck.file, deck.text);
  }
}
