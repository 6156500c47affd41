// The same seed deals the same cards in the same order in Node and in a browser
// (reference, "Ranking the survivors": "the same seed gives the same order every time, in
// every runtime"). The scenario is bundled with Vite and run in Debian's Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { bundleForBrowser, launchChromium, openTab, servePage } from '../support/browser.js';
import { runScenario, type Transcript } from './scenario.js';

describe('Node and Chromium deal identically', () => {
  let bundleDir = '';
  let page: { url: string; close: () => Promise<void> };
  let chromium: { browser: Browser; close: () => Promise<void> };

  beforeAll(async () => {
    const bundle = await bundleForBrowser('test/browser/entry.ts');
    bundleDir = bundle.dir;
    page = await servePage(bundle.file);
    chromium = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await chromium?.close();
    await page?.close();
    if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
  });

  async function inBrowser(seed: string): Promise<Transcript> {
    const { tab, errors } = await openTab(chromium.browser, page.url, 'runScenario', 'function', 'the scenario bundle');
    try {
      const t = await tab.evaluate((s) => (globalThis as unknown as { runScenario: (seed: string) => Promise<Transcript> }).runScenario(s), seed);
      expect(errors).toEqual([]);
      return t;
    } finally {
      await tab.close();
    }
  }

  for (const seed of ['demo', 's1', 'another seed']) {
    it(`seed ${JSON.stringify(seed)}: the same transcript, deal for deal`, async () => {
      const node = await runScenario(seed);
      const browser = await inBrowser(seed);
      expect(node.lines.length).toBeGreaterThan(30);
      expect(browser.lines).toEqual(node.lines);
    });
  }

  it('different seeds break ties differently (the scenario really exercises chance)', async () => {
    const a = await runScenario('demo');
    const b = await runScenario('s1');
    expect(a.lines).not.toEqual(b.lines);
  });
});
