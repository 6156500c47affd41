import { describe, expect, it } from 'vitest';
import { StoryletError } from '../../src/core/errors.js';
import { createTable, SEARCH_TIMEOUT_MS } from '../../src/table/index.js';
import type { SearchSession, Table, TableOptions } from '../../src/table/index.js';
import { LIB, mentioned, NAMED, record, standardTable } from './helpers.js';

/**
 * Bad input, one case per row: the typed code the caller gets, and the guarantees that come with
 * every refusal — the table unchanged, nothing logged, no event, no script hook told, and no
 * hidden card named in the error.
 */
interface Fixture {
  table: Table;
  /** a's open search of lib. */
  open: SearchSession;
  /** A search of bag by b that was closed. */
  closed: SearchSession;
  /** A search of the discard deck by a that expired. */
  expired: SearchSession;
}

function fixture(): Fixture {
  const table = standardTable();
  table.addPile({ id: 'discard', kind: 'deck', owner: 'a', afterSearch: 'keep-order', cards: ['discard-1'] });
  const expired = table.openSearch('a', 'discard')!;
  table.advance(SEARCH_TIMEOUT_MS);
  const closed = table.openSearch('b', 'bag')!;
  closed.close();
  const open = table.openSearch('a', 'lib')!;
  return { table, open, closed, expired };
}

const cases: { name: string; code: string; call: (f: Fixture) => unknown }[] = [
  // Unknown seat or pile
  { name: 'search by an unknown seat', code: 'table/unknown-seat', call: (f) => f.table.openSearch('z', 'lib') },
  { name: 'search of an unknown pile', code: 'table/unknown-pile', call: (f) => f.table.openSearch('h', 'libb') },
  { name: 'view for an unknown seat', code: 'table/unknown-seat', call: (f) => f.table.view('nobody') },
  { name: 'policy of an unknown pile', code: 'table/unknown-pile', call: (f) => f.table.resolveSearchPolicy('nope') },
  { name: 'handle of an unknown pile', code: 'table/unknown-pile', call: (f) => f.table.pile('nope') },
  { name: 'session lookup for an unknown seat', code: 'table/unknown-seat', call: (f) => f.table.session('z', 'lib') },
  { name: 'take into an unknown pile', code: 'table/unknown-pile', call: (f) => f.open.take('secret-card-1', 'handZ') },
  // Taking a card not in the pile
  { name: 'take a card in another pile', code: 'table/not-in-pile', call: (f) => f.open.take('bag-token-ruby', 'handA') },
  { name: 'take a card that does not exist', code: 'table/not-in-pile', call: (f) => f.open.take('secret-card-99', 'handA') },
  { name: 'take into the searched pile itself', code: 'table/same-pile', call: (f) => f.open.take('secret-card-1', 'lib') },
  { name: 'take to a position past the end', code: 'table/bad-position', call: (f) => f.open.take('secret-card-1', 'handA', 3) },
  { name: 'take to a fractional position', code: 'table/bad-position', call: (f) => f.open.take('secret-card-1', 'handA', 0.5) },
  // A BigInt position: the message names it (3n) instead of JSON.stringify throwing a TypeError.
  { name: 'take to a BigInt position', code: 'table/bad-position', call: (f) => f.open.take('secret-card-1', 'handA', 3n as never) },
  { name: 'move to a BigInt position', code: 'table/bad-position', call: (f) => f.table.move('secret-card-1', 'lib', 'handA', 1n as never) },
  // After close, after expiry
  { name: 'take after close', code: 'table/session-closed', call: (f) => f.closed.take('bag-token-ruby', 'handB') },
  { name: 'close after close', code: 'table/session-closed', call: (f) => f.closed.close() },
  { name: 'read after close', code: 'table/session-closed', call: (f) => f.closed.cards },
  { name: 'take after expiry', code: 'table/session-expired', call: (f) => f.expired.take('discard-1', 'handA') },
  { name: 'close after expiry', code: 'table/session-expired', call: (f) => f.expired.close() },
  // Two sessions on one pile
  { name: 'a second search of a pile being searched', code: 'table/search-busy', call: (f) => f.table.openSearch('h', 'lib') },
  // A kind that cannot be searched
  { name: 'search of a hand', code: 'table/not-searchable', call: (f) => f.table.openSearch('a', 'handA') },
  { name: 'search of a spread', code: 'table/not-searchable', call: (f) => f.table.openSearch('h', 'grave') },
  // Engine-side moves
  { name: 'move a card not in the source pile', code: 'table/not-in-pile', call: (f) => f.table.move('secret-card-1', 'bag', 'handA') },
  { name: 'move from an unknown pile', code: 'table/unknown-pile', call: (f) => f.table.move('secret-card-1', 'libb', 'handA') },
  { name: 'move to a negative position', code: 'table/bad-position', call: (f) => f.table.move('secret-card-1', 'lib', 'handA', -1) },
  { name: 'draw into an unknown pile', code: 'table/unknown-pile', call: (f) => f.table.draw('bag', 'nowhere') },
  { name: 'draw to a bad position', code: 'table/bad-position', call: (f) => f.table.draw('bag', 'handA', 'middle' as never) },
  { name: 'shuffle by an unknown seat', code: 'table/unknown-seat', call: (f) => f.table.shuffle('bag', 'z') },
  { name: 'reveal a card not on the table', code: 'table/unknown-card', call: (f) => f.table.reveal('secret-card-99', 'anyone') },
  { name: 'reveal to an unknown seat', code: 'table/unknown-seat', call: (f) => f.table.reveal('secret-card-1', ['z']) },
  { name: 'hide from an unknown seat', code: 'table/unknown-seat', call: (f) => f.table.hide('secret-card-1', ['z']) },
  // Authoring
  { name: 'a pile id used twice', code: 'table/duplicate-id', call: (f) => f.table.addPile({ id: 'lib', kind: 'deck' }) },
  { name: 'a card put on the table twice', code: 'table/duplicate-id', call: (f) => f.table.addPile({ id: 'new', kind: 'deck', cards: ['secret-card-1'] }) },
  { name: 'a card listed twice in one pile', code: 'table/duplicate-id', call: (f) => f.table.addPile({ id: 'new', kind: 'deck', cards: ['n1', 'n1'] }) },
  { name: 'a pile of an unknown kind', code: 'table/invalid-option', call: (f) => f.table.addPile({ id: 'new', kind: 'box' as never }) },
  {
    name: 'a pile with an unknown audience',
    code: 'table/invalid-option',
    call: (f) => f.table.addPile({ id: 'new', kind: 'deck', search: 'everyone' as never }),
  },
  {
    name: 'a pile with an unknown after-search',
    code: 'table/invalid-option',
    call: (f) => f.table.addPile({ id: 'new', kind: 'deck', afterSearch: 'sort' as never }),
  },
  { name: 'a pile owned by an unknown seat', code: 'table/unknown-seat', call: (f) => f.table.addPile({ id: 'new', kind: 'deck', owner: 'z' }) },
  { name: 'a pile in an unknown zone', code: 'table/unknown-zone', call: (f) => f.table.addPile({ id: 'new', kind: 'deck', zone: 'areaZ' }) },
  { name: 'a pile visible to an unknown seat', code: 'table/unknown-seat', call: (f) => f.table.addPile({ id: 'new', kind: 'deck', visibleTo: ['z'] }) },
  { name: 'a pile with an empty id', code: 'table/invalid-option', call: (f) => f.table.addPile({ id: '', kind: 'deck' }) },
  { name: 'a zone id used twice', code: 'table/duplicate-id', call: (f) => f.table.addZone({ id: 'areaA', kind: 'area' }) },
  { name: 'a zone inside an unknown zone', code: 'table/unknown-zone', call: (f) => f.table.addZone({ id: 'z2', kind: 'area', within: 'nowhere' }) },
  { name: 'a zone of another kind', code: 'table/invalid-option', call: (f) => f.table.addZone({ id: 'z2', kind: 'hand' as never }) },
  // Clock and snapshot
  { name: 'advance by a negative time', code: 'table/invalid-option', call: (f) => f.table.advance(-5) },
  { name: 'restore from something that is not a snapshot', code: 'table/bad-snapshot', call: (f) => f.table.restore({} as never) },
];

