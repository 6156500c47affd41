// The table format (*.table.yaml): its diagnostics, loading by createTable, and the surgical
// write-back the Board's Table view uses. The publish-level golden of every table code is
// test/fixtures/content/table-errors/.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTableFile, setTableSetting } from '../../src/content/table-format.js';
import { formatDiagnostic } from '../../src/content/diagnostics.js';
import { publish } from '../../src/node.js';
import { createTable } from '../../src/table/index.js';

const TAVERN = readFileSync(new URL('../../examples/tavern/tavern.table.yaml', import.meta.url), 'utf8');

const table = (body: string) => `host: h\nseats: [h, a, b]\n${body}`;

function only(text: string) {
  const r = readTableFile('t.table.yaml', text);
  expect(r.ok).toBe(false);
  expect(r.diagnostics).toHaveLength(1);
  const d = r.diagnostics[0]!;
  return { ...d, frame: formatDiagnostic(d, { 't.table.yaml': text }) };
}

describe('the table format', () => {
  it('loads the tavern example into createTable, zones and piles in order', () => {
    const r = readTableFile('tavern.table.yaml', TAVERN);
    expect(r.diagnostics).toEqual([]);
    expect(r.ok).toBe(true);
    const t = createTable(r.options!);
    expect(t.seats).toEqual(['host', 'alice', 'bob']);
    expect(t.view('host').piles.map((p) => p.id)).toEqual(['library', 'discard', 'tokens', 'handA']);
    // The hidden zone is layout: createTable is given the area zones only.
    expect(r.options!.zones!.map((z) => z.id)).toEqual(['room', 'areaA']);
    expect(t.resolveSearchPolicy('discard')).toEqual({
      search: { value: 'host', from: 'zone', seats: ['host'] },
      afterSearch: { value: 'keep-order', from: 'pile' },
    });
    expect(t.resolveSearchPolicy('tokens').search).toEqual({ value: 'no-one', from: 'default', seats: [] });
  });

  it('an unknown owner seat: table/unknown-seat at the owner, with the nearest seat', () => {
    const d = only(table('piles:\n  lib: { kind: deck, owner: bb }\n'));
    expect(d).toMatchObject({ code: 'table/unknown-seat', number: 'SE060', line: 4, col: 29, hint: 'did you mean `b`?' });
    expect(d.frame).toContain('t.table.yaml:4:29');
    expect(d.frame).toContain('^^');
  });

  it('an unknown search option: table/unknown-option at the value, listing the options', () => {
    const d = only(table('piles:\n  lib:\n    kind: deck\n    search: everyone\n'));
    expect(d).toMatchObject({ code: 'table/unknown-option', line: 6, col: 13 });
    expect(d.hint).toContain('not-set, no-one, owner, host, owner-and-host, anyone');
    const after = only(table('piles:\n  lib: { kind: bag, afterSearch: shufle }\n'));
    expect(after).toMatchObject({ code: 'table/unknown-option', hint: 'did you mean `shuffle`? (options: not-set, shuffle, keep-order)' });
  });

  it('a Search setting on a zone that is not an area zone: table/zone-not-area with a hint', () => {
    const d = only(table('zones:\n  hidden1:\n    kind: hidden\n    search: anyone\n'));
    expect(d).toMatchObject({ code: 'table/zone-not-area', number: 'SE062', line: 6, col: 5, endCol: 11 });
    expect(d.message).toBe('zone `hidden1` is a hidden zone, and only area zones take `search`');
    expect(d.hint).toContain('make it `kind: area`');
  });

  it('search settings on a hand, afterSearch on a zone, a pile in a layout zone, a card twice', () => {
    expect(only(table('piles:\n  h1: { kind: hand, afterSearch: shuffle }\n')).code).toBe('table/not-searchable');
    expect(only(table('zones:\n  z: { kind: area, afterSearch: shuffle }\n')).code).toBe('content/unknown-key');
    expect(only(table('zones:\n  s: { kind: snap }\npiles:\n  d: { kind: deck, zone: s }\n')).code).toBe('table/zone-not-area');
    expect(only(table('piles:\n  d: { kind: deck, cards: [x] }\n  e: { kind: bag, cards: [x] }\n')).code).toBe('table/duplicate-card');
    expect(only('seats: [h]\n').code).toBe('content/missing');
  });

  it('publish checks table files beside the content and keeps them out of the bundle', async () => {
    const content = 'boxes:\n  b:\n    decks:\n      d:\n        cards:\n          c1: { title: One }\n    hands:\n      h1: { slots: 1 }\n';
    const good = await publish({ files: { 'content.yaml': content, 'tavern.table.yaml': TAVERN } });
    expect(good.diagnostics).toEqual([]);
    expect(JSON.stringify(good.bundle)).not.toContain('library');
    const bad = await publish({ files: { 'content.yaml': content, 't.table.yaml': table('piles:\n  lib: { kind: deck, owner: bb }\n') } });
    expect(bad.ok).toBe(false);
    expect(bad.diagnostics.map((d) => `${d.file}:${d.line}:${d.col} ${d.code}`)).toEqual(['t.table.yaml:4:29 table/unknown-seat']);
  });
});

