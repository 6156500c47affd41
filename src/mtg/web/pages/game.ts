/**
 * The game page's view (issue 17, docs/mtg/web.md "Game"): the board as the seat sees it, the
 * prompt offering exactly the decision's options (the tui's menu: each option written as the
 * command that chooses it), clicks on the cards an option names, the command box (the
 * fixed-input language, resolved as the tui resolves a typed line), "why can't I cast this?" on
 * any card in hand (the point's `unavailable`, the tui's `why` words), the game log, the keyboard.
 * It draws and reads clicks; the session (../../net/session.ts) does the protocol.
 *
 * Browser code: no `node:` import.
 */
import type { ChoicePoint, SeatView } from '../../engine/index.js';
import { optionText, resolveLine, type ResolveContext } from '../../input/index.js';
import { renderWhyNot } from '../../controllers/tui/render.js';
import { optionsByCard, renderBoard, type BoardOptions } from '../ui/board.js';

/** What the view tells the page: a person's answer. */
export type GameViewEvents = { answer(index: number): void };

/** The tui's reasons for one card in hand (the point's `unavailable` for it), in the tui's `why` words. */
export function whyNot(point: ChoicePoint | null, card: { id: number; name: string }): string {
  if (!point) return `No decision of yours is waiting: reasons are given when you have priority.`;
  const offered = point.options.filter((o) => 'card' in o.action && o.action.card?.id === card.id);
  if (point.kind !== 'priority') return renderWhyNot(point).trim();
  const held = (point.unavailable ?? []).filter((u) => u.card.id === card.id);
  if (held.length === 0)
    return offered.length > 0
      ? `${card.name} can be used now: ${offered.map((o) => optionText(point, o)).join(' · ')}`
      : `${card.name}: nothing stops it that the engine names (it is not an action now).`;
  return renderWhyNot({ ...point, unavailable: held }).trimEnd();
}

type Parts = {
  root: HTMLElement;
  status: HTMLElement;
  board: HTMLElement;
  prompt: HTMLElement;
  promptText: HTMLElement;
  options: HTMLElement;
  menu: HTMLElement;
  command: HTMLInputElement;
  commandError: HTMLElement;
  why: HTMLElement;
  log: HTMLElement;
};

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The game view: made once, redrawn from the shadow's view and the decision waiting. */
export class GameView {
  readonly parts: Parts;
  private point: ChoicePoint | null = null;
  private view: SeatView | null = null;
  private names: [string, string] = ['p1', 'p2'];
  /** The option the arrow keys are on. */
  private selected = 0;
  /** Digits typed for a menu of more than ten options. */
  private digits = '';
  private over = false;

