// The language server's answers without a connection (src/lsp/project.ts): positions mapped
// through every YAML style a condition can be written in, and the renames and fixes that have to
// edit YAML correctly. The end-to-end test over stdio is server.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linkGraph } from '../../src/cli/links/graph.js';
import type { Position, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { publishFiles } from '../../src/content/publish.js';
import { Project } from '../../src/lsp/project.js';
import { positionOf } from './support.js';

const WORLD = `world:
  coins: 3
  raining: false
qualities:
  dread: [calm, uneasy, haunted]
tagGroups:
  zone:
    properties: { peril: 0, dread: { quality: dread, start: calm } }
    tags: { forest: {}, village: {} }
`;

// One condition per style: plain, single-quoted, double-quoted with an escape, folded, literal,
// and a flow map.
const CARDS = `boxes:
  b:
    hands:
      walker: { tags: { zone: forest }, condition: 'not @world.raining' }
    decks:
      d:
        cards:
          plain:
            tags: { zone: forest }
            condition: 1 <= @world.coins and @hand.peril < 3
          single:
            tags: { zone: forest }
            condition: '@hand.dread >= uneasy and @world.coins > 0'
          double:
            tags: { zone: forest }
            condition: "@world.coins != 2 and \\"x\\" == \\"x\\" and @hand.peril >= 0"
          folded:
            tags: { zone: forest }
            condition: >
              @world.coins > 1
              and @hand.peril >= 1
          literal:
            tags: { zone: forest }
            effects:
              - |
                @world.coins = @world.coins + 1
                advance(@hand.dread)
          flow: { tags: { zone: forest }, condition: "@world.coins == 3", effects: ["@world.coins = 0"] }
`;

function project(files: Record<string, string> = { 'world.yaml': WORLD, 'cards.yaml': CARDS }): Project {
  const p = new Project();
  for (const [k, v] of Object.entries(files)) p.set(k, v);
  return p;
}

const coinsIn = (text: string, nth: number): Position => positionOf(text, '@world.coins', '@world.'.length + 1, nth);

function applyEdits(text: string, edits: TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: Position) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  let out = text;
  for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start)))
    out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

