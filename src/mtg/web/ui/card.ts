/**
 * A card as a text frame: name and mana cost, an image when one exists, the type line, rules
 * text, counters, and power/toughness with damage and changed values marked. Everything shown
 * comes from the CardView (what the seat may see) plus the printed text the page looks up by
 * name; a face-down card is a back reading "face down", with its name only when the view carries
 * it (`faceName`, given to its controller alone, CR 708.5).
 */
import type { CardView } from '../../engine/index.js';
import { manaCost, rulesText } from './mana.js';

/** Printed power and toughness (as written: `2`, `*`, `1+*`). */
export type PrintedPT = { power: string; toughness: string };

/** What a card frame may show besides the view. */
export type CardFrameOptions = {
  /** An image URL for a card name, when image assets exist. */
  images?: (cardName: string) => string | null;
  /** The printed rules text of a card name (the registry's Oracle text), when known. */
  cardText?: (cardName: string) => string | null;
  /** The printed power/toughness of a card name, to mark modified values. */
  printedPT?: (cardName: string) => PrintedPT | null;
};

const BASIC_COLOURS: Record<string, string> = { Plains: 'W', Island: 'U', Swamp: 'B', Mountain: 'R', Forest: 'G' };

const COUNTER_NAMES: Record<string, string> = { P1P1: '+1/+1', M1M1: '−1/−1', LOYALTY: 'loyalty' };

/**
 * A counter kind for people: `P1P1` → `+1/+1`, `M2M1` → `−2/−1`, `AGE` → `age`.
 *
 * @example
 * ```ts
 * counterName('P1P1'); // '+1/+1'
 * ```
 */
