// `npm run web:screenshots`: PNGs of the web pages for docs/mtg/web.md, taken with Debian's
// Chromium through playwright-core (no browser download, no network). Each shot is one entry
// of SHOTS: a name, a viewport, and a function that prepares the tab. The board shots draw the
// test views of test/mtg/web/board-fixtures.ts (a real mid-game view of the starter decks and
// a hand-built one with combat, a stack and attachments) with src/mtg/web/pages/style.css.
// Other pages add their shots to SHOTS (a page served by a server the entry starts and stops).
//
//   node test/bench/web-screenshots.mjs [--out docs/mtg/web] [--only NAME-SUBSTRING]

/* global document -- the functions given to tab.waitForFunction and tab.evaluate run in the page */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

const argv = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
};
const OUT = resolve(flag('--out', 'docs/mtg/web'));
const ONLY = flag('--only', '');

/** Serves the board test entry (bundled) on a loopback port; returns its URL and a closer. */
async function boardPage() {
  const dir = mkdtempSync(join(tmpdir(), 'se-shots-'));
  // Bundled as the browser tests bundle (test/support/browser.ts): Vite stubs the node: modules
  // the engine's barrels import but the board never calls.
  await build({
    configFile: false,
    logLevel: 'silent',
    root: resolve('.'),
    build: {
      outDir: dir,
      emptyOutDir: true,
      minify: false,
      lib: { entry: resolve('test/mtg/web/board-entry.ts'), formats: ['es'], fileName: () => 'board.js' },
    },
  });
  const js = readFileSync(join(dir, 'board.js'));
  const css = readFileSync('src/mtg/web/pages/style.css');
  const html =
    '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/style.css"><script type="module" src="/board.js"></script>';
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/board.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    else if (path === '/style.css') res.writeHead(200, { 'content-type': 'text/css' }).end(css);
    else if (path === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    else res.writeHead(404).end();
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: async () => {
      await new Promise((ok) => server.close(ok));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens the board page in `tab` and draws the view `which` returns there. */
async function drawBoard(tab, url, which) {
  await tab.goto(url);
  await tab.waitForFunction(() => typeof globalThis.boardTest === 'object', null, { timeout: 30_000 });
  await tab.evaluate(which);
}

const midGame = () => globalThis.boardTest.draw(globalThis.boardTest.midGameView('b2', 8));
const handBuilt = () => globalThis.boardTest.draw(globalThis.boardTest.handBuilt(), { highlight: [12, 21] });

/** Serves the built site (dist/web/, `npm run build`) on a loopback port: the demo's shots. */
async function sitePage() {
  const root = resolve('dist/web');
  const types = { html: 'text/html', js: 'text/javascript', css: 'text/css', map: 'application/json' };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const name = path === '/' ? 'index.html' : path.slice(1);
    // Built names only (no folders): nothing outside dist/web/ is reachable.
    if (!/^[\w.-]+$/.test(name) || !existsSync(join(root, name))) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[name.split('.').pop()] ?? 'application/octet-stream' }).end(readFileSync(join(root, name)));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((ok) => server.close(ok)) };
}

/** The demo set up paused (no autoplay) and stepped `n` decisions by its own key: the same position every time. */
async function demoAt(tab, url, n) {
  await tab.goto(`${url}demo.html?seed=7&p1=red_green_aggro&p2=white_blue_control`);
  await tab.waitForSelector('#status[data-state="paused"]', { timeout: 30_000 });
  for (let i = 0; i < n; i++) await tab.keyboard.press('s');
  await tab.waitForFunction((k) => Number(globalThis.document.getElementById('status')?.dataset.choices) === k, n);
}

/**
 * The lobby and the game page as `mtg server-web` serves them (dist/web: `npm run build` first),
 * with `mtg connect` (heuristic) as the opponent. Started on the first shot that needs it.
 */
