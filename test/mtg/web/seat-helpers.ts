// The browser seat's test helpers (issue 17): the game page bundled for Chromium, served on a
// loopback port beside a real `mtg server` (--network-debug, --audit-leaks), a person's play by
// clicks (a seeded policy that reaches the end), and the page-side leak scan of every WebSocket
// frame a page received (docs/mtg/web.md "Tests").
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, WebSocket as PwSocket } from 'playwright-core';
import { REPO, spawnMtg, type MtgProcess } from '../../support/net.js';
import { deckGameOptions } from '../../../src/mtg/cli/common.js';
import { readDeck } from '../../../src/mtg/decks/index.js';
import { GoldenHost, type Seat } from '../../../src/mtg/engine/index.js';
import { hiddenFaces, scanForLeaks, WORD_KEYS, type Leak } from '../../../src/mtg/engine/replica/leak-scan.js';
import { sameAction, wireAction, type SyncEntry, type WireAction } from '../../../src/mtg/engine/replica/sync.js';
import { parseServerMessage } from '../../../src/mtg/net/protocol.js';
import { STARTER_DECKS, starterRegistry } from '../../../src/mtg/starter/index.js';

export const registry = starterRegistry();

/** The built site (`npm run build` makes it): the pages as `mtg server-web` serves them. */
export const SITE = join(REPO, 'dist/web');
export const SITE_BUILT = existsSync(join(SITE, 'index.html'));

/** A running `mtg server-web` (static dist/web, the lobby at /lobby): its process, page URL and lobby address. */
export type WebServer = MtgProcess & { port: number; origin: string; lobby: string };

/** Starts `mtg server-web --bind 127.0.0.1:0 --static-dir dist/web --network-debug --audit-leaks <args>` and resolves once it listens. */
export async function startWeb(args: string[]): Promise<WebServer> {
  const p = spawnMtg(['server-web', '--bind', '127.0.0.1:0', '--static-dir', SITE, '--network-debug', '--audit-leaks', ...args]);
  try {
    await p.stderr.waitFor(/^mtg server-web: lobby at /, 30_000);
  } catch (error) {
    await p.kill();
    throw error;
  }
  const line = p.stderr.lines.find((l) => /^mtg server-web: listening on /.test(l))!;
  const m = /listening on (https?:\/\/127\.0\.0\.1:(\d+))/.exec(line)!;
  return Object.assign(p, { port: Number(m[2]), origin: m[1]!, lobby: `127.0.0.1:${m[2]}/lobby` });
}

/** Every text frame a page's WebSockets receive, in order (a reload's new socket appended). */
export function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws: PwSocket) => {
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string') frames.push(f.payload);
    });
  });
  return frames;
}

/** The page's state, as its data attributes say it: the decision index waiting, or over. */
async function promptState(page: Page, after: string | null, timeoutMs: number): Promise<{ over: boolean; index: string | null }> {
  const handle = await page.waitForFunction(
    (last) => {
      const app = document.querySelector<HTMLElement>('#app');
      if (app?.dataset['result']) return { over: true, index: null };
      const p = document.querySelector<HTMLElement>('#prompt');
      if (p?.dataset['state'] === 'ask' && p.dataset['index'] !== last) return { over: false, index: p.dataset['index'] ?? null };
      return false;
    },
    after,
    { timeout: timeoutMs, polling: 20 },
  );
  return (await handle.jsonValue()) as { over: boolean; index: string | null };
}

/** A small seeded generator (the policy's tie-breaks): the same seed, the same clicks. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/**
 * Plays the page's seat by clicks to the end (or `maxDecisions`): keep; attack with everything;
 * play a land or cast a spell when offered (by clicking its card on the board, its menu when the
 * card has several options); else the first option (pass, done, the first target). Returns the
 * decisions clicked.
 */
export async function playByClicks(page: Page, seed: number, options: { maxDecisions?: number; timeoutMs?: number } = {}): Promise<number> {
  const random = rng(seed);
  let last: string | null = null;
  let n = 0;
  for (;;) {
    const state = await promptState(page, last, options.timeoutMs ?? 60_000);
    if (state.over) return n;
    if (options.maxDecisions !== undefined && n >= options.maxDecisions) return n;
    last = state.index;
    const buttons = await page.$$eval('#prompt .options button.option', (bs) =>
      bs.map((b) => ({
        option: Number((b as HTMLElement).dataset['option']),
        verb: (b as HTMLElement).dataset['verb'] ?? '',
        card: (b as HTMLElement).dataset['card'] ?? null,
      })),
    );
    const want = (verb: string) => buttons.filter((b) => b.verb === verb);
    const keep = want('keep');
    const attack = want('attack');
    const act = [...want('play'), ...want('cast')];
    const chosen = keep[0] ?? attack[0] ?? (act.length > 0 ? act[Math.floor(random() * act.length)] : undefined) ?? buttons[0]!;
    const onBoard = chosen.card !== null && (chosen.verb === 'play' || chosen.verb === 'cast') ? page.locator(`#board .card[data-id="${chosen.card}"]`) : null;
    if (onBoard && (await onBoard.count()) === 1) {
      await onBoard.click();
      // A card with several options opens its menu: the option is clicked there.
      const menu = page.locator(`#prompt .card-menu:not([hidden]) button[data-option="${chosen.option}"]`);
      if ((await page.locator('#prompt').getAttribute('data-state')) === 'ask' && (await menu.count()) === 1) await menu.click();
    } else {
      await page.locator(`#prompt .options button[data-option="${chosen.option}"]`).click();
    }
    n++;
  }
}

