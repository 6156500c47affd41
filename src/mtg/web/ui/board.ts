/**
 * The board: one seat's view of the game drawn into the DOM, with no framework. `renderBoard`
 * redraws a root element from a `SeatView` and nothing else, so the page can never show what the
 * seat may not see (the view holds no hidden card; the opponent's hand is drawn as backs from a
 * count). The opponent is at the top and the viewer at the bottom; each side has its lands in a
 * row of their own, its other permanents in another, auras and equipment under their host. The
 * stack, the phase/step bar and combat sit between the two sides. style.css lays it out.
 */
import type { CardView, Seat, SeatView } from '../../engine/index.js';
import { renderCardBack, renderCardFrame, type CardFrameOptions } from './card.js';
import { otherSeat, renderPhaseBar, renderPile, renderPlayerPanel, renderStack } from './zones.js';

export { renderCardFrame, renderCardBack, cardLabel, counterName, typeLine } from './card.js';
export type { CardFrameOptions, PrintedPT } from './card.js';
export { renderPhaseBar, renderPile, renderPlayerPanel, renderStack } from './zones.js';
export { manaCost, manaSymbol, manaSymbols, rulesText } from './mana.js';
export { optionsByCard } from './prompt.js';

/** How a board is drawn, and the hooks of an open prompt. */
export type BoardOptions = {
  /** Whose view this is (drawn at the bottom of the screen). */
  viewer: Seat;
  /** The players' names, by seat. */
  names: [string, string];
  /** An image URL for a card name, when images exist. */
  images?: (cardName: string) => string | null;
  /** The printed rules text of a card name (the pages fill it from the registry: see {@link registryCardInfo}). */
  cardText?: (cardName: string) => string | null;
  /** The printed power/toughness of a card name, so changed values are marked. */
  printedPT?: CardFrameOptions['printedPT'];
  /** Object ids an open prompt option names: drawn highlighted and clickable. */
  highlight?: ReadonlySet<number>;
  /** A click (or Enter/Space) on a card or stack item, by object id; the page maps it to options. */
  onCard?: (id: number) => void;
};

/** The registry shape {@link registryCardInfo} needs (a `CardRegistry` has it). */
export type CardLookup = {
  face(name: string): { face: { oracle: string; power?: string; toughness?: string } } | undefined;
};

/**
 * The `cardText` and `printedPT` options from a card registry (Card IR's Oracle text and printed
 * power/toughness), memoised by name.
 *
 * @example
 * ```ts
 * renderBoard(root, view, { viewer: 0, names: ['Ann', 'Bob'], ...registryCardInfo(registry) });
 * ```
 */
export function registryCardInfo(registry: CardLookup): Pick<BoardOptions, 'cardText' | 'printedPT'> {
  const faces = new Map<string, ReturnType<CardLookup['face']>>();
  const face = (name: string): ReturnType<CardLookup['face']> => {
    if (!faces.has(name)) faces.set(name, registry.face(name));
    return faces.get(name);
  };
  return {
    cardText: (name) => face(name)?.face.oracle || null,
    printedPT: (name) => {
      const f = face(name)?.face;
      return f && f.power !== undefined && f.toughness !== undefined ? { power: f.power, toughness: f.toughness } : null;
    },
  };
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Roots that already listen for arrow keys (a redraw must not add a second listener). */
const keyed = new WeakSet<HTMLElement>();

/**
 * Arrow keys move the focus between cards in reading order (Home/End: first/last); Enter or
 * Space on a card is a click.
 */
function listenForKeys(root: HTMLElement): void {
  if (keyed.has(root)) return;
  keyed.add(root);
  root.addEventListener('keydown', (e) => {
    const target = e.target as HTMLElement | null;
    if (!target || !target.matches('.card[data-id], .stack-item[data-id]')) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      target.click();
      return;
    }
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    const all = Array.from(root.querySelectorAll<HTMLElement>('.card[data-id], .stack-item[data-id]')).filter((c) => c.offsetParent !== null);
    const at = all.indexOf(target);
    let next: HTMLElement | undefined;
    if (e.key in moves) next = all[at + moves[e.key]!];
    else if (e.key === 'Home') next = all[0];
    else if (e.key === 'End') next = all[all.length - 1];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  });
}

