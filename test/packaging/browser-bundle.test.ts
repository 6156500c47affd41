// Issue 13, part 2: the main entry (publish from files, the runtime, the trace) and
// `storyletengine/runtime` bundle for the browser, and deal there exactly as in Node. The bundles
// are built by esbuild (platform browser) from the packed package, resolved through its own
// `exports` map, so a `node:` import anywhere the main entry reaches (even behind a dynamic
// import) fails the build. Each bundle runs in Debian's Chromium, and its deals are compared
// with Node's for the same seeds, Node resolving the same package the way Node does (the `node`
// export condition). The gzipped sizes are printed here and recorded in docs/scaling.md.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENARIO_CONTENT } from '../browser/scenario.js';
import { launchChromium, openTab, servePage } from '../support/browser.js';
import { makeConsumer, type Consumer } from './support.js';

const SEEDS = ['demo', 's1', 'another seed'];

/** The deals both pages and Node run: three flows, six rounds, two hands, a play after each deal. */
const DEAL_ALL = `
function dealAll(createEngine, bundle, seed) {
  const engine = createEngine(bundle, { seed });
  const lines = [];
  const flows = ['ann', 'bob', 'cyd'].map((id) => engine.flow(id));
  for (let round = 0; round < 6; round++) {
    for (const flow of flows) {
      for (const hand of ['path', 'square']) {
        const { cards } = flow.deal(hand);
        lines.push(round + ' ' + flow.id + ' ' + hand + ' ' + cards.map((c) => c.id).join(','));
        const held = flow.hand(hand);
        if (held.length > 0) flow.play(held[(round + held.length) % held.length].id, { hand });
      }
      flow.advance('world', round % 2);
    }
  }
  return lines;
}
`;

const ROOT_ENTRY = `
import { publish, createEngine } from 'storyletengine';
export async function run(seed, input) {
  const r = await publish({ files: input.files });
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
  return { bundle: r.bundle, deals: dealAll(createEngine, r.bundle, seed) };
}
export async function dirRefused() {
  try {
    await publish({ dir: 'content' });
    return 'no error';
  } catch (err) {
    return err.code;
  }
}
${DEAL_ALL}
globalThis.__entry = { run, dirRefused };
`;

const RUNTIME_ENTRY = `
import { createEngine } from 'storyletengine/runtime';
export async function run(seed, input) {
  return { deals: dealAll(createEngine, input.bundle, seed) };
}
${DEAL_ALL}
globalThis.__entry = { run };
`;

interface Built {
  file: string;
  gzip: number;
  inputs: string[];
}

