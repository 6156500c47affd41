import { describe, expect, it } from 'vitest';
import { createTable, SEARCH_TIMEOUT_MS } from '../../src/table/index.js';
import type { Table, TableSnapshot } from '../../src/table/index.js';
import { expectCode, standardTable } from './helpers.js';

/** What a continuation produced: the whole state, and the events it told the public. */
function continueGame(table: Table): string {
  const events: unknown[] = [];
  const stop = table.on('event', (e) => void events.push(e));
  const session = table.session('a', 'lib')!;
  session.take('secret-card-5', 'handA');
  session.close(); // shuffles with the table's stream
  table.draw('bag', 'handB'); // draws with it too
  table.openSearch('h', 'lib');
  table.advance(SEARCH_TIMEOUT_MS); // and expiry shuffles again
  stop();
  return JSON.stringify({ state: table.snapshot(), events });
}

function midSearch(): Table {
  const table = standardTable();
  table.draw('bag', 'handA');
  const session = table.openSearch('a', 'lib')!;
  session.take('secret-card-2', 'handA');
  table.advance(60_000);
  return table;
}

describe('snapshot and restore', () => {
  it('is plain JSON', () => {
    const snap = midSearch().snapshot();
    expect(JSON.parse(JSON.stringify(snap))).toEqual(snap);
    expect(snap).toMatchObject({ format: 'storyletengine/table', version: 1 });
  });

  it('restored mid-search into a fresh table, continues exactly as the original', () => {
    const original = midSearch();
    const saved = JSON.stringify(original.snapshot());
    const expected = continueGame(original);

    const fresh = createTable({ seed: 'ignored: the snapshot brings its own', host: 'h', seats: ['h'] });
    fresh.restore(JSON.parse(saved) as TableSnapshot);
    expect(continueGame(fresh)).toBe(expected);
  });

  it('restored into the same table, rewinds it, and the session expires on the restored clock', () => {
    const table = midSearch();
    const saved = table.snapshot();
    const first = continueGame(table);
    table.restore(saved);
    expect(table.session('a', 'lib')!.expiresAt).toBe(SEARCH_TIMEOUT_MS);
    expect(continueGame(table)).toBe(first);
  });

  it('keeps an existing session handle working across a restore of the same search', () => {
    const table = midSearch();
    const handle = table.session('a', 'lib')!;
    const saved = table.snapshot();
    handle.close();
    expect(handle.status).toBe('closed');
    table.restore(saved);
    expect(handle.status).toBe('open');
    handle.take('secret-card-6', 'handA');
    expect(table.pile('handA').cards).toContain('secret-card-6');
  });

  it('keeps listeners and hooks across a restore', () => {
    const table = midSearch();
    const seen: string[] = [];
    table.on('event', (e) => void seen.push(e.type));
    table.pile('lib').onSearchClosed(() => void seen.push('hook'));
    table.restore(table.snapshot());
    table.session('a', 'lib')!.close();
    expect(seen).toEqual(['search-closed', 'hook', 'shuffled']);
  });

  const broken: { name: string; edit: (s: any) => void }[] = [
    { name: 'another format', edit: (s) => (s.format = 'other') },
    { name: 'a future version', edit: (s) => (s.version = 2) },
    { name: 'a host who is not seated', edit: (s) => (s.state.host = 'z') },
    { name: 'a card on the table twice', edit: (s) => s.state.piles[1].cards.push(s.state.piles[0].cards[0]) },
    { name: 'a face shown to an unknown seat', edit: (s) => (s.state.piles[0].cards[0].faces = ['z']) },
    { name: 'a session on an unknown pile', edit: (s) => (s.state.sessions[0].pile = 'nowhere') },
    { name: 'two sessions on one pile', edit: (s) => s.state.sessions.push({ ...s.state.sessions[0], id: 'search-9' }) },
    { name: 'a pile in an unknown zone', edit: (s) => (s.state.piles[0].zone = 'nowhere') },
    { name: 'a broken random stream', edit: (s) => delete s.rng.alea },
    { name: 'a clock that is not a number', edit: (s) => (s.state.clock = 'noon') },
    { name: 'a session id that could be issued again', edit: (s) => (s.state.sessions[0].id = `search-${s.state.nextSession}`) },
    { name: 'a search both open and ended', edit: (s) => s.state.ended.push({ id: s.state.sessions[0].id, how: 'closed' }) },
  ];
  for (const b of broken) {
    it(`refuses a snapshot with ${b.name} (table/bad-snapshot) and keeps the table as it was`, () => {
      const table = midSearch();
      const snap = JSON.parse(JSON.stringify(table.snapshot()));
      b.edit(snap);
      const before = JSON.stringify(table.snapshot());
      expectCode(() => table.restore(snap), 'table/bad-snapshot');
      expect(JSON.stringify(table.snapshot())).toBe(before);
    });
  }

  it('is a copy: changing a snapshot afterwards does not change the table', () => {
    const table = midSearch();
    const snap = table.snapshot();
    snap.state.piles[0]!.cards.length = 0;
    expect(table.pile('lib').cards.length).toBeGreaterThan(0);
  });
});

describe('clone', () => {
  it('is the table a snapshot restored into a fresh table would be, mid-search and with the clock', () => {
    const original = midSearch();
    const restored = createTable({ seed: 'x', host: 'h', seats: ['h'] });
    restored.restore(original.snapshot());
    const copy = original.clone();
    expect(copy.snapshot()).toEqual(original.snapshot());
    expect(copy.log).toEqual(original.log);
    const expected = continueGame(restored);
    expect(continueGame(copy)).toBe(expected);
    // The original continues the same way: the clone shares nothing mutable with it.
    expect(continueGame(original)).toBe(expected);
  });

  it('shares nothing mutable: changing one leaves the other as it was', () => {
    const original = standardTable();
    original.reveal('secret-card-1', ['b']);
    const before = JSON.stringify(original.snapshot());
    const copy = original.clone();
    copy.draw('lib', 'handA');
    copy.shuffle('bag');
    copy.hide('secret-card-1');
    copy.reveal('secret-card-2', 'anyone');
    copy.advance(1000);
    expect(JSON.stringify(original.snapshot())).toBe(before);
    // And the other way round: the copy does not see the original's moves either.
    const copied = JSON.stringify(copy.snapshot());
    original.draw('lib', 'handB');
    expect(JSON.stringify(copy.snapshot())).toBe(copied);
  });

  it('has no listeners or hooks of the original', () => {
    const original = midSearch();
    const seen: string[] = [];
    original.on('event', (e) => void seen.push(e.type));
    original.pile('lib').onSearchClosed(() => void seen.push('hook'));
    const copy = original.clone();
    copy.session('a', 'lib')!.close();
    expect(seen).toEqual([]);
    expect(copy.session('a', 'lib')).toBeNull();
    expect(original.session('a', 'lib')).not.toBeNull();
  });
});
