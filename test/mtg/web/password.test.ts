// The lobby page on a server with a password (mtg server-web --password): the page asks for it,
// a wrong one is refused in place, the right one registers (docs/mtg/web.md "Lobby").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/browser.js';
import { killAll } from '../../support/net.js';
import { SITE_BUILT, startWeb, type WebServer } from './seat-helpers.js';

let browser: Browser;
let closeBrowser: () => Promise<void>;
let server: WebServer;

beforeAll(async () => {
  if (!SITE_BUILT) return;
  server = await startWeb(['--password', 'open sesame']);
  ({ browser, close: closeBrowser } = await launchChromium());
}, 120_000);

afterAll(async () => {
  await closeBrowser?.();
  await killAll();
});

describe.skipIf(!SITE_BUILT)('the lobby on a server with a password', () => {
  it('asks for the password, shows a wrong one refused in place, registers with the right one', async () => {
    const ctx = await browser.newContext();
    const tab = await ctx.newPage();
    await tab.goto(`${server.origin}/`);
    await tab.locator('#password-label:not([hidden])').waitFor();
    await tab.locator('#name').fill('ada');
    await tab.locator('#password').fill('wrong');
    await tab.locator('#register').click();
    await expect.poll(() => tab.locator('#name-error').textContent()).toMatch(/wrong password.*net\/password/);
    await tab.locator('#password').fill('open sesame');
    await tab.locator('#register').click();
    await tab.locator('#games-box:not([hidden])').waitFor();
    await ctx.close();
  }, 60_000);

  it('a server without a password shows no password field', async () => {
    const open = await startWeb([]);
    const ctx = await browser.newContext();
    const tab = await ctx.newPage();
    await tab.goto(`${open.origin}/`);
    await tab.locator('#name').waitFor();
    expect(await tab.locator('#password-label').isHidden()).toBe(true);
    await ctx.close();
  }, 60_000);
});
