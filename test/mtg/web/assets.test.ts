// The asset commands of the browser product (issue 17; docs/mtg/web.md, "Data and assets"):
// `mtg hash-asset` / `hash-web-assets` (BLAKE3 test vectors, the manifest, idempotence),
// `mtg build-card-lookup` (the oldest art per card, the refusal that keeps the old table byte for
// byte), `mtg download` (against a loopback fixture server: failing URLs, concurrency and the
// politeness delay) and `mtg export-web` (the starter decks in a clean folder; the corpus decks
// when ../shared is there). The commands run as users run them: the built CLI (npm test builds;
// on its own, run `npx tsc -p tsconfig.build.json` first). Fixtures: test/fixtures/web/ (our own
// hand-written JSON imitating Scryfall's shape, no Scryfall data).
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardRegistry, type CardRegistry } from '../../../src/mtg/cards/index.js';
import { heuristicSeat } from '../../../src/mtg/controllers/index.js';
import { readDeck } from '../../../src/mtg/decks/index.js';
import { createGame, runGame } from '../../../src/mtg/engine/index.js';
import { STARTER_DECKS, starterRegistry } from '../../../src/mtg/starter/index.js';
import { assetHash } from '../../../src/mtg/web/hash.js';
import { CardLookupBuilder, jsonArrayItems, lookupText } from '../../../src/mtg/web/assets/card-lookup.js';
import { downloadImages } from '../../../src/mtg/web/assets/download.js';
import { globMatcher } from '../../../src/mtg/web/assets/export-web.js';
import { main } from '../../../src/mtg/cli.js';
import { CARDS_DIR, needsCorpus, REPO } from '../../support/corpora.js';

const CLI = join(REPO, 'dist/mtg/cli.js');
const FIXTURES = join(REPO, 'test/fixtures/web');
const BULK = join(FIXTURES, 'unique_artwork.json');
const DECK = join(FIXTURES, 'deck.dck');

const scratchDirs: string[] = [];
/** A fresh folder, nested one level so that `<it>/../shared` is never the machine's /tmp/shared. */
function scratch(): string {
  const root = mkdtempSync(join(tmpdir(), 'mtg-webassets-'));
  scratchDirs.push(root);
  const dir = join(root, 'work');
  mkdirSync(dir);
  return dir;
}
afterAll(() => {
  for (const d of scratchDirs) rmSync(d, { recursive: true, force: true });
});

/** Runs the built `mtg <args>` in `cwd` and waits for its exit (asynchronously: the fixture server answers meanwhile). */
function mtg(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>) };
  delete env['NO_COLOR'];
  delete env['FORCE_COLOR'];
  const proc = spawn(process.execPath, [CLI, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 90_000 });
  let stdout = '';
  let stderr = '';
  proc.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  proc.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  return new Promise((resolve) => proc.on('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * Runs `mtg <args>` in this process (src/mtg/cli.ts's `main`, what the binary calls): for the
 * many refusal cases, where a process per case would only add start-up time.
 */
async function mtgIn(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: { write: (c: string) => (stdout += c) }, stderr: { write: (c: string) => (stderr += c) }, cwd });
  return { code, stdout, stderr };
}

/** Every file under `dir` with its bytes' hash, for "nothing changed" checks. */
function tree(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) Object.assign(out, tree(path, `${prefix}${name}/`));
    else out[`${prefix}${name}`] = assetHash(readFileSync(path));
  }
  return out;
}

