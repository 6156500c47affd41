// Issue 22: the browser game (examples/browser-game/) builds with esbuild from the package as a user
// consumes it, ships no parser, and plays in Debian's Chromium: a scripted route checks what each
// hand is dealt, that a reload restores the save from localStorage, and that the dev toggle names
// the trace's verdicts. `npm test` builds dist/ first; on its own, run `npm run build` before it.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
// @ts-expect-error: plain .mjs scripts (no types); their exports are used as documented there.
import { buildGame } from '../../examples/browser-game/build.mjs';
// @ts-expect-error: as above.
import { serveDir } from '../../examples/browser-game/serve.mjs';

interface Shown {
  place: string;
  facts: string;
  hands: Record<string, string[]>;
}

/** The route, one move a row, and what the page shows after it (the seed is fixed in the game). */
const ROUTE: [move: string, after: Shown][] = [
  [
    'start',
    {
      place: 'village',
      facts: 'Hour 0 · 1 coin',
      hands: { square: ['goblin_rumour', 'quiet_square'], elder: ['elder_welcome', 'small_talk'], smith: ['smith_greeting'] },
    },
  ],
  [
    'smith smith_greeting',
    {
      place: 'village',
      facts: 'Hour 1 · 1 coin',
      hands: { square: ['goblin_rumour', 'quiet_square'], elder: ['elder_welcome', 'small_talk'], smith: ['small_talk'] },
    },
  ],
  [
    'square goblin_rumour',
    {
      place: 'village',
      facts: 'Hour 2 · 1 coin',
      hands: { square: ['quiet_square', 'market_day'], elder: ['elder_welcome', 'small_talk'], smith: ['small_talk'] },
    },
  ],
  [
    'square market_day',
    { place: 'village', facts: 'Hour 3 · 2 coins', hands: { square: ['quiet_square'], elder: ['elder_welcome', 'small_talk'], smith: ['small_talk'] } },
  ],
  // With the smith's trust (known) and two coins, the blade (priority 2) comes up once her slot is free.
  [
    'smith small_talk',
    { place: 'village', facts: 'Hour 4 · 2 coins', hands: { square: ['quiet_square'], elder: ['elder_welcome', 'small_talk'], smith: ['smith_blade'] } },
  ],
  [
    'smith smith_blade',
    {
      place: 'village',
      facts: 'Hour 5 · 0 coins · a blade',
      hands: { square: ['quiet_square', 'market_day'], elder: ['elder_welcome', 'small_talk'], smith: ['small_talk'] },
    },
  ],
  ['go', { place: 'forest', facts: 'Hour 6 · 0 coins · a blade', hands: { forest_path: ['the_goblin', 'mushrooms'], hunter: ['hunter_nod'] } }],
  // Fought at hour 6, the goblin returns at hour 9 (@world.goblin_returns_at).
  ['forest_path the_goblin', { place: 'forest', facts: 'Hour 7 · 2 coins · a blade', hands: { forest_path: ['mushrooms'], hunter: ['hunter_nod'] } }],
  ['hunter hunter_nod', { place: 'forest', facts: 'Hour 8 · 2 coins · a blade', hands: { forest_path: ['mushrooms'], hunter: [] } }],
];

