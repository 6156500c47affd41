import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StoryletError } from '../../src/core/errors.js';
import { createTable } from '../../src/table/index.js';
import type { PileKind, Position, SearchSession, Table, TableEvent } from '../../src/table/index.js';

/**
 * Random interleavings of searches, takes, closes, expiries, moves, draws, shuffles, reveals and
 * snapshot round trips, across seats. After every step: no card lost or duplicated, every seat's
 * view shows exactly the faces it may see (checked against a small independent model of the
 * visibility rules), the public channels name a card only when every seat may see it, and a
 * refused or failed call changed nothing and told no one.
 */

const SEATS = ['h', 'a', 'b'];
const PILES: { id: string; kind: PileKind; owner?: string; extra?: object; cards: number }[] = [
  { id: 'lib', kind: 'deck', owner: 'a', extra: { zone: 'areaA' }, cards: 8 },
  { id: 'bag', kind: 'bag', extra: { search: 'anyone' }, cards: 4 },
  { id: 'vault', kind: 'deck', extra: { search: 'anyone', afterSearch: 'keep-order' }, cards: 4 },
  { id: 'sealed', kind: 'bag', owner: 'b', cards: 2 },
  { id: 'handA', kind: 'hand', owner: 'a', cards: 0 },
  { id: 'handB', kind: 'hand', owner: 'b', cards: 0 },
  { id: 'grave', kind: 'spread', cards: 0 },
];
const CARDS = Array.from({ length: 18 }, (_, i) => `pc-${String(i + 1).padStart(2, '0')}`);
const KIND = Object.fromEntries(PILES.map((p) => [p.id, p]));

function makeTable(): Table {
  const table = createTable({ seed: 'prop', host: 'h', seats: SEATS });
  table.addZone({ id: 'areaA', kind: 'area' });
  let next = 0;
  for (const p of PILES) {
    table.addPile({ id: p.id, kind: p.kind, ...(p.owner ? { owner: p.owner } : {}), ...p.extra, cards: CARDS.slice(next, next + p.cards) });
    next += p.cards;
  }
  return table;
}

type Op =
  | { op: 'open'; seat: number; pile: number }
  | { op: 'take'; session: number; card: number; inPile: boolean; to: number; pos: Position }
  | { op: 'close'; session: number }
  | { op: 'stale'; handle: number; card: number; to: number; close: boolean }
  | { op: 'advance'; ms: number }
  | { op: 'move'; card: number; inPile: boolean; from: number; to: number; pos: Position }
  | { op: 'draw'; from: number; to: number }
  | { op: 'shuffle'; pile: number }
  | { op: 'reveal'; card: number; seats: number[] | 'anyone' }
  | { op: 'hide'; card: number }
  | { op: 'roundtrip' };

const idx = fc.nat(40);
const pos: fc.Arbitrary<Position> = fc.oneof(fc.constant('top' as const), fc.constant('bottom' as const), fc.integer({ min: -1, max: 6 }));
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('open' as const), seat: idx, pile: idx }) },
  { weight: 6, arbitrary: fc.record({ op: fc.constant('take' as const), session: idx, card: idx, inPile: fc.boolean(), to: idx, pos }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('close' as const), session: idx }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('stale' as const), handle: idx, card: idx, to: idx, close: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('advance' as const), ms: fc.constantFrom(1_000, 60_000, 120_000, 299_999, 300_000) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('move' as const), card: idx, inPile: fc.boolean(), from: idx, to: idx, pos }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('draw' as const), from: idx, to: idx }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('shuffle' as const), pile: idx }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('reveal' as const),
      card: idx,
      seats: fc.oneof(fc.constant('anyone' as const), fc.array(fc.nat(2), { maxLength: 2 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('hide' as const), card: idx }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('roundtrip' as const) }) },
);

const seat = (n: number) => SEATS[n % SEATS.length]!;
const pile = (n: number) => PILES[n % PILES.length]!.id;
const card = (n: number) => CARDS[n % CARDS.length]!;

/** One of the open searches, picked up the way a client would: by its seat and pile. */
function openSession(table: Table, n: number): SearchSession | null {
  const open = table.view('h').piles.filter((p) => p.searchedBy !== null);
  const chosen = open[n % Math.max(1, open.length)];
  return chosen ? table.session(chosen.searchedBy!, chosen.id) : null;
}