describe('hashes: assetHash and mtg hash-asset', () => {
  it('match the BLAKE3 test vectors (the first 16 hex characters)', async () => {
    const enc = new TextEncoder();
    expect(assetHash(enc.encode(''))).toBe('af1349b9f5f9a1a6');
    expect(assetHash(enc.encode('abc'))).toBe('6437b3ac38465133');
    // The official vectors' input: bytes 0, 1, …, 250 repeated; 1025 bytes cross the 1024-byte chunk boundary.
    const dir = scratch();
    const bytes = Uint8Array.from({ length: 1025 }, (_, i) => i % 251);
    writeFileSync(join(dir, 'vector-1025.bin'), bytes);
    writeFileSync(join(dir, 'empty'), '');
    expect(assetHash(bytes)).toBe('d00278ae47eb27b3');
    const r = await mtg(['hash-asset', 'vector-1025.bin'], dir);
    expect(r, r.stderr).toMatchObject({ code: 0, stdout: 'd00278ae47eb27b3\n' });
    expect((await mtg(['hash-asset', 'empty'], dir)).stdout).toBe('af1349b9f5f9a1a6\n');
    const missing = await mtgIn(['hash-asset', 'nope.bin'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^mtg hash-asset: nope\.bin: no such file/);
  });
});

describe('mtg hash-web-assets', () => {
  it('writes a hashed copy of every asset and the manifest, and a second run changes nothing', async () => {
    const site = scratch();
    const files: Record<string, string> = {
      'index.html': '<html></html>',
      'demo.html': '<html>demo</html>',
      'app.0123456789abcdef.js': 'console.log(1)',
      'app.0123456789abcdef.js.map': '{}',
      '.hidden': 'x',
      'data/cards.json': '{"format":1,"cards":[],"tokens":[]}',
      'data/decks.json': '{"format":1,"decks":[]}',
      'data/images/small/lightning_bolt.jpg': '\xff\xd8\xff fake',
      LICENSE: 'MIT',
    };
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(join(site, rel, '..'), { recursive: true });
      writeFileSync(join(site, rel), text);
    }
    const h = (rel: string): string => assetHash(readFileSync(join(site, rel)));
    const first = await mtg(['hash-web-assets', '.'], site);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe('mtg hash-web-assets: 4 assets, 4 new hashed copies, asset-manifest.json written\n');
    const manifest = JSON.parse(readFileSync(join(site, 'asset-manifest.json'), 'utf8'));
    // Pages, dot files and names that already carry a hash are left alone; keys in path order.
    expect(manifest).toEqual({
      format: 1,
      assets: {
        LICENSE: `LICENSE.${h('LICENSE')}`,
        'data/cards.json': `data/cards.${h('data/cards.json')}.json`,
        'data/decks.json': `data/decks.${h('data/decks.json')}.json`,
        'data/images/small/lightning_bolt.jpg': `data/images/small/lightning_bolt.${h('data/images/small/lightning_bolt.jpg')}.jpg`,
      },
    });
    expect(Object.keys(manifest.assets)).toEqual(['LICENSE', 'data/cards.json', 'data/decks.json', 'data/images/small/lightning_bolt.jpg']);
    for (const [plain, hashed] of Object.entries(manifest.assets as Record<string, string>))
      expect(readFileSync(join(site, hashed))).toEqual(readFileSync(join(site, plain)));

    const before = tree(site);
    const second = await mtg(['hash-web-assets', site], site);
    expect(second.stdout).toBe('mtg hash-web-assets: 4 assets, 0 new hashed copies, asset-manifest.json unchanged\n');
    expect(tree(site)).toEqual(before);

    // A changed asset gets a new copy and the manifest follows; the old copy stays for pages loaded earlier.
    const oldCopy = manifest.assets['data/cards.json'] as string;
    writeFileSync(join(site, 'data/cards.json'), '{"format":1,"cards":[1],"tokens":[]}');
    const third = await mtg(['hash-web-assets', '.'], site);
    expect(third.stdout).toBe('mtg hash-web-assets: 4 assets, 1 new hashed copies, asset-manifest.json written\n');
    const after = JSON.parse(readFileSync(join(site, 'asset-manifest.json'), 'utf8'));
    expect(after.assets['data/cards.json']).toBe(`data/cards.${h('data/cards.json')}.json`);
    expect(after.assets['data/cards.json']).not.toBe(oldCopy);
    expect(existsSync(join(site, oldCopy))).toBe(true);
  });
});

