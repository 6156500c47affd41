import { StoryletError } from '../core/errors.js';
import type { RngState } from '../core/random.js';
import { AFTERS, AUDIENCES, PILE_KINDS } from './state.js';
import type { TableState } from './state.js';

/**
 * Everything a table is, as plain JSON: piles in their true order, who may see each face, open
 * searches, the public log, the clock and the random stream's position. A table restored from it
 * continues exactly as the original would, shuffles included.
 *
 * It holds hidden information: it is for saving and for the authority, never for a seat.
 *
 * @example
 * ```ts
 * const saved = JSON.stringify(table.snapshot());
 * table.restore(JSON.parse(saved));
 * ```
 */
export interface TableSnapshot {
  format: 'storyletengine/table';
  version: 1;
  state: TableState;
  rng: RngState;
}

export function takeSnapshot(state: TableState, rng: RngState): TableSnapshot {
  return copy({ format: 'storyletengine/table', version: 1, state, rng });
}

/**
 * A structural copy of a table's own state, for `table.clone()`: the same as a snapshot read
 * back (`readSnapshot(takeSnapshot(state, rng)).state`) without the JSON round trip and the
 * checks, which a state the table made itself does not need. Field by field, so it shares nothing
 * mutable with the original (card ids and log lines are strings, shared as values).
 */
export function cloneState(state: TableState): TableState {
  return {
    seed: state.seed,
    host: state.host,
    seats: state.seats.slice(),
    clock: state.clock,
    zones: state.zones.map((z) => ({ id: z.id, kind: z.kind, within: z.within, search: z.search })),
    piles: state.piles.map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind,
      owner: p.owner,
      zone: p.zone,
      search: p.search,
      afterSearch: p.afterSearch,
      visibleTo: typeof p.visibleTo === 'string' ? p.visibleTo : p.visibleTo.slice(),
      cards: p.cards.map((c) => ({ id: c.id, faces: c.faces.slice() })),
    })),
    sessions: state.sessions.map((x) => ({ id: x.id, seat: x.seat, pile: x.pile, openedAt: x.openedAt, expiresAt: x.expiresAt })),
    ended: state.ended.map((e) => ({ id: e.id, how: e.how })),
    nextSession: state.nextSession,
    log: state.log.slice(),
  };
}

/**
 * Checks a snapshot thoroughly and returns a private copy of it: a restore either takes all of it
 * or, with `table/bad-snapshot` naming the first bad path, none of it.
 */
