// The Board's table endpoints over HTTP, on the real binary and a scratch copy of
// examples/tavern: the views, a write that keeps the file's comments, refusals answered with
// stable codes (and nothing written), and a try that changes nothing.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableResponse } from '../../src/board/client/protocol.js';
import { copyContent, startBoardProcess, type RunningBoard } from './support.js';

let board: RunningBoard;
let dir = '';
beforeAll(async () => {
  dir = copyContent('examples/tavern');
  board = await startBoardProcess(dir);
});
afterAll(async () => {
  await board?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function post(body: unknown): Promise<{ status: number; body: TableResponse }> {
  const res = await fetch(`${board.url}api/table`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as TableResponse };
}

describe('the Board table endpoints on examples/tavern', () => {
  it('GET /api/tables lists the table file with each pile resolved', async () => {
    const r = (await (await fetch(`${board.url}api/tables`)).json()) as TableResponse;
    if (!r.ok) throw new Error(r.error.message);
    expect(r.tables.map((t) => t.file)).toEqual(['tavern.table.yaml']);
    const [t] = r.tables;
    expect(t!.zones.map((z) => `${z.id}:${z.kind}:${z.search}`)).toEqual(['room:area:not-set', 'areaA:area:host', 'shelf:hidden:not-set']);
    expect(t!.piles.find((p) => p.id === 'discard')!.effective).toEqual({
      search: { value: 'host', from: 'zone', seats: ['host'] },
      afterSearch: { value: 'keep-order', from: 'pile' },
    });
    expect(t!.piles.find((p) => p.id === 'handA')!.effective).toBeUndefined();
  });

  it('set writes one value into the file and answers with the new view', async () => {
    const before = readFileSync(join(dir, 'tavern.table.yaml'), 'utf8');
    const r = await post({ action: 'set', file: 'tavern.table.yaml', target: 'zone', id: 'areaA', key: 'search', value: 'anyone' });
    expect(r.status).toBe(200);
    if (!r.body.ok) throw new Error(r.body.error.message);
    expect(r.body.tables[0]!.piles.find((p) => p.id === 'library')!.effective!.search).toEqual({
      value: 'anyone',
      from: 'zone',
      seats: ['host', 'alice', 'bob'],
    });
    expect(readFileSync(join(dir, 'tavern.table.yaml'), 'utf8')).toBe(before.replace('search: host                 #', 'search: anyone                 #'));
  });

  it('refuses what the format does not allow, or a file it did not list, and writes nothing', async () => {
    const before = readFileSync(join(dir, 'tavern.table.yaml'), 'utf8');
    const cases = [
      { action: 'set', file: 'tavern.table.yaml', target: 'zone', id: 'shelf', key: 'search', value: 'anyone' },
      { action: 'set', file: 'tavern.table.yaml', target: 'pile', id: 'handA', key: 'search', value: 'anyone' },
      { action: 'set', file: 'tavern.table.yaml', target: 'zone', id: 'room', key: 'afterSearch', value: 'shuffle' },
      { action: 'set', file: 'tavern.table.yaml', target: 'pile', id: 'library', key: 'search', value: 'everyone' },
      { action: 'set', file: '../tavern.table.yaml', target: 'pile', id: 'library', key: 'search', value: 'anyone' },
      { action: 'set', file: 'tavern.yaml', target: 'pile', id: 'library', key: 'search', value: 'anyone' },
    ];
    for (const c of cases) {
      const r = await post(c);
      expect(r.status, JSON.stringify(c)).toBe(400);
      expect(r.body.ok === false && r.body.error.code).toBe('board/table-edit');
    }
    expect(readFileSync(join(dir, 'tavern.table.yaml'), 'utf8')).toBe(before);
    expect((await post({ action: 'try', file: 'tavern.table.yaml', seat: 'nobody', pile: 'library' })).body).toMatchObject({
      ok: false,
      error: { code: 'table/unknown-seat' },
    });
  });

  it('try: a refused seat gets nothing at the table and the author a reason; an allowed one its browse', async () => {
    const refused = await post({ action: 'try', file: 'tavern.table.yaml', seat: 'alice', pile: 'tokens' });
    if (!refused.body.ok) throw new Error(refused.body.error.message);
    expect(refused.body.tried).toMatchObject({ allowed: false, browse: [], publicLines: [] });
    expect(refused.body.tried!.why).toContain('Search is No one (the kind default)');
    const allowed = await post({ action: 'try', file: 'tavern.table.yaml', seat: 'bob', pile: 'library' });
    if (!allowed.body.ok) throw new Error(allowed.body.error.message);
    expect(allowed.body.tried).toMatchObject({ allowed: true, browse: ['bolt', 'bear', 'elf', 'giant'] });
    expect(allowed.body.tried!.publicLines).toEqual([
      'bob opened a search of Library of alice (4 cards)',
      'bob closed the search of Library of alice',
      'host shuffled Library of alice',
    ]);
  });
});