describe('the browser bundles of the main entry and storyletengine/runtime', () => {
  let consumer: Consumer;
  let chromium: { browser: Browser; close: () => Promise<void> };
  const sizes: string[] = [];

  async function bundle(name: string, source: string): Promise<Built> {
    const entry = join(consumer.dir, `${name}.mjs`);
    writeFileSync(entry, source);
    const file = join(consumer.dir, 'out', `${name}.js`);
    const r = await build({
      entryPoints: [entry],
      outfile: file,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      minify: true,
      metafile: true,
      logLevel: 'silent',
    });
    return { file, gzip: gzipSync(readFileSync(file)).length, inputs: Object.keys(r.metafile.inputs) };
  }

  /** Runs an entry in Node from the consumer project: `storyletengine` resolves as Node resolves it. */
  function inNode(name: string, seed: string, input: unknown): { bundle?: unknown; deals: string[] } {
    writeFileSync(join(consumer.dir, 'input.json'), JSON.stringify(input));
    const script = `const { run } = await import('./${name}.mjs'); const input = JSON.parse((await import('node:fs')).readFileSync('input.json', 'utf8')); console.log(JSON.stringify(await run(${JSON.stringify(seed)}, input)));`;
    return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: consumer.dir, encoding: 'utf8', maxBuffer: 64 << 20 }));
  }

  async function inBrowser<T>(
    built: Built,
    call: (entry: Record<string, (...a: unknown[]) => Promise<unknown>>, arg: unknown) => Promise<T>,
    arg: unknown,
  ): Promise<T> {
    const page = await servePage(built.file);
    try {
      const { tab, errors } = await openTab(chromium.browser, page.url, '__entry', 'object', built.file);
      try {
        const out = await tab.evaluate(
          ([fn, a]) => new Function('entry', 'arg', `return (${fn})(entry, arg);`)((globalThis as unknown as { __entry: unknown }).__entry, a),
          [call.toString(), arg] as const,
        );
        expect(errors).toEqual([]);
        return out as T;
      } finally {
        await tab.close();
      }
    } finally {
      await page.close();
    }
  }

  beforeAll(async () => {
    consumer = makeConsumer();
    writeFileSync(join(consumer.dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    chromium = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await chromium?.close();
    consumer?.remove();
    if (sizes.length) console.log(`browser bundles (esbuild --bundle --minify --platform=browser --format=esm, gzipped):\n  ${sizes.join('\n  ')}`);
  });

  it('the whole of each entry bundles with no Node module (export * from it)', async () => {
    for (const name of ['storyletengine', 'storyletengine/runtime']) {
      const built = await bundle(name === 'storyletengine' ? 'all-root' : 'all-runtime', `export * from '${name}';\n`);
      expect(built.inputs.filter((i) => i.startsWith('node:') || i.includes('read-dir') || i.includes('/dist/node.js'))).toEqual([]);
      // Resolved through the package's own exports, into the packed dist.
      expect(built.inputs.some((i) => i.includes('node_modules/storyletengine/dist/'))).toBe(true);
      sizes.push(`${name}: ${(built.gzip / 1000).toFixed(1)} kB (every export)`);
    }
  }, 60_000);

  it('the main entry publishes from files and deals in Chromium as in Node, seed for seed', async () => {
    const built = await bundle('root-page', ROOT_ENTRY);
    sizes.push(`storyletengine, the test page (publish + createEngine): ${(built.gzip / 1000).toFixed(1)} kB`);
    const files = { 'scenario.yaml': SCENARIO_CONTENT };
    for (const seed of SEEDS) {
      const node = inNode('root-page', seed, { files });
      const browser = await inBrowser(built, (entry, arg) => entry.run!((arg as { seed: string }).seed, { files: (arg as { files: unknown }).files }), {
        seed,
        files,
      });
      expect(node.deals.length).toBe(36);
      expect((browser as { deals: string[] }).deals).toEqual(node.deals);
      expect((browser as { bundle: unknown }).bundle).toEqual(node.bundle);
    }
  }, 120_000);

  it("the browser build of publish refuses { dir } with publish/needs-node (Node's reads the folder)", async () => {
    const built = await bundle('root-page', ROOT_ENTRY);
    expect(await inBrowser(built, (entry) => entry.dirRefused!(), null)).toBe('publish/needs-node');
  }, 60_000);

  it('storyletengine/runtime deals a published bundle in Chromium as in Node, seed for seed', async () => {
    const built = await bundle('runtime-page', RUNTIME_ENTRY);
    sizes.push(`storyletengine/runtime, the test page (createEngine): ${(built.gzip / 1000).toFixed(1)} kB`);
    expect(built.inputs.some((i) => /nearley|moo|js-yaml/.test(i))).toBe(false);
    const { bundle: published } = inNode('root-page', 'demo', { files: { 'scenario.yaml': SCENARIO_CONTENT } });
    for (const seed of SEEDS) {
      const node = inNode('runtime-page', seed, { bundle: published });
      const browser = await inBrowser(built, (entry, arg) => entry.run!((arg as { seed: string }).seed, { bundle: (arg as { bundle: unknown }).bundle }), {
        seed,
        bundle: published,
      });
      expect(node.deals.length).toBe(36);
      expect((browser as { deals: string[] }).deals).toEqual(node.deals);
    }
  }, 120_000);
});
