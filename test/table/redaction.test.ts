import { describe, expect, it } from 'vitest';
import { SEARCH_TIMEOUT_MS } from '../../src/table/index.js';
import type { Table } from '../../src/table/index.js';
import { BAG, LIB, mentioned, NAMED, record, SEATS, standardTable } from './helpers.js';

/**
 * boardgame.io's secret-state discipline: serialise everything a seat, a mod or a script receives
 * and assert that no hidden card's id or name is in it. Every card here stays hidden from the
 * public for the whole game, so the public channels must never name any of them.
 */
const ALL = [...LIB, ...NAMED, ...BAG];

/** A whole game of searches: takes into hidden piles, a refusal, a close, an expiry, a bag. */
function playSearches(table: Table): void {
  table.addPile({ id: 'exile', name: 'Face-down exile', kind: 'deck', cards: [] });
  expect(table.openSearch('b', 'lib')).toBeNull(); // refused: b may not search a's library
  const tutor = table.openSearch('a', 'lib')!;
  tutor.take('Demonic Tutor', 'handA');
  tutor.take('secret-card-7', 'handA', 'bottom');
  tutor.take('Black Lotus', 'exile');
  tutor.close();
  const host = table.openSearch('h', 'lib')!;
  host.take('secret-card-2', 'exile');
  table.advance(SEARCH_TIMEOUT_MS); // the host walks away: the search expires
  const bag = table.openSearch('b', 'bag')!;
  bag.take('bag-token-opal', 'handB');
  bag.close();
  table.draw('lib', 'handB');
  table.draw('bag', 'handA');
  table.move('secret-card-5', 'lib', 'exile');
  table.shuffle('lib');
}

describe('redaction', () => {
  it('no public event, log line or script hook argument names a card', () => {
    const table = standardTable();
    const rec = record(table, ['lib', 'bag', 'handA', 'handB', 'grave']);
    playSearches(table);
    expect(rec.events.length).toBeGreaterThan(10);
    expect(rec.hookArgs.length).toBe(11); // 3 opened, 5 pulled, 3 closed (one of them by expiry)
    for (const text of rec.publicText(table)) expect(mentioned(text, ALL), text).toEqual([]);
  });

  it("no seat's view names a card that seat may not see", () => {
    const table = standardTable();
    playSearches(table);
    const truth = table.snapshot().state.piles.flatMap((p) => p.cards);
    for (const seat of SEATS) {
      const hiddenFromSeat = truth.filter((c) => !c.faces.includes(seat)).map((c) => c.id);
      expect(mentioned(JSON.stringify(table.view(seat)), hiddenFromSeat), seat).toEqual([]);
    }
    // And the views do show each seat its own hand, so the scan above is not vacuous.
    expect(mentioned(JSON.stringify(table.view('a')), ['Demonic Tutor', 'secret-card-7'])).toHaveLength(2);
    expect(mentioned(JSON.stringify(table.view('b')), ['Demonic Tutor', 'secret-card-7'])).toHaveLength(0);
  });

  it("a search in progress appears in no other seat's view and in no public channel", () => {
    const table = standardTable();
    const rec = record(table);
    const before = Object.fromEntries(SEATS.map((s) => [s, JSON.stringify(table.view(s))]));
    const session = table.openSearch('a', 'lib')!;
    expect(session.cards).toHaveLength(9);
    for (const seat of ['h', 'b']) {
      const view = JSON.stringify(table.view(seat));
      expect(mentioned(view, ALL)).toEqual([]);
      // Only the public fact of the search changed.
      expect(view).toBe(before[seat]!.replace('"searchedBy":null', '"searchedBy":"a"'));
    }
    for (const text of rec.publicText(table)) expect(mentioned(text, ALL)).toEqual([]);
  });

  it('names a card publicly only when every seat may see it', () => {
    const table = standardTable();
    const rec = record(table);
    table.move('secret-card-1', 'lib', 'handA'); // hidden from b: not named
    table.move('secret-card-1', 'handA', 'grave'); // face up to all: named
    table.reveal('secret-card-2', ['a']); // revealed to a only: not named
    table.reveal('secret-card-2', 'anyone'); // now public: named
    expect(rec.events).toEqual([
      { type: 'moved', how: 'move', from: 'lib', to: 'handA' },
      { type: 'moved', how: 'move', from: 'handA', to: 'grave', card: 'secret-card-1' },
      { type: 'revealed', pile: 'lib', to: ['a'] },
      { type: 'revealed', pile: 'lib', to: ['h', 'a', 'b'], card: 'secret-card-2' },
    ]);
    expect(table.log).toEqual([
      'a card moved from Library of a to Hand of a',
      'secret-card-1 moved from Hand of a to Graveyard',
      'a card in Library of a was revealed to a',
      'secret-card-2 in Library of a was revealed to h, a, b',
    ]);
  });

  it('even a search that takes a card into a face-up pile never names it in its own line', () => {
    const table = standardTable();
    const rec = record(table);
    const session = table.openSearch('a', 'lib')!;
    session.take('secret-card-3', 'grave');
    session.close();
    for (const text of rec.publicText(table)) expect(mentioned(text, ALL)).toEqual([]);
    // The card is face up now, so the views show it: that is the spread, not the search, talking.
    expect(table.view('b').piles.find((p) => p.id === 'grave')!.visible).toEqual([{ id: 'secret-card-3', position: 0 }]);
  });
});
