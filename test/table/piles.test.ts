import { describe, expect, it } from 'vitest';
import { createTable } from '../../src/table/index.js';
import { BAG, LIB, NAMED, SEATS, standardTable } from './helpers.js';

describe('piles and views', () => {
  it('lists every pile for every seat, hidden cards as counts only', () => {
    const table = standardTable();
    const view = table.view('b');
    expect(view.seat).toBe('b');
    expect(view.piles.map((p) => [p.id, p.count, p.visible.length, p.hidden])).toEqual([
      ['lib', 9, 0, 9],
      ['bag', 4, 0, 4],
      ['handA', 0, 0, 0],
      ['handB', 0, 0, 0],
      ['grave', 0, 0, 0],
    ]);
    expect(view.piles[0]).toMatchObject({ name: 'Library of a', kind: 'deck', owner: 'a', zone: 'areaA', searchedBy: null });
  });

  it('defaults face visibility by kind: deck and bag no one, hand its owner, spread anyone', () => {
    const table = standardTable();
    table.move('secret-card-1', 'lib', 'handA');
    table.move('secret-card-2', 'lib', 'grave');
    const seen = (seat: string) => Object.fromEntries(table.view(seat).piles.map((p) => [p.id, p.visible.map((c) => c.id)]));
    expect(seen('a')).toEqual({ lib: [], bag: [], handA: ['secret-card-1'], handB: [], grave: ['secret-card-2'] });
    expect(seen('b')).toEqual({ lib: [], bag: [], handA: [], handB: [], grave: ['secret-card-2'] });
    expect(seen('h')).toEqual({ lib: [], bag: [], handA: [], handB: [], grave: ['secret-card-2'] });
  });

  it('takes visibleTo on a pile: an audience or a list of seats', () => {
    const table = createTable({ seed: 's', host: 'h', seats: [...SEATS] });
    table.addPile({ id: 'open-hand', kind: 'hand', owner: 'a', visibleTo: 'anyone', cards: ['o1'] });
    table.addPile({ id: 'shared', kind: 'deck', visibleTo: ['a', 'b'], cards: ['s1'] });
    table.addPile({ id: 'dealer', kind: 'spread', owner: 'a', visibleTo: 'owner-and-host', cards: ['d1'] });
    const ids = (seat: string) => table.view(seat).piles.flatMap((p) => p.visible.map((c) => c.id));
    expect(ids('h')).toEqual(['o1', 'd1']);
    expect(ids('a')).toEqual(['o1', 's1', 'd1']);
    expect(ids('b')).toEqual(['o1', 's1']);
  });

  it('reveals and hides single cards, with positions counted from the top', () => {
    const table = standardTable();
    table.reveal('secret-card-3', ['b']);
    expect(table.view('b').piles[0]!.visible).toEqual([{ id: 'secret-card-3', position: 2 }]);
    expect(table.view('a').piles[0]!.visible).toEqual([]);
    table.hide('secret-card-3', ['b']);
    expect(table.view('b').piles[0]!.visible).toEqual([]);
    table.reveal('secret-card-3', 'anyone');
    table.hide('secret-card-3');
    for (const seat of SEATS) expect(table.view(seat).piles[0]!.visible).toEqual([]);
  });

  it("a card that moves takes its new pile's visibility, even within one pile", () => {
    const table = standardTable();
    table.reveal('secret-card-1', 'anyone');
    table.move('secret-card-1', 'lib', 'lib', 'bottom');
    expect(table.pile('lib').cards.at(-1)).toBe('secret-card-1');
    expect(table.view('a').piles[0]!.visible).toEqual([]);
  });
});

describe('move and draw', () => {
  it('moves to the top by default, to the bottom or to an index when asked', () => {
    const table = standardTable();
    table.move('secret-card-1', 'lib', 'grave');
    table.move('secret-card-2', 'lib', 'grave');
    table.move('secret-card-3', 'lib', 'grave', 'bottom');
    table.move('secret-card-4', 'lib', 'grave', 1);
    expect(table.pile('grave').cards).toEqual(['secret-card-2', 'secret-card-4', 'secret-card-1', 'secret-card-3']);
  });

  it('draws the top card of a deck', () => {
    const table = standardTable();
    expect(table.draw('lib', 'handA')).toBe(LIB[0]);
    expect(table.pile('handA').cards).toEqual([LIB[0]]);
    expect(table.log).toEqual(['a card was drawn from Library of a to Hand of a']);
  });

  it('draws a bag at random with the seeded stream: the same seed draws the same way', () => {
    const draws = (seed: string) => {
      const table = standardTable({ seed });
      return Array.from({ length: 4 }, () => table.draw('bag', 'handB'));
    };
    expect(draws('x')).toEqual(draws('x'));
    expect([...draws('x')].sort()).toEqual([...BAG].sort());
    const seeds = ['x', 'y', 'z', 'w', 'v'].map((s) => draws(s).join());
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('returns null from an empty pile and changes nothing', () => {
    const table = standardTable();
    const before = JSON.stringify(table.snapshot());
    expect(table.draw('grave', 'handA')).toBeNull();
    expect(JSON.stringify(table.snapshot())).toBe(before);
    expect(table.log).toEqual([]);
  });

  it('shuffles a pile as the host unless told who', () => {
    const table = standardTable();
    table.shuffle('lib');
    table.shuffle('lib', 'a');
    expect(table.log).toEqual(['h shuffled Library of a', 'a shuffled Library of a']);
    expect([...table.pile('lib').cards].sort()).toEqual([...LIB, ...NAMED].sort());
  });

  it('moves cards under an open search: the searcher sees the pile as it is now', () => {
    const table = standardTable();
    const session = table.openSearch('a', 'lib')!;
    table.draw('lib', 'handA');
    expect(session.cards).toEqual(table.pile('lib').cards);
    expect(() => session.take(LIB[0]!, 'handA')).toThrow(expect.objectContaining({ code: 'table/not-in-pile' }));
  });
});
