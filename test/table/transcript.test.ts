import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEARCH_TIMEOUT_MS } from '../../src/table/index.js';
import type { Table } from '../../src/table/index.js';
import { SEATS, standardTable } from './helpers.js';

/**
 * A whole table session as a golden transcript: the public log as every seat reads it, then what
 * each seat's view shows, then the engine's true order. Re-record after an intended change with
 *   UPDATE_GOLDENS=1 npx vitest run --config test/vitest.config.ts test/table/transcript.test.ts
 * and review the diff of goldens/search-session.txt.
 */
const GOLDEN = new URL('./goldens/search-session.txt', import.meta.url);

function play(): Table {
  const table = standardTable();
  table.addPile({ id: 'discard', name: 'Discard', kind: 'deck', owner: 'b', afterSearch: 'keep-order', cards: ['discard-1', 'discard-2'] });
  table.draw('lib', 'handA');
  table.draw('bag', 'handB');
  table.openSearch('b', 'lib'); // refused: nothing in the log
  const tutor = table.openSearch('a', 'lib')!;
  tutor.take('Demonic Tutor', 'handA');
  tutor.close();
  table.move('Demonic Tutor', 'handA', 'grave');
  const dig = table.openSearch('b', 'discard')!;
  dig.take('discard-2', 'handB');
  dig.close();
  const rummage = table.openSearch('h', 'bag')!;
  rummage.take(rummage.cards[0]!, 'handA'); // never closed: it expires below
  table.advance(SEARCH_TIMEOUT_MS);
  table.reveal('secret-card-1', 'anyone');
  return table;
}

function transcript(table: Table): string {
  const out = ['# public log', ...table.log, ''];
  for (const seat of SEATS) {
    out.push(`# view of ${seat}`);
    for (const p of table.view(seat).piles) {
      const shown = p.visible.map((c) => `${c.position}:${c.id}`).join(' ');
      out.push(`${p.id}: ${p.count === 1 ? '1 card' : `${p.count} cards`}${shown ? `; sees ${shown}` : ''}${p.hidden ? `; ${p.hidden} face down` : ''}`);
    }
    out.push('');
  }
  out.push('# true order (engine only)');
  for (const p of table.view('h').piles) out.push(`${p.id}: ${table.pile(p.id).cards.join(', ')}`);
  return `${out.join('\n')}\n`;
}

describe('search session transcript', () => {
  it('matches goldens/search-session.txt', () => {
    const text = transcript(play());
    if (process.env.UPDATE_GOLDENS) {
      mkdirSync(new URL('./goldens/', import.meta.url), { recursive: true });
      writeFileSync(GOLDEN, text);
    }
    expect(text).toBe(readFileSync(GOLDEN, 'utf8'));
  });

  it('is the same on every run (deterministic under the seed)', () => {
    expect(transcript(play())).toBe(transcript(play()));
  });
});