describe('mtg build-card-lookup', () => {
  it('keeps the oldest art per card identity, whatever the order of the entries', async () => {
    const dir = scratch();
    const r = await mtg(['build-card-lookup', '--bulk', BULK], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('mtg build-card-lookup: 14 entries read (1 art-series skipped): 10 cards, 13 names → web/data/card-lookup.json (934 bytes)\n');
    const text = readFileSync(join(dir, 'web/data/card-lookup.json'), 'utf8');
    const table = JSON.parse(text);
    expect(table.format).toBe(1);
    expect(table.base).toBe('https://cards.scryfall.io');
    // Alpha's Lightning Bolt (1993) over M10's (2009); the art-series "card" of 1990 is not a card.
    expect(table.cards['Lightning Bolt']).toBe('b2000000-0000-4000-8000-000000000002?1559591605');
    // Three Forests of one date and set: the lowest collector number, compared as a number (294 < 295 < 1000).
    expect(table.cards['Forest']).toBe('c4000000-0000-4000-8000-000000000004?1559592400');
    // A token named like a card (and older) never takes the card's name.
    expect(table.cards['Llanowar Elves']).toBe('2a000000-0000-4000-8000-00000000000a?1559591900');
    // A transform card: each face its own image; a split card: the faces share the card's.
    expect(table.cards['Delver of Secrets']).toBe('d6000000-0000-4000-8000-000000000006?1576384000');
    expect(table.cards['Insectile Aberration']).toBe('back/d6000000-0000-4000-8000-000000000006?1576384000');
    expect(table.cards['Fire // Ice']).toBe(table.cards['Fire']);
    expect(Object.keys(table.cards)).toEqual([...Object.keys(table.cards)].sort());

    const entries = JSON.parse(readFileSync(BULK, 'utf8')) as unknown[];
    const reversed = new CardLookupBuilder();
    for (const e of [...entries].reverse()) reversed.add(e);
    expect(lookupText(reversed.finish())).toBe(text);
  });

  it('refuses a drifted URL naming the first bad entry, and keeps the old table byte for byte', async () => {
    const dir = scratch();
    const out = join(dir, 'table.json');
    expect((await mtg(['build-card-lookup', '--bulk', BULK, '--out', out], dir)).code).toBe(0);
    const old = readFileSync(out);
    const entries = JSON.parse(readFileSync(BULK, 'utf8')) as Array<{ image_uris?: Record<string, string> }>;
    const cases: Array<[string, (e: typeof entries) => void, RegExp]> = [
      [
        'another host',
        (e) => (e[2]!.image_uris!.normal = e[2]!.image_uris!.normal!.replace('cards.scryfall.io', 'c1.scryfall.com')),
        /entry 2 \("Forest"\): image_uris\.normal is not https:\/\/cards\.scryfall\.io\/<small\|normal>.*\(https:\/\/c1\.scryfall\.com\/normal\/front\/c\/3\//,
      ],
      [
        'another extension',
        (e) => (e[3]!.image_uris!.small = e[3]!.image_uris!.small!.replace('.jpg', '.webp')),
        /entry 3 \("Forest"\): image_uris\.small is not/,
      ],
      [
        'no cache stamp',
        (e) => (e[0]!.image_uris!.small = e[0]!.image_uris!.small!.replace(/\?\d+$/, '')),
        /entry 0 \("Lightning Bolt"\): image_uris\.small is not/,
      ],
      [
        'folders not from the uuid',
        (e) => (e[1]!.image_uris!.small = e[1]!.image_uris!.small!.replace('/b/2/', '/2/b/')),
        /entry 1 .*folders 2\/b are not the uuid's/,
      ],
      ['no images', (e) => delete e[10]!.image_uris, /entry 10 \("Shock"\): no image_uris on the card or its first face/],
    ];
    for (const [what, spoil, message] of cases) {
      const copy = structuredClone(entries);
      spoil(copy);
      writeFileSync(join(dir, 'drift.json'), JSON.stringify(copy, null, 1));
      const r = await mtgIn(['build-card-lookup', '--bulk', 'drift.json', '--out', out], dir);
      expect(r.code, what).toBe(1);
      expect(r.stderr, what).toMatch(/^mtg build-card-lookup: mtg\/lookup-drift: /);
      expect(r.stderr, what).toMatch(message);
      expect(r.stderr, what).toMatch(/the old table is kept/);
      expect(readFileSync(out), what).toEqual(old);
    }
    // A truncated download is refused the same way.
    writeFileSync(join(dir, 'short.json'), readFileSync(BULK, 'utf8').slice(0, 2000));
    const short = await mtg(['build-card-lookup', '--bulk', 'short.json', '--out', out], dir);
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/mtg\/bad-bulk: .*short\.json: it ends inside item \d+ \(a truncated download\?\)/);
    expect(readFileSync(out)).toEqual(old);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
    const usage = await mtgIn(['build-card-lookup'], dir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--bulk FILE is required/);
  });

  it('reads the bulk array as a stream, wherever the chunks are cut', async () => {
    const text = '[ {"name":"a\\"}]{b","x":[1,{"y":"]"}],"z":"\\\\"} ,\n{"name":"é ☃"}\n]';
    const expected = JSON.parse(text) as unknown[];
    for (const size of [1, 2, 3, 7, 1000]) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      const items: unknown[] = [];
      for await (const item of jsonArrayItems(
        (async function* () {
          yield* chunks;
        })(),
      ))
        items.push(item);
      expect(items, `chunks of ${size}`).toEqual(expected);
    }
    const read = async (t: string): Promise<unknown[]> => {
      const out: unknown[] = [];
      for await (const item of jsonArrayItems(
        (async function* () {
          yield t;
        })(),
      ))
        out.push(item);
      return out;
    };
    await expect(read('{"name":"x"}')).rejects.toMatchObject({ code: 'mtg/bad-bulk' });
    await expect(read('[1]')).rejects.toMatchObject({ code: 'mtg/bad-bulk', message: expect.stringMatching(/item 0 is not an object/) });
    await expect(read('[{"a":1}] x')).rejects.toMatchObject({ code: 'mtg/bad-bulk' });
  });
});

