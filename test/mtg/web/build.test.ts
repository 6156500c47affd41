// The web build (src/mtg/web/pages/build.mjs, docs/mtg/web.md "Building the pages"): what
// `npm run build` writes into dist/web/ (content-addressed bundles, pages pointing at them, nothing
// else), and the architecture invariant that browser code bundles no Node module and no `ws`.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { assetHash, isHashedName } from '../../../src/mtg/web/hash.js';
import { REPO, importsOf, resolveImport } from '../../support/imports.js';

const WEB = join(REPO, 'dist/web');
type Built = { outDir: string; files: Array<{ name: string; bytes: number }> };
const { buildPages } = (await import(pathToFileURL(join(REPO, 'src/mtg/web/pages/build.mjs')).href)) as {
  buildPages(options: { srcDir?: string; outDir?: string }): Promise<Built>;
};

const scratch = mkdtempSync(join(tmpdir(), 'mtg-web-build-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A folder of one page whose script `page.ts` is `code`, built into a fresh folder. */
async function buildOne(code: string): Promise<Built> {
  const dir = mkdtempSync(join(scratch, 'src-'));
  writeFileSync(join(dir, 'page.html'), '<!doctype html><script type="module" src="page.js"></script>');
  writeFileSync(join(dir, 'page.ts'), code);
  const outDir = join(dir, 'out');
  mkdirSync(outDir);
  return buildPages({ srcDir: dir, outDir });
}

const src = (path: string): string => JSON.stringify(join(REPO, 'src', path));

describe('the web build', () => {
  it('fails on browser code that would bundle a Node module or ws, naming the modules that use it', async () => {
    await expect(buildOne(`import { readFileSync } from 'node:fs';\nconsole.log(readFileSync('x'));\n`)).rejects.toThrow(
      /page\.ts: browser code would bundle Node modules:\n {2}node:fs, used by .*page\.ts/,
    );
    await expect(buildOne(`import { WebSocket } from 'ws';\nnew WebSocket('ws://x');\n`)).rejects.toThrow(/ws, used by .*page\.ts/);
    await expect(buildOne(`import path from 'path';\nconsole.log(path.sep);\n`)).rejects.toThrow(/path, used by .*page\.ts/);
    // Reached through the engine's modules: reading a deck *file* needs node:fs.
    await expect(buildOne(`import { readDeckFile } from ${src('mtg/decks/index.js')};\nconsole.log(readDeckFile);\n`)).rejects.toThrow(
      /node:fs, used by src\/mtg\/read-file\.ts/,
    );
  }, 60_000);

  it('builds browser code whose Node-only neighbours tree-shaking drops (reading a deck from its text)', async () => {
    const built = await buildOne(`import { readDeck } from ${src('mtg/decks/index.js')};\nconsole.log(readDeck);\n`);
    expect(built.files.map((f) => f.name.replace(/[0-9a-f]{16}/, 'H')).sort()).toEqual(['page.H.js', 'page.html', 'page.js.H.map']);
  }, 60_000);

  it('wrote dist/web/: the pages and their content-addressed bundles, each named by the hash of its bytes, and nothing else', () => {
    const files = readdirSync(WEB).sort();
    const pages = files.filter((f) => f.endsWith('.html'));
    expect(pages).toEqual(expect.arrayContaining(['demo.html', 'index.html']));
    const referenced = new Set<string>();
    for (const page of pages) {
      const html = readFileSync(join(WEB, page), 'utf8');
      for (const m of html.matchAll(/\b(?:src|href)="([^"]+\.(?:js|css))"/g)) {
        expect(isHashedName(m[1]!), `${page} refers to ${m[1]}`).toBe(true);
        expect(files, `${page} refers to ${m[1]}`).toContain(m[1]);
        referenced.add(m[1]!);
      }
    }
    expect(readFileSync(join(WEB, 'demo.html'), 'utf8')).toMatch(/<script type="module" src="demo\.[0-9a-f]{16}\.js">/);
    for (const f of files.filter((x) => !x.endsWith('.html'))) {
      expect(isHashedName(f), f).toBe(true);
      const bytes = readFileSync(join(WEB, f));
      expect(f, 'the name carries the hash of the bytes').toContain(`.${assetHash(bytes)}`);
      if (f.endsWith('.js')) {
        // Every bundle is loaded by a page and names its source map, which is there too.
        expect(referenced, f).toContain(f);
        const map = /\/\/# sourceMappingURL=(\S+)\n$/.exec(bytes.toString('utf8'))?.[1];
        expect(files, `${f}'s source map`).toContain(map);
        expect(bytes.toString('utf8')).not.toContain('is a Node module: browser code cannot use it');
      }
    }
  });

  it('storyletengine/mtg and storyletengine/mtg/net know nothing of src/mtg/web/', () => {
    const web = join(REPO, 'src/mtg/web') + '/';
    const seen = new Set<string>();
    const bad: string[] = [];
    const walk = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const { spec } of importsOf(file)) {
        const target = resolveImport(file, spec);
        if (!target) continue;
        if (target.startsWith(web)) bad.push(`${file.slice(REPO.length + 1)} → ${spec}`);
        else if (target.startsWith(join(REPO, 'src'))) walk(target);
      }
    };
    walk(join(REPO, 'src/mtg/index.ts'));
    walk(join(REPO, 'src/mtg/net/index.ts'));
    expect(seen.size).toBeGreaterThan(100);
    expect(bad).toEqual([]);
  });
});
