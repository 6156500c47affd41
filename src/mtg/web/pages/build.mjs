// The web build (issue 17, docs/mtg/web.md "Building the pages"): `npm run build` runs it after tsc.
// Every page of this folder (`*.html`) names its script (`<script type="module" src="NAME.js">`,
// bundled from `NAME.ts` here) and may name the stylesheet (`style.css`, copied as it is); the
// bundles are ESM for the browser, minified, with source maps, and every asset is written to
// dist/web/ under its content-addressed name (`NAME.<assetHash>.js`, the hash of the bytes written),
// with the pages rewritten to point at those names. Nothing else goes into dist/web/.
//
// Architecture invariant: the pages are browser code. A Node built-in (`node:fs`, `path`, …) or `ws`
// whose code would end up in a bundle fails the build, naming the modules that use it. Imports
// that tree-shaking drops are harmless (the engine's barrels re-export Node-only helpers such as the
// card cache, which a page never calls), so they resolve to stubs and the metafile is checked for
// what is actually in the output.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '../../../..');
const BUILTINS = new Set(builtinModules);
const STUB = 'browser-forbidden';

// The one tolerated Node import: seedrandom requires `crypto` only to autoseed (an unseeded
// generator), which the engine never asks for (every generator is seeded); an empty object is what
// browser bundlers give it, and seedrandom then never touches it.
const TOLERATED = [{ module: 'crypto', importer: /[\\/]seedrandom[\\/]/ }];

/** esbuild plugin: Node built-ins and `ws` resolve to stubs whose presence in an output is checked after the build. */
const forbidNode = {
  name: 'forbid-node',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      const bare = args.path.replace(/^node:/, '').split('/')[0];
      const isNode = args.path.startsWith('node:') || BUILTINS.has(args.path) || BUILTINS.has(bare);
      if (!isNode && bare !== 'ws') return undefined;
      const tolerated = TOLERATED.some((t) => t.module === bare && t.importer.test(args.importer));
      return { path: args.path, namespace: tolerated ? 'browser-empty' : STUB, sideEffects: false, pluginData: { importer: args.importer } };
    });
    b.onLoad({ filter: /.*/, namespace: 'browser-empty' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
    b.onLoad({ filter: /.*/, namespace: STUB }, (args) => ({
      contents: `module.exports = (() => { throw new Error(${JSON.stringify(`${args.path} is a Node module: browser code cannot use it`)}); })();`,
      loader: 'js',
    }));
  },
};

/** Which kept modules of the bundle import a stubbed Node module: `[[module, [importers]]]`, empty when the bundle is clean. */
function nodeUses(metafile, output) {
  const kept = metafile.outputs[output].inputs;
  const uses = new Map();
  for (const key of Object.keys(kept)) {
    if (!key.startsWith(`${STUB}:`)) continue;
    const module = key.slice(STUB.length + 1);
    const importers = Object.entries(metafile.inputs)
      .filter(([file, input]) => kept[file] && input.imports.some((i) => i.path === key))
      .map(([file]) => file);
    uses.set(module, importers);
  }
  return [...uses];
}

/** The pages of `dir`: each html file and the script entry it names. */
function pagesOf(dir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.html'))
    .sort()
    .map((html) => {
      const text = readFileSync(join(dir, html), 'utf8');
      const scripts = [...text.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
      const entries = scripts.map((src) => {
        const m = /^(?:\.\/)?([\w-]+)\.js$/.exec(src);
        if (!m) throw new Error(`${html}: a page's script is a NAME.js of this folder (bundled from NAME.ts), not ${JSON.stringify(src)}`);
        const entry = join(dir, `${m[1]}.ts`);
        if (!existsSync(entry)) throw new Error(`${html} loads ${src}, but there is no ${relative(ROOT, entry)} to bundle it from`);
        return { src, name: m[1], entry };
      });
      return { html, text, entries };
    });
}

/**
 * Builds the pages of `srcDir` into `outDir` (emptied first) and returns what was written:
 * `{ outDir, files: [{ name, bytes }] }`, every file with its size. The files are named with
 * `assetHash` and `hashedName` of the built `dist/mtg/web/hash.js` (a test may pass its own hash).
 */
export async function buildPages({ srcDir = HERE, outDir = join(ROOT, 'dist/web'), assetHash } = {}) {
  // One home for content addressing (src/mtg/web/hash.ts), built by tsc just before this runs.
  const addressing = await import(pathToFileURL(join(ROOT, 'dist/mtg/web/hash.js')).href);
  const hash = assetHash ?? addressing.assetHash;
  const pages = pagesOf(srcDir);
  const names = new Map(); // a plain name a page refers to → its hashed name
  const files = [];
  const write = (plain, bytes) => {
    const hashed = addressing.hashedName(plain, hash(bytes));
    files.push({ name: hashed, path: join(outDir, hashed), bytes });
    return hashed;
  };

  const entries = [...new Map(pages.flatMap((p) => p.entries).map((e) => [e.name, e])).values()];
  for (const e of entries) {
    const result = await build({
      entryPoints: [e.entry],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      minify: true,
      sourcemap: 'external',
      metafile: true,
      write: false,
      outdir: outDir,
      logLevel: 'silent',
      plugins: [forbidNode],
    });
    const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
    const map = result.outputFiles.find((f) => f.path.endsWith('.js.map'));
    const output = Object.keys(result.metafile.outputs).find((k) => k.endsWith('.js'));
    const bad = nodeUses(result.metafile, output);
    if (bad.length > 0) {
      const lines = bad.map(([module, importers]) => `  ${module}, used by ${importers.join(', ') || '(unknown)'}`);
      throw new Error(
        `${e.name}.ts: browser code would bundle Node modules:\n${lines.join('\n')}\nimport a node-free module instead (the pages import the engine, controllers, cards registry and log, never cli/common or a file reader)`,
      );
    }
    // The map first: the script names it, so the script's hash covers the map's name.
    const mapName = write(`${e.name}.js.map`, map.contents);
    const code = Buffer.concat([Buffer.from(js.contents), Buffer.from(`//# sourceMappingURL=${mapName}\n`)]);
    names.set(e.src, write(`${e.name}.js`, code));
  }

  if (existsSync(join(srcDir, 'style.css'))) names.set('style.css', write('style.css', readFileSync(join(srcDir, 'style.css'))));

  for (const page of pages) {
    const html = page.text.replace(/\b(src|href)="([^"]+)"/g, (whole, attr, value) => {
      const plain = value.replace(/^\.\//, '');
      if (names.has(value)) return `${attr}="${names.get(value)}"`;
      if (names.has(plain)) return `${attr}="${names.get(plain)}"`;
      if (/^[\w-]+\.(css|js)$/.test(plain)) throw new Error(`${page.html} refers to ${value}, which this folder does not build`);
      return whole;
    });
    files.push({ name: page.html, path: join(outDir, page.html), bytes: Buffer.from(html) });
  }

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const f of files) writeFileSync(f.path, f.bytes);
  return { outDir, files: files.map((f) => ({ name: f.name, bytes: f.bytes.length })) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const { outDir, files } = await buildPages();
    const width = Math.max(...files.map((f) => f.name.length));
    console.log(`web build: ${relative(process.cwd(), outDir) || '.'}/`);
    for (const f of files) console.log(`  ${f.name.padEnd(width)}  ${(f.bytes / 1024).toFixed(1).padStart(7)} KiB`);
  } catch (error) {
    console.error(`web build failed: ${error.message}`);
    process.exit(1);
  }
}
