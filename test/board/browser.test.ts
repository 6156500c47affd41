// End to end: the Board served by the real binary, driven in Debian's Chromium through
// playwright-core. Deal a hand, open "Not listed · why" and see each card under its verdict
// (reference, "Reading the trace"); follow the live trace; show content errors on the page.
// Leaves a screenshot at test-results/board.png.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from '../cli/support.js';
import { CHROMIUM, CHROMIUM_ARGS as ARGS } from '../support/browser.js';
import { copyContent, startBoardProcess, type RunningBoard } from './support.js';

let profile = '';
let context: BrowserContext;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium); .ci/run does`);
  profile = mkdtempSync(join(tmpdir(), 'se-chromium-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: ARGS, viewport: { width: 1400, height: 950 } });
}, 60_000);

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** Opens the Board and waits until its live socket is connected. */
async function open(board: RunningBoard): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(board.url);
  await page.locator('#live.on').waitFor();
  return { page, errors };
}

/** The card ids listed under one verdict of a hand's fold. */
function listed(page: Page, hand: string, verdict: string): Promise<string[]> {
  return page
    .locator(`[data-hand="${hand}"] details.not-listed section[data-verdict="${verdict}"] li`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''));
}

describe('the Board in Chromium', () => {
  let board: RunningBoard;
  beforeAll(async () => {
    board = await startBoardProcess('examples/village');
  });
  afterAll(async () => {
    await board.stop();
  });

  it('deals a hand and explains, by verdict, every card it did not list', async () => {
    const { page, errors } = await open(board);
    const forest = page.locator('[data-hand="forest_path"]');
    await forest.locator('button[data-action="deal"]').click();
    await expect
      .poll(() => forest.locator('[data-testid="held"] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-card'))))
      .toEqual(['the_goblin']);

    const fold = forest.locator('details.not-listed');
    expect(await fold.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await expect.poll(() => fold.locator('summary').innerText()).toContain('Not listed · why (6)');
    await fold.locator('summary').click();
    expect(await fold.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);

    const verdicts = await fold.locator('section[data-verdict]').evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')));
    expect(verdicts).toEqual(['deck-gate', 'tags', 'condition']);
    expect(await listed(page, 'forest_path', 'deck-gate')).toEqual(['goblin_rumour', 'market_gossip']);
    expect(await listed(page, 'forest_path', 'tags')).toEqual(['elder_advice', 'smith_offer', 'small_talk']);
    expect(await listed(page, 'forest_path', 'condition')).toEqual(['dark_path']);
    const why = await fold.locator('section[data-verdict="condition"] li').innerText();
    expect(why).toContain('@hand.haunting >= uneasy');

    // Asking the square for the elder and peeking shows the stock, best first.
    const square = page.locator('[data-hand="square"]');
    await square.locator('select[data-group="npc"]').selectOption('elder');
    await square.locator('button[data-action="peek"]').click();
    await expect
      .poll(() => square.locator('[data-testid="stock"] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-card'))))
      .toEqual(['elder_advice', 'small_talk']);
    // The forest fold stays open across the re-render.
    expect(await fold.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);

    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: join(ROOT, 'test-results/board.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows the live trace: a deal made elsewhere shows up without a reload', async () => {
    const { page, errors } = await open(board);
    await page.locator('#flow-select').waitFor();
    const res = await fetch(`${board.url}api/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'deal', flow: 'main', hand: 'smithy' }),
    });
    expect(res.status).toBe(200);
    await expect.poll(() => page.locator('#trace-log').innerText()).toContain('deal smithy');
    await expect.poll(() => page.locator('[data-hand="smithy"] [data-testid="held"] li').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('plays a card, moves the clock and sets a world value', async () => {
    const { page } = await open(board);
    await page.locator('#new-flow input').fill('player2');
    await page.locator('#new-flow button').click();
    await expect.poll(() => page.locator('#flow-select').inputValue()).toBe('player2');
    // The goblin is shared (one in the whole world) and the main flow holds it, so this flow
    // buys from the smith instead.
    const square = page.locator('[data-hand="square"]');
    await square.locator('select[data-group="npc"]').selectOption('smith');
    await square.locator('button[data-action="deal"]').click();
    await square.locator('[data-testid="held"] li[data-card="smith_offer"] button[data-action="play"]').click();
    await expect.poll(() => page.locator('[data-box="village"] [data-testid="clock"]').innerText()).toBe('turn 1');
    await expect.poll(() => page.locator('[data-world="coins"]').inputValue()).toBe('1');
    await page.locator('[data-world="now"]').fill('3');
    await page.locator('[data-world="now"]').press('Enter');
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${board.url}api/state?flow=player2`)).json()) as { state: { world: { name: string; value: unknown }[] } }).state.world.find(
            (w) => w.name === 'now',
          )?.value,
      )
      .toBe(3);
    await page.close();
  });
});

describe('the Board in Chromium, while the content is broken', () => {
  it('shows the diagnostics on the page and keeps playing the last good bundle', async () => {
    const dir = copyContent('examples/village');
    const board = await startBoardProcess(dir);
    try {
      const { page, errors } = await open(board);
      const file = join(dir, 'village.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('"@hand.peril >= 2"', '"@hand.perl >= 2"'));
      const diag = page.locator('#diagnostics pre[data-code="lang/unknown-name"]');
      await diag.waitFor({ timeout: 10_000 });
      expect(await diag.innerText()).toContain('did you mean @hand.peril?');
      expect(await page.locator('#diagnostics strong').innerText()).toContain('keeps playing the last good bundle');
      await page.locator('[data-hand="forest_path"] button[data-action="deal"]').click();
      await expect.poll(() => page.locator('[data-hand="forest_path"] [data-testid="held"] li').count()).toBe(1);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await board.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the Board in Chromium, after a clean reload', () => {
  it('a new tab still shows "Not listed · why", and the reload note goes when the flow changes', async () => {
    const dir = copyContent('examples/village');
    const board = await startBoardProcess(dir);
    try {
      const { page, errors } = await open(board);
      const forest = page.locator('[data-hand="forest_path"]');
      await forest.locator('button[data-action="deal"]').click();
      await expect.poll(() => forest.locator('details.not-listed summary').innerText()).toContain('Not listed · why (6)');

      const file = join(dir, 'village.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('title: A goblin in the woods', 'title: A goblin by the mill'));
      const note = page.locator('[data-testid="content-note"]');
      await expect.poll(() => note.innerText(), { timeout: 10_000 }).toBe('reloaded the content: kept flow main');

      // A tab opened after the reload gets the fold from GET /api/state.
      const fresh = await open(board);
      await expect.poll(() => fresh.page.locator('[data-hand="forest_path"] details.not-listed summary').innerText()).toContain('Not listed · why (6)');
      await fresh.page.close();

      await page.locator('#new-flow input').fill('elsewhere');
      await page.locator('#new-flow button').click();
      await expect.poll(() => page.locator('#flow-select').inputValue()).toBe('elsewhere');
      await expect.poll(() => note.count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await board.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
