import { describe, expect, it } from 'vitest';
import { createTable, SEARCH_TIMEOUT_MS } from '../../src/table/index.js';
import type { Table } from '../../src/table/index.js';
import { BAG, expectCode, LIB, NAMED, record, SEATS, standardTable } from './helpers.js';

describe('opening a search', () => {
  it('gives the searcher every card of the pile, in pile order', () => {
    const table = standardTable();
    const session = table.openSearch('a', 'lib')!;
    expect(session.cards).toEqual(table.pile('lib').cards);
    expect(session.cards).toEqual([...LIB, ...NAMED]);
    expect(session).toMatchObject({ seat: 'a', pile: 'lib', status: 'open', expiresAt: SEARCH_TIMEOUT_MS });
  });

  it('logs one identity-free line with the count and the pile name', () => {
    const table = standardTable();
    table.openSearch('a', 'lib');
    expect(table.log).toEqual(['a opened a search of Library of a (9 cards)']);
  });

  it('shows others only that the pile is being searched, not what is seen', () => {
    const table = standardTable();
    table.openSearch('a', 'lib');
    const lib = table.view('b').piles.find((p) => p.id === 'lib')!;
    expect(lib).toMatchObject({ count: 9, hidden: 9, visible: [], searchedBy: 'a' });
    // The searcher's own view is unchanged too: the session is the only private channel.
    expect(table.view('a').piles.find((p) => p.id === 'lib')!.visible).toEqual([]);
    expect(table.session('b', 'lib')).toBeNull();
    expect(table.session('a', 'lib')!.cards).toEqual(table.pile('lib').cards);
  });
});

describe('silent refusal', () => {
  function refusalTrace(table: Table, seat: string, pile: string) {
    const rec = record(table);
    const before = JSON.stringify(table.snapshot());
    const result = table.openSearch(seat, pile);
    return { result, events: rec.events, hookArgs: rec.hookArgs, unchanged: JSON.stringify(table.snapshot()) === before };
  }

  it('returns null, logs nothing, emits nothing and changes nothing', () => {
    const table = standardTable();
    const trace = refusalTrace(table, 'b', 'lib');
    expect(trace).toEqual({ result: null, events: [], hookArgs: [], unchanged: true });
    expect(table.log).toEqual([]);
  });

  it('looks the same whatever the reason: not allowed, search off, unowned, or the pile busy', () => {
    const table = standardTable();
    table.addPile({ id: 'off', kind: 'deck', owner: 'b', search: 'no-one', cards: ['off-1'] });
    table.addPile({ id: 'quiet', kind: 'bag', owner: 'b', cards: ['quiet-1'] });
    table.addPile({ id: 'unowned', kind: 'deck', cards: ['unowned-1'] });
    table.openSearch('a', 'lib'); // busy, but b may not search it anyway
    const traces = ['lib', 'off', 'quiet', 'unowned'].map((pile) => refusalTrace(table, 'b', pile));
    for (const trace of traces) expect(trace).toEqual({ result: null, events: [], hookArgs: [], unchanged: true });
  });

  it('tells a permitted seat that the pile is busy, with a typed error and no log line', () => {
    const table = standardTable();
    table.openSearch('a', 'lib');
    const log = table.log;
    expectCode(() => table.openSearch('h', 'lib'), 'table/search-busy');
    expectCode(() => table.openSearch('a', 'lib'), 'table/search-busy');
    expect(table.log).toEqual(log);
  });
});

describe('taking cards', () => {
  it('moves the card to the other pile and logs a line that does not name it', () => {
    const table = standardTable();
    const session = table.openSearch('a', 'lib')!;
    session.take('secret-card-4', 'handA');
    expect(table.pile('handA').cards).toEqual(['secret-card-4']);
    expect(table.pile('lib').cards).not.toContain('secret-card-4');
    expect(session.cards).toEqual(table.pile('lib').cards);
    expect(table.log.at(-1)).toBe('a took a card from Library of a into Hand of a');
  });

  it('puts the card at the position asked for', () => {
    const table = standardTable();
    table.move('secret-card-1', 'lib', 'handA');
    table.move('secret-card-2', 'lib', 'handA', 'bottom');
    const session = table.openSearch('a', 'lib')!;
    session.take('secret-card-6', 'handA', 1);
    session.take('secret-card-7', 'handA', 'bottom');
    expect(table.pile('handA').cards).toEqual(['secret-card-1', 'secret-card-6', 'secret-card-2', 'secret-card-7']);
  });

  it('gives the taken card the destination face visibility', () => {
    const table = standardTable();
    table.openSearch('a', 'lib')!.take('secret-card-3', 'handA');
    expect(table.view('a').piles.find((p) => p.id === 'handA')!.visible).toEqual([{ id: 'secret-card-3', position: 0 }]);
    expect(table.view('b').piles.find((p) => p.id === 'handA')!).toMatchObject({ visible: [], hidden: 1 });
  });
});

