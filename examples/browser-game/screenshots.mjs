// Re-takes the README's screenshots with Debian's Chromium (after `npm run build`):
// node examples/browser-game/screenshots.mjs. It plays the start of the test's route.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildGame } from './build.mjs';
import { serveDir } from './serve.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'se-browser-game-'));
await buildGame(out);
const server = await serveDir(out);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 760, height: 600 } });
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready=yes]');
  await page.screenshot({ path: join(here, 'screenshots/village.png'), fullPage: true });
  for (const [hand, card] of [
    ['smith', 'smith_greeting'],
    ['square', 'goblin_rumour'],
    ['square', 'market_day'],
    ['smith', 'small_talk'],
    ['smith', 'smith_blade'],
  ]) {
    await page.click(`[data-hand=${hand}] [data-card=${card}]`);
  }
  await page.click('#go');
  await page.click('[data-hand=forest_path] [data-card=mushrooms]');
  await page.check('#dev');
  await page.screenshot({ path: join(here, 'screenshots/forest-why-not.png'), fullPage: true });
} finally {
  await browser.close();
  await server.close();
  rmSync(out, { recursive: true, force: true });
}