describe('examples/browser-game', () => {
  let out: string;
  let built: { inputs: string[] };
  let server: { url: string; close: () => Promise<void> };
  let chromium: { browser: Browser; close: () => Promise<void> };
  let page: Page;
  const errors: string[] = [];

  const shown = (): Promise<Shown> =>
    page.evaluate(() => ({
      place: (document.querySelector('#place') as HTMLElement).dataset.place!,
      facts: document.querySelector('.facts')!.textContent,
      hands: Object.fromEntries(
        Array.from(document.querySelectorAll<HTMLElement>('[data-hand]')).map((e) => [
          e.dataset.hand!,
          Array.from(e.querySelectorAll<HTMLElement>('.card')).map((c) => c.dataset.card!),
        ]),
      ),
    }));
  const ready = () => page.waitForSelector('body[data-ready=yes]', { timeout: 15_000 });
  const verdicts = (hand: string): Promise<Record<string, string>> =>
    page.evaluate(
      (h) =>
        Object.fromEntries(
          Array.from(document.querySelectorAll<HTMLElement>(`[data-hand=${h}] .why li[data-card]`)).map((li) => [li.dataset.card!, li.dataset.verdict!]),
        ),
      hand,
    );

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'se-browser-game-'));
    built = await buildGame(out);
    server = await serveDir(out);
    chromium = await launchChromium();
    page = await chromium.browser.newPage({ viewport: { width: 800, height: 900 } });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
    });
  }, 120_000);

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it("bundles the package's runtime entry (the built dist/, through its exports), and no parser", () => {
    const ours = built.inputs.filter((i) => i.startsWith('dist/'));
    expect(ours).toContain('dist/runtime/index.js');
    // The runtime, its core, and the bundle format's constants; no parser, checker or YAML reader.
    expect(ours.filter((i) => !/^dist\/(runtime|core)\/|^dist\/content\/bundle\.js$/.test(i))).toEqual([]);
    expect(built.inputs.filter((i) => /nearley|moo|js-yaml/.test(i))).toEqual([]);
  });

  it("the page's script type-checks as a user's project (storyletengine/runtime through the exports)", () => {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'examples/browser-game/tsconfig.json'], { stdio: 'inherit' });
  }, 60_000);

  it('plays the scripted route: each move deals what the content says', async () => {
    await page.goto(server.url);
    await ready();
    for (const [move, after] of ROUTE) {
      const [hand, card] = move.split(' ');
      if (move === 'go') await page.click('#go');
      else if (card) await page.click(`[data-hand=${hand}] [data-card=${card}]`);
      expect(await shown(), `after ${move}`).toEqual(after);
    }
    expect(errors).toEqual([]);
  }, 60_000);

  it('a reload restores the save from localStorage', async () => {
    const before = await shown();
    await page.reload();
    await ready();
    expect(await shown()).toEqual(before);
    expect(before).toEqual(ROUTE.at(-1)![1]);
    const save = JSON.parse((await page.evaluate(() => localStorage.getItem('storyletengine-browser-game/save')))!) as {
      place: string;
      flow: { format: string };
    };
    expect(save.place).toBe('forest');
    expect(save.flow.format).toBe('storyletengine/flow');
  }, 30_000);

  it("the dev toggle shows each hand's why-not, naming the verdicts", async () => {
    expect(await page.locator('.why').count()).toBe(0);
    await page.check('#dev');
    // The goblin waits for its hour; the hunter has nothing more for someone he knows who has a blade.
    expect(await verdicts('forest_path')).toEqual({ the_goblin: 'condition', dark_path: 'condition', the_wraith: 'condition' });
    expect(await verdicts('hunter')).toEqual({ hunter_nod: 'condition', hunter_trail: 'condition' });
    expect(await page.locator('[data-hand=hunter] .why li[data-verdict=tags]').textContent()).toMatch(/card\(s\) for other hands/);
    // The hour passes, and the goblin is back.
    await page.click('#rest');
    expect((await shown()).hands.forest_path).toEqual(['mushrooms', 'the_goblin']);
    expect(await verdicts('forest_path')).toEqual({ dark_path: 'condition', the_wraith: 'condition' });
    // The toggle is remembered too; a new game starts from the village with an empty save.
    await page.reload();
    await ready();
    expect(await page.isChecked('#dev')).toBe(true);
    await page.click('#new-game');
    expect(await shown()).toEqual(ROUTE[0]![1]);
    expect(errors).toEqual([]);
  }, 30_000);

  it('npm run example:browser-game: serve.mjs builds the game and prints a loopback URL that serves it', async () => {
    const child = spawn(process.execPath, ['examples/browser-game/serve.mjs'], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const url = await new Promise<string>((ok, fail) => {
        let text = '';
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          text += d;
          const m = /the browser game: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(text);
          if (m) ok(m[1]!);
        });
        child.once('exit', (code) => fail(new Error(`serve.mjs exited (${code}) before printing its URL: ${text}`)));
      });
      const [html, bundle] = await Promise.all([
        fetch(url).then((r) => r.text()),
        fetch(`${url}bundle.json`).then((r) => r.json() as Promise<{ format: string }>),
      ]);
      expect(html).toContain('<script type="module" src="game.js">');
      expect(bundle.format).toBe('storyletengine/bundle');
    } finally {
      child.kill();
    }
  }, 60_000);
});
