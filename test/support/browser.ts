/**
 * Browser test support: bundle an entry for the browser with Vite, serve it on a loopback port,
 * and drive Debian's Chromium through playwright-core. No browser is ever downloaded.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** Builds `entry` into one ES module for the browser; returns its path. */
export async function bundleForBrowser(entry: string): Promise<{ dir: string; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'se-browser-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    root: resolve('.'),
    build: {
      outDir: dir,
      emptyOutDir: true,
      minify: false,
      lib: { entry: resolve(entry), formats: ['es'], fileName: () => 'bundle.js' },
    },
  });
  return { dir, file: join(dir, 'bundle.js') };
}

/** Serves one page that loads `bundle` as a module, on 127.0.0.1 and a free port. */
export async function servePage(bundle: string): Promise<{ url: string; close: () => Promise<void> }> {
  // Serve the bundle's whole folder: a dynamic import becomes a chunk of its own beside it.
  const dir = dirname(bundle);
  const html = `<!doctype html><meta charset="utf-8"><script type="module" src="/${basename(bundle)}"></script>`;
  const server: Server = createServer((req, res) => {
    const name = basename(new URL(req.url ?? '/', 'http://x').pathname);
    if (name.endsWith('.js') && existsSync(join(dir, name))) {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(readFileSync(join(dir, name)));
    } else if (name === '' || name === 'index.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(html);
    } else {
      // Chromium asks for /favicon.ico; answering 404 would show up as a console error.
      res.writeHead(name === 'favicon.ico' ? 204 : 404);
      res.end();
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(() => ok())) };
}

export async function launchChromium(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium); .ci/run does this`);
  }
  // playwright-core gives every launch a new, empty profile of its own.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return { browser, close: () => browser.close() };
}

/**
 * Opens `url` in a new tab of `browser` and waits until the page has set `globalThis[name]` to a
 * value of type `kind`; throws naming `what` and the page's errors when it does not. `errors`
 * goes on collecting page errors and console errors, so a test can require there were none.
 * The caller closes the tab.
 */
export async function openTab(
  browser: Browser,
  url: string,
  name: string,
  kind: 'object' | 'function',
  what: string,
): Promise<{ tab: Page; errors: string[] }> {
  const tab = await browser.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (e) => errors.push(String(e)));
  tab.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  try {
    await tab.goto(url);
    await tab
      .waitForFunction(([n, k]) => typeof (globalThis as Record<string, unknown>)[n] === k, [name, kind] as const, { timeout: 15_000 })
      .catch(() => {
        throw new Error(`${what} did not load in Chromium: ${errors.join('; ') || 'no error reported'}`);
      });
  } catch (err) {
    await tab.close();
    throw err;
  }
  return { tab, errors };
}
