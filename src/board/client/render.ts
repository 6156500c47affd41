/**
 * Turns the Board's state into DOM. Pure functions of (state, what the person picked): the page
 * calls them again whenever anything changes.
 */
import { h, type Child } from './dom.js';
import { NOT_LISTED, type BoardState, type WireBox, type WireCard, type WireHand, type WireTrace, type WireWorld } from './protocol.js';

/** What the person picked and opened, kept across re-renders. */
export interface View {
  /** Hand id → the tags asked for its open groups. */
  asks: Map<string, Record<string, string>>;
  /** Open "Not listed · why" folds, by instance label. */
  open: Set<string>;
}

/** What the page can do, wired by main.ts. */
export interface Actions {
  deal(hand: string, ask: Record<string, string>): void;
  peek(hand: string, ask: Record<string, string>): void;
  play(card: string, hand: string, ask: Record<string, string>): void;
  advance(box: string): void;
  setWorld(name: string, value: string | number | boolean): void;
  pickAsk(hand: string, group: string, tag: string): void;
  toggleFold(label: string, open: boolean): void;
}

/**
 * `square npc=elder`: a hand with what it was asked for.
 *
 * @example
 * ```ts
 * instanceLabel('square', { npc: 'elder' }); // 'square npc=elder'
 * ```
 */
export function instanceLabel(hand: string, ask: Readonly<Record<string, string>>): string {
  return [
    hand,
    ...Object.keys(ask)
      .sort()
      .map((g) => `${g}=${ask[g]}`),
  ].join(' ');
}

