/**
 * The parts of the board around the battlefields: graveyards and exile (collapsed to a count,
 * opened with a `<details>`), the stack with its targets, a player's panel (life, poison, other
 * counters, hand and library counts, mana pool) and the phase/step bar.
 */
import type { CardView, PlayerView, Seat, SeatView } from '../../engine/index.js';
import { STEPS } from '../../engine/types.js';
import { stepName } from '../../controllers/tui/steps.js';
import { renderCardFrame } from './card.js';
import { manaSymbol } from './mana.js';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Short labels for the phase bar (the full name is the title and the aria-label). */
const STEP_SHORT: Record<string, string> = {
  untap: 'Untap',
  upkeep: 'Upkeep',
  draw: 'Draw',
  main1: 'Main 1',
  beginCombat: 'Combat',
  declareAttackers: 'Attack',
  declareBlockers: 'Block',
  combatDamage: 'Damage',
  endCombat: 'End combat',
  main2: 'Main 2',
  end: 'End',
  cleanup: 'Cleanup',
};

/**
 * A public pile (a graveyard, exile) collapsed to its name and count; opening it shows the cards.
 * `frame` draws each card (the board passes its own, with highlights and clicks).
 *
 * @example
 * ```ts
 * root.append(renderPile('Graveyard', view.graveyards[0], 'graveyard-0'));
 * ```
 */
export function renderPile(
  title: string,
  cards: readonly CardView[],
  zone: string,
  frame: (c: CardView) => HTMLElement = (c) => renderCardFrame(c),
): HTMLElement {
  const details = el('details', `pile pile-${zone.replace(/-\d$/, '')}`);
  details.dataset.zone = zone;
  const summary = el('summary', 'pile-summary');
  summary.append(el('span', 'pile-title', title), ' ', el('span', 'pile-count', String(cards.length)));
  summary.setAttribute('aria-label', `${title}: ${cards.length} card${cards.length === 1 ? '' : 's'}`);
  details.append(summary);
  const list = el('div', 'pile-cards');
  // Top of the pile first: a graveyard's newest card is the one players look for (CR 404.1 keeps its order).
  for (let i = cards.length - 1; i >= 0; i--) list.append(frame(cards[i]!));
  if (cards.length === 0) list.append(el('p', 'empty', 'empty'));
  details.append(list);
  return details;
}

/**
 * The stack, top first: each item's text, its controller and its targets.
 *
 * @example
 * ```ts
 * root.append(renderStack(view, ['Ann', 'Bob']));
 * ```
 */
export function renderStack(view: SeatView, names: readonly [string, string], highlight?: ReadonlySet<number>, onCard?: (id: number) => void): HTMLElement {
  const box = el('section', 'stack');
  box.setAttribute('aria-label', 'the stack');
  box.append(el('h2', 'stack-title', view.stack.length ? `Stack (${view.stack.length}, top first)` : 'Stack: empty'));
  if (view.stack.length === 0) box.classList.add('stack-empty');
  const list = el('ol', 'stack-items');
  for (const item of view.stack) {
    const li = el('li', `stack-item seat-${item.controller}`);
    li.dataset.id = String(item.id);
    li.tabIndex = 0;
    li.append(el('span', 'stack-controller', names[item.controller]), ' ', el('span', 'stack-text', item.text));
    if (item.targets.length) {
      const t = el('span', 'stack-targets');
      t.append('→ ');
      item.targets.forEach((name, i) => {
        if (i) t.append(', ');
        t.append(el('span', 'stack-target', name));
      });
      li.append(' ', t);
    }
    li.setAttribute('aria-label', `${names[item.controller]}: ${item.text}${item.targets.length ? `, targeting ${item.targets.join(', ')}` : ''}`);
    if (highlight?.has(item.id)) li.classList.add('highlight');
    if (onCard) {
      li.setAttribute('role', 'button');
      li.addEventListener('click', () => onCard(item.id));
    }
    list.append(li);
  }
  box.append(list);
  return box;
}

