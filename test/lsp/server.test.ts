// The language server end to end: the built `storyletengine lsp --stdio` driven by a real LSP
// client over stdio (test/lsp/support.ts), on a copy of the village example. Every feature the
// editor uses: open, edit, diagnostics (publish's own), completion, hover, definition,
// references, rename and code actions.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, CompletionItem, Diagnostic, Hover, Location, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { publish } from '../../src/index.js';
import { positionOf, startClient, type Client } from './support.js';

let dir: string;
let client: Client;
let village: string;
let content: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'se-lsp-'));
  cpSync(new URL('../../examples/village', import.meta.url).pathname, dir, { recursive: true, filter: (p) => !p.endsWith('.mjs') });
  village = readFileSync(join(dir, 'village.yaml'), 'utf8');
  content = readFileSync(join(dir, 'content.yaml'), 'utf8');
  client = await startClient(dir);
  await client.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: client.uri('village.yaml'), languageId: 'yaml', version: 1, text: village },
  });
  await client.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: client.uri('content.yaml'), languageId: 'yaml', version: 1, text: content },
  });
  await client.waitFor('village.yaml', () => true);
});

afterAll(async () => {
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

let version = 1;
/** Replaces the first `from` with `to` in a buffer, as an incremental change. */
async function edit(name: 'village.yaml' | 'content.yaml', from: string, to: string): Promise<void> {
  const text = name === 'village.yaml' ? village : content;
  const start = positionOf(text, from);
  const end = positionOf(text, from, from.length);
  const next = text.replace(from, to);
  if (name === 'village.yaml') village = next;
  else content = next;
  await client.connection.sendNotification('textDocument/didChange', {
    textDocument: { uri: client.uri(name), version: ++version },
    contentChanges: [{ range: { start, end }, text: to }],
  });
}

const request = <T>(method: string, name: string, text: string, needle: string, delta: number, extra: object = {}) =>
  client.connection.sendRequest<T>(method, { textDocument: { uri: client.uri(name) }, position: positionOf(text, needle, delta), ...extra });

describe('storyletengine lsp', () => {
  it('reports what publish reports, as you type: same code, message, hint and position', async () => {
    await edit('village.yaml', '"@hand.peril >= 2"', '"@hand.perl >= 2"');
    const diags = await client.waitFor('village.yaml', (d) => d.some((x) => x.code === 'lang/unknown-name'));
    const published = await publish({ files: { 'village.yaml': village, 'content.yaml': content } });
    const expected = published.diagnostics.filter((d) => d.file === 'village.yaml');
    expect(diags.map((d) => d.code)).toEqual(expected.map((d) => d.code));
    const [d] = diags.filter((x) => x.code === 'lang/unknown-name');
    const [e] = expected.filter((x) => x.code === 'lang/unknown-name');
    expect(d!.message).toBe(`${e!.message}\n${e!.hint!}`);
    expect(d!.range).toEqual({ start: { line: e!.line - 1, character: e!.col - 1 }, end: { line: e!.endLine - 1, character: e!.endCol - 1 } });
    expect(d!.range.start).toEqual(positionOf(village, '@hand.perl'));
  });

  it('offers the did-you-mean fix, and applying it clears the diagnostic', async () => {
    const d = client.diagnostics.get(client.uri('village.yaml'))!.find((x) => x.code === 'lang/unknown-name')!;
    const actions = await client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: client.uri('village.yaml') },
      range: d.range,
      context: { diagnostics: [d] },
    });
    const fix = actions.find((a) => a.title === 'Change to @hand.peril')!;
    expect(fix.edit!.changes![client.uri('village.yaml')]).toEqual([{ range: d.range, newText: '@hand.peril' }]);
    await edit('village.yaml', '@hand.perl', '@hand.peril');
    await client.waitFor('village.yaml', (x) => !x.some((y) => y.severity === 1));
  });

  it('re-checks the files that depend on the one edited', async () => {
    await edit('content.yaml', '  coins: 3\n', '');
    const diags = await client.waitFor('village.yaml', (d) => d.some((x) => x.code === 'lang/unknown-name'));
    expect(diags.filter((x) => x.code === 'lang/unknown-name').map((x) => x.range.start)).toContainEqual(positionOf(village, '@world.coins'));
    // The fix declares it under world: in content.yaml, where world: is.
    const d = diags.find((x) => x.code === 'lang/unknown-name')!;
    const actions = await client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: client.uri('village.yaml') },
      range: d.range,
      context: { diagnostics: [d] },
    });
    const declare = actions.find((a) => a.title === 'Declare @world.coins under world:')!;
    const edits = declare.edit!.changes![client.uri('content.yaml')]!;
    expect(edits).toHaveLength(1);
    content = applyEdits(content, edits);
    expect(content).toContain('  goblin_returns_at: 0\n  coins: 0\n');
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: client.uri('content.yaml'), version: ++version },
      contentChanges: [{ text: content }],
    });
    await client.waitFor('village.yaml', (x) => !x.some((y) => y.severity === 1));
  });

  it('reads a file created outside the editor when the client reports it', async () => {
    const extra = 'boxes:\n  village:\n    decks:\n      extra:\n        cards:\n          late: { tags: { zone: forest }, condition: "@world.nope" }\n';
    writeFileSync(join(dir, 'extra.yaml'), extra);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('extra.yaml'), type: 1 }] });
    const diags = await client.waitFor('extra.yaml', (d) => d.some((x) => x.code === 'lang/unknown-name'));
    expect(diags.find((x) => x.code === 'lang/unknown-name')!.range.start).toEqual(positionOf(extra, '@world.nope'));
    rmSync(join(dir, 'extra.yaml'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('extra.yaml'), type: 3 }] });
    await client.waitFor('extra.yaml', (d) => d.length === 0);
  });

  it('completes @world names, the @hand names of the hands that can deal the card, and stages', async () => {
    const world = await request<CompletionItem[]>('textDocument/completion', 'village.yaml', village, '@world.now >= 1', '@world.'.length);
    expect(world.map((i) => i.label)).toEqual(['now', 'raining', 'goblin_returns_at', 'coins']);
    // goblin_rumour is in zone forest: only forest_path deals it, whose names are zone's.
    const hand = await request<CompletionItem[]>('textDocument/completion', 'village.yaml', village, '@hand.peril >= 2', '@hand.'.length);
    expect(hand.map((i) => i.label)).toEqual(['haunting', 'peril', 'zone']);
    const stages = await request<CompletionItem[]>('textDocument/completion', 'village.yaml', village, '@hand.haunting >= uneasy', '@hand.haunting >= '.length);
    expect(stages.map((i) => i.label)).toEqual(['calm', 'uneasy', 'haunted']);
  });

  it('completes tags, tag groups, templates and the keys of the format', async () => {
    const tags = await request<CompletionItem[]>('textDocument/completion', 'village.yaml', village, 'tags: { zone: forest }', 'tags: { zone: '.length);
    expect(tags.map((i) => i.label)).toEqual(['forest', 'village']);
    const groups = await request<CompletionItem[]>('textDocument/completion', 'village.yaml', village, 'tags: { zone: forest }', 'tags: { '.length);
    expect(groups.map((i) => i.label)).toEqual(['zone', 'npc']);
    const templates = await request<CompletionItem[]>(
      'textDocument/completion',
      'village.yaml',
      village,
      '{ template: talk, tags: { npc: elder } }',
      '{ template: '.length,
    );
    expect(templates.map((i) => i.label)).toEqual(['talk']);
    const keys = await request<CompletionItem[]>('textDocument/completion', 'village.yaml', village, '            title: A goblin', '            '.length);
    expect(keys.map((i) => i.label)).toContain('sharedCopies');
  });

  it('hovers a world name with its type, declaration, readers and writers; a card with its deck, tags and hands', async () => {
    const w = await request<Hover>('textDocument/hover', 'village.yaml', village, '@world.coins >= 2', '@world.c'.length);
    const text = (w.contents as { value: string }).value;
    expect(text).toContain('**@world.coins**: number');
    expect(text).toMatch(/declared at content\.yaml:\d+/);
    expect(text).toContain('read by: card market_gossip, card smith_offer');
    expect(text).toContain('written by: card market_gossip, card smith_offer');
    const c = await request<Hover>('textDocument/hover', 'village.yaml', village, 'goblin_rumour:', 2);
    const card = (c.contents as { value: string }).value;
    expect(card).toContain('deck: village/rumours');
    expect(card).toContain('tags: zone: forest');
    expect(card).toContain('condition: `@hand.peril >= 2`');
    expect(card).toContain('priority: 2');
    expect(card).toContain('dealt by: forest_path');
  });

  it('goes to the definition across files and finds every reference', async () => {
    const defs = await request<Location[]>('textDocument/definition', 'village.yaml', village, '@world.coins >= 2', '@world.c'.length);
    expect(defs).toEqual([{ uri: client.uri('content.yaml'), range: { start: positionOf(content, 'coins'), end: positionOf(content, 'coins', 5) } }]);
    const refs = await request<Location[]>('textDocument/references', 'content.yaml', content, 'haunting: [', 1, { context: { includeDeclaration: true } });
    // The quality's declaration and the zone property that climbs it.
    expect(refs.map((r) => r.uri)).toEqual([client.uri('content.yaml'), client.uri('content.yaml')]);
    const tag = await request<Location[]>('textDocument/references', 'content.yaml', content, 'forest: { peril', 1, { context: { includeDeclaration: false } });
    expect(tag.length).toBe(4); // goblin_rumour, the_goblin, dark_path and the forest_path hand
  });

  it('renames a world name in every file, inside the strings, and the result publishes', async () => {
    const prep = await request<{ placeholder: string }>('textDocument/prepareRename', 'village.yaml', village, '@world.coins >= 2', '@world.c'.length);
    expect(prep.placeholder).toBe('coins');
    const edit = await request<WorkspaceEdit>('textDocument/rename', 'village.yaml', village, '@world.coins >= 2', '@world.c'.length, { newName: 'gold' });
    const next = {
      'village.yaml': applyEdits(village, edit.changes![client.uri('village.yaml')]!),
      'content.yaml': applyEdits(content, edit.changes![client.uri('content.yaml')]!),
    };
    expect(next['village.yaml']).toContain('effects: ["@world.gold = @world.gold - 2"]');
    expect(next['village.yaml']).not.toContain('coins');
    const r = await publish({ files: next });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    await expect(request('textDocument/rename', 'village.yaml', village, '@world.coins >= 2', '@world.c'.length, { newName: 'not a name' })).rejects.toThrow(
      /is not a name/,
    );
  });

  it('renames a tag group and a tag, in keys, lists, flow maps and bare words', async () => {
    const edit = await request<WorkspaceEdit>('textDocument/rename', 'content.yaml', content, 'npc:\n', 1, { newName: 'person' });
    const next = {
      'village.yaml': applyEdits(village, edit.changes![client.uri('village.yaml')] ?? []),
      'content.yaml': applyEdits(content, edit.changes![client.uri('content.yaml')] ?? []),
    };
    expect(next['content.yaml']).toContain('choose: [person]');
    expect(next['village.yaml']).toContain('tags: { person: [elder, smith] }');
    expect((await publish({ files: next })).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

function applyEdits(text: string, edits: TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

export type { Diagnostic };