describe('setTableSetting: one value changed, everything else kept', () => {
  const set = (text: string, edit: Parameters<typeof setTableSetting>[2]) => {
    const r = setTableSetting(text, 't.table.yaml', edit);
    if (!r.ok) throw new Error(r.message);
    return r.text;
  };

  it('replaces an existing value in place, its comment kept', () => {
    const out = set(TAVERN, { target: 'zone', id: 'areaA', key: 'search', value: 'anyone' });
    expect(out).toBe(TAVERN.replace('    search: host                 # the house rule', '    search: anyone                 # the house rule'));
  });

  it('adds a missing key on its own line in a block map, and inside the braces of a flow map', () => {
    const out = set(TAVERN, { target: 'pile', id: 'library', key: 'search', value: 'owner' });
    expect(out).toBe(TAVERN.replace('    cards: [bolt, bear, elf, giant]\n', '    cards: [bolt, bear, elf, giant]\n    search: owner\n'));
    const flow = set(TAVERN, { target: 'zone', id: 'room', key: 'search', value: 'host' });
    expect(flow).toBe(TAVERN.replace('room: { kind: area }', 'room: { kind: area, search: host }'));
    const after = set(TAVERN, { target: 'pile', id: 'discard', key: 'afterSearch', value: 'shuffle' });
    expect(after).toBe(TAVERN.replace('afterSearch: keep-order      #', 'afterSearch: shuffle      #'));
  });

  it('keeps CRLF line endings, and every edit reads back as what was set', () => {
    const crlf = TAVERN.replace(/\n/g, '\r\n');
    const out = set(crlf, { target: 'pile', id: 'tokens', key: 'search', value: 'anyone' });
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
    const r = readTableFile('t.table.yaml', out);
    expect(r.ok && createTable(r.options).resolveSearchPolicy('tokens').search.value).toBe('anyone');
  });

  it('not-set where nothing is written changes nothing; what the format refuses is refused', () => {
    expect(set(TAVERN, { target: 'pile', id: 'library', key: 'afterSearch', value: 'not-set' })).toBe(TAVERN);
    expect(setTableSetting(TAVERN, 't', { target: 'pile', id: 'handA', key: 'search', value: 'anyone' })).toMatchObject({ ok: false });
    expect(setTableSetting(TAVERN, 't', { target: 'zone', id: 'shelf', key: 'search', value: 'anyone' })).toMatchObject({ ok: false });
    expect(setTableSetting(TAVERN, 't', { target: 'pile', id: 'nope', key: 'search', value: 'anyone' })).toMatchObject({ ok: false });
    expect(setTableSetting(TAVERN, 't', { target: 'pile', id: 'library', key: 'search', value: 'everyone' as never })).toMatchObject({ ok: false });
  });
});