export function sameAsk(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/** The latest event of a hand instance, of any kind or of one kind. */
function latest(traces: readonly WireTrace[], hand: string, ask: Record<string, string>, kind?: 'peek'): WireTrace | undefined {
  let best: WireTrace | undefined;
  for (const t of traces) {
    if (t.hand !== hand || !sameAsk(t.ask, ask) || (kind && t.kind !== kind)) continue;
    if (!best || t.seq > best.seq) best = t;
  }
  return best;
}

export function renderBoxes(state: BoardState, traces: readonly WireTrace[], view: View, act: Actions): Child[] {
  if (state.boxes.length === 0) return [h('p', { class: 'empty' }, 'No content yet: fix the errors above and save.')];
  return state.boxes.map((b) => renderBox(b, traces, view, act));
}

function renderBox(box: WireBox, traces: readonly WireTrace[], view: View, act: Actions): HTMLElement {
  return h(
    'section',
    { class: 'box', 'data-box': box.id },
    h(
      'div',
      { class: 'box-head' },
      h('h2', {}, `Box ${box.id}`),
      h('span', { class: 'clock', 'data-testid': 'clock' }, `turn ${box.turn}`),
      h('button', { onclick: () => act.advance(box.id), 'data-action': 'advance' }, 'Advance +1'),
    ),
    h('div', { class: 'hands' }, ...box.hands.map((hand) => renderHand(hand, traces, view, act))),
  );
}

function renderHand(hand: WireHand, traces: readonly WireTrace[], view: View, act: Actions): HTMLElement {
  const ask = view.asks.get(hand.id) ?? {};
  const label = instanceLabel(hand.id, ask);
  const held = hand.instances.find((i) => sameAsk(i.ask, ask))?.cards ?? [];
  const last = latest(traces, hand.id, ask);
  const peek = latest(traces, hand.id, ask, 'peek');
  const pinned = Object.entries(hand.tags).map(([g, t]) => `${g}=${t}`);
  return h(
    'article',
    { class: 'hand', 'data-hand': hand.id },
    h(
      'div',
      { class: 'hand-head' },
      h('h3', {}, hand.id),
      h('span', { class: 'meta' }, `${held.length}/${hand.slots} slots${hand.template ? ` · ${hand.template}` : ''}`),
    ),
    pinned.length ? h('div', { class: 'meta' }, pinned.join(', ')) : null,
    hand.condition ? h('div', { class: 'condition', title: "the hand's condition" }, `if ${hand.condition}`) : null,
    hand.choose.length
      ? h(
          'div',
          { class: 'ask' },
          ...hand.choose.map((c) =>
            h(
              'label',
              {},
              `${c.group} `,
              h(
                'select',
                { 'data-group': c.group, onchange: (e: Event) => act.pickAsk(hand.id, c.group, (e.target as HTMLSelectElement).value) },
                h('option', { value: '' }, '(not asked)'),
                ...c.tags.map((t) => h('option', { value: t, selected: ask[c.group] === t }, t)),
              ),
            ),
          ),
        )
      : null,
    h(
      'div',
      { class: 'actions' },
      h('button', { class: 'primary', 'data-action': 'deal', onclick: () => act.deal(hand.id, ask) }, 'Deal'),
      h('button', { 'data-action': 'peek', onclick: () => act.peek(hand.id, ask) }, 'Peek'),
    ),
    h('div', { class: 'label' }, 'Held'),
    held.length
      ? h('ul', { class: 'cards', 'data-testid': 'held' }, ...held.map((c) => heldCard(c, hand.id, ask, act)))
      : h('div', { class: 'empty' }, 'nothing held'),
    peek ? stock(peek) : null,
    last ? notListed(last, label, view, act) : null,
  );
}

function cardName(c: WireCard | { id: string; title?: string }): Child[] {
  return c.title
    ? [h('span', { class: 'card-title' }, c.title), ' ', h('span', { class: 'card-id' }, c.id)]
    : [h('span', { class: 'card-title card-id' }, c.id)];
}

function heldCard(c: WireCard, hand: string, ask: Record<string, string>, act: Actions): HTMLElement {
  return h(
    'li',
    { 'data-card': c.id, title: c.text ?? '' },
    h('span', {}, ...cardName(c)),
    h('button', { 'data-action': 'play', onclick: () => act.play(c.id, hand, ask) }, 'Play'),
  );
}

function stock(peek: WireTrace): HTMLElement {
  const listed = peek.cards.filter((c) => c.verdict === 'listed').sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  return h(
    'div',
    { 'data-testid': 'stock' },
    h('div', { class: 'label' }, `Stock (peek at turn ${peek.turn})`),
    listed.length
      ? h(
          'ol',
          { class: 'stock' },
          ...listed.map((c) =>
            h(
              'li',
              { 'data-card': c.id },
              h('span', { class: 'card-id' }, `${c.rank}. ${c.id}`),
              h('span', { class: 'meta' }, `priority ${c.priority ?? 0} · specificity ${c.specificity}`),
            ),
          ),
        )
      : h('div', { class: 'empty' }, 'the stock is empty'),
  );
}

/** The "Not listed · why" fold: every card the last deal or peek looked at and left out, by verdict. */
function notListed(t: WireTrace, label: string, view: View, act: Actions): HTMLElement {
  const out = t.cards.filter((c) => NOT_LISTED.includes(c.verdict));
  const groups = NOT_LISTED.map((v) => ({ verdict: v, cards: out.filter((c) => c.verdict === v) })).filter((g) => g.cards.length > 0);
  const body: Child[] = [];
  if (t.handCondition && !t.handCondition.ok)
    body.push(
      h('p', { class: 'empty', 'data-testid': 'hand-condition' }, `${t.handCondition.reason ?? "The hand's condition was false"}, so no card was looked at.`),
    );
  else if (groups.length === 0) body.push(h('p', { class: 'empty' }, 'Every card considered came up.'));
  for (const g of groups) {
    body.push(
      h(
        'section',
        { class: `verdict v-${g.verdict}`, 'data-verdict': g.verdict },
        h('h4', {}, `${g.verdict} (${g.cards.length})`),
        h('ul', {}, ...g.cards.map((c) => h('li', { 'data-card': c.id }, h('code', {}, c.id), ` — ${c.reason}`))),
      ),
    );
  }
  const details = h(
    'details',
    { class: 'not-listed', open: view.open.has(label), 'data-fold': 'not-listed' },
    h('summary', {}, `Not listed · why (${out.length})`, h('span', { class: 'meta' }, ` last ${t.kind}, turn ${t.turn}`)),
    ...body,
  );
  details.addEventListener('toggle', () => act.toggleFold(label, (details as HTMLDetailsElement).open));
  return details;
}

export function renderWorld(world: readonly WireWorld[], act: Actions): Child[] {
  if (world.length === 0) return [h('p', { class: 'empty' }, 'No world names.')];
  return world.map((w) => {
    let input: HTMLInputElement | HTMLSelectElement;
    if (w.type === 'boolean')
      input = h(
        'select',
        {},
        h('option', { value: 'true', selected: w.value === true }, 'true'),
        h('option', { value: 'false', selected: w.value === false }, 'false'),
      ) as HTMLSelectElement;
    else if (w.options) input = h('select', {}, ...w.options.map((o) => h('option', { value: o, selected: w.value === o }, o))) as HTMLSelectElement;
    else input = h('input', { type: w.type === 'number' ? 'number' : 'text', value: String(w.value), step: 'any' }) as HTMLInputElement;
    input.setAttribute('data-world', w.name);
    const set = () => {
      const raw = input.value;
      act.setWorld(w.name, w.type === 'number' ? Number(raw) : w.type === 'boolean' ? raw === 'true' : raw);
    };
    input.addEventListener('keydown', (e) => {
      if ((e as KeyboardEvent).key === 'Enter') set();
    });
    return h('div', { class: 'world-row' }, h('code', { title: w.type }, `@world.${w.name}`), input, h('button', { onclick: set }, 'Set'));
  });
}

export function renderLog(traces: readonly WireTrace[]): Child[] {
  return [...traces].reverse().map((t) => {
    const counts = new Map<string, number>();
    for (const c of t.cards) counts.set(c.verdict, (counts.get(c.verdict) ?? 0) + 1);
    const summary = [...counts].map(([v, n]) => `${n} ${v}`).join(', ');
    return h(
      'li',
      {},
      h('strong', {}, `${t.kind} ${instanceLabel(t.hand, t.ask)}`),
      ` · turn ${t.turn} · ${t.handCondition && !t.handCondition.ok ? 'hand condition false' : summary || 'no cards'}`,
    );
  });
}