/** Runs one step; returns what the caller saw, as text. */
function runOp(table: Table, op: Op, handles: SearchSession[]): string {
  try {
    switch (op.op) {
      case 'open': {
        const s = table.openSearch(seat(op.seat), pile(op.pile));
        if (s) handles.push(s);
        return s ? `opened ${s.id}` : 'refused';
      }
      case 'take': {
        const s = openSession(table, op.session);
        if (!s) return 'no session';
        const inPile = s.cards;
        s.take(op.inPile && inPile.length > 0 ? inPile[op.card % inPile.length]! : card(op.card), pile(op.to), op.pos);
        return 'took';
      }
      case 'close': {
        const s = openSession(table, op.session);
        if (!s) return 'no session';
        s.close();
        return 'closed';
      }
      case 'stale': {
        const s = handles[op.handle % Math.max(1, handles.length)];
        if (!s) return 'no handle';
        if (op.close) s.close();
        else s.take(card(op.card), pile(op.to));
        return 'stale ok';
      }
      case 'advance':
        table.advance(op.ms);
        return 'advanced';
      case 'move': {
        const inPile = table.pile(pile(op.from)).cards;
        const moving = op.inPile && inPile.length > 0 ? inPile[op.card % inPile.length]! : card(op.card);
        table.move(moving, pile(op.from), pile(op.to), op.pos);
        return `moved ${moving}`;
      }
      case 'draw':
        return `drew ${table.draw(pile(op.from), pile(op.to))}`;
      case 'shuffle':
        table.shuffle(pile(op.pile));
        return 'shuffled';
      case 'reveal':
        table.reveal(card(op.card), op.seats === 'anyone' ? 'anyone' : op.seats.map(seat));
        return 'revealed';
      case 'hide':
        table.hide(card(op.card));
        return 'hidden';
      case 'roundtrip':
        table.restore(JSON.parse(JSON.stringify(table.snapshot())));
        return 'roundtrip';
    }
  } catch (e) {
    if (!(e instanceof StoryletError) || !e.code.startsWith('table/')) throw e;
    return `error ${e.code}`;
  }
}

/** The visibility rules, written independently: who may see each card's face. */
class Oracle {
  faces = new Map<string, Set<string>>();
  constructor(private table: Table) {
    for (const p of PILES) for (const c of table.pile(p.id).cards) this.enter(c, p.id);
  }
  default(pileId: string): string[] {
    const p = KIND[pileId]!;
    if (p.kind === 'hand') return p.owner ? [p.owner] : [];
    if (p.kind === 'spread') return [...SEATS];
    return [];
  }
  enter(c: string, pileId: string) {
    this.faces.set(c, new Set(this.default(pileId)));
  }
  shuffled(pileId: string) {
    for (const c of this.table.pile(pileId).cards) this.enter(c, pileId);
  }
  where(c: string): string {
    return PILES.find((p) => this.table.pile(p.id).cards.includes(c))!.id;
  }
  isPublic(c: string) {
    return SEATS.every((s) => this.faces.get(c)!.has(s));
  }
}

