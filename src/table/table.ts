import { EventEmitter } from 'eventemitter3';
import { StoryletError } from '../core/errors.js';
import { Rng } from '../core/random.js';
import { logLine } from './log.js';
import { addPile, drawCard, moveCard, shufflePile } from './piles.js';
import { resolvePolicy } from './policy.js';
import { endSession, expireDue, openSession, requireOpen, takeCard } from './search.js';
import { cloneState, readSnapshot, takeSnapshot } from './snapshot.js';
import { requireId, requirePile, requireSeat } from './state.js';
import { hide, reveal, viewFor } from './visibility.js';
import { addZone } from './zones.js';
import type { SearchEvent, TableEvent } from './log.js';
import type { PileOptions, Position } from './piles.js';
import type { SearchPolicy } from './policy.js';
import type { TableSnapshot } from './snapshot.js';
import type { PileKind, SessionState, TableState } from './state.js';
import type { TableView } from './visibility.js';
import type { ZoneOptions } from './zones.js';

/**
 * How to make a table.
 *
 * @example
 * ```ts
 * const table = createTable({ seed: 's1', host: 'h', seats: ['h', 'a', 'b'] });
 * ```
 */
export interface TableOptions {
  /** Seeds the table's random stream (bag draws, shuffles). */
  seed: string;
  /** The seat that hosts the table; it must be one of `seats`. */
  host: string;
  /** Every seat at the table, in the order views and audiences list them. */
  seats: readonly string[];
  /**
   * The clock search expiry reads, in milliseconds. Without it the table keeps a logical clock
   * that starts at 0 and moves only through {@link Table.advance}, so nothing expires unless the
   * caller says time has passed.
   */
  now?: () => number;
  /**
   * Area zones to add at once, in order (as {@link Table.addZone} would); a `*.table.yaml` file
   * read by `readTableFile` gives these.
   */
  zones?: readonly ZoneOptions[];
  /** Piles to add at once, in order, after the zones (as {@link Table.addPile} would). */
  piles?: readonly PileOptions[];
}

/**
 * A search session's state: `open` until closed by the searcher or expired by the clock.
 *
 * @example
 * ```ts
 * if (session.status === 'expired') console.log('too slow: open a new search');
 * ```
 */
export type SessionStatus = 'open' | 'closed' | 'expired';

/**
 * One seat's private search of one pile. Hand it to the searcher only: `cards` is the whole pile.
 *
 * @example
 * ```ts
 * const session = table.openSearch('a', 'lib');
 * if (session) {
 *   const wanted = session.cards.find((id) => id.startsWith('land-'));
 *   if (wanted) session.take(wanted, 'handA');
 *   session.close();
 * }
 * ```
 */
export interface SearchSession {
  readonly id: string;
  readonly seat: string;
  readonly pile: string;
  /** When the session ends on its own if not closed first, on the table's clock. */
  readonly expiresAt: number;
  readonly status: SessionStatus;
  /** The searched pile's cards in pile order (top first), as they are now. Throws once the session ended. */
  readonly cards: readonly string[];
  /** Moves a card from the searched pile into another pile (`'top'` unless `position` says otherwise). */
  take(cardId: string, toPile: string, position?: Position): void;
  /** Ends the session and applies after-search. */
  close(): void;
}

/**
 * What a script hook receives: the public search event, which never names a card.
 *
 * @example
 * ```ts
 * const onPull: SearchHook<'search-pulled'> = (e) => console.log(`${e.seat} took a card into ${e.to}`);
 * table.pile('lib').onSearchPulled(onPull);
 * ```
 */
export type SearchHook<T extends SearchEvent['type']> = (event: Readonly<Extract<SearchEvent, { type: T }>>) => void;

/**
 * A pile, for the engine: its true order and its script hooks. The hooks are the whole script
 * surface for search: scripts watch a search, they cannot open one or learn what was taken.
 *
 * @example
 * ```ts
 * const lib = table.pile('lib');
 * const stop = lib.onSearchPulled((e) => console.log(`${e.seat} took a card into ${e.to}`));
 * console.log(lib.cards[0]); // the true top card: engine only, never a seat's view
 * stop();
 * ```
 */
export interface PileHandle {
  readonly id: string;
  readonly name: string;
  readonly kind: PileKind;
  readonly owner: string | null;
  readonly zone: string | null;
  /** The true order, top first. For the engine, not for any seat. */
  readonly cards: readonly string[];
  /** Calls `fn` when a search of this pile opens; returns a function that stops it. */
  onSearched(fn: SearchHook<'search-opened'>): () => void;
  /** Calls `fn` for each card taken by a search of this pile, never saying which. */
  onSearchPulled(fn: SearchHook<'search-pulled'>): () => void;
  /** Calls `fn` when a search of this pile closes or expires. */
  onSearchClosed(fn: SearchHook<'search-closed'>): () => void;
}