describe('after search: shuffle the rest vs keep the order', () => {
  function searchAndClose(afterSearch: 'shuffle' | 'keep-order', seed = 'order-seed') {
    const table = createTable({ seed, host: 'h', seats: [...SEATS] });
    const cards = Array.from({ length: 20 }, (_, i) => `order-card-${String(i).padStart(2, '0')}`);
    table.addPile({ id: 'deck', kind: 'deck', owner: 'a', afterSearch, cards });
    table.addPile({ id: 'hand', kind: 'hand', owner: 'a' });
    const session = table.openSearch('a', 'deck')!;
    session.take('order-card-05', 'hand');
    session.close();
    return { table, rest: cards.filter((c) => c !== 'order-card-05') };
  }

  it('keep-order leaves the pile exactly as it was, minus what was taken, and logs no shuffle', () => {
    const { table, rest } = searchAndClose('keep-order');
    expect(table.pile('deck').cards).toEqual(rest);
    expect(table.log).toEqual(['a opened a search of deck (20 cards)', 'a took a card from deck into hand', 'a closed the search of deck']);
  });

  it('shuffle reorders the rest as the host, with an ordinary public shuffled line', () => {
    const { table, rest } = searchAndClose('shuffle');
    const order = table.pile('deck').cards;
    expect([...order].sort()).toEqual(rest);
    expect(order).not.toEqual(rest);
    expect(table.log.slice(-2)).toEqual(['a closed the search of deck', 'h shuffled deck']);
  });

  it('shuffles the same way for the same seed, and differently for another', () => {
    expect(searchAndClose('shuffle').table.pile('deck').cards).toEqual(searchAndClose('shuffle').table.pile('deck').cards);
    expect(searchAndClose('shuffle', 'other').table.pile('deck').cards).not.toEqual(searchAndClose('shuffle').table.pile('deck').cards);
  });

  it('shuffle puts every card back face down, so a peeked card is no longer known', () => {
    const table = standardTable();
    table.reveal('secret-card-1', ['b']);
    expect(table.view('b').piles[0]!.visible).toEqual([{ id: 'secret-card-1', position: 0 }]);
    table.openSearch('a', 'lib')!.close();
    expect(table.view('b').piles[0]!.visible).toEqual([]);
  });
});

describe('closing', () => {
  it('ends the session: taking, reading or closing again is table/session-closed', () => {
    const table = standardTable();
    const session = table.openSearch('a', 'lib')!;
    session.close();
    expect(session.status).toBe('closed');
    const before = JSON.stringify(table.snapshot());
    expectCode(() => session.take('secret-card-1', 'handA'), 'table/session-closed');
    expectCode(() => session.cards, 'table/session-closed');
    expectCode(() => session.close(), 'table/session-closed');
    expect(JSON.stringify(table.snapshot())).toBe(before);
    expect(table.session('a', 'lib')).toBeNull();
  });

  it('frees the pile for the next search', () => {
    const table = standardTable();
    table.openSearch('a', 'lib')!.close();
    expect(table.openSearch('h', 'lib')).not.toBeNull();
  });
});

