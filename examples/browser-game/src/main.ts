// The browser game: a village and a forest, dealt by storyletengine's runtime from a bundle that
// was published at build time (build.mjs), so no parser ships to the page. The whole state of the
// playthrough is the flow's snapshot, saved to localStorage after every move; the dev toggle shows,
// for each hand, what its last deal did not deal and why (the trace).
import { createEngine, type DealResult, type Flow, type FlowSnapshot } from 'storyletengine/runtime';

type Bundle = Parameters<typeof createEngine>[0];
type Place = 'village' | 'forest';

const SAVE_KEY = 'storyletengine-browser-game/save';
const DEV_KEY = 'storyletengine-browser-game/dev';
/** The seed is fixed: the same moves deal the same cards (the test plays a scripted route). */
const SEED = 'browser-game';

const PLACES: Record<Place, { title: string; hands: { id: string; title: string }[] }> = {
  village: {
    title: 'The village',
    hands: [
      { id: 'square', title: 'The square' },
      { id: 'elder', title: 'The elder' },
      { id: 'smith', title: 'The smith' },
    ],
  },
  forest: {
    title: 'The forest',
    hands: [
      { id: 'forest_path', title: 'The forest path' },
      { id: 'hunter', title: 'The hunter' },
    ],
  },
};

interface Save {
  place: Place;
  flow: FlowSnapshot;
}

const bundle = (await (await fetch('bundle.json')).json()) as Bundle;
const engine = createEngine(bundle, { seed: SEED });
let flow: Flow = engine.flow('player');
let place: Place = 'village';
let dev = localStorage.getItem(DEV_KEY) === 'on';

// A save from other content (an older build) is refused by restore; start afresh then.
const saved = localStorage.getItem(SAVE_KEY);
if (saved) {
  try {
    const save = JSON.parse(saved) as Save;
    flow = engine.restore(save.flow);
    place = save.place;
  } catch (err) {
    console.warn(`the save could not be restored (${(err as { code?: string }).code ?? String(err)}); starting a new game`);
    localStorage.removeItem(SAVE_KEY);
  }
}

function save(): void {
  const s: Save = { place, flow: flow.snapshot() };
  localStorage.setItem(SAVE_KEY, JSON.stringify(s));
}

/** The game keeps the time: every move (a play, a walk, a rest) is an hour. */
function passHour(): void {
  flow.setWorld('now', (flow.getWorld('now') as number) + 1);
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

function ladder(label: string, stages: readonly string[], at: string, id: string): HTMLElement {
  return el(
    'div',
    { class: 'ladder', 'data-quality': id, 'data-stage': at },
    el('span', { class: 'label' }, label),
    ...stages.map((s) => el('span', { class: s === at ? 'stage at' : 'stage' }, s)),
  );
}

const stageOf = (hand: string, name: string): string => String(flow.handScope(hand).find((e) => e.name === name)?.value ?? '');

function status(): HTMLElement {
  const ladders = Object.fromEntries(bundle.qualities.map((q) => [q.id, q.stages]));
  return el(
    'section',
    { id: 'status' },
    el(
      'div',
      { class: 'facts' },
      `Hour ${flow.getWorld('now')}`,
      ' · ',
      el('span', { id: 'coins' }, `${flow.getWorld('coins')} coin${flow.getWorld('coins') === 1 ? '' : 's'}`),
      flow.getWorld('has_blade') ? ' · a blade' : '',
    ),
    ladder('The forest', ladders.haunting ?? [], stageOf('forest_path', 'haunting'), 'forest-haunting'),
    ladder('The elder', ladders.standing ?? [], stageOf('elder', 'standing'), 'elder-standing'),
    ladder('The smith', ladders.standing ?? [], stageOf('smith', 'standing'), 'smith-standing'),
    ladder('The hunter', ladders.standing ?? [], stageOf('hunter', 'standing'), 'hunter-standing'),
  );
}

/** What the last deal did not deal, and why: every verdict but the cards meant for other hands. */
function whyNot(result: DealResult): HTMLElement {
  const t = result.trace;
  if (t.handCondition && !t.handCondition.ok)
    return el('ul', { class: 'why' }, el('li', { 'data-verdict': 'hand-condition' }, `hand condition: ${t.handCondition.reason ?? 'false'}`));
  // The cards on the table need no explaining; nor, one by one, the cards meant for other hands.
  const held = new Set(result.cards.map((c) => c.id));
  const other = t.cards.filter((c) => c.verdict === 'tags').length;
  const items = t.cards
    .filter((c) => !held.has(c.id) && c.verdict !== 'tags')
    .map((c) => el('li', { 'data-card': c.id, 'data-verdict': c.verdict }, el('b', {}, c.id), `: ${c.verdict} (${c.reason})`));
  if (other) items.push(el('li', { 'data-verdict': 'tags' }, `${other} card(s) for other hands (tags)`));
  return el('ul', { class: 'why' }, ...items);
}

function handView(hand: { id: string; title: string }): HTMLElement {
  const result = flow.deal(hand.id);
  const cards = result.cards.map((c) => {
    const b = el('button', { class: 'card', 'data-card': c.id }, el('strong', {}, c.title ?? c.id), el('span', {}, c.text ?? ''));
    b.addEventListener('click', () => {
      flow.play(c.id, { hand: hand.id });
      passHour();
      save();
      render();
    });
    return b;
  });
  const closed = result.trace.handCondition && !result.trace.handCondition.ok;
  const body = cards.length ? cards : [el('p', { class: 'empty' }, closed ? 'Nothing more to say today.' : 'Nothing here now.')];
  return el(
    'section',
    { class: 'hand', 'data-hand': hand.id },
    el('h2', {}, hand.title),
    el('div', { class: 'cards' }, ...body),
    ...(dev ? [whyNot(result)] : []),
  );
}

function render(): void {
  const other: Place = place === 'village' ? 'forest' : 'village';
  const go = el('button', { id: 'go' }, `Walk to ${PLACES[other].title.toLowerCase()}`);
  go.addEventListener('click', () => {
    place = other;
    passHour();
    save();
    render();
  });
  const rest = el('button', { id: 'rest' }, 'Wait an hour');
  rest.addEventListener('click', () => {
    passHour();
    save();
    render();
  });
  const fresh = el('button', { id: 'new-game' }, 'New game');
  fresh.addEventListener('click', () => {
    localStorage.removeItem(SAVE_KEY);
    engine.removeFlow('player');
    flow = engine.flow('player');
    place = 'village';
    render();
  });
  const toggle = el('input', { type: 'checkbox', id: 'dev' });
  toggle.checked = dev;
  toggle.addEventListener('change', () => {
    dev = toggle.checked;
    localStorage.setItem(DEV_KEY, dev ? 'on' : 'off');
    render();
  });
  const root = document.getElementById('game')!;
  root.replaceChildren(
    el('h1', { id: 'place', 'data-place': place }, PLACES[place].title),
    status(),
    el('nav', {}, go, rest, fresh, el('label', { class: 'dev' }, toggle, ' Why not? (dev)')),
    ...PLACES[place].hands.map(handView),
  );
  document.body.dataset.ready = 'yes';
}

render();