/**
 * A table: seats, area zones, piles of cards with per-seat visibility, and private search.
 * Every call first applies any search expiry that is due on the table's clock.
 *
 * @example
 * ```ts
 * const table = createTable({ seed: 's1', host: 'h', seats: ['h', 'a', 'b'] });
 * table.addPile({ id: 'lib', kind: 'deck', owner: 'a', cards: ['c1', 'c2', 'c3'] });
 * table.addPile({ id: 'handA', kind: 'hand', owner: 'a' });
 * table.draw('lib', 'handA');
 * table.view('b').piles[1]; // { id: 'handA', count: 1, visible: [], hidden: 1, ... }
 * ```
 */
export interface Table {
  readonly seed: string;
  readonly host: string;
  readonly seats: readonly string[];
  /** The public table log, one line per public event, oldest first. */
  readonly log: readonly string[];
  /** The table's clock reading now, in milliseconds. */
  readonly time: number;
  addZone(options: ZoneOptions): void;
  addPile(options: PileOptions): PileHandle;
  pile(id: string): PileHandle;
  /** The pile's search policy after precedence, each half with where it came from. */
  resolveSearchPolicy(pileId: string): SearchPolicy;
  /** Opens a private search, or returns null (and tells no one) when the seat may not search the pile. */
  openSearch(seat: string, pileId: string): SearchSession | null;
  /** The seat's open search of the pile, or null: how to pick a session up again after a restore. */
  session(seat: string, pileId: string): SearchSession | null;
  /** Moves a card between piles (or within one); it takes the destination's face visibility. */
  move(cardId: string, from: string, to: string, position?: Position): void;
  /** Draws the top card (a random one from a bag) into another pile; null when the pile is empty. */
  draw(from: string, to: string, position?: Position): string | null;
  /** Shuffles a pile as `by` (the host unless given). */
  shuffle(pileId: string, by?: string): void;
  /** Lets more seats see a card's face. */
  reveal(cardId: string, to: readonly string[] | 'anyone'): void;
  /** Stops seats (every seat when `from` is omitted) seeing a card's face. */
  hide(cardId: string, from?: readonly string[]): void;
  /** What one seat may see of every pile: hidden cards as counts only. */
  view(seat: string): TableView;
  /** Moves the logical clock forward and applies what expired. Only for tables made without `now`. */
  advance(ms: number): void;
  /** Applies what expired by now; call it from a timer when the clock is injected. */
  tick(): void;
  /** Subscribes to the public table event stream; returns a function that unsubscribes. */
  on(type: 'event', fn: (event: Readonly<TableEvent>) => void): () => void;
  snapshot(): TableSnapshot;
  /** Replaces the whole table state with a snapshot's; listeners and hooks stay. */
  restore(snapshot: TableSnapshot): void;
  /**
   * An independent table in the same state, random stream position included, with the same
   * options and no listeners or hooks: what `createTable(options)` then `restore(snapshot())`
   * makes, without the JSON round trip and its checks (this table's own state is valid). For
   * copying a table in memory many times (a game fork); use snapshot and restore to save one.
   */
  clone(): Table;
}

const HOOKED = ['search-opened', 'search-pulled', 'search-closed'] as const;

/**
 * Creates a table. Deterministic: the same seed, calls and clock readings give the same piles,
 * log and events in every runtime.
 *
 * @example
 * ```ts
 * const table = createTable({ seed: 's1', host: 'h', seats: ['h', 'a', 'b'] });
 * table.addZone({ id: 'areaA', kind: 'area', search: 'anyone' });
 * table.addPile({ id: 'lib', kind: 'deck', owner: 'a', zone: 'areaA', cards: ['c1', 'c2', 'c3'] });
 * table.addPile({ id: 'handB', kind: 'hand', owner: 'b' });
 * const session = table.openSearch('b', 'lib');
 * session?.take('c2', 'handB');
 * session?.close();
 * table.log; // ['b opened a search of lib (3 cards)', 'b took a card from lib into handB', ...]
 * ```
 */