export function counterName(kind: string): string {
  const known = COUNTER_NAMES[kind];
  if (known) return known;
  const pt = /^([PM])(\d+)([PM])(\d+)$/.exec(kind);
  if (pt) return `${pt[1] === 'P' ? '+' : '−'}${pt[2]}/${pt[3] === 'P' ? '+' : '−'}${pt[4]}`;
  return kind.toLowerCase().replace(/_/g, ' ');
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The type line: `Basic Land — Forest`. */
export function typeLine(card: CardView): string {
  const left = card.types.join(' ');
  return card.subtypes.length ? `${left} — ${card.subtypes.join(' ')}` : left;
}

/**
 * The spoken summary of a card (its aria-label): name, P/T, damage, counters, tapped, token.
 *
 * @example
 * ```ts
 * cardLabel(bears); // 'Grizzly Bears, 2/2, tapped'
 * ```
 */
export function cardLabel(card: CardView): string {
  const parts: string[] = [card.faceDown ? (card.faceName ? `face-down ${card.faceName}` : 'face-down card') : card.name];
  if (card.power !== null && card.toughness !== null) parts.push(`${card.power}/${card.toughness}`);
  if (card.damage > 0) parts.push(`${card.damage} damage`);
  for (const [k, n] of Object.entries(card.counters)) if (n) parts.push(`${n} ${counterName(k)} counter${n === 1 ? '' : 's'}`);
  if (card.tapped) parts.push('tapped');
  if (card.token) parts.push('token');
  if (card.sick && card.types.includes('Creature')) parts.push('summoning sick');
  return parts.join(', ');
}

function ptClass(now: number, printed: string | undefined): string {
  if (printed === undefined || !/^-?\d+$/.test(printed)) return '';
  const base = Number(printed);
  return now > base ? ' pt-up' : now < base ? ' pt-down' : '';
}

/**
 * Draws one card as a text frame: a focusable element (`tabindex="0"`) with an aria-label,
 * `data-id` = the object id, and classes `tapped`, `token`, `face-down`, `sick`, `creature`,
 * `land`, `colour-X` for styling and tests.
 *
 * @example
 * ```ts
 * const frame = renderCardFrame(view.hand[0]!, { cardText: (n) => registry.lookup(n)?.faces[0]?.oracle ?? null });
 * document.body.append(frame);
 * ```
 */
export function renderCardFrame(card: CardView, options: CardFrameOptions = {}): HTMLElement {
  const frame = el('div', 'card');
  frame.dataset.id = String(card.id);
  frame.tabIndex = 0;
  frame.setAttribute('aria-label', cardLabel(card));
  const classes: string[] = [];
  if (card.tapped) classes.push('tapped');
  if (card.token) classes.push('token');
  if (card.sick && card.types.includes('Creature')) classes.push('sick');
  if (card.types.includes('Creature')) classes.push('creature');
  if (card.types.includes('Land')) classes.push('land');
  // A land is colourless (CR 105.2c) but framed in the colour it makes: its basic land types
  // (CR 305.6), when it has exactly one of them.
  const tints =
    card.colours.length === 0 && card.types.includes('Land') ? card.subtypes.map((t) => BASIC_COLOURS[t]).filter((c) => c !== undefined) : [...card.colours];
  classes.push(tints.length === 0 ? 'colour-none' : tints.length > 1 ? 'colour-multi' : `colour-${tints[0]}`);

  if (card.faceDown) {
    // CR 708.2: a face-down permanent is a nameless, colourless 2/2 to everyone; its controller
    // may look at it (CR 708.5), and only then does the view carry `faceName`.
    frame.classList.add('face-down', ...classes.filter((c) => c !== 'colour-none' && !c.startsWith('colour-')), 'colour-none');
    frame.append(el('div', 'card-back-mark', 'face down'));
    if (card.faceName) frame.append(el('div', 'card-face-name', card.faceName));
  } else {
    frame.classList.add(...classes);
    const head = el('div', 'card-head');
    head.append(el('span', 'card-name', card.name));
    if (card.manaCost) head.append(manaCost(card.manaCost));
    frame.append(head);
    const url = options.images?.(card.name);
    if (url) {
      const img = el('img', 'card-art');
      img.src = url;
      img.alt = '';
      img.loading = 'lazy';
      frame.append(img);
    }
    frame.append(el('div', 'card-type', typeLine(card)));
    const text = options.cardText?.(card.name);
    if (text) {
      const body = el('div', 'card-text');
      rulesText(text, body);
      // The whole text on hover (the frame truncates it) and for assistive technology.
      body.title = text.replace(/\\n/g, '\n');
      frame.append(body);
    }
    if (card.keywords.length > 0 && !text) frame.append(el('div', 'card-text card-keywords', card.keywords.join(', ')));
  }

  const counters = Object.entries(card.counters).filter(([, n]) => n);
  if (counters.length > 0) {
    const list = el('ul', 'card-counters');
    for (const [k, n] of counters) {
      const item = el('li', 'counter', `${n}× ${counterName(k)}`);
      item.dataset.counter = k;
      list.append(item);
    }
    frame.append(list);
  }

  const foot = el('div', 'card-foot');
  if (card.token) foot.append(el('span', 'token-mark', 'token'));
  if (card.damage > 0) foot.append(el('span', 'damage', `${card.damage} dmg`));
  if (card.power !== null && card.toughness !== null) {
    const printed = card.faceDown ? { power: '2', toughness: '2' } : (options.printedPT?.(card.name) ?? undefined);
    const pt = el('span', 'card-pt');
    pt.append(el('span', `power${ptClass(card.power, printed?.power)}`, String(card.power)), '/');
    const left = card.toughness - card.damage;
    const tough = el('span', `toughness${ptClass(card.toughness, printed?.toughness)}${card.damage > 0 ? ' damaged' : ''}`, String(card.toughness));
    if (card.damage > 0) tough.title = `${left} left after ${card.damage} damage`;
    pt.append(tough);
    if (printed && (String(card.power) !== printed.power || String(card.toughness) !== printed.toughness))
      pt.title = `printed ${printed.power}/${printed.toughness}`;
    foot.append(pt);
  }
  if (foot.childElementCount > 0) frame.append(foot);
  return frame;
}

/**
 * A card back (an opponent's hidden hand card): no name, no id — nothing to leak.
 *
 * @example
 * ```ts
 * hand.append(renderCardBack());
 * ```
 */
export function renderCardBack(): HTMLElement {
  const back = el('div', 'card card-back');
  back.setAttribute('aria-hidden', 'true');
  return back;
}
