// The Board's Table view (the pile-search reference's Edit Mode) end to end: the real binary on a
// scratch copy of test/fixtures/board/precedence/, driven in Debian's Chromium through
// playwright-core. Every row of the reference's precedence table is reproduced by clicking the
// dropdowns, checked in the effective policy shown beside the pile, in a search tried as a seat,
// and in the file written back (comments kept). Leaves screenshots in test-results/.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { readTableFile } from '../../src/content/table-format.js';
import { createTable } from '../../src/table/index.js';
import { ROOT } from '../cli/support.js';
import { CHROMIUM, CHROMIUM_ARGS as ARGS } from '../support/browser.js';
import { copyContent, startBoardProcess, type RunningBoard } from './support.js';

const FILE = 'precedence.table.yaml';

let profile = '';
let context: BrowserContext;
let board: RunningBoard;
let dir = '';
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium); .ci/run does`);
  profile = mkdtempSync(join(tmpdir(), 'se-chromium-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: ARGS, viewport: { width: 1280, height: 900 } });
  dir = copyContent('test/fixtures/board/precedence');
  board = await startBoardProcess(dir);
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(board.url);
  await page.locator('#live.on').waitFor();
  await page.locator('#table-view:not([hidden])').waitFor();
}, 60_000);

afterAll(async () => {
  await context?.close();
  await board?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (profile) rmSync(profile, { recursive: true, force: true });
});

const table = () => page.locator(`[data-table="${FILE}"]`);
const inspector = () => table().locator('[data-testid="inspector"]');
const effective = (pile: string) => table().locator(`[data-pile="${pile}"] [data-testid="effective"]`).innerText();
const onDisk = () => readFileSync(join(dir, FILE), 'utf8');

async function selectPile(id: string): Promise<void> {
  await table().locator(`[data-pile="${id}"] button[data-action="select"]`).click();
  await expect.poll(() => inspector().locator('h4').innerText()).toContain(`(${id === 'hand' ? 'hand' : id})`);
}
async function selectZone(id: string): Promise<void> {
  await table().locator(`[data-zone="${id}"] > button[data-action="select"]`).click();
  await expect.poll(() => inspector().locator('h4').innerText()).toContain(id);
}
/** Picks an option of one of the Inspector's dropdowns and waits for the file to say it. */
async function choose(testid: string, label: string, key: string, value: string): Promise<void> {
  await inspector().locator(`[data-testid="${testid}"]`).selectOption({ label });
  await expect.poll(() => inspector().locator(`[data-testid="${testid}"]`).inputValue()).toBe(value);
  await expect.poll(() => onDisk().includes(`${key}: ${value}`)).toBe(true);
}
async function trySearch(seat: string, pile: string): Promise<{ allowed: boolean; browse: string[]; publicLines: string[]; why: string }> {
  const panel = table().locator('[data-testid="try"]');
  await panel.locator('[data-testid="try-seat"]').selectOption(seat);
  await panel.locator('[data-testid="try-pile"]').selectOption(pile);
  await panel.locator('button[data-action="try"]').click();
  const tried = panel.locator(`[data-testid="tried"][data-seat="${seat}"][data-pile="${pile}"]`);
  await tried.waitFor();
  expect(await tried.locator('.label').first().textContent()).toBe(`What ${seat} browses (private to ${seat})`);
  return {
    allowed: (await tried.getAttribute('data-allowed')) === 'true',
    browse: await tried.locator('[data-testid="browse"] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? '')),
    publicLines: await tried.locator('[data-testid="public"] li').allInnerTexts(),
    why: await tried.locator('[data-testid="why"]').innerText(),
  };
}

describe('the Table view in Chromium', () => {
  it('shows two dropdowns for a deck and a bag, one for an area zone, none for anything else', async () => {
    await selectPile('deck');
    expect(await inspector().locator('select').count()).toBe(2);
    const options = (testid: string) => inspector().locator(`[data-testid="${testid}"] option`).allInnerTexts();
    expect(await options('search-select')).toEqual([
      'Not set (Owner seat and host)',
      'No one',
      'Owner seat only',
      'Host only',
      'Owner seat and host',
      'Anyone',
    ]);
    expect(await options('after-select')).toEqual(['Not set (Shuffle the rest)', 'Shuffle the rest', 'Keep the order']);
    await selectPile('bag');
    expect((await options('search-select'))[0]).toBe('Not set (No one)');
    expect(await inspector().locator('select').count()).toBe(2);
    await selectZone('zone');
    expect(await inspector().locator('select').count()).toBe(1);
    expect(await inspector().locator('[data-testid="zone-search-select"]').count()).toBe(1);
    await selectZone('shelf');
    expect(await inspector().locator('select').count()).toBe(0);
    expect(await inspector().locator('[data-testid="no-settings"]').count()).toBe(1);
    await selectPile('hand');
    expect(await inspector().locator('select').count()).toBe(0);
    // Nothing authored yet: each pile shows its kind default.
    await expect.poll(() => effective('deck')).toBe('Search: Owner seat and host (default) · After search: Shuffle the rest (default)');
    await expect.poll(() => effective('bag')).toBe('Search: No one (default) · After search: Shuffle the rest (default)');
  });

  it('row 1: the deck says Anyone, the zone says Host only: Anyone, the deck wins', async () => {
    await selectZone('zone');
    await choose('zone-search-select', 'Host only', 'search', 'host');
    await selectPile('deck');
    await choose('search-select', 'Anyone', 'search', 'anyone');
    await expect.poll(() => effective('deck')).toBe('Search: Anyone (pile) · After search: Shuffle the rest (default)');
    const r = await trySearch('b', 'deck');
    expect(r.allowed).toBe(true);
    expect(r.browse).toEqual(['d1', 'd2', 'd3']);
    expect(r.publicLines).toEqual(['b opened a search of Library of a (3 cards)', 'b closed the search of Library of a', 'h shuffled Library of a']);
    // The public lines are identity-free: no card of the pile appears in them.
    for (const card of ['d1', 'd2', 'd3']) expect(r.publicLines.join('\n')).not.toContain(card);
  });

  it('row 2: the deck is Not set, the zone says Host only: Host only, inherited from the zone', async () => {
    await selectPile('deck');
    // The label names the kind default, whatever the zone says.
    await choose('search-select', 'Not set (Owner seat and host)', 'search', 'not-set');
    await expect.poll(() => effective('deck')).toBe('Search: Host only (zone) · After search: Shuffle the rest (default)');
    const refused = await trySearch('a', 'deck');
    expect(refused).toMatchObject({ allowed: false, browse: [], publicLines: [] });
    expect(await table().locator('[data-testid="tried"] [data-testid="public"]').textContent()).toBe('nothing: the table is told nothing');
    expect(refused.why).toContain('Host only (inherited from its zone)');
    await page.locator('#table-view').screenshot({ path: shot('board-table-refused.png') });
    expect((await trySearch('h', 'deck')).allowed).toBe(true);
  });

  it('row 3: the deck says Keep the order with Search Not set, the zone says Anyone: each half from its own source', async () => {
    await selectZone('zone');
    await choose('zone-search-select', 'Anyone', 'search', 'anyone');
    await selectPile('deck');
    await choose('after-select', 'Keep the order', 'afterSearch', 'keep-order');
    await expect.poll(() => effective('deck')).toBe('Search: Anyone (zone) · After search: Keep the order (pile)');
    const r = await trySearch('b', 'deck');
    expect(r.allowed).toBe(true);
    // Keep the order: no shuffle line.
    expect(r.publicLines).toEqual(['b opened a search of Library of a (3 cards)', 'b closed the search of Library of a']);
    // The bag inherits the zone's Anyone too (its own default would be No one).
    await expect.poll(() => effective('bag')).toBe('Search: Anyone (zone) · After search: Shuffle the rest (default)');
    await page.locator('#table-view').screenshot({ path: shot('board-table.png') });
  });

  it('row 4: both Not set on the deck, Not set on the zone: the kind defaults', async () => {
    await selectZone('zone');
    await choose('zone-search-select', "Not set (each pile's kind default)", 'search', 'not-set');
    await selectPile('deck');
    await choose('after-select', 'Not set (Shuffle the rest)', 'afterSearch', 'not-set');
    await expect.poll(() => effective('deck')).toBe('Search: Owner seat and host (default) · After search: Shuffle the rest (default)');
    await expect.poll(() => effective('bag')).toBe('Search: No one (default) · After search: Shuffle the rest (default)');
    expect((await trySearch('a', 'deck')).allowed).toBe(true);
    expect((await trySearch('b', 'deck')).allowed).toBe(false);
    expect((await trySearch('a', 'bag')).allowed).toBe(false);
  });

  it('wrote every edit into the file, keeping its comments and layout, and what it says is what the table does', () => {
    const text = onDisk();
    const original = readFileSync(join(ROOT, 'test/fixtures/board/precedence', FILE), 'utf8');
    for (const comment of original.split('\n').filter((l) => l.includes('#'))) expect(text).toContain(comment.slice(comment.indexOf('#')));
    expect(text).toContain('  zone: { kind: area, search: not-set }');
    // Only the edited settings changed: drop them and the original is back.
    expect(text.replace(', search: not-set', '').replace(/\n {4}(search|afterSearch): not-set/g, '')).toBe(original);
    const r = readTableFile(FILE, text);
    expect(r.ok && createTable(r.options).resolveSearchPolicy('deck')).toEqual({
      search: { value: 'owner-and-host', from: 'default', seats: ['h', 'a'] },
      afterSearch: { value: 'shuffle', from: 'default' },
    });
    expect(errors).toEqual([]);
  });
});

function shot(name: string): string {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  return join(ROOT, 'test-results', name);
}