export function createTable(options: TableOptions): Table {
  const { seed, host, seats, now, zones, piles } = checkOptions(options);
  let state: TableState = {
    seed,
    host,
    seats: [...seats],
    clock: 0,
    zones: [],
    piles: [],
    sessions: [],
    ended: [],
    nextSession: 1,
    log: [],
  };
  // The initial layout is added like later calls would add it: the same checks, the same errors.
  for (const zone of zones) addZone(state, zone);
  for (const pile of piles) addPile(state, pile);
  let rng = new Rng(seed);
  const stream = new EventEmitter<{ event: [Readonly<TableEvent>] }>();
  const hooks = new Map<string, EventEmitter<Record<SearchEvent['type'], [Readonly<SearchEvent>]>>>();
  const queue: TableEvent[] = [];
  let delivering = false;

  const time = (): number => {
    if (!now) return state.clock;
    const t = now();
    if (!Number.isFinite(t)) throw new StoryletError('table/bad-clock', `the table's clock returned ${String(t)}, not a number of milliseconds`, { value: t });
    return t;
  };

  /** Logs the events (state first, so a listener sees a consistent table) and then delivers them. */
  const commit = (events: readonly TableEvent[]): void => {
    for (const e of events) state.log.push(logLine(state, e));
    queue.push(...events);
    // A listener that calls back into the table queues its events behind the current ones.
    if (delivering) return;
    delivering = true;
    let failure: { error: unknown } | undefined;
    try {
      for (let e = queue.shift(); e !== undefined; e = queue.shift()) {
        const listeners: ((x: Readonly<TableEvent>) => void)[] = [...stream.listeners('event')];
        const hook = (HOOKED as readonly string[]).includes(e.type) ? hooks.get((e as SearchEvent).pile) : undefined;
        if (hook) listeners.push(...(hook.listeners(e.type as SearchEvent['type']) as ((x: Readonly<TableEvent>) => void)[]));
        for (const fn of listeners) {
          // Each listener gets its own frozen copy, so none can change what the next one sees.
          try {
            fn(frozenCopy(e));
          } catch (error) {
            failure ??= { error };
          }
        }
      }
    } finally {
      delivering = false;
    }
    // The table is already consistent; a listener's error is reported after everyone was told.
    if (failure) throw failure.error;
  };

  /** Applies every expiry due on the clock; every call starts with it. */
  const settle = (): void => {
    // The clock is read only when something could expire.
    if (state.sessions.length > 0) commit(expireDue(state, rng, time()));
  };

  // A handle reads the pile afresh at every access, so one per pile serves every caller.
  const handles = new Map<string, PileHandle>();
  const pileHandle = (id: string): PileHandle => {
    let handle = handles.get(id);
    if (!handle) handles.set(id, (handle = makePileHandle(id)));
    return handle;
  };
  const makePileHandle = (id: string): PileHandle => {
    const live = () => requirePile(state, id);
    const subscribe = (type: SearchEvent['type'], fn: (e: never) => void): (() => void) => {
      if (typeof fn !== 'function') throw new StoryletError('table/invalid-option', 'a hook must be a function', { pile: id });
      let emitter = hooks.get(id);
      if (!emitter) hooks.set(id, (emitter = new EventEmitter()));
      emitter.on(type, fn as (e: Readonly<SearchEvent>) => void);
      return () => void emitter.off(type, fn as (e: Readonly<SearchEvent>) => void);
    };
    return {
      id,
      get name() {
        return live().name;
      },
      get kind() {
        return live().kind;
      },
      get owner() {
        return live().owner;
      },
      get zone() {
        return live().zone;
      },
      get cards() {
        settle();
        return live().cards.map((c) => c.id);
      },
      onSearched: (fn) => subscribe('search-opened', fn),
      onSearchPulled: (fn) => subscribe('search-pulled', fn),
      onSearchClosed: (fn) => subscribe('search-closed', fn),
    };
  };

  const sessionHandle = (opened: SessionState): SearchSession => {
    const { id, seat, pile, expiresAt } = opened;
    // Looked up by id on every call, so a handle keeps working across a restore of the same search.
    const current = (): SessionState => {
      settle();
      const s = state.sessions.find((x) => x.id === id);
      if (s && (s.seat !== seat || s.pile !== pile)) {
        throw new StoryletError('table/session-closed', `search ${id} is closed; open a new one`, { session: id });
      }
      return requireOpen(state, id);
    };
    return {
      id,
      seat,
      pile,
      expiresAt,
      get status(): SessionStatus {
        settle();
        const s = state.sessions.find((x) => x.id === id);
        if (s) return s.seat === seat && s.pile === pile ? 'open' : 'closed';
        return state.ended.find((e) => e.id === id)?.how ?? 'closed';
      },
      get cards() {
        const s = current();
        return requirePile(state, s.pile).cards.map((c) => c.id);
      },
      take(cardId, toPile, position) {
        const s = current();
        commit(takeCard(state, s.id, cardId, toPile, position));
      },
      close() {
        const s = current();
        commit(endSession(state, rng, s.id, 'closed'));
      },
    };
  };

  const table: Table = {
    get seed() {
      return state.seed;
    },
    get host() {
      return state.host;
    },
    get seats() {
      return [...state.seats];
    },
    get log() {
      settle();
      return [...state.log];
    },
    get time() {
      return time();
    },
    addZone(zone) {
      settle();
      addZone(state, zone);
    },
    addPile(pile) {
      settle();
      addPile(state, pile);
      return pileHandle(pile.id);
    },
    pile(id) {
      settle();
      return pileHandle(requirePile(state, id).id);
    },
    resolveSearchPolicy(pileId) {
      settle();
      return resolvePolicy(state, pileId);
    },
    openSearch(seat, pileId) {
      settle();
      const opened = openSession(state, seat, pileId, time());
      if (!opened) return null;
      commit(opened.events);
      return sessionHandle(opened.session);
    },
    session(seat, pileId) {
      settle();
      requireSeat(state, seat);
      requirePile(state, pileId);
      const s = state.sessions.find((x) => x.pile === pileId && x.seat === seat);
      return s ? sessionHandle(s) : null;
    },
    move(cardId, from, to, position) {
      settle();
      commit(moveCard(state, cardId, from, to, position));
    },
    draw(from, to, position) {
      settle();
      const drawn = drawCard(state, rng, from, to, position);
      commit(drawn.events);
      return drawn.card;
    },
    shuffle(pileId, by) {
      settle();
      commit(shufflePile(state, rng, pileId, by ?? state.host));
    },
    reveal(cardId, to) {
      settle();
      commit(reveal(state, cardId, to));
    },
    hide(cardId, from) {
      settle();
      commit(hide(state, cardId, from));
    },
    view(seat) {
      settle();
      return viewFor(state, seat);
    },
    advance(ms) {
      if (now) {
        throw new StoryletError('table/external-clock', 'this table reads an injected clock; move that clock and call tick() instead', {});
      }
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
        throw new StoryletError('table/invalid-option', `advance takes a number of milliseconds from 0 up; got ${JSON.stringify(ms)}`, { value: ms });
      }
      state.clock += ms;
      settle();
    },
    tick() {
      settle();
    },
    on(type, fn) {
      if (type !== 'event' || typeof fn !== 'function') {
        throw new StoryletError('table/invalid-option', "on takes 'event' and a function", { value: type });
      }
      stream.on('event', fn);
      return () => void stream.off('event', fn);
    },
    snapshot() {
      settle();
      return takeSnapshot(state, rng.state());
    },
    restore(snapshot) {
      const read = readSnapshot(snapshot);
      state = read.state;
      rng = new Rng(read.rng.seed, read.rng);
    },
    clone() {
      settle();
      const copy = createTable({ seed, host, seats, now });
      const rs = rng.state();
      installs.get(copy)!(cloneState(state), new Rng(rs.seed, rs));
      return copy;
    },
  };
  installs.set(table, (s, r) => {
    state = s;
    rng = r;
  });
  return table;
}

