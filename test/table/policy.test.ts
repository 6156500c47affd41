import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTable } from '../../src/table/index.js';
import type { After, Audience, PileKind, SearchPolicy } from '../../src/table/index.js';
import { expectCode, SEATS } from './helpers.js';

interface Case {
  name: string;
  pile: { kind: PileKind; owner?: string; search?: Audience; afterSearch?: After };
  zone?: { search?: Audience };
  outer?: { search?: Audience };
  expect: SearchPolicy;
}

const cases = parse(readFileSync(new URL('./fixtures/precedence.yaml', import.meta.url), 'utf8')) as Case[];

function tableFor(c: Case) {
  const table = createTable({ seed: 'policy', host: 'h', seats: [...SEATS] });
  if (c.outer) table.addZone({ id: 'outer', kind: 'area', ...c.outer });
  if (c.zone) table.addZone({ id: 'zone', kind: 'area', ...(c.outer ? { within: 'outer' } : {}), ...c.zone });
  table.addPile({ id: 'p', ...c.pile, ...(c.zone ? { zone: 'zone' } : {}), cards: ['x1', 'x2', 'x3'] });
  table.addPile({ id: 'out', kind: 'hand' });
  return table;
}

describe('search policy precedence (fixtures/precedence.yaml)', () => {
  it('covers every row of the reference table', () => {
    expect(cases.filter((c) => c.name.startsWith('row ')).length).toBe(4);
  });

  for (const c of cases) {
    it(c.name, () => {
      const table = tableFor(c);
      expect(table.resolveSearchPolicy('p')).toEqual(c.expect);
      // The resolved seats are exactly who openSearch lets in.
      for (const seat of SEATS) {
        const session = table.openSearch(seat, 'p');
        expect(session !== null, `seat ${seat}`).toBe(c.expect.search.seats.includes(seat));
        session?.close();
      }
    });
  }
});

describe('what can be searched', () => {
  it('refuses a search on a hand or a spread with table/not-searchable', () => {
    const table = createTable({ seed: 's', host: 'h', seats: [...SEATS] });
    table.addPile({ id: 'hand', kind: 'hand', owner: 'a', cards: ['q1'] });
    table.addPile({ id: 'row', kind: 'spread', cards: ['q2'] });
    expectCode(() => table.openSearch('a', 'hand'), 'table/not-searchable');
    expectCode(() => table.openSearch('h', 'row'), 'table/not-searchable');
    expectCode(() => table.resolveSearchPolicy('hand'), 'table/not-searchable');
  });

  it('refuses search settings on a kind that cannot be searched', () => {
    const table = createTable({ seed: 's', host: 'h', seats: [...SEATS] });
    expectCode(() => table.addPile({ id: 'hand', kind: 'hand', search: 'anyone' }), 'table/not-searchable');
    expectCode(() => table.addPile({ id: 'row', kind: 'spread', afterSearch: 'keep-order' }), 'table/not-searchable');
    expect(table.snapshot().state.piles).toEqual([]);
  });

  it('refuses afterSearch on a zone: zones take search only', () => {
    const table = createTable({ seed: 's', host: 'h', seats: [...SEATS] });
    const zone = { id: 'z', kind: 'area', afterSearch: 'keep-order' } as unknown as Parameters<typeof table.addZone>[0];
    expectCode(() => table.addZone(zone), 'table/invalid-option');
    expect(table.snapshot().state.zones).toEqual([]);
  });
});