/**
 * A player's panel: name, life, poison, other counters, hand and library counts (the graveyard's is on its pile), the
 * mana pool as symbols; marked when it is their turn and when they hold priority.
 *
 * @example
 * ```ts
 * root.append(renderPlayerPanel(view.players[1], view, 'Bob', false));
 * ```
 */
export function renderPlayerPanel(player: PlayerView, view: SeatView, name: string, isViewer: boolean): HTMLElement {
  const panel = el('section', `player-panel seat-${player.seat}${isViewer ? ' viewer' : ' opponent'}`);
  panel.dataset.seat = String(player.seat);
  if (view.active === player.seat) panel.classList.add('active');
  if (view.priority === player.seat) panel.classList.add('has-priority');
  const head = el('div', 'player-head');
  head.append(el('span', 'player-name', name));
  if (isViewer) head.append(el('span', 'player-you', '(you)'));
  if (view.active === player.seat) head.append(el('span', 'badge badge-turn', 'turn'));
  if (view.priority === player.seat) head.append(el('span', 'badge badge-priority', 'priority'));
  if (view.winner === player.seat) head.append(el('span', 'badge badge-winner', 'winner'));
  panel.append(head);
  const stats = el('dl', 'player-stats');
  const stat = (key: string, label: string, value: string | number): void => {
    const wrap = el('div', `stat stat-${key}`);
    wrap.append(el('dt', '', label), el('dd', '', String(value)));
    stats.append(wrap);
  };
  stat('life', 'Life', player.life);
  if (player.poison) stat('poison', 'Poison', player.poison);
  for (const [k, n] of Object.entries(player.counters)) if (n) stat(`counter-${k.toLowerCase()}`, k.charAt(0) + k.slice(1).toLowerCase(), n);
  stat('hand', 'Hand', player.handCount);
  stat('library', 'Library', player.libraryCount);
  panel.append(stats);
  if (player.manaPool) {
    const pool = el('div', 'mana-pool');
    pool.setAttribute('aria-label', `mana pool ${player.manaPool}`);
    pool.append(el('span', 'pool-label', 'Pool'));
    for (const c of player.manaPool) pool.append(manaSymbol(c));
    panel.append(pool);
  }
  return panel;
}

/**
 * The phase/step bar: every step of the turn, the current one lit (`aria-current="step"`), whose
 * turn it is and who holds priority.
 *
 * @example
 * ```ts
 * root.append(renderPhaseBar(view, ['Ann', 'Bob']));
 * ```
 */
export function renderPhaseBar(view: SeatView, names: readonly [string, string]): HTMLElement {
  const bar = el('nav', 'phase-bar');
  bar.setAttribute('aria-label', 'turn and step');
  const info = el('div', 'phase-info');
  if (view.turn === 0) info.append(el('span', 'phase-turn', 'Opening hands'));
  else info.append(el('span', 'phase-turn', `Turn ${view.turn}`), ' · ', el('span', 'phase-active', `${names[view.active]}'s turn`));
  if (view.priority !== null) info.append(' · ', el('span', 'phase-priority', `${names[view.priority]} has priority`));
  if (view.winner !== undefined)
    info.append(' · ', el('span', 'phase-over', view.winner === null ? 'game over: a draw' : `game over: ${names[view.winner]} won`));
  bar.append(info);
  const steps = el('ol', 'phase-steps');
  for (const step of STEPS) {
    const li = el('li', `phase-step step-${step}`, STEP_SHORT[step] ?? step);
    li.dataset.step = step;
    li.title = stepName(step);
    if (view.turn > 0 && view.step === step) {
      li.classList.add('current');
      li.setAttribute('aria-current', 'step');
    }
    steps.append(li);
  }
  bar.append(steps);
  return bar;
}

/** The seat across the table from `seat`. */
export function otherSeat(seat: Seat): Seat {
  return seat === 0 ? 1 : 0;
}