describe('the language server project', () => {
  it('finds @world.coins in plain, quoted, escaped, folded, literal and flow scalars', () => {
    const p = project();
    expect(p.check().ok).toBe(true);
    const count = CARDS.split('@world.coins').length - 1;
    expect(count).toBe(8);
    for (let i = 0; i < count; i++) {
      const def = p.definition('cards.yaml', coinsIn(CARDS, i));
      expect(def, `occurrence ${i}`).toEqual([{ uri: 'world.yaml', range: { start: positionOf(WORLD, 'coins'), end: positionOf(WORLD, 'coins', 5) } }]);
    }
    const refs = p.references('world.yaml', positionOf(WORLD, 'coins'), false);
    expect(refs).toHaveLength(count);
    for (const r of refs) {
      const line = CARDS.split('\n')[r.range.start.line]!;
      expect(line.slice(r.range.start.character, r.range.end.character)).toBe('coins');
    }
  });

  it('reads writes from `=` and advance/retreat, in every style', () => {
    const hover = project().hover('world.yaml', positionOf(WORLD, 'coins'))!;
    const text = (hover.contents as { value: string }).value;
    expect(text).toContain('**@world.coins**: number');
    expect(text).toContain('written by: card literal, card flow');
    expect(text).toContain('read by: card plain, card single, card double, card folded, card literal, card flow');
  });

  it('puts a diagnostic inside a folded string where publish does, and the hint in data', () => {
    const broken = CARDS.replace('and @hand.peril >= 1', 'and @hand.perl >= 1');
    const p = project({ 'world.yaml': WORLD, 'cards.yaml': broken });
    const result = p.check();
    const [d] = result.byFile.get('cards.yaml')!;
    expect(d!.code).toBe('lang/unknown-name');
    expect(d!.range.start).toEqual(positionOf(broken, '@hand.perl'));
    expect(d!.data).toEqual({ hint: 'did you mean @hand.peril?' });
    const [fix] = p.codeActions('cards.yaml', [d!]);
    expect(applyEdits(broken, fix!.edit!.changes!['cards.yaml']!)).toBe(CARDS);
  });

  it('renames a stage in a ladder, a start value and a bare word; the result publishes', () => {
    const p = project();
    const edit = p.rename('world.yaml', positionOf(WORLD, 'uneasy'), 'restless') as WorkspaceEdit;
    const files = { 'world.yaml': applyEdits(WORLD, edit.changes!['world.yaml']!), 'cards.yaml': applyEdits(CARDS, edit.changes!['cards.yaml']!) };
    expect(files['world.yaml']).toContain('dread: [calm, restless, haunted]');
    expect(files['cards.yaml']).toContain("'@hand.dread >= restless and @world.coins > 0'");
    expect(publishFiles(files).ok).toBe(true);
    const start = p.rename('world.yaml', positionOf(WORLD, 'calm'), 'still') as WorkspaceEdit;
    expect(applyEdits(WORLD, start.changes!['world.yaml']!)).toContain('{ quality: dread, start: still }');
  });

  it('refuses to rename a card id and to rename to a keyword', () => {
    const p = project();
    expect(p.prepareRename('cards.yaml', positionOf(CARDS, 'plain:'))).toEqual({ error: expect.stringContaining('card id') as string });
    expect(p.rename('world.yaml', positionOf(WORLD, 'coins'), 'and')).toEqual({ error: expect.stringContaining('not a name') as string });
  });

  it('applies a did-you-mean on a key, and declares a world name in flow style', () => {
    const typo = CARDS.replace(
      'plain:\n            tags: { zone: forest }\n            condition:',
      'plain:\n            tags: { zone: forest }\n            conditon:',
    );
    const p = project({ 'world.yaml': 'world: { coins: 3, raining: false }\n' + WORLD.slice(WORLD.indexOf('qualities')), 'cards.yaml': typo });
    const diags = p.check().byFile.get('cards.yaml')!;
    const key = diags.find((d) => d.code === 'content/unknown-key')!;
    expect(p.codeActions('cards.yaml', [key])[0]!.edit!.changes!['cards.yaml']).toEqual([{ range: key.range, newText: 'condition' }]);
    const q = project({
      'world.yaml': 'world: { coins: 3, raining: false }\n' + WORLD.slice(WORLD.indexOf('qualities')),
      'cards.yaml': CARDS.replace("'not @world.raining'", "'not @world.snowing'"),
    });
    const unknown = q
      .check()
      .byFile.get('cards.yaml')!
      .find((d) => d.code === 'lang/unknown-name')!;
    const declare = q.codeActions('cards.yaml', [unknown]).find((a) => a.title.startsWith('Declare'))!;
    const world = applyEdits('world: { coins: 3, raining: false }\n', declare.edit!.changes!['world.yaml']!);
    expect(world).toBe('world: { coins: 3, raining: false, snowing: false }\n');
  });

  it('completes the @hand names of the dealing hands inside a folded string, and a ladder after a comparison', () => {
    const p = project();
    expect(p.check().ok).toBe(true);
    expect(p.completion('cards.yaml', positionOf(CARDS, '@hand.peril >= 1', '@hand.'.length)).map((i) => i.label)).toEqual(['dread', 'peril', 'zone']);
    expect(p.completion('cards.yaml', positionOf(CARDS, '@hand.dread >= uneasy', '@hand.dread >= '.length)).map((i) => i.label)).toEqual([
      'calm',
      'uneasy',
      'haunted',
    ]);
  });

  it('completes while the file does not parse yet', () => {
    const typing = `${CARDS}          fresh:\n            condition: "@world.`;
    const p = project({ 'world.yaml': WORLD, 'cards.yaml': typing });
    const end = positionOf(typing, '"@world.', '"@world.'.length, 0);
    const last = { line: typing.split('\n').length - 1, character: typing.split('\n').at(-1)!.length };
    expect(end.line).toBeLessThan(last.line + 1);
    expect(p.completion('cards.yaml', last).map((i) => i.label)).toEqual(['coins', 'raining']);
  });

  const village = () => ({
    'content.yaml': readFileSync(new URL('../../examples/village/content.yaml', import.meta.url), 'utf8'),
    'village.yaml': readFileSync(new URL('../../examples/village/village.yaml', import.meta.url), 'utf8'),
  });

  it('hovers each world name with the readers and writers storyletengine links reports', () => {
    const files = village();
    const p = project(files);
    const result = p.check();
    expect(result.ok).toBe(true);
    const published = publishFiles(files);
    const graph = linkGraph(published.bundle!);
    for (const w of graph.world) {
      const hover = p.hover('content.yaml', positionOf(files['content.yaml'], `  ${w.name}:`, 2))!;
      const text = (hover.contents as { value: string }).value;
      const list = (actors: { kind: string; id: string }[]) => [...new Set(actors.map((a) => `${a.kind} ${a.id}`))].sort();
      const line = (label: string) =>
        text
          .split('\n')
          .find((l) => l.startsWith(label))!
          .slice(label.length)
          .split(', ')
          .filter((x) => x !== 'nothing')
          .sort();
      expect(line('read by: '), w.name).toEqual(list(w.readBy));
      expect(line('written by: '), w.name).toEqual(list(w.writtenBy));
      expect(text).toContain(`**@world.${w.name}**: ${w.type}`);
    }
  });

  it('renames a @hand name, a template and a quality across files; each result publishes', () => {
    const files = village();
    const p = project(files);
    const cases: [keyof typeof files, string, number, string, string][] = [
      ['content.yaml', 'peril: 0', 0, 'danger', 'forest: { danger: 2 }'],
      ['content.yaml', '  talk:', 2, 'chat', 'elder_chat: { template: chat'],
      ['content.yaml', 'haunting: [', 0, 'dread', 'haunting: { quality: dread, start: calm }'],
    ];
    for (const [file, needle, delta, to, expected] of cases) {
      const edit = p.rename(file, positionOf(files[file], needle, delta), to) as WorkspaceEdit;
      const next = {
        'content.yaml': applyEdits(files['content.yaml'], edit.changes!['content.yaml'] ?? []),
        'village.yaml': applyEdits(files['village.yaml'], edit.changes!['village.yaml'] ?? []),
      };
      expect(next['content.yaml'] + next['village.yaml'], to).toContain(expected);
      expect(
        publishFiles(next).diagnostics.filter((d) => d.severity === 'error'),
        to,
      ).toEqual([]);
    }
  });
});
