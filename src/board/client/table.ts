/**
 * The Board's Table view: the pile-search reference's Edit Mode for the folder's `*.table.yaml`
 * files. The piles and zones of each table with each pile's effective policy beside it; an
 * Inspector for the selected one (two dropdowns for a deck or a bag, one for an area zone, none
 * for anything else); a panel that tries a search as a seat. Pure functions of the state, like
 * render.ts; main.ts wires them.
 */
import { h, type Child } from './dom.js';
import type { WireAfter, WireAudience, WirePile, WireTable, WireTriedSearch, WireZone } from './protocol.js';

/** The reference's wording of each search audience (Edit Mode's dropdown). */
export const SEARCH_LABELS: Readonly<Record<Exclude<WireAudience, 'not-set'>, string>> = {
  'no-one': 'No one',
  owner: 'Owner seat only',
  host: 'Host only',
  'owner-and-host': 'Owner seat and host',
  anyone: 'Anyone',
};
export const AFTER_LABELS: Readonly<Record<Exclude<WireAfter, 'not-set'>, string>> = {
  shuffle: 'Shuffle the rest',
  'keep-order': 'Keep the order',
};
/**
 * What "Not set" falls back to, per kind. Reference: the label names the kind default, not the
 * zone, so a deck reads "Not set (Owner seat and host)" whatever its area zone says.
 */
const KIND_SEARCH_DEFAULT: Readonly<Record<'deck' | 'bag', Exclude<WireAudience, 'not-set'>>> = { deck: 'owner-and-host', bag: 'no-one' };
const FROM = { pile: 'pile', zone: 'zone', default: 'default' } as const;

/** What the author selected and tried, kept across re-renders; by table file. */
export interface TableViewState {
  selected: Map<string, { target: 'pile' | 'zone'; id: string }>;
  trySeat: Map<string, string>;
  tryPile: Map<string, string>;
  tried: Map<string, WireTriedSearch>;
}

export interface TableActions {
  select(file: string, target: 'pile' | 'zone', id: string): void;
  set(file: string, target: 'pile' | 'zone', id: string, key: 'search' | 'afterSearch', value: string): void;
  pickTry(file: string, what: 'seat' | 'pile', value: string): void;
  tryIt(file: string): void;
}

const searchable = (p: WirePile): boolean => p.kind === 'deck' || p.kind === 'bag';

/** "Search: Host only (zone) · After search: Keep the order (pile)". */
export function effectiveText(p: WirePile): string {
  if (!p.effective) return 'not searchable';
  const e = p.effective;
  return `Search: ${SEARCH_LABELS[e.search.value]} (${FROM[e.search.from]}) · After search: ${AFTER_LABELS[e.afterSearch.value]} (${FROM[e.afterSearch.from]})`;
}

export function renderTables(tables: readonly WireTable[], view: TableViewState, act: TableActions): Child[] {
  return tables.map((t) => renderTable(t, view, act));
}

function renderTable(t: WireTable, view: TableViewState, act: TableActions): HTMLElement {
  if (!t.ok) {
    return h(
      'section',
      { class: 'table', 'data-table': t.file },
      h('h3', {}, t.file),
      h('p', { class: 'empty' }, 'This table file has errors (shown above): fix them to inspect it.'),
    );
  }
  const sel = view.selected.get(t.file);
  const zoneRow = (z: WireZone): HTMLElement =>
    h(
      'li',
      { class: `entity zone${sel?.target === 'zone' && sel.id === z.id ? ' selected' : ''}`, 'data-zone': z.id },
      h(
        'button',
        { class: 'pick', 'data-action': 'select', onclick: () => act.select(t.file, 'zone', z.id) },
        h('span', { class: 'card-title' }, z.id),
        ' ',
        h('span', { class: 'meta' }, `${z.kind} zone${z.within ? ` in ${z.within}` : ''}`),
      ),
      z.kind === 'area'
        ? h('span', { class: 'effective', 'data-testid': 'zone-rule' }, `Search: ${z.search === 'not-set' ? 'Not set' : SEARCH_LABELS[z.search]}`)
        : null,
      h('ul', { class: 'cards' }, ...t.piles.filter((p) => p.zone === z.id).map(pileRow)),
    );
  const pileRow = (p: WirePile): HTMLElement =>
    h(
      'li',
      { class: `entity pile${sel?.target === 'pile' && sel.id === p.id ? ' selected' : ''}`, 'data-pile': p.id },
      h(
        'button',
        { class: 'pick', 'data-action': 'select', onclick: () => act.select(t.file, 'pile', p.id) },
        h('span', { class: 'card-title' }, p.name),
        ' ',
        h('span', { class: 'meta' }, `${p.kind}${p.owner ? ` of ${p.owner}` : ', unowned'} · ${p.count} card${p.count === 1 ? '' : 's'}`),
      ),
      h('span', { class: 'effective', 'data-testid': 'effective' }, effectiveText(p)),
    );
  const outside = t.piles.filter((p) => p.zone === null);
  // Zones nest by `within`; the tree shows each under its parent.
  const zoneTree = (parent: string | undefined): HTMLElement[] =>
    t.zones
      .filter((z) => z.within === parent)
      .map((z) => {
        const row = zoneRow(z);
        const kids = zoneTree(z.id);
        if (kids.length) row.append(h('ul', { class: 'zones' }, ...kids));
        return row;
      });
  return h(
    'section',
    { class: 'table', 'data-table': t.file },
    h('div', { class: 'box-head' }, h('h3', {}, t.file), h('span', { class: 'meta' }, `seats ${t.seats.join(', ')} · host ${t.host}`)),
    h(
      'div',
      { class: 'table-grid' },
      h('ul', { class: 'zones', 'data-testid': 'layout' }, ...zoneTree(undefined), ...outside.map(pileRow)),
      h('div', {}, renderInspector(t, sel, act), renderTry(t, view, act)),
    ),
  );
}

