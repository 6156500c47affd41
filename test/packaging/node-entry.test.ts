// Issue 13, part 2: the folder-reading publish lives in the Node entry. The main entry's own build
// has no file system, so it refuses { dir } with a typed error saying where to import from; in
// Node, `storyletengine` resolves to the Node entry by the `node` export condition, so
// `publish({ dir })` keeps working there unchanged.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publish as browserPublish } from '../../src/index.js';
import * as node from '../../src/node.js';
import * as root from '../../src/index.js';
import { ROOT } from './support.js';

const VILLAGE = join(ROOT, 'examples', 'village');

describe('publish({ dir })', () => {
  it('the main entry refuses it with publish/needs-node, naming storyletengine/node', async () => {
    await expect(browserPublish({ dir: VILLAGE })).rejects.toMatchObject({ code: 'publish/needs-node', details: { dir: VILLAGE } });
    await expect(browserPublish({ dir: VILLAGE })).rejects.toThrow(/storyletengine\/node/);
  });

  it('the main entry still publishes { files }', async () => {
    const r = await browserPublish({
      files: { 'village.yaml': readFileSync(join(VILLAGE, 'village.yaml')), 'content.yaml': readFileSync(join(VILLAGE, 'content.yaml')) },
    });
    expect(r.ok).toBe(true);
  });

  it('the Node entry reads the folder, to the same bundle', async () => {
    const fromDir = await node.publish({ dir: VILLAGE });
    const fromFiles = await browserPublish({
      files: { 'village.yaml': readFileSync(join(VILLAGE, 'village.yaml')), 'content.yaml': readFileSync(join(VILLAGE, 'content.yaml')) },
    });
    expect(fromDir.ok).toBe(true);
    expect(fromDir.bundle).toEqual(fromFiles.bundle);
  });

  it('the Node entry exports everything the main entry does', () => {
    expect(Object.keys(node).sort()).toEqual(Object.keys(root).sort());
    for (const k of Object.keys(root)) if (k !== 'publish') expect(node[k as keyof typeof node]).toBe(root[k as keyof typeof root]);
  });
});

describe('the exports map', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, Record<string, unknown>> };

  it('sends Node to the Node entry and everything else (browsers, bundlers) to the main one', () => {
    const main = pkg.exports['.']!;
    // Conditions are tried in order: `node` must come before the unconditional ones.
    expect(Object.keys(main)).toEqual(['node', 'types', 'import']);
    expect(main.node).toEqual({ types: './dist/node.d.ts', import: './dist/node.js' });
    expect(main.import).toBe('./dist/index.js');
    expect(pkg.exports['./node']).toEqual({ types: './dist/node.d.ts', import: './dist/node.js' });
  });

  it('every entry is in the API reference (typedoc.json), and the reference warns about nothing', () => {
    const typedoc = JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8')) as { entryPoints: string[]; treatWarningsAsErrors?: boolean };
    const sources = Object.entries(pkg.exports)
      .filter(([k]) => k !== './package.json')
      .map(([, v]) =>
        String(v.import)
          .replace(/^\.\/dist\//, 'src/')
          .replace(/\.js$/, '.ts'),
      );
    expect([...typedoc.entryPoints].sort()).toEqual([...new Set(sources)].sort());
    // `npm run docs:api` fails on a warning (an export that refers to a type no entry exports).
    expect(typedoc.treatWarningsAsErrors).toBe(true);
  });

  it('each entry names itself as users import it (`@module`), so the reference is not titled "index"', () => {
    for (const [key, v] of Object.entries(pkg.exports)) {
      if (key === './package.json') continue;
      const file = join(
        ROOT,
        String(v.import)
          .replace(/^\.\/dist\//, 'src/')
          .replace(/\.js$/, '.ts'),
      );
      const name = key === '.' ? 'storyletengine' : `storyletengine/${key.slice(2)}`;
      expect(readFileSync(file, 'utf8')).toContain(` * @module ${name}\n`);
    }
  });
});