describe('expiry', () => {
  it('ends a session never closed after five minutes on the logical clock, with the same effects as close', () => {
    const table = standardTable();
    const session = table.openSearch('a', 'lib')!;
    session.take('secret-card-2', 'handA');
    table.advance(SEARCH_TIMEOUT_MS - 1);
    expect(session.status).toBe('open');
    table.advance(1);
    expect(session.status).toBe('expired');
    expect(table.log.slice(-2)).toEqual(['the search of Library of a by a expired', 'h shuffled Library of a']);
    expect(table.view('h').piles[0]!.searchedBy).toBeNull();
  });

  it('is table/session-expired for anything the searcher tries afterwards, and changes nothing', () => {
    const table = standardTable();
    const session = table.openSearch('a', 'lib')!;
    table.advance(SEARCH_TIMEOUT_MS);
    const before = JSON.stringify(table.snapshot());
    expectCode(() => session.take('secret-card-1', 'handA'), 'table/session-expired');
    expectCode(() => session.close(), 'table/session-expired');
    expectCode(() => session.cards, 'table/session-expired');
    expect(JSON.stringify(table.snapshot())).toBe(before);
  });

  it('leaves the pile exactly as an explicit close does (same seed, same order)', () => {
    const closed = standardTable();
    const s1 = closed.openSearch('a', 'lib')!;
    s1.take('secret-card-2', 'handA');
    s1.close();
    const expired = standardTable();
    expired.openSearch('a', 'lib')!.take('secret-card-2', 'handA');
    expired.advance(SEARCH_TIMEOUT_MS);
    expect(expired.pile('lib').cards).toEqual(closed.pile('lib').cards);
    expect(expired.log.length).toBe(closed.log.length);
  });

  it('keeps the order on expiry when the pile says keep-order', () => {
    const table = standardTable();
    table.addPile({ id: 'discard', kind: 'deck', owner: 'a', afterSearch: 'keep-order', cards: ['d1', 'd2', 'd3'] });
    table.openSearch('a', 'discard');
    table.advance(SEARCH_TIMEOUT_MS);
    expect(table.pile('discard').cards).toEqual(['d1', 'd2', 'd3']);
    expect(table.log.at(-1)).toBe('the search of discard by a expired');
  });

  it('reads an injected clock: no waiting, and any call notices the expiry', () => {
    let now = 1_000;
    const table = standardTable({ now: () => now });
    const session = table.openSearch('a', 'lib')!;
    expect(session.expiresAt).toBe(1_000 + SEARCH_TIMEOUT_MS);
    now += SEARCH_TIMEOUT_MS - 1;
    table.tick();
    expect(session.status).toBe('open');
    now += 1;
    const lib = table.view('b').piles[0]!; // any call applies the expiry first
    expect(lib.searchedBy).toBeNull();
    expect(table.log).toContain('the search of Library of a by a expired');
    expectCode(() => table.advance(10), 'table/external-clock');
  });

  it('expires several sessions oldest first', () => {
    const table = standardTable();
    table.openSearch('a', 'lib');
    table.advance(1000);
    table.openSearch('b', 'bag');
    table.advance(SEARCH_TIMEOUT_MS);
    expect(table.log.filter((l) => l.includes('expired'))).toEqual(['the search of Library of a by a expired', 'the search of Bag by b expired']);
  });

  it('never expires on the logical clock unless time is advanced', () => {
    const table = standardTable();
    const session = table.openSearch('a', 'lib')!;
    for (let i = 0; i < 50; i++) table.view('a');
    expect(session.status).toBe('open');
    expect(table.time).toBe(0);
  });
});

describe('bags', () => {
  it('can be searched when allowed, and its take is logged like a deck', () => {
    const table = standardTable();
    const session = table.openSearch('b', 'bag')!;
    expect([...session.cards].sort()).toEqual([...BAG].sort());
    session.take('bag-token-jade', 'handB');
    session.close();
    expect(table.log).toEqual(['b opened a search of Bag (4 cards)', 'b took a card from Bag into Hand of b', 'b closed the search of Bag', 'h shuffled Bag']);
  });
});

describe('script hooks', () => {
  it('are told when a search opens, each take and the close, never which card', () => {
    const table = standardTable();
    const calls: unknown[] = [];
    const lib = table.pile('lib');
    lib.onSearched((e) => calls.push(['searched', e]));
    lib.onSearchPulled((e) => calls.push(['pulled', e]));
    const stop = lib.onSearchClosed((e) => calls.push(['closed', e]));
    const session = table.openSearch('a', 'lib')!;
    session.take('secret-card-3', 'handA');
    session.close();
    expect(calls).toEqual([
      ['searched', { type: 'search-opened', pile: 'lib', seat: 'a', count: 9 }],
      ['pulled', { type: 'search-pulled', pile: 'lib', seat: 'a', to: 'handA' }],
      ['closed', { type: 'search-closed', pile: 'lib', seat: 'a', how: 'closed' }],
    ]);
    stop();
    table.openSearch('a', 'lib')!.close();
    expect(calls.length).toBe(4);
  });

  it('receive frozen plain data: no capability to open a search or read the pile', () => {
    const table = standardTable();
    let arg: unknown;
    table.pile('lib').onSearched((e) => (arg = e));
    table.openSearch('a', 'lib');
    expect(Object.isFrozen(arg)).toBe(true);
    expect(Object.values(arg as object).every((v) => typeof v !== 'function' && typeof v !== 'object')).toBe(true);
  });

  it('a throwing hook does not stop the others, and leaves the table consistent', () => {
    const table = standardTable();
    const seen: string[] = [];
    table.pile('lib').onSearched(() => {
      throw new Error('script bug');
    });
    table.on('event', (e) => void seen.push(e.type));
    expect(() => table.openSearch('a', 'lib')).toThrow('script bug');
    expect(seen).toEqual(['search-opened']);
    expect(table.session('a', 'lib')).not.toBeNull();
  });
});
