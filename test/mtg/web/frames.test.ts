// Two people in two browser contexts (issue 17, docs/mtg/web.md "Tests"): both register, one
// creates a game and the other joins it from the list, both set decks and get ready, and both play
// to the end by clicks (each a seeded policy) through `mtg server-web` with --network-debug: zero
// desyncs, the same winner on both pages. Every WebSocket frame each page received is scanned for
// hidden faces with the page-side scan (the golden rebuilt from the decks, the seed and the
// decisions the frames carry): zero.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/browser.js';
import { killAll } from '../../support/net.js';
import { lobbyByClicks, playByClicks, recordFrames, scanFrames, SITE_BUILT, startWeb, type WebServer } from './seat-helpers.js';

const LIFE = 5;
const SEED = '21';
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
});

describe.skipIf(!SITE_BUILT)('two browser seats (run npm run build first: dist/web)', () => {
  it('both pages click to the end: no desync, one winner on both, no hidden face in any frame either page received', async () => {
    const [ca, cb] = [await browser.newContext(), await browser.newContext()];
    const [a, b] = [await ca.newPage(), await cb.newPage()];
    const errors: string[] = [];
    for (const t of [a, b]) t.on('pageerror', (e) => errors.push(String(e)));
    const [fa, fb] = [recordFrames(a), recordFrames(b)];
    await Promise.all([a.goto(`${server.origin}/`), b.goto(`${server.origin}/`)]);
    await lobbyByClicks(a, 'ann', 'duel', 'create', 'red_green_aggro');
    await lobbyByClicks(b, 'ben', 'duel', 'join', 'white_blue_control');
    await Promise.all([a.locator('#app[data-view="game"]').waitFor({ timeout: 30_000 }), b.locator('#app[data-view="game"]').waitFor({ timeout: 30_000 })]);
    const [na, nb] = await Promise.all([playByClicks(a, 7), playByClicks(b, 8)]);
    expect(na + nb).toBeGreaterThan(10);
    for (const t of [a, b]) expect(await t.locator('#app').getAttribute('data-result')).toBe('over');
    const [wa, wb] = [await a.locator('#app').getAttribute('data-winner'), await b.locator('#app').getAttribute('data-winner')];
    expect(wa).toMatch(/^(p1|p2|draw)$/);
    expect(wb).toBe(wa);
    expect(await a.locator('#prompt .prompt-text').textContent()).toBe(await b.locator('#prompt .prompt-text').textContent());
    expect(server.stderr.text).not.toMatch(/DESYNC|LEAK/);
    expect(server.stderr.text).toMatch(/game duel over: /);
    const decks: [string, string] = ['red_green_aggro', 'white_blue_control'];
    const sa = scanFrames(fa, 0, decks, SEED, LIFE);
    const sb = scanFrames(fb, 1, decks, SEED, LIFE);
    expect(sa.leaks).toEqual([]);
    expect(sb.leaks).toEqual([]);
    // Both rebuilt goldens reached the same end: every decision of the game was seen by each page.
    expect(sa.decisions).toBe(sb.decisions);
    expect(sa.scanned).toBeGreaterThan(20);
    expect(sb.scanned).toBeGreaterThan(20);
    // The scan is not vacuous: a frame naming a card of p2's unseen deck, right after the start, is caught.
    const start = fa.findIndex((f) => f.includes('"type":"GameStarted"'));
    const forged = [...fa.slice(0, start + 1), JSON.stringify({ v: 1, type: 'Notice', text: 'p2 holds Wall of Air' }), ...fa.slice(start + 1)];
    expect(scanFrames(forged, 0, decks, SEED, LIFE).leaks.map((l) => l.name)).toEqual(['Wall of Air']);
    expect(errors).toEqual([]);
    await Promise.all([ca.close(), cb.close()]);
  }, 120_000);
});