describe('mtg download against a loopback fixture server', () => {
  const requests: Array<{ path: string; start: number; end?: number }> = [];
  const hanging: ServerResponse[] = [];
  let server: Server;
  let base = '';
  let inFlight = 0;
  let maxInFlight = 0;
  // A small valid-looking JPEG: SOI, an APP0 marker, EOI.
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const record: { path: string; start: number; end?: number } = { path: req.url ?? '', start: Date.now() };
      requests.push(record);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const finish = (status: number, body: Buffer | string, type: string): void => {
        res.writeHead(status, { 'content-type': type });
        res.end(body, () => {
          record.end = Date.now();
          inFlight--;
        });
      };
      const url = req.url ?? '';
      if (url.includes('3b000000'))
        finish(404, 'not found', 'text/plain'); // Shock
      else if (url.includes('6e000000'))
        finish(200, '<html>a login page</html>', 'text/html'); // Giant Growth: 200, but not an image
      else if (url.includes('5d000000')) {
        // Raging Goblin: never answers (the timeout's case); ended in afterAll.
        hanging.push(res);
        inFlight--;
      } else setTimeout(() => finish(200, JPEG, 'image/jpeg'), 120); // slow enough for requests to overlap
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const res of hanging) res.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('reports each failing URL with its card, fetches the rest within the concurrency and delay, and skips what is there', async () => {
    const dir = scratch();
    expect((await mtg(['build-card-lookup', '--bulk', BULK, '--out', 'lookup.json'], dir)).code).toBe(0);
    const args = [
      'download',
      '--only-deck',
      DECK,
      '--lookup',
      'lookup.json',
      '--out',
      'images',
      '--base-url',
      base,
      '--concurrency',
      '2',
      '--delay-ms',
      '40',
      '--timeout-ms',
      '1500',
      '--cards',
      'starter',
    ];
    const r = await mtg(args, dir);
    expect(r.code, r.stderr).toBe(1);
    // One line per failure, in card order, each naming the card and the URL.
    expect(r.stderr.split('\n').filter((l) => l !== '')).toEqual([
      `mtg download: Giant Growth: ${base}/small/front/6/e/6e000000-0000-4000-8000-00000000000e.jpg?1559591700: the response (25 bytes, text/html) is not a JPEG image`,
      `mtg download: Raging Goblin: ${base}/small/front/5/d/5d000000-0000-4000-8000-00000000000d.jpg?1562000200: no answer within 1500 ms`,
      `mtg download: Shock: ${base}/small/front/3/b/3b000000-0000-4000-8000-00000000000b.jpg?1562000100: HTTP 404 Not Found`,
    ]);
    expect(r.stdout).toBe(`mtg download: ${DECK}: 5 downloaded (65 bytes), 0 already there, 3 failed → images/small/ (5 images in images.json)\n`);
    const index = JSON.parse(readFileSync(join(dir, 'images/images.json'), 'utf8'));
    // Only the good ones, by the names the deck gives (a card the card source lacks, Fire // Ice, by its written name).
    expect(index).toEqual({
      format: 1,
      size: 'small',
      images: {
        'Fire // Ice': 'small/fire_ice.jpg',
        Forest: 'small/forest.jpg',
        'Lightning Bolt': 'small/lightning_bolt.jpg',
        'Llanowar Elves': 'small/llanowar_elves.jpg',
        Mountain: 'small/mountain.jpg',
      },
    });
    for (const rel of Object.values(index.images as Record<string, string>)) expect(readFileSync(join(dir, 'images', rel))).toEqual(JPEG);
    expect(readdirSync(join(dir, 'images/small')).sort()).toEqual(['fire_ice.jpg', 'forest.jpg', 'lightning_bolt.jpg', 'llanowar_elves.jpg', 'mountain.jpg']);
    // The oldest art's URL, under --base-url.
    expect(requests.map((q) => q.path)).toContain('/small/front/b/2/b2000000-0000-4000-8000-000000000002.jpg?1559591605');
    expect(requests).toHaveLength(8);
    // Concurrency: never more than 2 at once (the spacing is timed on the client's side below: on
    // the server's, a first request's connection set-up can bunch two arrivals together).
    expect(maxInFlight).toBeLessThanOrEqual(2);

    // Again: what is there is not fetched again; only the three failures are retried, and still fail.
    requests.length = 0;
    const again = await mtg(args, dir);
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/: 0 downloaded \(0 bytes\), 5 already there, 3 failed → images\/small\/ \(5 images in images\.json\)/);
    expect(requests.map((q) => q.path.split('/')[5]!.slice(0, 8)).sort()).toEqual(['3b000000', '5d000000', '6e000000']);
    expect(JSON.parse(readFileSync(join(dir, 'images/images.json'), 'utf8'))).toEqual(index);
  }, 60_000);

  it('keeps at most N requests in flight, their starts at least D ms apart (timed where they are sent)', async () => {
    const dir = scratch();
    const entries = JSON.parse(readFileSync(BULK, 'utf8')) as unknown[];
    const builder = new CardLookupBuilder();
    for (const e of entries) builder.add(e);
    const sent: number[] = [];
    let open = 0;
    let most = 0;
    const timed = (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      sent.push(Date.now());
      most = Math.max(most, ++open);
      try {
        return await fetch(input, init);
      } finally {
        open--;
      }
    }) as typeof fetch;
    const names = ['Delver of Secrets', 'Insectile Aberration', 'Fire // Ice', 'Forest', 'Lightning Bolt', 'Llanowar Elves', 'Mountain'];
    const report = await downloadImages({
      names,
      lookup: builder.finish(),
      out: join(dir, 'images'),
      size: 'normal',
      concurrency: 3,
      delayMs: 30,
      baseUrl: base,
      timeoutMs: 5000,
      fetch: timed,
    });
    expect(report.failed).toEqual([]);
    expect(report.downloaded).toEqual([...names].sort());
    expect(sent).toHaveLength(7);
    for (let i = 1; i < sent.length; i++) expect(sent[i]! - sent[i - 1]!, `request ${i}`).toBeGreaterThanOrEqual(30);
    // Each answer takes 120 ms and a start comes every 30: three at once, never four.
    expect(most).toBe(3);
    // The two faces of a transform card are two images.
    expect(report.index.images['Insectile Aberration']).toBe('normal/insectile_aberration.jpg');
    expect(requests.map((q) => q.path)).toContain('/normal/back/d/6/d6000000-0000-4000-8000-000000000006.jpg?1576384000');
  });

  it('refuses bad usage with exit 2 and a missing table with its fix', async () => {
    const dir = scratch();
    const usage = async (args: string[], re: RegExp): Promise<void> => {
      const r = await mtgIn(['download', ...args], dir);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(re);
    };
    await usage([], /--only-deck DECK is required/);
    await usage(['--only-deck', DECK, '--size', 'large'], /--size takes small or normal/);
    await usage(['--only-deck', DECK, '--concurrency', '0'], /--concurrency must be a whole number from 1 to 64/);
    await usage(['--only-deck', DECK, '--base-url', 'ftp://x'], /--base-url takes an http\(s\) origin/);
    await usage(['--only-deck', 'nope.dck', '--lookup', BULK], /mtg\/unknown-deck: no deck file "nope.dck" \(built-in decks: /);
    const r = await mtgIn(['download', '--only-deck', DECK], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/mtg\/bad-lookup: no card lookup table at web\/data\/card-lookup\.json: build it with mtg build-card-lookup/);

    // An exported deck by its stem, from the decks.json beside the images folder (export-web leaves no .dck files).
    expect((await mtgIn(['build-card-lookup', '--bulk', BULK], dir)).code).toBe(0);
    const decks = { format: 1, decks: [{ stem: 'bolts', file: 'burn/bolts.dck', group: 'burn', text: '[Main]\n20 Mountain\n4 Shock\n' }] };
    writeFileSync(join(dir, 'web/data/decks.json'), JSON.stringify(decks));
    const byStem = await mtg(['download', '--only-deck', 'bolts', '--base-url', base, '--delay-ms', '0'], dir);
    expect(byStem.code).toBe(1);
    expect(byStem.stderr).toMatch(/^mtg download: Shock: http:\/\/127\.0\.0\.1:\d+\/small\/front\/3\/b\/.*: HTTP 404 Not Found\n$/);
    expect(byStem.stdout).toBe(
      'mtg download: burn/bolts.dck: 1 downloaded (13 bytes), 0 already there, 1 failed → web/data/images/small/ (1 images in images.json)\n',
    );
    await usage(['--only-deck', 'bolt'], /mtg\/unknown-deck: no deck file "bolt", nor a deck of .*web\/data\/decks\.json/);
  });
});