export function readSnapshot(value: unknown): { state: TableState; rng: RngState } {
  const snap = copyOrFail(value);
  const at = (path: string, ok: boolean, what: string): void => {
    if (!ok) throw new StoryletError('table/bad-snapshot', `not a table snapshot: ${path} ${what}`, { path });
  };
  at('(root)', isObject(snap), 'must be an object');
  const s = snap as Record<string, unknown>;
  at('format', s.format === 'storyletengine/table', 'must be "storyletengine/table"');
  at('version', s.version === 1, 'must be 1 (the only version this release reads)');
  at('state', isObject(s.state), 'must be an object');
  at('rng', isObject(s.rng) && typeof s.rng.seed === 'string', 'must be an Rng state');
  const alea = (s.rng as Record<string, unknown>).alea;
  at('rng.alea', isObject(alea) && ['c', 's0', 's1', 's2'].every((k) => Number.isFinite(alea[k])), 'must be an alea state');

  const t = s.state as Record<string, unknown>;
  at('state.seed', typeof t.seed === 'string', 'must be a string');
  at('state.seats', isIdList(t.seats) && t.seats.length > 0 && unique(t.seats), 'must be a non-empty list of distinct ids');
  const seats = t.seats as string[];
  at('state.host', seats.includes(t.host as string), 'must be one of the seats');
  at('state.clock', Number.isFinite(t.clock), 'must be a number');
  at('state.nextSession', Number.isInteger(t.nextSession) && (t.nextSession as number) >= 1, 'must be a whole number from 1');
  at('state.log', Array.isArray(t.log) && (t.log as unknown[]).every((l) => typeof l === 'string'), 'must be a list of lines');

  at('state.zones', Array.isArray(t.zones), 'must be a list');
  const zoneIds: string[] = [];
  (t.zones as unknown[]).forEach((z, i) => {
    const p = `state.zones[${i}]`;
    at(p, isObject(z), 'must be an object');
    const zone = z as Record<string, unknown>;
    at(`${p}.id`, isId(zone.id) && !zoneIds.includes(zone.id), 'must be a new id');
    at(`${p}.kind`, zone.kind === 'area', 'must be "area"');
    at(`${p}.within`, zone.within === null || zoneIds.includes(zone.within as string), 'must be null or an earlier zone');
    at(`${p}.search`, AUDIENCES.includes(zone.search as never), 'must be an audience');
    zoneIds.push(zone.id as string);
  });

  at('state.piles', Array.isArray(t.piles), 'must be a list');
  const pileIds: string[] = [];
  const cardIds = new Set<string>();
  (t.piles as unknown[]).forEach((x, i) => {
    const p = `state.piles[${i}]`;
    at(p, isObject(x), 'must be an object');
    const pile = x as Record<string, unknown>;
    at(`${p}.id`, isId(pile.id) && !pileIds.includes(pile.id), 'must be a new id');
    at(`${p}.name`, isId(pile.name), 'must be a non-empty string');
    at(`${p}.kind`, PILE_KINDS.includes(pile.kind as never), 'must be a pile kind');
    at(`${p}.owner`, pile.owner === null || seats.includes(pile.owner as string), 'must be null or a seat');
    at(`${p}.zone`, pile.zone === null || zoneIds.includes(pile.zone as string), 'must be null or a zone');
    at(`${p}.search`, AUDIENCES.includes(pile.search as never), 'must be an audience');
    at(`${p}.afterSearch`, AFTERS.includes(pile.afterSearch as never), 'must be an after-search setting');
    const v = pile.visibleTo;
    at(
      `${p}.visibleTo`,
      ['no-one', 'owner', 'host', 'owner-and-host', 'anyone'].includes(v as string) || (isIdList(v) && v.every((seat) => seats.includes(seat))),
      'must be an audience or a list of seats',
    );
    at(`${p}.cards`, Array.isArray(pile.cards), 'must be a list');
    (pile.cards as unknown[]).forEach((c, j) => {
      const q = `${p}.cards[${j}]`;
      at(q, isObject(c), 'must be an object');
      const card = c as Record<string, unknown>;
      at(`${q}.id`, isId(card.id) && !cardIds.has(card.id), 'must be an id not used by any other card');
      at(`${q}.faces`, isIdList(card.faces) && card.faces.every((seat) => seats.includes(seat)), 'must be a list of seats');
      cardIds.add(card.id as string);
    });
    pileIds.push(pile.id as string);
  });

  at('state.sessions', Array.isArray(t.sessions), 'must be a list');
  const searched: string[] = [];
  // Session ids are issued from nextSession; a restored id that could be issued again would let
  // an old handle act on a new search.
  const sessionIds: string[] = [];
  const issued = (id: unknown): boolean => {
    const n = typeof id === 'string' ? /^search-([1-9][0-9]*)$/.exec(id)?.[1] : undefined;
    const ok = n !== undefined && Number(n) < (t.nextSession as number) && !sessionIds.includes(id as string);
    if (ok) sessionIds.push(id as string);
    return ok;
  };
  (t.sessions as unknown[]).forEach((x, i) => {
    const p = `state.sessions[${i}]`;
    at(p, isObject(x), 'must be an object');
    const session = x as Record<string, unknown>;
    at(`${p}.id`, issued(session.id), 'must be a distinct id issued before nextSession');
    at(`${p}.seat`, seats.includes(session.seat as string), 'must be a seat');
    at(`${p}.pile`, pileIds.includes(session.pile as string) && !searched.includes(session.pile as string), 'must be a pile with no other session');
    at(`${p}.openedAt`, Number.isFinite(session.openedAt), 'must be a number');
    at(`${p}.expiresAt`, Number.isFinite(session.expiresAt), 'must be a number');
    searched.push(session.pile as string);
  });
  at('state.ended', Array.isArray(t.ended), 'must be a list');
  (t.ended as unknown[]).forEach((x, i) => {
    const e = x as Record<string, unknown>;
    at(
      `state.ended[${i}]`,
      isObject(x) && issued(e.id) && (e.how === 'closed' || e.how === 'expired'),
      'must be { id, how } with a distinct id issued before nextSession',
    );
  });

  return { state: t as unknown as TableState, rng: s.rng as RngState };
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function copyOrFail(value: unknown): unknown {
  try {
    return copy(value);
  } catch {
    throw new StoryletError('table/bad-snapshot', 'not a table snapshot: it is not plain JSON', { path: '(root)' });
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isId(v: unknown): v is string {
  return typeof v === 'string' && v !== '';
}

function isIdList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every(isId);
}

function unique(list: readonly string[]): boolean {
  return new Set(list).size === list.length;
}
