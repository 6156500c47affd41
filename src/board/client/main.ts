/**
 * The Board page: fetches the state of a flow, draws it, sends actions, and follows the live
 * socket (the engine's trace, content reloads, changes made from other tabs).
 */
import { byId, fill, h } from './dom.js';
import type { ActionRequest, ActionResponse, BoardState, ContentStatus, LiveMessage, TableRequest, TableResponse, WireTable, WireTrace } from './protocol.js';
import { renderBoxes, renderLog, renderWorld, type Actions, type View } from './render.js';
import { renderTables, type TableActions, type TableViewState } from './table.js';

const LOG_SIZE = 50;

const view: View = { asks: new Map(), open: new Set() };
let flow = new URLSearchParams(location.search).get('flow') || 'main';
let state: BoardState | undefined;
/** Every event of this flow seen so far (from the state, then live), newest last, bounded. */
let traces: WireTrace[] = [];
let worldKey = '';
/**
 * The content revision whose reload note was put away by switching flows: "reloaded the
 * content: kept flow main" is news about that reload, not about the flow now shown.
 */
let noteDismissed: number | undefined;

/** The folder's table files, for the Table view (empty: the view stays hidden). */
let tables: WireTable[] = [];
const tableView: TableViewState = { selected: new Map(), trySeat: new Map(), tryPile: new Map(), tried: new Map() };

async function refreshTables(): Promise<void> {
  const body = (await (await fetch('/api/tables')).json()) as TableResponse;
  if (!body.ok) return showError(body.error);
  tables = body.tables;
  renderTableView();
}

async function sendTable(req: TableRequest): Promise<void> {
  showError(undefined);
  const res = await fetch('/api/table', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(req) });
  const body = (await res.json()) as TableResponse;
  if (!body.ok) return showError(body.error);
  tables = body.tables;
  if (body.tried) tableView.tried.set(body.tried.file, body.tried);
  renderTableView();
}

const tableActions: TableActions = {
  select(file, target, id) {
    tableView.selected.set(file, { target, id });
    renderTableView();
  },
  set(file, target, id, key, value) {
    // What was tried before the edit no longer describes the table.
    tableView.tried.delete(file);
    void sendTable({ action: 'set', file, target, id, key, value });
  },
  pickTry(file, what, value) {
    (what === 'seat' ? tableView.trySeat : tableView.tryPile).set(file, value);
  },
  tryIt(file) {
    const t = tables.find((x) => x.file === file);
    const seat = tableView.trySeat.get(file) ?? t?.seats[0];
    const pile = tableView.tryPile.get(file) ?? t?.piles.find((p) => p.kind === 'deck' || p.kind === 'bag')?.id;
    if (!seat || !pile) return;
    // The panel shows the answer to this try, never the last one's while it is on its way.
    tableView.tried.delete(file);
    renderTableView();
    void sendTable({ action: 'try', file, seat, pile });
  },
};

function renderTableView(): void {
  const section = byId('table-view');
  section.hidden = tables.length === 0;
  fill(byId('tables'), ...renderTables(tables, tableView, tableActions));
}

async function refresh(): Promise<void> {
  const res = await fetch(`/api/state?flow=${encodeURIComponent(flow)}`);
  const body = (await res.json()) as ActionResponse;
  if (body.ok) apply(body.state);
  else showError(body.error);
}

function apply(next: BoardState): void {
  state = next;
  mergeTraces(next.traces);
  render();
}

function mergeTraces(more: readonly WireTrace[]): void {
  const seen = new Set(traces.map((t) => t.seq));
  traces = [...traces, ...more.filter((t) => t.flow === flow && !seen.has(t.seq))].sort((a, b) => a.seq - b.seq).slice(-LOG_SIZE * 4);
}

async function send(req: ActionRequest): Promise<void> {
  showError(undefined);
  const res = await fetch('/api/action', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(req) });
  const body = (await res.json()) as ActionResponse;
  if (!body.ok) {
    showError(body.error);
    return;
  }
  if (body.trace) mergeTraces([body.trace]);
  apply(body.state);
}