/** A folder of built pages as the web build makes them (the test does not depend on the build's output). */
function fakePages(): string {
  const dir = scratch();
  writeFileSync(join(dir, 'index.html'), '<html>lobby</html>');
  writeFileSync(join(dir, 'demo.html'), '<html>demo</html>');
  writeFileSync(join(dir, 'app.0123456789abcdef.js'), 'export {}');
  return dir;
}

function readSite(site: string): {
  cards: { format: number; cards: unknown[]; tokens: unknown[] };
  decks: { format: number; decks: Array<{ stem: string; file: string; group: string; text: string }> };
} {
  return {
    cards: JSON.parse(readFileSync(join(site, 'data/cards.json'), 'utf8')),
    decks: JSON.parse(readFileSync(join(site, 'data/decks.json'), 'utf8')),
  };
}

/** A heuristic game's final state hash with `registry`: the page's registry must give the Node game. */
function gameHash(registry: CardRegistry, decks: [string[], string[]], seed: string): string {
  const game = createGame({ registry, decks, seed });
  const result = runGame(game, [heuristicSeat('h1', registry), heuristicSeat('h2', registry)], { maxTurns: 60 });
  return `${result.reason} ${String(result.winner)} turn ${result.turns} after ${result.choices} choices: ${game.stateHash()}`;
}