async function gameSite() {
  const { spawn } = await import('node:child_process');
  const procs = [];
  const mtg = (args) => {
    const p = spawn(process.execPath, [resolve('dist/mtg/cli.js'), ...args], { cwd: tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
    procs.push(p);
    return p;
  };
  const web = mtg(['server-web', '--bind', '127.0.0.1:0', '--static-dir', resolve('dist/web'), '--seed', '9']);
  const origin = await new Promise((ok, fail) => {
    let text = '';
    web.stderr.setEncoding('utf8').on('data', (c) => {
      text += c;
      const m = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(text);
      if (m && /lobby at /.test(text)) ok(m[1]);
    });
    web.on('exit', () => fail(new Error(`mtg server-web exited: ${text}`)));
  });
  const lobby = `${origin.replace('http://', '')}/lobby`;
  return {
    url: `${origin}/`,
    /** An opponent waiting in (or joining) `game`. */
    opponent: (name, game) =>
      mtg(['connect', 'starter/white_blue_control.dck', '--server', lobby, '--name', name, '--game', game, '--seed-controller', '4', '--cards', 'starter']),
    close: async () => {
      for (const p of procs) p.kill('SIGKILL');
    },
  };
}

/** The lobby with a game waiting for a second player. */
async function lobbyShot(tab, ctx, tag) {
  ctx.game ??= await gameSite();
  ctx.game.opponent(`bob-${tag}`, `friday-${tag}`);
  await tab.goto(ctx.game.url);
  await tab.locator('#name').fill(`ada-${tag}`);
  await tab.locator('#register').click();
  await tab.locator('#games-box:not([hidden])').waitFor();
  for (let i = 0; i < 50 && (await tab.locator(`#games button.join[data-game="friday-${tag}"]`).count()) === 0; i++) {
    await tab.locator('#refresh').click();
    await tab.waitForTimeout(200);
  }
  await tab.locator('#game-name').fill('a new game');
}

/** A game in progress: played by clicks (lands, spells, attacks) to turn 5 or so, then a card in hand that cannot be cast asked "why?". */
async function gameShot(tab, ctx, tag) {
  ctx.game ??= await gameSite();
  await tab.goto(ctx.game.url);
  await tab.locator('#name').fill(`cy-${tag}`);
  await tab.locator('#register').click();
  await tab.locator('#games-box:not([hidden])').waitFor();
  await tab.locator('#game-name').fill(`game-${tag}`);
  await tab.locator('#create').click();
  await tab.locator('#room-box:not([hidden])').waitFor();
  await tab.locator('#set-deck').click();
  await tab.locator('#room-box[data-deck="set"]').waitFor();
  ctx.game.opponent(`dee-${tag}`, `game-${tag}`);
  await tab
    .locator('#room-box')
    .getByText(/p2 dee.* · deck set/)
    .waitFor({ timeout: 30_000 });
  await tab.locator('#ready').click();
  await tab.locator('#app[data-view="game"]').waitFor({ timeout: 30_000 });
  let last = null;
  for (let n = 0; n < 400; n++) {
    const state = await tab.waitForFunction(
      (prev) => {
        const p = document.querySelector('#prompt');
        if (document.querySelector('#app').dataset.result) return 'over';
        return p.dataset.state === 'ask' && p.dataset.index !== prev ? p.dataset.index : false;
      },
      last,
      { polling: 20, timeout: 60_000 },
    );
    last = await state.jsonValue();
    if (last === 'over') throw new Error('the game ended before the shot');
    const info = await tab.evaluate(() => {
      const p = document.querySelector('#prompt');
      const verbs = [...p.querySelectorAll('.options button')].map((b) => ({ o: b.dataset.option, v: b.dataset.verb }));
      const turn = Number(
        (/Turn (\d+)/.exec(
          document
            .querySelector('#gamelog')
            .textContent.split('\n')
            .filter((l) => /Turn \d+/.test(l))
            .pop() ?? '',
        ) ?? [])[1] ?? 0,
      );
      const stuck = [...document.querySelectorAll('#board .hand .card[data-id]')].filter((c) => !c.classList.contains('highlight')).map((c) => c.dataset.id);
      return { kind: p.dataset.kind, verbs, turn, stuck };
    });
    const pick =
      info.verbs.find((b) => b.v === 'keep') ??
      info.verbs.find((b) => b.v === 'attack') ??
      info.verbs.find((b) => b.v === 'play') ??
      info.verbs.find((b) => b.v === 'cast') ??
      info.verbs[0];
    if (info.kind === 'priority' && info.turn >= 5 && info.stuck.length > 0 && info.verbs.length > 1) {
      await tab.locator(`#board .hand .card[data-id="${info.stuck[0]}"]`).click();
      await tab.locator('#why').filter({ hasText: /\S/ }).waitFor();
      return;
    }
    await tab.locator(`#prompt .options button[data-option="${pick.o}"]`).click();
  }
  throw new Error('no decision with a card that cannot be cast came');
}

/** Every shot: `file` under OUT, the viewport, and `take(tab, ctx)` that prepares the page. */
const SHOTS = [
  { file: 'board-1280x800.png', width: 1280, height: 800, take: (tab, ctx) => drawBoard(tab, ctx.board.url, midGame) },
  { file: 'board-390x844.png', width: 390, height: 844, take: (tab, ctx) => drawBoard(tab, ctx.board.url, midGame) },
  { file: 'board-combat-1280x800.png', width: 1280, height: 800, take: (tab, ctx) => drawBoard(tab, ctx.board.url, handBuilt) },
  { file: 'board-combat-390x844.png', width: 390, height: 844, take: (tab, ctx) => drawBoard(tab, ctx.board.url, handBuilt) },
  { file: 'demo-1280x800.png', width: 1280, height: 800, take: (tab, ctx) => demoAt(tab, ctx.site.url, 110) },
  { file: 'demo-390x844.png', width: 390, height: 844, take: (tab, ctx) => demoAt(tab, ctx.site.url, 110) },
  { file: 'lobby-1280x800.png', width: 1280, height: 800, take: (tab, ctx) => lobbyShot(tab, ctx, 'w') },
  { file: 'lobby-390x844.png', width: 390, height: 844, take: (tab, ctx) => lobbyShot(tab, ctx, 'n') },
  { file: 'game-1280x800.png', width: 1280, height: 800, take: (tab, ctx) => gameShot(tab, ctx, 'w') },
  { file: 'game-390x844.png', width: 390, height: 844, take: (tab, ctx) => gameShot(tab, ctx, 'n') },
];

const shots = SHOTS.filter((s) => s.file.includes(ONLY));
mkdirSync(OUT, { recursive: true });
const ctx = { board: await boardPage(), site: await sitePage() };
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
try {
  for (const shot of shots) {
    const tab = await browser.newPage({ viewport: { width: shot.width, height: shot.height } });
    const errors = [];
    tab.on('pageerror', (e) => errors.push(String(e)));
    await shot.take(tab, ctx);
    if (errors.length) throw new Error(`${shot.file}: the page reported errors: ${errors.join('; ')}`);
    writeFileSync(join(OUT, shot.file), await tab.screenshot({ fullPage: true }));
    console.log(`wrote ${join(OUT, shot.file)}`);
    await tab.close();
  }
} finally {
  await browser.close();
  await ctx.board.close();
  await ctx.site.close();
  await ctx.game?.close();
}