/** Each table's trusted state setter, for {@link Table.clone}: private to this module. */
const installs = new WeakMap<Table, (state: TableState, rng: Rng) => void>();

function checkOptions(options: TableOptions): Required<Omit<TableOptions, 'now'>> & Pick<TableOptions, 'now'> {
  if (options === null || typeof options !== 'object') {
    throw new StoryletError('table/invalid-option', 'createTable takes { seed, host, seats, now? }', { value: options });
  }
  if (typeof options.seed !== 'string') {
    throw new StoryletError('table/invalid-option', `seed must be a string; got ${JSON.stringify(options.seed)}`, { option: 'seed' });
  }
  if (!Array.isArray(options.seats) || options.seats.length === 0) {
    throw new StoryletError('table/invalid-option', 'seats must be a non-empty list of seat ids', { option: 'seats' });
  }
  const seats: string[] = [];
  for (const s of options.seats) {
    requireId('seat', s);
    if (seats.includes(s)) throw new StoryletError('table/duplicate-id', `seat ${JSON.stringify(s)} is listed twice`, { id: s });
    seats.push(s);
  }
  if (!seats.includes(options.host)) {
    throw new StoryletError('table/unknown-seat', `the host ${JSON.stringify(options.host)} must be one of the seats: ${seats.join(', ')}`, {
      id: options.host,
      known: seats,
    });
  }
  if (options.now !== undefined && typeof options.now !== 'function') {
    throw new StoryletError('table/invalid-option', 'now must be a function returning milliseconds', { option: 'now' });
  }
  for (const key of ['zones', 'piles'] as const) {
    if (options[key] !== undefined && !Array.isArray(options[key])) {
      throw new StoryletError('table/invalid-option', `${key} must be a list of ${key === 'zones' ? 'zone' : 'pile'} options`, { option: key });
    }
  }
  return { seed: options.seed, host: options.host, seats, now: options.now, zones: options.zones ?? [], piles: options.piles ?? [] };
}

function frozenCopy<T>(value: T): Readonly<T> {
  const copy = JSON.parse(JSON.stringify(value)) as T;
  for (const v of Object.values(copy as object)) if (typeof v === 'object' && v !== null) Object.freeze(v);
  return Object.freeze(copy);
}