/**
 * Redraws `root` from `view`: both battlefields (lands apart, tapped rotated, counters, damage,
 * auras and equipment under their host, tokens marked, attackers and blockers during combat), the
 * viewer's hand face up and the opponent's as backs with the count, graveyards and exile
 * (collapsed, openable), the stack with targets, both players' panels, and the phase/step bar.
 * The focused card keeps the focus across redraws.
 *
 * @example
 * ```ts
 * renderBoard(document.getElementById('board')!, session.view, {
 *   viewer: 0,
 *   names: ['Ann', 'Bob'],
 *   highlight: new Set([12]),
 *   onCard: (id) => console.log('clicked', id),
 * });
 * ```
 */
export function renderBoard(root: HTMLElement, view: SeatView, options: BoardOptions): void {
  const focused = root.contains(document.activeElement) ? (document.activeElement as HTMLElement).dataset.id : undefined;
  const open = new Set(
    Array.from(root.querySelectorAll<HTMLDetailsElement>('details[data-zone]'))
      .filter((d) => d.open)
      .map((d) => d.dataset.zone),
  );
  const me = options.viewer;
  const them = otherSeat(me);
  const frameOptions: CardFrameOptions = { images: options.images, cardText: options.cardText, printedPT: options.printedPT };
  const attackers = new Set(view.combat?.attackers ?? []);
  const blocking = new Map<number, number[]>();
  for (const b of view.combat?.blocks ?? []) blocking.set(b.blocker, [...(blocking.get(b.blocker) ?? []), b.attacker]);

  const frame = (card: CardView): HTMLElement => {
    const f = renderCardFrame(card, frameOptions);
    const label = [f.getAttribute('aria-label')!];
    if (attackers.has(card.id)) {
      f.classList.add('attacking');
      label.push('attacking');
    }
    const blocks = blocking.get(card.id);
    if (blocks) {
      f.classList.add('blocking');
      f.dataset.blocks = blocks.join(' ');
      label.push('blocking');
    }
    if (options.highlight?.has(card.id)) label.push('selectable');
    f.setAttribute('aria-label', label.join(', '));
    if (options.highlight?.has(card.id)) f.classList.add('highlight');
    // A card is a button when the page listens for clicks, else a labelled group (its label is
    // the summary, its children the printed text).
    f.setAttribute('role', options.onCard ? 'button' : 'group');
    if (options.onCard) {
      const onCard = options.onCard;
      f.addEventListener('click', () => onCard(card.id));
    }
    return f;
  };

  // Auras and equipment under their host (CR 303.4, 301.5): any permanent attached to another
  // permanent on the battlefield is drawn inside the host's group, whoever controls it.
  const onField = new Set(view.battlefield.map((c) => c.id));
  const attached = new Map<number, CardView[]>();
  for (const c of view.battlefield) {
    if (c.attachedTo !== null && onField.has(c.attachedTo) && c.attachedTo !== c.id) attached.set(c.attachedTo, [...(attached.get(c.attachedTo) ?? []), c]);
  }
  const group = (card: CardView, depth = 0): HTMLElement => {
    const g = el('div', 'permanent');
    g.dataset.id = String(card.id);
    const slot = el('div', `slot${card.tapped ? ' slot-tapped' : ''}`);
    slot.append(frame(card));
    g.append(slot);
    const under = attached.get(card.id);
    // Depth-bounded: an attachment loop cannot exist in a legal game, but a view is data.
    if (under && depth < 4) {
      const box = el('div', 'attachments');
      box.setAttribute('aria-label', `attached to ${card.faceDown ? 'a face-down card' : card.name}`);
      for (const a of under) {
        const child = group(a, depth + 1);
        child.classList.add('attached');
        if (a.controller !== card.controller) child.classList.add('attached-foreign');
        box.append(child);
      }
      g.append(box);
    }
    return g;
  };

  const side = (seat: Seat): HTMLElement => {
    const isViewer = seat === me;
    const section = el('section', `side ${isViewer ? 'side-viewer' : 'side-opponent'} seat-${seat}`);
    section.dataset.seat = String(seat);
    section.setAttribute('aria-label', isViewer ? `${options.names[seat]} (you)` : options.names[seat]);
    const mine = view.battlefield.filter((c) => c.controller === seat && !(c.attachedTo !== null && onField.has(c.attachedTo) && c.attachedTo !== c.id));
    const lands = el('div', 'row row-lands');
    lands.setAttribute('aria-label', 'lands');
    const others = el('div', 'row row-permanents');
    others.setAttribute('aria-label', 'permanents');
    for (const c of mine) (c.types.includes('Land') && !c.types.includes('Creature') ? lands : others).append(group(c));
    if (!lands.childElementCount) lands.classList.add('row-empty');
    if (!others.childElementCount) others.classList.add('row-empty');

    const hand = el('div', `hand ${seat === view.seat ? 'hand-viewer' : 'hand-opponent'}`);
    const count = view.players[seat].handCount;
    hand.setAttribute('aria-label', `${isViewer ? 'your hand' : `${options.names[seat]}'s hand`}: ${count} card${count === 1 ? '' : 's'}`);
    if (seat === view.seat) for (const c of view.hand) hand.append(frame(c));
    else {
      // CR 400.2: the opponent's hand is hidden; the view has its count and nothing else.
      for (let i = 0; i < count; i++) hand.append(renderCardBack());
      hand.append(el('span', 'hand-count', `${count} in hand`));
    }

    const piles = el('div', 'piles');
    piles.append(renderPile('Graveyard', view.graveyards[seat], `graveyard-${seat}`, frame));
    const exiled = view.exile.filter((c) => c.owner === seat);
    piles.append(renderPile('Exile', exiled, `exile-${seat}`, frame));
    const phased = (view.phasedOut ?? []).filter((c) => c.controller === seat);
    if (phased.length) piles.append(renderPile('Phased out', phased, `phased-${seat}`, frame));
    if (isViewer && view.revealed.length) piles.append(renderPile('Revealed to you', view.revealed, 'revealed', frame));
    const panel = renderPlayerPanel(view.players[seat], view, options.names[seat], isViewer);
    const bar = el('div', 'side-bar');
    bar.append(panel, piles);
    const field = el('div', 'battlefield');
    // The lands sit nearest their player, the creatures face each other across the middle; the
    // opponent's few card backs share the line of its panel.
    if (isViewer) {
      field.append(others, lands);
      section.append(field, hand, bar);
    } else {
      field.append(lands, others);
      bar.append(hand);
      section.append(bar, field);
    }
    return section;
  };

  const middle = el('section', 'middle');
  middle.append(renderPhaseBar(view, options.names));
  middle.append(renderStack(view, options.names, options.highlight, options.onCard));
  if (view.combat && view.combat.attackers.length > 0) {
    const byId = new Map(view.battlefield.map((c) => [c.id, c]));
    const name = (id: number): string => {
      const c = byId.get(id);
      return !c ? `#${id}` : c.faceDown ? 'a face-down creature' : c.name;
    };
    const combat = el('section', 'combat');
    combat.setAttribute('aria-label', 'combat');
    combat.append(el('h2', 'combat-title', 'Combat'));
    const list = el('ul', 'combat-list');
    for (const a of view.combat.attackers) {
      const blockers = view.combat.blocks.filter((b) => b.attacker === a).map((b) => name(b.blocker));
      const li = el('li', 'combat-attack', `${name(a)} attacks${blockers.length ? `, blocked by ${blockers.join(', ')}` : ''}`);
      li.dataset.attacker = String(a);
      list.append(li);
    }
    combat.append(list);
    middle.append(combat);
  }

  const board = el('div', 'mtg-board');
  board.dataset.viewer = String(me);
  board.append(side(them), middle, side(me));
  root.replaceChildren(board);
  for (const d of Array.from(root.querySelectorAll<HTMLDetailsElement>('details[data-zone]'))) if (open.has(d.dataset.zone)) d.open = true;
  listenForKeys(root);
  if (focused !== undefined) root.querySelector<HTMLElement>(`[data-id="${focused}"][tabindex]`)?.focus();
}
