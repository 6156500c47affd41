// Builds the browser game into a folder: the content published to bundle.json (Node's publish reads
// the content folder; the page gets only the bundle), the page's script bundled by esbuild from
// `storyletengine/runtime` as a user's build resolves it (through the package's `exports`), and the
// HTML page. `npm run example:browser-game` builds it into examples/browser-game/out/ and serves it.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { formatDiagnostic, publish } from 'storyletengine';

const HERE = dirname(fileURLToPath(import.meta.url));

/** Builds the game into `outDir`; returns the bundle's hash and the script's size in bytes. */
export async function buildGame(outDir = join(HERE, 'out')) {
  const result = await publish({ dir: join(HERE, 'content') });
  for (const d of result.diagnostics) console.error(formatDiagnostic(d, result.sources));
  if (!result.ok) throw new Error('the game content has errors (printed above)');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'bundle.json'), JSON.stringify(result.bundle));
  const js = await build({
    entryPoints: [join(HERE, 'src/main.ts')],
    outfile: join(outDir, 'game.js'),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    metafile: true,
    logLevel: 'silent',
  });
  copyFileSync(join(HERE, 'index.html'), join(outDir, 'index.html'));
  const inputs = Object.keys(js.metafile.inputs);
  return { hash: result.bundle.hash, bytes: js.metafile.outputs[Object.keys(js.metafile.outputs)[0]].bytes, inputs };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = process.argv[2] ?? join(HERE, 'out');
  const { hash, bytes } = await buildGame(out);
  console.log(`built ${out} (content ${hash}, game.js ${(bytes / 1000).toFixed(1)} kB)`);
}