const actions: Actions = {
  deal: (hand, ask) => void send({ action: 'deal', flow, hand, ask }),
  peek: (hand, ask) => void send({ action: 'peek', flow, hand, ask }),
  play: (card, hand, ask) => void send({ action: 'play', flow, card, hand, ask }),
  advance: (box) => void send({ action: 'advance', flow, box, n: 1 }),
  setWorld: (name, value) => void send({ action: 'world', flow, name, value }),
  pickAsk(hand, group, tag) {
    const ask = { ...(view.asks.get(hand) ?? {}) };
    if (tag) ask[group] = tag;
    else delete ask[group];
    view.asks.set(hand, ask);
    render();
  },
  toggleFold(label, open) {
    if (open) view.open.add(label);
    else view.open.delete(label);
  },
};

function render(): void {
  if (!state) return;
  renderStatus(state.content);
  const select = byId<HTMLSelectElement>('flow-select');
  fill(select, ...[...new Set([...state.flows, flow])].sort().map((f) => h('option', { value: f, selected: f === flow }, f)));
  fill(byId('boxes'), ...renderBoxes(state, traces, view, actions));
  // The world form is redrawn only when its values change, so typing is not interrupted.
  const key = JSON.stringify([flow, state.world]);
  if (key !== worldKey) {
    worldKey = key;
    fill(byId('world'), ...renderWorld(state.world, actions));
  }
  fill(byId('trace-log'), ...renderLog(traces.slice(-LOG_SIZE)));
}

function renderStatus(c: ContentStatus): void {
  const errors = c.diagnostics.filter((d) => d.severity === 'error');
  fill(
    byId('content-status'),
    h('code', {}, c.dir),
    c.hash ? ` · bundle ${c.hash}` : ' · no bundle',
    ` · ${errors.length} error${errors.length === 1 ? '' : 's'}, ${c.diagnostics.length - errors.length} warning${c.diagnostics.length - errors.length === 1 ? '' : 's'}`,
    // A note about errors stays while they do; a clean reload's note goes with a flow switch.
    c.note && !(c.ok && c.revision === noteDismissed) ? h('div', { 'data-testid': 'content-note' }, c.note) : null,
  );
  const panel = byId('diagnostics');
  panel.hidden = c.diagnostics.length === 0;
  panel.className = `diagnostics${errors.length === 0 ? ' warnings' : ''}`;
  fill(
    panel,
    h(
      'strong',
      {},
      errors.length
        ? c.hash
          ? `The content has errors: the Board keeps playing the last good bundle (${c.hash}).`
          : 'The content has errors and has never published: fix them and save.'
        : 'Warnings',
    ),
    ...c.diagnostics.map((d) => h('pre', { 'data-code': d.code, 'data-severity': d.severity }, d.frame)),
  );
}

function showError(e: { code: string; message: string } | undefined): void {
  const el = byId('error');
  el.hidden = !e;
  fill(el, ...(e ? [h('code', {}, e.code), ` ${e.message}`] : []));
}

function connect(): void {
  const live = byId('live');
  const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/live`);
  socket.addEventListener('open', () => {
    live.textContent = 'live';
    live.classList.add('on');
  });
  socket.addEventListener('close', () => {
    live.textContent = 'offline';
    live.classList.remove('on');
    // The server may be restarting; try again shortly.
    setTimeout(connect, 1000);
  });
  socket.addEventListener('message', (m) => {
    const msg = JSON.parse(String(m.data)) as LiveMessage;
    if (msg.type === 'trace') {
      if (msg.event.flow !== flow) return;
      mergeTraces([msg.event]);
      render();
    } else if (msg.type === 'content') {
      if (state && msg.content.revision === state.content.revision) return;
      void refresh();
      void refreshTables();
    } else if (msg.type === 'changed' && msg.flow === flow) {
      void refresh();
    }
  });
}

function switchFlow(next: string): void {
  noteDismissed = state?.content.revision;
  flow = next;
  traces = [];
  worldKey = '';
  history.replaceState(null, '', `?flow=${encodeURIComponent(flow)}`);
  void refresh();
}

byId<HTMLSelectElement>('flow-select').addEventListener('change', (e) => switchFlow((e.target as HTMLSelectElement).value));
byId<HTMLFormElement>('new-flow').addEventListener('submit', (e) => {
  e.preventDefault();
  const input = (e.target as HTMLFormElement).elements.namedItem('flow') as HTMLInputElement;
  if (input.value.trim()) switchFlow(input.value.trim());
  input.value = '';
});
void refresh();
void refreshTables();
connect();
