// The game page in Chromium (issue 17, docs/mtg/web.md "Tests"): page A registers and creates a
// game, `mtg connect` (heuristic) joins it, and page A plays to the end through its own controls
// (clicks on option buttons and cards), with --network-debug: zero desyncs, both see the same
// winner, and every frame page A received is free of hidden faces (the page-side scan). A reload
// mid-game reconnects with the sessionStorage token and the game finishes. The keyboard alone
// plays decisions. The lobby's refusals are shown in place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/browser.js';
import { killAll, spawnMtg } from '../../support/net.js';
import { lobbyByClicks, playByClicks, recordFrames, scanFrames, SITE_BUILT, startWeb, type WebServer } from './seat-helpers.js';

const LIFE = 6;
const SEED = '9';
let browser: Browser;
let closeBrowser: () => Promise<void>;
let server: WebServer;

beforeAll(async () => {
  if (!SITE_BUILT) return;
  server = await startWeb(['--seed', SEED, '--starting-life', String(LIFE)]);
  ({ browser, close: closeBrowser } = await launchChromium());
}, 120_000);

afterAll(async () => {
  await closeBrowser?.();
  await killAll();
  // The server's own audit of what it sent, beside the page-side scan.
  if (server) expect(server.stderr.lines.filter((l) => /LEAK/.test(l))).toEqual([]);
});

const at = () => `${server.origin}/`;