describe('mtg export-web', () => {
  it('in a clean folder (no ../shared, no .cards): the pages, the starter decks and their cards', async () => {
    const dir = scratch();
    const pages = fakePages();
    const r = await mtg(['export-web', '--pages', pages], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('mtg export-web: no deck archive at ../shared/deepscry/decks.tar.gz (nor --deck-dir): exporting the starter decks only\n');
    expect(r.stdout).toMatch(/^mtg export-web: wrote web\/ with cards from the starter set and decks from nowhere\n/);
    expect(r.stdout).toMatch(
      /\n {2}decks {12}0 exported \+ 2 starter\n {2}cards {12}\d+ cards, 0 token scripts\n {2}data\/cards\.json +[\d,]+ bytes \([\d,]+ gzipped\)\n/,
    );
    expect(readdirSync(join(dir, 'web')).sort()).toEqual(['app.0123456789abcdef.js', 'data', 'demo.html', 'index.html']);
    const { cards, decks } = readSite(join(dir, 'web'));
    expect(decks).toEqual({ format: 1, decks: [] });
    expect(cards.format).toBe(1);
    const registry = createCardRegistry(cards as never);
    const starter = starterRegistry();
    const names = new Set<string>();
    for (const d of STARTER_DECKS) {
      const deck = readDeck(d.text, d.file, registry);
      expect(
        deck.diagnostics.filter((x) => x.severity === 'error'),
        d.file,
      ).toEqual([]);
      for (const l of deck.lines) names.add(l.card!);
    }
    // Exactly the starter decks' cards, in the card source's order.
    expect(registry.cards.map((c) => c.name)).toEqual(starter.cards.filter((c) => names.has(c.name)).map((c) => c.name));
    const pair: [string[], string[]] = [readDeck(STARTER_DECKS[0]!.text, 'a', starter).main, readDeck(STARTER_DECKS[1]!.text, 'b', starter).main];
    expect(gameHash(registry, pair, '7')).toBe(gameHash(starter, pair, '7'));

    // Byte for byte the same on a second run.
    const before = tree(join(dir, 'web'));
    expect((await mtg(['export-web', '--pages', pages], dir)).code).toBe(0);
    expect(tree(join(dir, 'web'))).toEqual(before);

    // By default the package's own pages (dist/web, made by npm run build), then content addressing
    // over the whole site: the bundles already carry their hashes, the data gets them.
    const built = join(REPO, 'dist/web');
    expect(existsSync(join(built, 'index.html')), 'dist/web is built by npm run build (src/mtg/web/pages/build.mjs)').toBe(true);
    const r2 = await mtg(['export-web', '--out', 'site'], dir);
    expect(r2.code, r2.stderr).toBe(0);
    expect(Object.keys(tree(join(dir, 'site'))).sort()).toEqual([...Object.keys(tree(built)), 'data/cards.json', 'data/decks.json'].sort());
    const hashed = await mtg(['hash-web-assets', 'site'], dir);
    expect(hashed.stdout).toBe('mtg hash-web-assets: 2 assets, 2 new hashed copies, asset-manifest.json written\n');
    expect(Object.keys(JSON.parse(readFileSync(join(dir, 'site/asset-manifest.json'), 'utf8')).assets)).toEqual(['data/cards.json', 'data/decks.json']);
  }, 60_000);

  it('with --deck-dir: skips a deck with an unknown card (file, line, nearest names), or refuses it with --strict; refuses two decks with one stem', async () => {
    const dir = scratch();
    const pages = fakePages();
    mkdirSync(join(dir, 'decks/burn'), { recursive: true });
    mkdirSync(join(dir, 'decks/other'), { recursive: true });
    writeFileSync(join(dir, 'decks/burn/bolts.dck'), '[Main]\n20 Mountain\n20 Lightning Bolt\n');
    writeFileSync(join(dir, 'decks/burn/typo.dck'), '[Main]\n20 Mountain\n4 Lightnin Bolt\n');
    writeFileSync(join(dir, 'decks/readme.txt'), 'not a deck');
    const r = await mtg(['export-web', '--pages', pages, '--deck-dir', 'decks', '--cards', 'starter', '--out', 'site'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(
      'mtg export-web: skipped burn/typo.dck: burn/typo.dck:3:3  error deck/unknown-card  unknown card "Lightnin Bolt"; nearest known: "Lightning Bolt"\n',
    );
    expect(r.stdout).toMatch(/decks {12}1 exported \+ 2 starter, 1 skipped \(above\)/);
    expect(readSite(join(dir, 'site')).decks).toEqual({
      format: 1,
      decks: [{ stem: 'bolts', file: 'burn/bolts.dck', group: 'burn', text: '[Main]\n20 Mountain\n20 Lightning Bolt\n' }],
    });

    const strict = await mtgIn(['export-web', '--pages', pages, '--deck-dir', 'decks', '--cards', 'starter', '--out', 'site2', '--strict'], dir);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/^mtg export-web: mtg\/bad-deck: burn\/typo\.dck:3:3 .*unknown card "Lightnin Bolt"; nearest known: "Lightning Bolt"/);

    const narrowed = await mtgIn(['export-web', '--pages', pages, '--deck-dir', 'decks', '--decks', 'burn/b*', '--cards', 'starter', '--out', 'site3'], dir);
    expect(narrowed.code, narrowed.stderr).toBe(0);
    expect(narrowed.stderr).toBe('');
    const none = await mtgIn(['export-web', '--pages', pages, '--deck-dir', 'decks', '--decks', 'vintage/**', '--cards', 'starter'], dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/mtg\/no-decks: --decks vintage\/\*\* matches no deck; the decks are under burn/);

    writeFileSync(join(dir, 'decks/other/bolts.dck'), '[Main]\n40 Mountain\n');
    const dup = await mtgIn(['export-web', '--pages', pages, '--deck-dir', 'decks', '--cards', 'starter', '--out', 'site4'], dir);
    expect(dup.code).toBe(2);
    expect(dup.stderr).toMatch(/mtg\/duplicate-deck: two decks have the stem "bolts": burn\/bolts\.dck and other\/bolts\.dck/);
    rmSync(join(dir, 'decks/other/bolts.dck'));
    writeFileSync(join(dir, 'decks/other/red_green_aggro.dck'), '[Main]\n40 Mountain\n');
    const starterStem = await mtgIn(['export-web', '--pages', pages, '--deck-dir', 'decks', '--cards', 'starter', '--out', 'site5'], dir);
    expect(starterStem.stderr).toMatch(/two decks have the stem "red_green_aggro": starter\/red_green_aggro\.dck and other\/red_green_aggro\.dck/);

    const noPages = await mtgIn(['export-web', '--pages', 'nowhere'], dir);
    expect(noPages.code).toBe(2);
    expect(noPages.stderr).toMatch(/mtg\/no-pages: no built pages in .*nowhere: build them with `npm run build`/);
  }, 60_000);

  it('matches deck paths with globs', () => {
    expect(globMatcher('championship/**')('championship/1994/01_dolan_wug_stasis.dck')).toBe(true);
    expect(globMatcher('championship')('championship/1994/01_dolan_wug_stasis.dck')).toBe(true);
    expect(globMatcher('championship/*.dck')('championship/1994/01_dolan_wug_stasis.dck')).toBe(false);
    expect(globMatcher('**/01_*.dck')('championship/1994/01_dolan_wug_stasis.dck')).toBe(true);
    expect(globMatcher('old_school/**')('old_school2/ur_burn.dck')).toBe(false);
    expect(globMatcher('old_school?/ur_bur?.dck')('old_school2/ur_burn.dck')).toBe(true);
  });

  it(
    'on the championship and old-school decks of the corpus: every readable deck, with cards a page plays the same game with',
    { ...needsCorpus('forge-cards', 'deepscry-decks'), timeout: 120_000 },
    async () => {
      const out = join(scratch(), 'site');
      const pages = fakePages();
      const r = await mtg(['export-web', '--pages', pages, '--cards', CARDS_DIR, '--out', out], REPO);
      expect(r.code, r.stderr).toBe(0);
      console.log(r.stdout.trim());
      const { cards, decks } = readSite(out);
      const files = decks.decks.map((d) => d.file);
      expect(files).toContain('championship/1994/01_dolan_wug_stasis.dck');
      expect(files).toContain('old_school/01_rogue_rogerbrand.dck');
      expect(files.every((f) => /^(championship|old_school2?)\//.test(f))).toBe(true);
      expect(new Set(decks.decks.map((d) => d.stem)).size).toBe(decks.decks.length);
      for (const d of decks.decks) {
        expect(d.stem).toBe(d.file.replace(/^.*\//, '').replace(/\.dck$/, ''));
        expect(d.group).toBe(d.file.replace(/\/[^/]+$/, ''));
      }
      // Skipped decks are named with the line and the nearest known names.
      for (const line of r.stderr.split('\n').filter((l) => l !== ''))
        expect(line).toMatch(/^mtg export-web: skipped (championship|old_school2?)\/\S+\.dck: \S+\.dck:\d+:\d+ {2}error deck\//);
      // The page's registry reads every exported deck and both starter decks without an error...
      const registry = createCardRegistry(cards as never);
      for (const d of [...decks.decks, ...STARTER_DECKS.map((s) => ({ file: s.file, text: s.text }))])
        expect(
          readDeck(d.text, d.file, registry).diagnostics.filter((x) => x.severity === 'error'),
          d.file,
        ).toEqual([]);
      // ...and plays the game the full corpus plays.
      const { corpusRegistry, openCorpus } = await import('../../../src/mtg/index.js');
      const full = corpusRegistry(openCorpus(CARDS_DIR).corpus);
      const byStem = (stem: string): string[] => readDeck(decks.decks.find((d) => d.stem === stem)!.text, stem, full).main;
      const pair: [string[], string[]] = [byStem('01_dolan_wug_stasis'), byStem('02_lestree_rg_zoo')];
      expect(gameHash(registry, pair, '11')).toBe(gameHash(full, pair, '11'));
      // The cards file is the cards of the decks, not the corpus (about 18,000 cards).
      expect(cards.cards.length).toBeLessThan(1000);
    },
  );
});
