// The VS Code extension: its package script builds a .vsix (a zip VS Code can install), the
// manifest names files that exist, and the injection grammar colours the condition language in
// strings but leaves prose alone.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const here = new URL('../../editors/vscode/', import.meta.url).pathname;

interface Token {
  text: string;
  scope: string;
}

/** The entries of a zip, read from its central directory. */
function unzip(bytes: Buffer): Map<string, Buffer> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    out.set(name, inflateRawSync(bytes.subarray(dataAt, dataAt + size)));
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

describe('editors/vscode', () => {
  it('packages a .vsix holding the manifest, the bundled client and the grammar', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'se-vsix-'));
    try {
      const { packageExtension } = (await import(join(here, 'package.mjs'))) as { packageExtension(o: { out: string }): Promise<{ out: string }> };
      const { out } = await packageExtension({ out: join(dir, 'x.vsix') });
      const files = unzip(readFileSync(out));
      expect([...files.keys()].sort()).toEqual([
        '[Content_Types].xml',
        'extension.vsixmanifest',
        'extension/README.md',
        'extension/dist/extension.js',
        'extension/package.json',
        'extension/syntaxes/storylet.injection.json',
      ]);
      const manifest = JSON.parse(files.get('extension/package.json')!.toString('utf8')) as {
        main: string;
        contributes: { grammars: { path: string; injectTo: string[] }[] };
      };
      expect(files.has(`extension/${manifest.main.replace('./', '')}`)).toBe(true);
      for (const g of manifest.contributes.grammars) {
        expect(existsSync(join(here, g.path))).toBe(true);
        expect(g.injectTo).toEqual(['source.yaml']);
      }
      const client = files.get('extension/dist/extension.js')!.toString('utf8');
      expect(client).toContain('lsp');
      expect(client).toContain('--stdio');
      expect(files.get('extension.vsixmanifest')!.toString('utf8')).toContain('Microsoft.VisualStudio.Code.Manifest');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('colours names, steps, keywords, comparisons and numbers in expressions, and nothing in prose', async () => {
    const { tokenize } = (await import(join(here, 'highlight.mjs'))) as { tokenize(s: string): Token[] };
    const short = (s: string) => tokenize(s).map((t) => `${t.text}:${t.scope.split('.').slice(0, 2).join('.')}`);
    expect(short('@hand.trust >= 0 and not @world.raining')).toEqual([
      '@:punctuation.definition',
      'hand:variable.language',
      '.:punctuation.accessor',
      'trust:variable.other',
      '>=:keyword.operator',
      '0:constant.numeric',
      'and:keyword.operator',
      'not:keyword.operator',
      '@:punctuation.definition',
      'world:variable.language',
      '.:punctuation.accessor',
      'raining:variable.other',
    ]);
    expect(short('retreat(@world.dread, 2)').filter((t) => !t.startsWith('@') && !t.startsWith('.'))).toEqual([
      'retreat:keyword.control',
      'world:variable.language',
      'dread:variable.other',
      '2:constant.numeric',
    ]);
    expect(tokenize('Somebody saw a goblin and ran 3 miles, or not')).toEqual([]);
    const grammar = JSON.parse(readFileSync(join(here, 'syntaxes/storylet.injection.json'), 'utf8')) as { injectionSelector: string };
    expect(grammar.injectionSelector).toContain('source.yaml string');
  });
});
