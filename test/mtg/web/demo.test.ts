// The AI-vs-AI page (issue 17, docs/mtg/web.md "AI vs AI") in Chromium, served from the built
// dist/web/ (`npm run build`): its #gamelog equals `mtg tui A B --seed S --p1 heuristic --p2
// heuristic --tag-gamelogs` (the built CLI's dist/mtg/cli/tui.js) line for line, and so do its
// first and last lines (the header, the result with the state hash); its controls pause, step and
// resume. The starter pairs always run; with ../shared, 8 pairs of championship decks run from a
// site `exportWeb` (mtg export-web) writes.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportWeb, folderDecks } from '../../../src/mtg/web/assets/index.js';
import { launchChromium } from '../../support/browser.js';
import { CARDS_DIR, needsCorpus, REPO } from '../../support/corpora.js';
import { extractDecks, realRegistry } from '../engine/corpus.js';

const WEB = join(REPO, 'dist/web');
/** What a page may ask for and not find (web-design.md "Data a page loads": all optional). */
const OPTIONAL = ['/asset-manifest.json', '/data/cards.json', '/data/decks.json', '/data/images/images.json', '/favicon.ico'];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** A static server for `root` on 127.0.0.1 and a free port (what `mtg server-web` does for files, and nothing else). */
async function serveStatic(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
    if ((file !== root && !file.startsWith(root + sep)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(path === '/favicon.ico' ? 204 : 404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(() => ok())) };
}

type Io = { stdout: { write(t: string): void }; stderr: { write(t: string): void }; cwd: string };
const builtTui = (await import(pathToFileURL(join(REPO, 'dist/mtg/cli/tui.js')).href)) as { run(args: string[], io: Io): Promise<number> };

/**
 * `mtg tui A B --seed S --p1 heuristic --p2 heuristic --tag-gamelogs --cards C` as the built CLI
 * runs it (dist/mtg/cli/tui.js, in this process: a process per game would only add its start-up
 * to a loaded machine): its stdout lines.
 */
const played = new Map<string, string[]>();
async function tui(a: string, b: string, seed: string, cards: string): Promise<string[]> {
  const key = [a, b, seed, cards].join(' ');
  const known = played.get(key);
  if (known) return known;
  const args = [a, b, '--seed', seed, '--p1', 'heuristic', '--p2', 'heuristic', '--tag-gamelogs', '--cards', cards];
  let out = '';
  let err = '';
  const code = await builtTui.run(args, { stdout: { write: (t) => (out += t) }, stderr: { write: (t) => (err += t) }, cwd: REPO });
  if (code !== 0) throw new Error(`mtg tui ${args.join(' ')}: exit ${code}: ${err}`);
  const lines = out.split('\n').filter((l) => l !== '');
  played.set(key, lines);
  return lines;
}

/** What the page shows for a game: its header and result lines, the #gamelog lines, once data-finished is set. */
async function pageGame(tab: Page, url: string, meanwhile: () => Promise<void> = async () => {}): Promise<{ header: string; lines: string[]; result: string }> {
  await tab.goto(url);
  // The page plays on its own from here (Chromium is another process): the CLI's game meanwhile.
  await meanwhile();
  await tab.waitForSelector('#gamelog[data-finished="true"]', { timeout: 120_000 }).catch(async () => {
    const error = await tab.textContent('#error');
    throw new Error(`the demo at ${url} did not finish: ${error || (await tab.textContent('#status'))}`);
  });
  const text = (await tab.textContent('#gamelog')) ?? '';
  return {
    header: (await tab.textContent('#header-line')) ?? '',
    lines: text.split('\n').filter((l) => l !== ''),
    result: (await tab.textContent('#result-line')) ?? '',
  };
}

/** Plays each game in the page and, while the page plays, with the CLI; compares them. Returns how many lines were compared. */
async function compare(
  tab: Page,
  site: string,
  games: Array<{ a: string; b: string; stemA: string; stemB: string; seed: string }>,
  cards: string,
): Promise<number> {
  let lines = 0;
  for (const g of games) {
    let cli: string[] = [];
    const page = await pageGame(tab, `${site}demo.html?seed=${g.seed}&p1=${g.stemA}&p2=${g.stemB}&autoplay=1`, async () => {
      cli = await tui(g.a, g.b, g.seed, cards);
    });
    const tagged = cli.filter((l) => l.startsWith('[GAMELOG '));
    const what = `${g.stemA} vs ${g.stemB}, seed ${g.seed}`;
    expect(tagged.length, what).toBeGreaterThan(20);
    expect(page.lines, what).toEqual(tagged);
    expect(page.header, what).toBe(cli[0]);
    expect(page.result, what).toBe(cli[cli.length - 1]);
    expect(page.result, what).toMatch(/^Result: /);
    lines += tagged.length;
  }
  return lines;
}

let browser: Browser;
let closeBrowser: () => Promise<void>;
let tab: Page;
const errors: string[] = [];
let starterSite: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  if (!existsSync(join(WEB, 'demo.html'))) throw new Error(`${WEB}/demo.html is missing: run \`npm run build\` (the web build writes dist/web/)`);
  ({ browser, close: closeBrowser } = await launchChromium());
  tab = await browser.newPage();
  tab.on('pageerror', (e) => errors.push(String(e)));
  // The data files are optional: a site without them answers 404, which Chromium reports as a
  // console error without the URL. Those 404s are checked by URL here; any other is an error.
  tab.on('console', (m) => {
    if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of 404/.test(m.text())) errors.push(m.text());
  });
  tab.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.status() >= 400 && !OPTIONAL.includes(path)) errors.push(`${r.status()} for ${path}`);
  });
  // The built pages alone: no data folder, so the starter set and decks built into the bundle.
  starterSite = await serveStatic(WEB);
}, 60_000);