/** The lobby by clicks: a name, then create `game` (or join it), a deck by its stem, ready. */
export async function lobbyByClicks(page: Page, name: string, game: string, how: 'create' | 'join', deck = 'red_green_aggro', ready = true): Promise<void> {
  await page.locator('#name').fill(name);
  await page.locator('#register').click();
  await page.locator('#games-box:not([hidden])').waitFor();
  if (how === 'create') {
    await page.locator('#game-name').fill(game);
    await page.locator('#create').click();
  } else {
    for (let i = 0; i < 50; i++) {
      await page.locator('#refresh').click();
      const join = page.locator(`#games button.join[data-game="${game}"]`);
      if ((await join.count()) > 0) {
        await join.click();
        break;
      }
      await page.waitForTimeout(100);
    }
  }
  await page.locator('#room-box:not([hidden])').waitFor();
  await page.locator('#deck').selectOption(deck);
  await page.locator('#set-deck').click();
  await page.locator('#room-box[data-deck="set"]').waitFor();
  if (ready) await page.locator('#ready').click();
}

const AUDIT_SKIP = [...WORD_KEYS, 'entries', 'decks', 'names', 'seats', 'game'];

/** The option of a decision entry (the other seat's), as the follower finds it: same action, its rank among those. */
function optionOf(point: { options: readonly { action: Parameters<typeof wireAction>[0] }[] }, action: WireAction, nth: number): number {
  let k = 0;
  for (let i = 0; i < point.options.length; i++) if (sameAction(wireAction(point.options[i]!.action), action) && k++ === nth) return i;
  return -1;
}

/**
 * The page-side leak scan (docs/mtg/web.md "Tests"): the golden rebuilt from the decks, the seed
 * and the decisions the page's frames carry (its own `Confirmed` answers, the other seat's decision
 * entries; a forced decision, of one option, the golden makes itself), and every frame scanned for the names of
 * the faces the seat could not see at the decision it arrived at (hidden faces of the golden once
 * every decision the frame names is applied). A reveal entry names its own card's face (checked to
 * be that card's); the public-decklist keys are skipped, as the server's --audit-leaks does.
 */
export function scanFrames(
  frames: readonly string[],
  seat: Seat,
  decks: [string, string],
  seed: string,
  startingLife: number,
): { leaks: Leak[]; scanned: number; decisions: number } {
  const read = (stem: string) => {
    const d = STARTER_DECKS.find((x) => x.file.endsWith(`/${stem}.dck`))!;
    return readDeck(d.text, d.file, registry).main;
  };
  const host = new GoldenHost(deckGameOptions({ registry, decks: [read(decks[0]), read(decks[1])], seed, startingLife }), {});
  const game = host.game;
  const known = new Map<number, { option: number } | { action: WireAction; nth: number }>();
  const leaks: Leak[] = [];
  let scanned = 0;
  let started = false;
  const run = (): void => {
    for (;;) {
      const p = game.pending();
      if (!p) return;
      const k = known.get(game.choices.length);
      if (k) {
        known.delete(game.choices.length);
        const i = 'option' in k ? k.option : optionOf(p, k.action, k.nth);
        if (i < 0) throw new Error(`decision ${game.choices.length}: no option of the rebuilt golden is ${JSON.stringify(k)}`);
        game.choose(i);
      } else return;
    }
  };
  for (const text of frames) {
    const m = parseServerMessage(text);
    if (m.type === 'GameStarted') started = true;
    if (!started) continue;
    const entries: SyncEntry[] = m.type === 'GameStarted' || m.type === 'Sync' ? m.entries : [];
    // A forced decision (one option) is made by the golden itself and takes no index (engine/ask.ts): only the asked ones are replayed.
    for (const e of entries) if (e.type === 'decision' && !e.forced) known.set(e.index, { action: e.action, nth: e.nth ?? 0 });
    if (m.type === 'Confirmed') known.set(m.index, { option: m.option });
    run();
    const hidden = hiddenFaces(game, seat);
    for (const e of entries) {
      if (e.type === 'reveal' && e.name !== game.state.objects[e.card]?.card)
        leaks.push({ path: `reveal of ${e.card}`, name: e.name, text: 'a reveal names another face than its card' });
      leaks.push(...scanForLeaks(e.type === 'reveal' ? { ...e, name: undefined } : e, hidden, { skipKeys: WORD_KEYS }));
    }
    leaks.push(...scanForLeaks({ ...m, entries: undefined }, hidden, { skipKeys: AUDIT_SKIP }));
    scanned++;
  }
  return { leaks, scanned, decisions: game.choices.length };
}