describe('bad input', () => {
  for (const c of cases) {
    it(`${c.name}: ${c.code}, nothing changed, nothing told`, () => {
      const f = fixture();
      const rec = record(f.table);
      const before = JSON.stringify(f.table.snapshot());
      let error: unknown;
      try {
        c.call(f);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(StoryletError);
      expect((error as StoryletError).code).toBe(c.code);
      expect(JSON.stringify(f.table.snapshot())).toBe(before);
      expect(rec.events).toEqual([]);
      expect(rec.hookArgs).toEqual([]);
      // No error names a card the caller did not name: the pile's contents stay out of messages.
      // Details keep the caller's value as given (a BigInt too), so spell those out to search them.
      const said = `${(error as Error).message} ${JSON.stringify((error as StoryletError).details, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))}`;
      const named = c.call.toString();
      expect(mentioned(said, [...LIB, ...NAMED]).filter((id) => !named.includes(id))).toEqual([]);
    });
  }
});

describe('creating a table', () => {
  const bad: { name: string; code: string; options: unknown }[] = [
    { name: 'a host who is not seated', code: 'table/unknown-seat', options: { seed: 's', host: 'x', seats: ['a'] } },
    { name: 'no seats', code: 'table/invalid-option', options: { seed: 's', host: 'a', seats: [] } },
    { name: 'a seat listed twice', code: 'table/duplicate-id', options: { seed: 's', host: 'a', seats: ['a', 'a'] } },
    { name: 'no seed', code: 'table/invalid-option', options: { host: 'a', seats: ['a'] } },
    { name: 'a clock that is not a function', code: 'table/invalid-option', options: { seed: 's', host: 'a', seats: ['a'], now: 5 } },
  ];
  for (const c of bad) {
    it(`refuses ${c.name} with ${c.code}`, () => {
      expect(() => createTable(c.options as TableOptions)).toThrow(expect.objectContaining({ code: c.code }));
    });
  }

  it('refuses a clock that returns something other than a number, with table/bad-clock', () => {
    const table = createTable({ seed: 's', host: 'a', seats: ['a'], now: () => Number.NaN });
    table.addPile({ id: 'd', kind: 'deck', owner: 'a', cards: ['d1'] });
    expect(() => table.openSearch('a', 'd')).toThrow(expect.objectContaining({ code: 'table/bad-clock' }));
  });

  it('names the nearest pile when an id is mistyped', () => {
    const table = standardTable();
    expect(() => table.pile('handa')).toThrow(/did you mean "handA"/);
  });
});