describe.skipIf(!SITE_BUILT)('the game page (browser seat; run npm run build first: dist/web)', () => {
  it('page A creates a game, mtg connect joins, A plays to the end by clicks: no desync, the same winner, no hidden face in any frame', async () => {
    const ctx = await browser.newContext();
    const tab = await ctx.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(String(e)));
    const frames = recordFrames(tab);
    await tab.goto(at());
    await lobbyByClicks(tab, 'ada', 'g1', 'create', 'red_green_aggro', false);
    const bob = spawnMtg([
      'connect',
      'starter/white_blue_control.dck',
      '--server',
      server.lobby,
      '--name',
      'bob',
      '--game',
      'g1',
      '--p',
      'heuristic',
      '--seed-controller',
      '5',
      '--cards',
      'starter',
    ]);
    await tab
      .locator('#room-box')
      .getByText(/p2 bob · deck set/)
      .waitFor({ timeout: 30_000 });
    await tab.locator('#ready').click();
    await tab.locator('#app[data-view="game"]').waitFor({ timeout: 30_000 });
    const clicks = await playByClicks(tab, 1);
    const { code } = await bob.exited;
    expect(code).toBe(0);
    const result = (await tab.locator('#app').getAttribute('data-result'))!;
    expect(result).toBe('over');
    const winner = (await tab.locator('#app').getAttribute('data-winner'))!;
    const bobResult = bob.stdout.lines.find((l) => l.startsWith('Result:'))!;
    expect(bobResult).toMatch(new RegExp(`^Result: ${winner} `));
    const pageResult = await tab.locator('#prompt .prompt-text').textContent();
    expect(pageResult).toBe(bobResult);
    expect(clicks).toBeGreaterThan(5);
    expect(server.stderr.text).not.toMatch(/DESYNC/);
    expect(await tab.locator('#gamelog').textContent()).toContain(bobResult);
    // The page-side scan: every frame, the golden rebuilt at its decision.
    const scan = scanFrames(frames, 0, ['red_green_aggro', 'white_blue_control'], SEED, LIFE);
    expect(scan.leaks).toEqual([]);
    expect(scan.scanned).toBeGreaterThan(20);
    expect(scan.decisions).toBeGreaterThan(clicks);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);

  it('a reload mid-game reconnects with the token and the game finishes; keys alone play decisions', async () => {
    const ctx = await browser.newContext();
    const tab = await ctx.newPage();
    const frames = recordFrames(tab);
    await tab.goto(at());
    await lobbyByClicks(tab, 'cy', 'g2', 'create');
    const dee = spawnMtg([
      'connect',
      'starter/white_blue_control.dck',
      '--server',
      server.lobby,
      '--name',
      'dee',
      '--game',
      'g2',
      '--p',
      'heuristic',
      '--seed-controller',
      '6',
      '--cards',
      'starter',
    ]);
    await tab.locator('#app[data-view="game"]').waitFor({ timeout: 30_000 });
    // The keyboard: the first decisions by number keys only (the mulligan: 0 or 1; then priority's pass is 0).
    for (let k = 0; k < 3; k++) {
      await tab.locator('#prompt[data-state="ask"]').waitFor({ timeout: 30_000 });
      const index = await tab.locator('#prompt').getAttribute('data-index');
      const keep = await tab
        .locator('#prompt button[data-verb="keep"]')
        .getAttribute('data-option')
        .catch(() => null);
      await tab.keyboard.press(keep ?? '0');
      await tab.waitForFunction((i) => document.querySelector<HTMLElement>('#prompt')?.dataset['index'] !== i, index);
    }
    // Arrows + Enter pick too.
    await tab.locator('#prompt[data-state="ask"]').waitFor({ timeout: 30_000 });
    const before = await tab.locator('#prompt').getAttribute('data-index');
    await tab.keyboard.press('ArrowDown');
    await tab.keyboard.press('ArrowUp');
    await tab.keyboard.press('Enter');
    await tab.waitForFunction((i) => document.querySelector<HTMLElement>('#prompt')?.dataset['index'] !== i, before);
    // `/` focuses the command box; a typed command answers.
    await tab.locator('#prompt[data-state="ask"]').waitFor({ timeout: 30_000 });
    await tab.keyboard.press('/');
    expect(await tab.evaluate(() => document.activeElement?.id)).toBe('command');
    await tab.keyboard.type('0');
    await tab.keyboard.press('Enter');
    await playByClicks(tab, 2, { maxDecisions: 4 });
    const token = await tab.evaluate(() => sessionStorage.getItem('mtg-seat-token'));
    expect(token).toMatch(/^[0-9a-f]+$/);
    await tab.reload();
    await tab.locator('#app[data-view="game"]').waitFor({ timeout: 30_000 });
    await playByClicks(tab, 3);
    expect((await dee.exited).code).toBe(0);
    expect(await tab.locator('#app').getAttribute('data-result')).toBe('over');
    const deeResult = dee.stdout.lines.find((l) => l.startsWith('Result:'))!;
    expect(await tab.locator('#prompt .prompt-text').textContent()).toBe(deeResult);
    expect(server.stderr.text).not.toMatch(/DESYNC/);
    // Both sockets' frames (before and after the reload) hold no hidden face. The replayed history
    // repeats frames: the scan starts again at the second GameStarted.
    const second = frames.findIndex(
      (f, i) => i > 0 && f.includes('"type":"GameStarted"') && frames.slice(0, i).some((g) => g.includes('"type":"GameStarted"')),
    );
    expect(second).toBeGreaterThan(0);
    for (const part of [frames.slice(0, second), frames.slice(second)])
      expect(scanFrames(part, 0, ['red_green_aggro', 'white_blue_control'], SEED, LIFE).leaks).toEqual([]);
    await ctx.close();
  }, 150_000);

  it('the lobby shows refusals in place: a name taken, a bad name, a pasted deck with an unknown card (the nearest names)', async () => {
    const ctx = await browser.newContext();
    const tab = await ctx.newPage();
    await tab.goto(at());
    // ada is registered by the first test's page (closed: the name is freed or kept); take a live one.
    const other = await ctx.newPage();
    await other.goto(at());
    await other.locator('#name').fill('eve');
    await other.locator('#register').click();
    await other.locator('#games-box:not([hidden])').waitFor();
    await tab.locator('#name').fill('eve');
    await tab.locator('#register').click();
    await expect.poll(() => tab.locator('#name-error').textContent()).toMatch(/taken.*net\/name-taken/);
    await tab.locator('#name').fill(' spaced');
    await tab.locator('#register').click();
    await expect.poll(() => tab.locator('#name-error').textContent()).toMatch(/does not start or end with a space/);
    await tab.locator('#name').fill('fay');
    await tab.locator('#register').click();
    await tab.locator('#games-box:not([hidden])').waitFor();
    await tab.locator('#game-name').fill('g3');
    await tab.locator('#create').click();
    await tab.locator('#room-box:not([hidden])').waitFor();
    await tab.locator('#deck').selectOption('');
    await tab.locator('#deck-text').fill('[Main]\n20 Mountain\n4 Lightnin Bolt\n');
    await tab.locator('#set-deck').click();
    await expect.poll(() => tab.locator('#deck-error').textContent()).toMatch(/Lightnin Bolt.*Lightning Bolt/s);
    // The server's own refusal is shown the same way (the page's check passed, the server's did not: too many lines).
    await tab.locator('#deck-text').fill(`[Main]\n${Array.from({ length: 260 }, () => '1 Mountain').join('\n')}\n`);
    await tab.locator('#set-deck').click();
    await expect.poll(() => tab.locator('#deck-error').textContent()).toMatch(/net\/bad-deck/);
    await ctx.close();
  }, 60_000);
});