function select(testid: string, value: string, options: [string, string][], onchange: (v: string) => void): HTMLElement {
  return h(
    'select',
    { 'data-testid': testid, onchange: (e: Event) => onchange((e.target as HTMLSelectElement).value) },
    ...options.map(([v, label]) => h('option', { value: v, selected: v === value }, label)),
  );
}

function renderInspector(t: WireTable, sel: { target: 'pile' | 'zone'; id: string } | undefined, act: TableActions): HTMLElement {
  const box = (title: string, ...body: Child[]) =>
    h('div', { class: 'inspector', 'data-testid': 'inspector' }, h('div', { class: 'label' }, 'Inspector'), h('h4', {}, title), ...body);
  if (!sel) return box('Nothing selected', h('p', { class: 'empty' }, 'Select a deck, a bag or an area zone to set who may search it.'));
  const searchOptions = (notSet: string): [string, string][] => [['not-set', notSet], ...Object.entries(SEARCH_LABELS)];
  if (sel.target === 'pile') {
    const p = t.piles.find((x) => x.id === sel.id);
    if (!p) return box('Nothing selected');
    if (!searchable(p))
      return box(
        `${p.name} (${p.kind})`,
        h('p', { class: 'empty', 'data-testid': 'no-settings' }, `A ${p.kind} cannot be searched: only decks and bags have search settings.`),
      );
    const kind = p.kind as 'deck' | 'bag';
    return box(
      `${p.name} (${p.kind})`,
      h(
        'label',
        { class: 'setting' },
        'Search ',
        select('search-select', p.search, searchOptions(`Not set (${SEARCH_LABELS[KIND_SEARCH_DEFAULT[kind]]})`), (v) =>
          act.set(t.file, 'pile', p.id, 'search', v),
        ),
      ),
      h(
        'label',
        { class: 'setting' },
        'After search ',
        select('after-select', p.afterSearch, [['not-set', `Not set (${AFTER_LABELS.shuffle})`], ...Object.entries(AFTER_LABELS)], (v) =>
          act.set(t.file, 'pile', p.id, 'afterSearch', v),
        ),
      ),
      h('p', { class: 'meta', 'data-testid': 'inspector-effective' }, `At the table: ${effectiveText(p)}`),
    );
  }
  const z = t.zones.find((x) => x.id === sel.id);
  if (!z) return box('Nothing selected');
  if (z.kind !== 'area')
    return box(
      `${z.id} (${z.kind} zone)`,
      h('p', { class: 'empty', 'data-testid': 'no-settings' }, 'Only area zones take a search rule: nothing reads one on this zone type.'),
    );
  return box(
    `${z.id} (area zone)`,
    h(
      'label',
      { class: 'setting' },
      'Search ',
      select('zone-search-select', z.search, searchOptions("Not set (each pile's kind default)"), (v) => act.set(t.file, 'zone', z.id, 'search', v)),
    ),
    h('p', { class: 'meta' }, 'The rule for every deck and bag in this zone that does not set its own.'),
  );
}

function renderTry(t: WireTable, view: TableViewState, act: TableActions): HTMLElement {
  const piles = t.piles.filter(searchable);
  const seat = view.trySeat.get(t.file) ?? t.seats[0] ?? '';
  const pile = view.tryPile.get(t.file) ?? piles[0]?.id ?? '';
  const tried = view.tried.get(t.file);
  return h(
    'div',
    { class: 'try', 'data-testid': 'try' },
    h('div', { class: 'label' }, 'Try a search'),
    h(
      'div',
      { class: 'ask' },
      h(
        'label',
        {},
        'as seat ',
        select(
          'try-seat',
          seat,
          t.seats.map((s) => [s, s]),
          (v) => act.pickTry(t.file, 'seat', v),
        ),
      ),
      h(
        'label',
        {},
        'of ',
        select(
          'try-pile',
          pile,
          piles.map((p) => [p.id, p.name]),
          (v) => act.pickTry(t.file, 'pile', v),
        ),
      ),
      h('button', { class: 'primary', 'data-action': 'try', onclick: () => act.tryIt(t.file) }, 'Search'),
    ),
    tried
      ? h(
          'div',
          {
            class: `tried ${tried.allowed ? 'allowed' : 'refused'}`,
            'data-testid': 'tried',
            'data-allowed': String(tried.allowed),
            'data-seat': tried.seat,
            'data-pile': tried.pile,
          },
          h('div', { class: 'label' }, `What ${tried.seat} browses (private to ${tried.seat})`),
          tried.browse.length
            ? h('ol', { class: 'stock', 'data-testid': 'browse' }, ...tried.browse.map((c) => h('li', { 'data-card': c }, h('span', { class: 'card-id' }, c))))
            : h('p', { class: 'empty', 'data-testid': 'browse' }, 'nothing'),
          h('div', { class: 'label' }, 'What everyone else sees (the public log)'),
          tried.publicLines.length
            ? h('ol', { class: 'trace-log', 'data-testid': 'public' }, ...tried.publicLines.map((l) => h('li', {}, l)))
            : h('p', { class: 'empty', 'data-testid': 'public' }, 'nothing: the table is told nothing'),
          h('div', { class: 'label' }, 'Why (only you, the author, see this)'),
          h('p', { 'data-testid': 'why' }, tried.why),
        )
      : null,
  );
}