afterAll(async () => {
  await starterSite?.close();
  await closeBrowser?.();
});

describe('the demo page (/demo.html)', () => {
  it('plays the starter pairs as mtg tui --tag-gamelogs does, line for line (both orders, mirrors, 2 seeds: 8 games)', async () => {
    const RG = { file: 'starter/red_green_aggro.dck', stem: 'red_green_aggro' };
    const WU = { file: 'starter/white_blue_control.dck', stem: 'white_blue_control' };
    const pairs = [
      [RG, WU],
      [WU, RG],
      [RG, RG],
      [WU, WU],
    ] as const;
    const games = ['3', '11'].flatMap((seed) => pairs.map(([a, b]) => ({ a: a.file, b: b.file, stemA: a.stem, stemB: b.stem, seed })));
    const lines = await compare(tab, starterSite.url, games, 'starter');
    expect(lines).toBeGreaterThan(8 * 20);
    expect(errors).toEqual([]);
  }, 150_000);

  it('pauses (the log stops growing), steps (one decision at a time) and plays on', async () => {
    await tab.goto(`${starterSite.url}demo.html?seed=3&p1=red_green_aggro&p2=white_blue_control&autoplay=1&speed=fast`);
    const choices = async (): Promise<number> => Number(await tab.getAttribute('#status', 'data-choices'));
    await tab.waitForFunction(() => Number(document.getElementById('status')?.dataset['choices']) >= 10);
    await tab.click('#pause');
    await tab.waitForSelector('#status[data-state="paused"]');
    const paused = await choices();
    const log = await tab.textContent('#gamelog');
    await tab.waitForTimeout(400); // at 30 decisions a second, a dozen would have been made by now
    expect(await choices()).toBe(paused);
    expect(await tab.textContent('#gamelog')).toBe(log);
    expect(await tab.isDisabled('#pause')).toBe(true);

    await tab.click('#step');
    expect(await choices()).toBe(paused + 1);
    await tab.click('#step');
    await tab.click('#step');
    expect(await choices()).toBe(paused + 3);
    expect(await tab.getAttribute('#status', 'data-state')).toBe('paused');

    await tab.selectOption('#speed', 'max');
    await tab.click('#play');
    await tab.waitForSelector('#gamelog[data-finished="true"]', { timeout: 60_000 });
    expect(await tab.getAttribute('#status', 'data-state')).toBe('finished');
    expect(await tab.isDisabled('#play')).toBe(true);
    expect(await tab.isDisabled('#step')).toBe(true);
    // Pausing and stepping moved no game state: the log is the uninterrupted game's (played by the first test already).
    const cli = await tui('starter/red_green_aggro.dck', 'starter/white_blue_control.dck', '3', 'starter');
    const lines = ((await tab.textContent('#gamelog')) ?? '').split('\n').filter((l) => l !== '');
    expect(lines).toEqual(cli.filter((l) => l.startsWith('[GAMELOG ')));
    expect(errors).toEqual([]);
  }, 90_000);

  it('says in place what is wrong with a deck it cannot play, naming the decks there are', async () => {
    await tab.goto(`${starterSite.url}demo.html?seed=1&p1=red_gren_aggro&p2=white_blue_control&autoplay=1`);
    await tab.waitForSelector('#status[data-state="error"]');
    expect(await tab.textContent('#error')).toMatch(/no deck "red_gren_aggro" on this site .*red_green_aggro, white_blue_control/);
    expect(await tab.textContent('#gamelog')).toBe('');
    await tab.goto(`${starterSite.url}demo.html?seed=x1&p1=red_green_aggro&p2=white_blue_control&autoplay=1`);
    await tab.waitForSelector('#status[data-state="error"]');
    expect(await tab.textContent('#error')).toMatch(/a seed is a whole number/);
  }, 30_000);
});

describe('the demo page with exported championship decks', needsCorpus('forge-cards', 'deepscry-decks'), () => {
  it('plays 8 championship pairs from the site mtg export-web writes, as mtg tui --cards .cards does', async () => {
    const root = extractDecks();
    // The site as `mtg export-web --cards .cards --decks 'championship/1994/**' --decks 'championship/1995/**'`
    // writes it: the built pages, data/cards.json (the decks' compiled cards, the starter decks', every token
    // script) and data/decks.json (the decks the card source reads; one with a card Forge lacks is left out).
    const site = mkdtempSync(join(tmpdir(), 'mtg-demo-site-'));
    try {
      const report = exportWeb({
        out: site,
        pages: WEB,
        registry: realRegistry(),
        decks: folderDecks(root),
        globs: ['championship/1994/**', 'championship/1995/**'],
      });
      expect(report.decks.length).toBeGreaterThanOrEqual(8);
      const chosen = report.decks.slice(0, 8);
      const served = await serveStatic(site);
      try {
        // Pairs 0–1, 2–3, … and 1–0, 3–2, …: every chosen deck on both sides.
        const games = [0, 2, 4, 6, 1, 3, 5, 7].map((i, k) => {
          const j = i % 2 === 0 ? i + 1 : i - 1;
          const [a, b] = [chosen[i]!, chosen[j]!];
          return { a: join(root, a.file), b: join(root, b.file), stemA: a.stem, stemB: b.stem, seed: String(k + 1) };
        });
        const lines = await compare(tab, served.url, games, CARDS_DIR);
        expect(lines).toBeGreaterThan(8 * 20);
      } finally {
        await served.close();
      }
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
  }, 360_000);
});