function check(table: Table, ops: Op[]): void {
  const oracle = new Oracle(table);
  const handles: SearchSession[] = [];
  let events: TableEvent[] = [];
  const hookArgs: unknown[] = [];
  table.on('event', (e) => {
    events.push(e);
    if (e.type === 'shuffled') oracle.shuffled(e.pile);
  });
  for (const p of PILES) {
    table.pile(p.id).onSearched((e) => void hookArgs.push(e));
    table.pile(p.id).onSearchPulled((e) => void hookArgs.push(e));
    table.pile(p.id).onSearchClosed((e) => void hookArgs.push(e));
  }

  for (const op of ops) {
    const before = JSON.stringify(table.snapshot());
    const logBefore = table.log.length;
    const publicBefore = new Set(CARDS.filter((c) => oracle.isPublic(c)));
    const places = new Map(CARDS.map((c) => [c, oracle.where(c)]));
    events = [];
    hookArgs.length = 0;

    const outcome = runOp(table, op, handles);

    // The model follows what happened: a card that changed pile took the new pile's faces.
    for (const c of CARDS) {
      const now = oracle.where(c);
      if (now !== places.get(c)) oracle.enter(c, now);
    }
    if (op.op === 'move' && outcome.startsWith('moved ')) oracle.enter(outcome.slice(6), pile(op.to));
    if (op.op === 'draw' && outcome !== 'drew null' && outcome.startsWith('drew ')) oracle.enter(outcome.slice(5), pile(op.to));
    if (op.op === 'reveal' && outcome === 'revealed') {
      for (const s of op.seats === 'anyone' ? SEATS : op.seats.map(seat)) oracle.faces.get(card(op.card))!.add(s);
    }
    if (op.op === 'hide' && outcome === 'hidden') oracle.faces.get(card(op.card))!.clear();

    // A refusal or an error changed nothing and told no one.
    if (outcome === 'refused' || outcome.startsWith('error')) {
      expect(JSON.stringify(table.snapshot()), `${JSON.stringify(op)} -> ${outcome}`).toBe(before);
      expect(events).toEqual([]);
      expect(hookArgs).toEqual([]);
    }

    // No card lost or duplicated.
    const all = PILES.flatMap((p) => table.pile(p.id).cards);
    expect([...all].sort()).toEqual(CARDS);

    // Every seat sees exactly the faces the rules allow, and the rest as counts.
    for (const s of SEATS) {
      for (const pv of table.view(s).piles) {
        const truth = table.pile(pv.id).cards;
        expect(pv.visible.map((v) => v.id)).toEqual(truth.filter((c) => oracle.faces.get(c)!.has(s)));
        for (const v of pv.visible) expect(truth[v.position]).toBe(v.id);
        expect(pv.visible.length + pv.hidden).toBe(truth.length);
      }
    }

    // A search is private to its searcher.
    for (const p of PILES) {
      const searcher = table.view('h').piles.find((v) => v.id === p.id)!.searchedBy;
      for (const s of SEATS) {
        if (p.kind === 'hand' || p.kind === 'spread') continue;
        const session = table.session(s, p.id);
        expect(session !== null).toBe(s === searcher);
        if (session) expect(session.cards).toEqual(table.pile(p.id).cards);
      }
    }

    // Public channels name a card only when every seat may see it, before or after.
    const lines = table.log.slice(logBefore);
    expect(lines.length).toBe(events.length);
    events.forEach((e, i) => {
      const allowed = (e.type === 'moved' || e.type === 'revealed') && e.card !== undefined ? [e.card] : [];
      for (const c of allowed) expect(publicBefore.has(c) || oracle.isPublic(c)).toBe(true);
      const named = (text: string) => CARDS.filter((c) => text.includes(c) && !allowed.includes(c));
      expect(named(JSON.stringify(e))).toEqual([]);
      expect(named(lines[i]!)).toEqual([]);
    });
    for (const a of hookArgs) expect(CARDS.filter((c) => JSON.stringify(a).includes(c))).toEqual([]);
  }
}

describe('table properties', () => {
  it('random interleavings never lose, duplicate or leak a card', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 80, size: 'max' }), (ops) => {
        check(makeTable(), ops);
      }),
      { numRuns: 150 },
    );
  });

  it('snapshot then restore mid-game (mid-search included) continues exactly the same', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30, size: 'max' }), fc.array(opArb, { maxLength: 30, size: 'max' }), (prefix, suffix) => {
        const original = makeTable();
        for (const op of prefix) runOp(original, op, []);
        const saved = JSON.stringify(original.snapshot());

        const play = (table: Table) => {
          const events: TableEvent[] = [];
          table.on('event', (e) => void events.push(e));
          // Sessions are picked up by (seat, pile), the way a restored table hands them back.
          const outcomes = suffix.filter((op) => op.op !== 'stale').map((op) => runOp(table, op, []));
          return JSON.stringify({ outcomes, events, state: table.snapshot() });
        };
        const restored = createTable({ seed: 'unrelated', host: 'x', seats: ['x'] });
        restored.restore(JSON.parse(saved));
        expect(play(restored)).toBe(play(original));
      }),
      { numRuns: 100 },
    );
  });
});