  constructor(
    root: HTMLElement,
    private readonly events: GameViewEvents,
    /** The board's card text, images (webboard's BoardOptions). */
    private readonly boardExtras: Pick<BoardOptions, 'images' | 'cardText' | 'printedPT'> = {},
  ) {
    const status = el('div', { id: 'game-status', role: 'status' });
    const board = el('div', { id: 'board' });
    const promptText = el('div', { class: 'prompt-text' });
    const options = el('div', { class: 'options', role: 'listbox' });
    const menu = el('div', { class: 'card-menu', hidden: '' });
    const command = el('input', {
      id: 'command',
      type: 'text',
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: 'a command: play mountain · cast bolt targeting p2 · pass  (/ to focus)',
    });
    const commandError = el('div', { class: 'error', id: 'command-error', 'aria-live': 'polite' });
    const form = el('form', { id: 'command-form' });
    form.append(command);
    const why = el('div', { id: 'why', 'aria-live': 'polite' });
    const prompt = el('section', { id: 'prompt', 'data-state': 'wait' });
    const keys = el(
      'div',
      { class: 'keys' },
      'Keys: 0–9 pick an option (more than ten: type the number, Enter) · ↑↓ move, Enter picks · / command box · w why not · Esc closes',
    );
    prompt.append(promptText, options, menu, form, commandError, why, keys);
    const log = el('pre', { id: 'gamelog', 'aria-live': 'off' });
    const logBox = el('section', { id: 'log-box' });
    logBox.append(el('h2', {}, 'Game log'), log);
    root.replaceChildren(status, board, prompt, logBox);
    this.parts = { root, status, board, prompt, promptText, options, menu, command, commandError, why, log };
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submitCommand();
    });
    command.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') command.blur();
    });
    document.addEventListener('keydown', (e) => this.onKey(e));
  }

  setNames(names: [string, string]): void {
    this.names = names;
  }

  status(text: string): void {
    this.parts.status.textContent = text;
  }

  /** A line of the game log. */
  logLine(line: string): void {
    const log = this.parts.log;
    log.append(`${line}\n`);
    log.scrollTop = log.scrollHeight;
  }

  /** The board from the view (the shadow's, for the seat). */
  draw(view: SeatView): void {
    this.view = view;
    const highlight = this.point ? new Set(optionsByCard(this.point).keys()) : new Set<number>();
    renderBoard(this.parts.board, view, { viewer: view.seat, names: this.names, highlight, onCard: (id) => this.onCard(id), ...this.boardExtras });
  }

  /** A decision waiting for the person. */
  ask(point: ChoicePoint, view: SeatView, index: number): void {
    this.point = point;
    this.selected = 0;
    this.digits = '';
    const p = this.parts;
    p.prompt.dataset['state'] = 'ask';
    p.prompt.dataset['index'] = String(index);
    p.prompt.dataset['kind'] = point.kind;
    p.promptText.textContent = point.prompt;
    p.commandError.textContent = '';
    p.why.textContent = '';
    p.menu.hidden = true;
    p.options.replaceChildren();
    for (const o of point.options) {
      const b = el('button', { type: 'button', class: 'option', 'data-option': String(o.index), 'data-verb': o.action.verb, role: 'option' });
      const card = 'card' in o.action ? o.action.card : undefined;
      if (card) b.dataset['card'] = String(card.id);
      const command = optionText(point, o);
      b.textContent = `[${o.index}] ${command}`;
      if (o.label.toLowerCase() !== command.toLowerCase()) b.title = o.label;
      b.addEventListener('click', () => this.pick(o.index));
      p.options.append(b);
    }
    this.markSelected();
    this.draw(view);
  }

  /** The answer is sent: the prompt waits for the game to go on. */
  private pick(index: number): void {
    if (!this.point || this.over) return;
    this.point = null;
    const p = this.parts;
    p.prompt.dataset['state'] = 'wait';
    p.options.replaceChildren();
    p.menu.hidden = true;
    p.promptText.textContent = 'Waiting for the game…';
    this.events.answer(index);
  }

  /** Not this seat's turn to decide. */
  waiting(text = 'Waiting for the other player…'): void {
    if (this.point) return;
    this.parts.prompt.dataset['state'] = 'wait';
    this.parts.promptText.textContent = text;
  }

  /** The game is over (or the run ended): the prompt closes with `text`. */
  end(text: string, fatal: boolean): void {
    this.over = true;
    this.point = null;
    const p = this.parts;
    p.prompt.dataset['state'] = 'over';
    delete p.prompt.dataset['index'];
    p.options.replaceChildren();
    p.menu.hidden = true;
    p.promptText.textContent = text;
    p.promptText.classList.toggle('fatal', fatal);
    p.root.dataset['over'] = fatal ? 'fatal' : 'true';
  }

  /** A refusal of the server shown in the prompt (an answer refused). */
  error(text: string): void {
    this.parts.commandError.textContent = text;
  }

  private markSelected(): void {
    const buttons = Array.from(this.parts.options.querySelectorAll<HTMLButtonElement>('button.option'));
    buttons.forEach((b, i) => b.classList.toggle('selected', i === this.selected));
    buttons[this.selected]?.scrollIntoView?.({ block: 'nearest' });
  }

  /** A click on a card: its option, or a small menu of its options; a card in hand with none says why. */
  private onCard(id: number): void {
    const p = this.parts;
    const point0 = this.point;
    const options = point0 ? (optionsByCard(point0).get(id) ?? []).map((i) => point0.options[i]!) : [];
    if (options.length === 1) return this.pick(options[0]!.index);
    if (options.length > 1) {
      p.menu.replaceChildren();
      const point = this.point!;
      for (const o of options) {
        const b = el('button', { type: 'button', class: 'option', 'data-option': String(o.index) }, `[${o.index}] ${optionText(point, o)}`);
        b.addEventListener('click', () => this.pick(o.index));
        p.menu.append(b);
      }
      p.menu.hidden = false;
      (p.menu.firstElementChild as HTMLElement | null)?.focus();
      return;
    }
    const card = this.view?.hand.find((c) => c.id === id);
    if (card) this.showWhy(whyNot(this.point, card));
  }

  /** "Why can't I cast this?": one card's reasons, or (`w`) the whole decision's. */
  showWhy(text: string): void {
    this.parts.why.textContent = text;
  }

  /** A typed command: resolved against the decision as the tui resolves a typed line. */
  private submitCommand(): void {
    const p = this.parts;
    const text = p.command.value.trim();
    if (text === '') return;
    const point = this.point;
    if (!point) {
      p.commandError.textContent = 'No decision of yours is waiting.';
      return;
    }
    const word = text.toLowerCase();
    if (word === 'why' || word === 'why not' || word === 'whynot') {
      this.showWhy(renderWhyNot(point).trimEnd());
      p.command.value = '';
      return;
    }
    const context: ResolveContext = { playerNames: this.names };
    const r = resolveLine(text, point, context);
    if (typeof r === 'string') {
      p.commandError.textContent = r;
      return;
    }
    p.command.value = '';
    p.commandError.textContent = '';
    this.pick(r);
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) return;
    if (!this.parts.root.isConnected || this.parts.root.hidden || e.ctrlKey || e.metaKey || e.altKey) return;
    const point = this.point;
    if (e.key === '/') {
      e.preventDefault();
      this.parts.command.focus();
      return;
    }
    if (e.key === 'Escape') {
      this.parts.menu.hidden = true;
      this.parts.why.textContent = '';
      this.digits = '';
      return;
    }
    if (!point) return;
    if (e.key === 'w') {
      this.showWhy(renderWhyNot(point).trimEnd());
      return;
    }
    const n = point.options.length;
    if (/^[0-9]$/.test(e.key)) {
      e.preventDefault();
      if (n <= 10) {
        const i = Number(e.key);
        if (i < n) this.pick(i);
        return;
      }
      this.digits += e.key;
      this.parts.commandError.textContent = `option ${this.digits}… (Enter picks it)`;
      return;
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      this.selected = (this.selected + (e.key === 'ArrowDown' ? 1 : n - 1)) % n;
      this.markSelected();
      return;
    }
    if (e.key === 'Enter') {
      // A focused button answers its own click; Enter elsewhere picks the typed number or the selected option.
      if (target && target.tagName === 'BUTTON') return;
      e.preventDefault();
      if (this.digits !== '') {
        const i = Number(this.digits);
        this.digits = '';
        if (i < n) this.pick(i);
        else this.parts.commandError.textContent = `there is no option ${i}: the menu goes from 0 to ${n - 1}`;
        return;
      }
      this.pick(this.selected);
    }
  }
}
