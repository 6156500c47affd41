// The board (src/mtg/web/ui/) drawn in Chromium from real and hand-built seat views: what is
// drawn where (lands apart, auras under their host, tapped, counters, the phase bar, the stack
// with targets, combat), that nothing hidden reaches the page (the opponent's hand as backs, no
// name of a hidden card anywhere in the HTML), that piles open, that the click hook and the
// keyboard work, and that a 390-pixel-wide phone needs no horizontal scrolling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { bundleForBrowser, launchChromium, openTab, servePage } from '../../support/browser.js';
import type { CardView, SeatView } from '../../../src/mtg/engine/index.js';
import { handBuilt, midGame, plainView } from './board-fixtures.js';
import { optionsByCard } from '../../../src/mtg/web/ui/prompt.js';
import { build } from 'esbuild';

const CSS = readFileSync('src/mtg/web/pages/style.css', 'utf8');

type Api = {
  clicks: number[];
  draw(view: SeatView, draw?: { viewer?: 0 | 1; highlight?: number[]; images?: boolean }): void;
  frame(card: CardView): string;
  style(css: string): void;
};

describe('the board in Chromium', () => {
  let bundleDir = '';
  let page: { url: string; close: () => Promise<void> };
  let chromium: { browser: Browser; close: () => Promise<void> };
  let tab: Page;
  let errors: string[];

  beforeAll(async () => {
    const bundle = await bundleForBrowser('test/mtg/web/board-entry.ts');
    bundleDir = bundle.dir;
    page = await servePage(bundle.file);
    chromium = await launchChromium();
    ({ tab, errors } = await openTab(chromium.browser, page.url, 'boardTest', 'object', 'the board test bundle'));
    await tab.evaluate((css) => (globalThis as unknown as { boardTest: Api }).boardTest.style(css), CSS);
  }, 120_000);

  afterAll(async () => {
    await tab?.close();
    await chromium?.close();
    await page?.close();
    if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
  });

  async function draw(view: SeatView, options: { viewer?: 0 | 1; highlight?: number[]; images?: boolean } = {}): Promise<void> {
    await tab.evaluate(([v, o]) => (globalThis as unknown as { boardTest: Api }).boardTest.draw(v, o), [view, options] as const);
  }

  describe('a real mid-game view (the starter decks, heuristic against heuristic, turn 8)', () => {
    const game = midGame('b2', 8);
    const view = plainView(game, 0);

    it('draws both sides: the lands in their own row, tapped cards marked, the opponent on top', async () => {
      await draw(view);
      const sides = await tab.$$eval('.mtg-board > .side', (s) => s.map((e) => (e as HTMLElement).dataset.seat));
      expect(sides).toEqual(['1', '0']);
      for (const seat of [0, 1]) {
        const lands = await tab.$$eval(`.side[data-seat="${seat}"] .row-lands > .permanent > .slot > .card`, (c) =>
          c.map((e) => (e as HTMLElement).dataset.id),
        );
        const others = await tab.$$eval(`.side[data-seat="${seat}"] .row-permanents .card`, (c) => c.map((e) => (e as HTMLElement).dataset.id));
        const mine = view.battlefield.filter((c) => c.controller === seat);
        expect(lands.sort()).toEqual(
          mine
            .filter((c) => c.types.includes('Land'))
            .map((c) => String(c.id))
            .sort(),
        );
        expect(others.sort()).toEqual(
          mine
            .filter((c) => !c.types.includes('Land'))
            .map((c) => String(c.id))
            .sort(),
        );
      }
      const tapped = await tab.$$eval('.card.tapped', (c) => c.map((e) => (e as HTMLElement).dataset.id).sort());
      expect(tapped.length).toBeGreaterThan(0);
      expect(tapped).toEqual(
        view.battlefield
          .filter((c) => c.tapped)
          .map((c) => String(c.id))
          .sort(),
      );
      // A tapped card is turned a quarter.
      const transform = await tab.$eval('.card.tapped', (e) => getComputedStyle(e).transform);
      expect(transform).toMatch(/^matrix\(0, 1, -1, 0|^matrix\(6\.12323e-17, 1, -1, 6\.12323e-17/);
      expect(errors).toEqual([]);
    });

    it("shows the opponent's hand as backs with the count, and no hidden card's name or id anywhere in the HTML", async () => {
      await draw(view);
      const backs = await tab.$$eval('.side-opponent .hand .card-back', (b) => b.length);
      expect(backs).toBe(view.players[1].handCount);
      expect(await tab.$eval('.side-opponent .hand-count', (e) => e.textContent)).toBe(`${view.players[1].handCount} in hand`);
      expect(await tab.$$eval('.side-viewer .hand .card', (c) => c.map((e) => e.querySelector('.card-name')!.textContent))).toEqual(
        view.hand.map((c) => c.name),
      );

      const html = await tab.content();
      const s = game.state;
      const hiddenIds = ['hand-1', 'library-0', 'library-1'].flatMap((z) => s.zones[z]!);
      expect(hiddenIds.length).toBeGreaterThan(50);
      // A hidden card's name may also be on a visible card (a Forest in the library, one on the
      // battlefield): the names that must not be there are those no visible card has.
      const visible = new Set([...view.battlefield, ...view.hand, ...view.graveyards.flat(), ...view.exile, ...view.revealed].map((c) => c.name));
      const hiddenNames = [...new Set(hiddenIds.map((id) => s.objects[id]!.card))].filter((n) => !visible.has(n));
      expect(hiddenNames.length).toBeGreaterThan(5);
      for (const name of hiddenNames) expect(html, name).not.toContain(name);
      const ids = await tab.$$eval('[data-id]', (e) => e.map((x) => Number((x as HTMLElement).dataset.id)));
      for (const id of hiddenIds) expect(ids).not.toContain(id);
    });

    it('lights the current step in the phase bar, names whose turn it is and who has priority', async () => {
      await draw(view);
      const steps = await tab.$$eval('.phase-step', (e) => e.map((x) => (x as HTMLElement).dataset.step));
      expect(steps).toEqual([
        'untap',
        'upkeep',
        'draw',
        'main1',
        'beginCombat',
        'declareAttackers',
        'declareBlockers',
        'combatDamage',
        'endCombat',
        'main2',
        'end',
        'cleanup',
      ]);
      expect(await tab.$$eval('.phase-step.current', (e) => e.map((x) => (x as HTMLElement).dataset.step))).toEqual([view.step]);
      expect(await tab.$eval('.phase-step.current', (e) => e.getAttribute('aria-current'))).toBe('step');
      const names = ['Ann', 'Bob'];
      const info = await tab.$eval('.phase-info', (e) => e.textContent);
      expect(info).toContain(`Turn ${view.turn}`);
      expect(info).toContain(`${names[view.active]}'s turn`);
      if (view.priority !== null) expect(info).toContain(`${names[view.priority]} has priority`);
      expect(await tab.$$eval('.player-panel.active', (e) => e.map((x) => (x as HTMLElement).dataset.seat))).toEqual([String(view.active)]);
      expect(await tab.$eval(`.player-panel[data-seat="1"] .stat-library dd`, (e) => e.textContent)).toBe(String(view.players[1].libraryCount));
      expect(await tab.$eval(`.player-panel[data-seat="1"] .stat-life dd`, (e) => e.textContent)).toBe(String(view.players[1].life));
    });

    it('shows the rules text from the registry, clipped on the board', async () => {
      await draw(view);
      const elves = view.battlefield.find((c) => c.name === 'Llanowar Elves');
      expect(elves).toBeDefined();
      const text = await tab.$eval(`.card[data-id="${elves!.id}"] .card-text`, (e) => ({
        text: e.textContent,
        title: (e as HTMLElement).title,
        symbols: e.querySelectorAll('.mana').length,
      }));
      expect(text.title).toBe('{T}: Add one green mana.');
      expect(text.symbols).toBe(1);
    });
  });

  describe('a hand-built view: aura and equipment, counters, damage, face down, token, stack, combat', () => {
    it('draws auras and equipment inside their host, whoever controls them', async () => {
      await draw(handBuilt());
      const under = await tab.$$eval('.permanent[data-id="12"] > .attachments > .permanent.attached', (e) => e.map((x) => (x as HTMLElement).dataset.id));
      expect(under).toEqual(['13', '14']);
      // p2's Pacifism on p1's Goblin token: drawn on p1's side, under the token, marked as foreign.
      const pacifism = await tab.$eval('.permanent[data-id="33"]', (e) => ({
        side: e.closest('.side')!.getAttribute('data-seat'),
        host: e.parentElement!.closest('.permanent')!.getAttribute('data-id'),
        foreign: e.classList.contains('attached-foreign'),
      }));
      expect(pacifism).toEqual({ side: '0', host: '21', foreign: true });
      // An attached permanent is not drawn a second time in its row.
      expect(await tab.$$eval('[data-id="13"].card', (e) => e.length)).toBe(1);
    });

    it('shows counters, damage, modified P/T, the tapped land, the token mark', async () => {
      await draw(handBuilt());
      const bears = await tab.$eval('.card[data-id="12"]', (e) => ({
        counters: Array.from(e.querySelectorAll('.counter')).map((c) => c.textContent),
        damage: e.querySelector('.damage')?.textContent,
        power: e.querySelector('.power')!.className,
        label: e.getAttribute('aria-label'),
        title: (e.querySelector('.card-pt') as HTMLElement).title,
        tab: (e as HTMLElement).tabIndex,
      }));
      expect(bears.counters).toEqual(['2× +1/+1']);
      expect(bears.damage).toBe('1 dmg');
      expect(bears.power).toContain('pt-up');
      expect(bears.title).toBe('printed 2/2');
      expect(bears.label).toBe('Grizzly Bears, 6/6, 1 damage, 2 +1/+1 counters, blocking');
      expect(bears.tab).toBe(0);
      expect(
        await tab.$eval('.card[data-id="10"]', (e) => [
          e.classList.contains('tapped'),
          e.closest('.row')!.classList.contains('row-lands'),
          e.getAttribute('aria-label'),
        ]),
      ).toEqual([true, true, 'Forest, tapped']);
      expect(await tab.$eval('.card[data-id="21"]', (e) => [e.classList.contains('token'), e.querySelector('.token-mark')?.textContent])).toEqual([
        true,
        'token',
      ]);
      expect(
        await tab.$eval('.player-panel[data-seat="0"]', (e) => [
          e.querySelector('.stat-poison dd')?.textContent,
          e.querySelector('.stat-counter-energy dd')?.textContent,
          e.querySelectorAll('.mana-pool .mana').length,
        ]),
      ).toEqual(['2', '3', 2]);
    });

    it('draws a face-down card as a back: its name for its controller only', async () => {
      await draw(handBuilt());
      expect(
        await tab.$eval('.card[data-id="20"]', (e) => [
          e.classList.contains('face-down'),
          e.querySelector('.card-back-mark')?.textContent,
          e.querySelector('.card-face-name')?.textContent,
        ]),
      ).toEqual([true, 'face down', 'Exalted Angel']);
      // The opponent's view carries no faceName (CR 708.5): the name is nowhere in the page.
      await draw(handBuilt({ faceName: false, seat: 1 }));
      expect(await tab.$eval('.card[data-id="20"]', (e) => [e.textContent, e.getAttribute('aria-label')])).toEqual(['face down2/2', 'face-down card, 2/2']);
      expect(await tab.content()).not.toContain('Exalted Angel');
    });

    it('lists the stack top first with its targets, and the attack and the block', async () => {
      await draw(handBuilt());
      const item = await tab.$eval('.stack-item', (e) => ({
        text: e.textContent,
        targets: Array.from(e.querySelectorAll('.stack-target')).map((t) => t.textContent),
      }));
      expect(item.text).toContain('Lightning Bolt deals 3 damage to any target.');
      expect(item.targets).toEqual(['Serra Angel']);
      expect(await tab.$eval('.card[data-id="30"]', (e) => e.classList.contains('attacking'))).toBe(true);
      expect(await tab.$eval('.card[data-id="12"]', (e) => [e.classList.contains('blocking'), (e as HTMLElement).dataset.blocks])).toEqual([true, '30']);
      expect(await tab.$eval('.combat-attack', (e) => e.textContent)).toBe('Serra Angel attacks, blocked by Grizzly Bears');
    });

    it('draws mana costs as symbols: hybrid, phyrexian, X, snow, colourless readable', async () => {
      await draw(handBuilt());
      const costs = await tab.$$eval('.hand-viewer .card .mana-cost', (e) =>
        e.map((c) => ({ label: c.getAttribute('aria-label'), symbols: Array.from(c.querySelectorAll('.mana')).map((m) => [m.textContent, m.className]) })),
      );
      expect(costs[0]!.label).toBe('mana cost 1 generic, green or white, green or white');
      expect(costs[0]!.symbols[1]).toEqual(['G/W', 'mana mana-hybrid mana-hybrid-GW mana-h1-G mana-h2-W']);
      expect(costs[1]!.label).toBe('mana cost phyrexian blue');
      expect(costs[2]!.label).toBe('mana cost X, snow, 2 or red, colourless');
      // Each symbol is a circle with a background of its own.
      const bg = await tab.$eval('.card[data-id="12"] .mana-G', (e) => [getComputedStyle(e).backgroundColor, getComputedStyle(e).borderRadius]);
      expect(bg[0]).not.toBe('rgba(0, 0, 0, 0)');
      expect(bg[1]).not.toBe('0px');
    });

    it('opens a graveyard and exile; an open pile stays open across a redraw', async () => {
      await draw(handBuilt());
      const yard = '.side-viewer details[data-zone="graveyard-0"]';
      expect(await tab.$eval(`${yard} .pile-count`, (e) => e.textContent)).toBe('2');
      expect(await tab.$eval(yard, (e) => (e as HTMLDetailsElement).open)).toBe(false);
      expect(await tab.isVisible(`${yard} .card[data-id="51"]`)).toBe(false);
      await tab.click(`${yard} > summary`);
      expect(await tab.isVisible(`${yard} .card[data-id="51"]`)).toBe(true);
      // Newest first.
      expect(await tab.$$eval(`${yard} .card`, (e) => e.map((x) => (x as HTMLElement).dataset.id))).toEqual(['51', '50']);
      await draw(handBuilt());
      expect(await tab.$eval(yard, (e) => (e as HTMLDetailsElement).open)).toBe(true);
      expect(await tab.$eval('.side-opponent details[data-zone="exile-1"] .pile-count', (e) => e.textContent)).toBe('1');
    });

    it("highlights the prompt's ids and reports clicks and Enter; arrow keys move between cards; the focus survives a redraw", async () => {
      await draw(handBuilt(), { highlight: [12, 60] });
      expect(await tab.$$eval('.highlight', (e) => e.map((x) => (x as HTMLElement).dataset.id))).toEqual(['60', '12']);
      expect(
        await tab.$eval('.card[data-id="12"]', (e) => [
          e.getAttribute('role'),
          e.getAttribute('aria-label')!.endsWith(', blocking, selectable'),
          getComputedStyle(e).outlineStyle,
        ]),
      ).toEqual(['button', true, 'solid']);
      await tab.click('.card[data-id="12"]');
      await tab.focus('.card[data-id="40"]');
      await tab.keyboard.press('Enter');
      await tab.keyboard.press('ArrowRight');
      expect(await tab.evaluate(() => (document.activeElement as HTMLElement).dataset.id)).toBe('41');
      await tab.click('.stack-item[data-id="60"]');
      expect(await tab.evaluate(() => (globalThis as unknown as { boardTest: Api }).boardTest.clicks.splice(0))).toEqual([12, 40, 60]);
      await tab.focus('.card[data-id="41"]');
      await draw(handBuilt());
      expect(await tab.evaluate(() => (document.activeElement as HTMLElement).dataset.id)).toBe('41');
    });

    it('puts an image in the frame when images() gives a URL', async () => {
      await draw(handBuilt(), { images: true });
      expect(await tab.$$eval('.card-art', (e) => e.map((x) => x.closest('.card')!.getAttribute('data-id')))).toEqual(['10']);
    });
  });

  describe('sizes', () => {
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      it(`no horizontal scrolling at ${width}×${height}, with the real and the hand-built view, piles open`, async () => {
        await tab.setViewportSize({ width, height });
        for (const view of [plainView(midGame('b2', 8), 0), handBuilt()]) {
          await draw(view);
          await tab.$$eval('details', (d) => d.forEach((x) => (x.open = true)));
          const size = await tab.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
          expect(size.scroll, `${width}: scrollWidth ${size.scroll} > clientWidth ${size.client}`).toBeLessThanOrEqual(size.client);
          // Nothing of the board sticks out to the right.
          const right = await tab.$$eval('.mtg-board *', (e) => Math.max(...e.map((x) => x.getBoundingClientRect().right)));
          expect(right).toBeLessThanOrEqual(width + 1);
        }
      });
    }
  });
});

describe('optionsByCard (the prompt helper)', () => {
  it("maps each object an open decision's options name to those options, and names nothing else", () => {
    const game = midGame('b2', 8);
    // Play on until the viewer has a priority decision that offers a card.
    let point = game.pending()!;
    for (let i = 0; i < 200 && !(point.kind === 'priority' && point.options.some((o) => 'card' in o.action)); i++) {
      game.choose(0);
      point = game.pending()!;
    }
    const byCard = optionsByCard(point);
    expect(byCard.size).toBeGreaterThan(0);
    for (const [id, indices] of byCard) {
      for (const i of indices) expect((point.options[i]!.action as { card?: { id: number } }).card?.id).toBe(id);
    }
    const named = point.options.filter((o) => 'card' in o.action && (o.action as { card?: unknown }).card).map((o) => o.index);
    expect([...byCard.values()].flat().sort((a, b) => a - b)).toEqual(named);
    // Pass names no card.
    expect([...byCard.values()].flat()).not.toContain(point.options.find((o) => o.action.verb === 'pass')?.index ?? -1);
  });
});

describe('the board is browser code', () => {
  it('bundles for the browser alone: no node: module, not the card compiler or the engine', async () => {
    // The pages bundle it with esbuild (src/mtg/web/pages/build.mjs); a node: import anywhere in
    // its graph would fail that build, and the engine's barrels would make the board heavy.
    const out = await build({
      entryPoints: ['src/mtg/web/ui/board.ts'],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(out.metafile.inputs);
    expect(inputs.filter((f) => !f.startsWith('src/mtg/web/ui/')).sort()).toEqual(['src/mtg/controllers/tui/steps.ts', 'src/mtg/engine/types.ts']);
  });
});
