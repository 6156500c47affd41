// What a page loads from its site (src/mtg/web/pages/data.ts; web-design.md "Data a page loads"):
// every file optional, names resolved through asset-manifest.json, one registry (the export's
// cards, else the starter set), the starter decks first, and a malformed file a notice, not a failure.
import { describe, expect, it } from 'vitest';
import { compileStarterCards } from '../../../src/mtg/starter/index.js';
import { cardsRegistry, findDeck, loadSiteData, type Fetcher } from '../../../src/mtg/web/pages/data.js';

const BASE = 'http://site.test/demo.html';

/** A site of `files` (path → body); every fetched URL is recorded. */
function site(files: Record<string, unknown>): { fetch: Fetcher; asked: string[] } {
  const asked: string[] = [];
  const fetch: Fetcher = async (url) => {
    asked.push(url);
    const path = new URL(url).pathname.slice(1);
    if (!(path in files)) return { ok: false, status: 404, text: async () => '' };
    const body = files[path];
    return { ok: true, status: 200, text: async () => (typeof body === 'string' ? body : JSON.stringify(body)) };
  };
  return { fetch, asked };
}

const STARTERS = ['red_green_aggro', 'white_blue_control'];

describe('loadSiteData', () => {
  it('with no data folder: the starter set and the two starter decks, and nothing to report', async () => {
    const s = site({});
    const data = await loadSiteData({ base: BASE, fetch: s.fetch });
    expect(data.cards).toBe('starter');
    expect(data.registry.get('Lightning Bolt').name).toBe('Lightning Bolt');
    expect(data.decks.map((d) => d.stem)).toEqual(STARTERS);
    expect(findDeck(data, 'red_green_aggro').file).toBe('starter/red_green_aggro.dck');
    expect(data.image('Forest')).toBeNull();
    expect(data.notices).toEqual([]);
    // The manifest first, then the three data files, all relative to the page.
    expect(s.asked).toEqual([
      'http://site.test/asset-manifest.json',
      'http://site.test/data/cards.json',
      'http://site.test/data/decks.json',
      'http://site.test/data/images/images.json',
    ]);
  });

  it("reads an export through its manifest: the export's cards, the starter decks then its decks, images", async () => {
    const { cards } = compileStarterCards();
    const only = cards.filter((c) => ['Forest', 'Grizzly Bears'].includes(c.name));
    const s = site({
      'asset-manifest.json': {
        format: 1,
        assets: { 'data/cards.json': 'data/cards.0123456789abcdef.json', 'data/images/normal/forest.jpg': 'data/images/normal/forest.fedcba9876543210.jpg' },
      },
      'data/cards.0123456789abcdef.json': { format: 1, cards: only, tokens: [] },
      'data/decks.json': {
        format: 1,
        decks: [
          { stem: 'bears', file: 'casual/bears.dck', group: 'casual', text: '[Main]\n20 Forest\n40 Grizzly Bears\n' },
          { stem: 'red_green_aggro', file: 'casual/red_green_aggro.dck', group: 'casual', text: '[Main]\n60 Forest\n' },
          { stem: 'bears', file: 'other/bears.dck', group: 'other', text: '[Main]\n60 Forest\n' },
        ],
      },
      'data/images/images.json': { format: 1, size: 'normal', images: { Forest: 'normal/forest.jpg' } },
    });
    const data = await loadSiteData({ base: BASE, fetch: s.fetch });
    expect(data.cards).toBe('export');
    expect(data.registry.lookup('Forest')?.name).toBe('Forest');
    expect(data.registry.lookup('Lightning Bolt')).toBeUndefined();
    expect(s.asked).toContain('http://site.test/data/cards.0123456789abcdef.json');
    expect(data.decks.map((d) => `${d.group}/${d.stem}`)).toEqual(['starter/red_green_aggro', 'starter/white_blue_control', 'casual/bears']);
    expect(data.image('Forest')).toBe('http://site.test/data/images/normal/forest.fedcba9876543210.jpg');
    expect(data.image('Grizzly Bears')).toBeNull();
    // A stem taken already (the starter's, or an earlier deck's) is left out, and said.
    expect(data.notices).toEqual([
      'data/decks.json: a second deck named "red_green_aggro" (casual/red_green_aggro.dck); left out',
      'data/decks.json: a second deck named "bears" (other/bears.dck); left out',
    ]);
  });

  it('a malformed file is a notice and is not used; a server error is reported, a 404 is not', async () => {
    const s = site({
      'asset-manifest.json': { assets: {} },
      'data/cards.json': '{ not json',
      'data/decks.json': { format: 2, decks: [] },
      'data/images/images.json': { format: 1 },
    });
    const data = await loadSiteData({ base: BASE, fetch: s.fetch });
    expect(data.cards).toBe('starter');
    expect(data.decks.map((d) => d.stem)).toEqual(STARTERS);
    expect(data.notices).toHaveLength(4);
    expect(data.notices[0]).toMatch(/^asset-manifest\.json: not a format 1 manifest/);
    expect(data.notices[1]).toMatch(/^data\/cards\.json: not JSON/);
    expect(data.notices[2]).toMatch(/^data\/decks\.json: not a format 1 decks file/);
    expect(data.notices[3]).toMatch(/^data\/images\/images\.json: not a format 1 image table/);

    const failing: Fetcher = async (url) =>
      url.endsWith('cards.json') ? { ok: false, status: 500, text: async () => '' } : { ok: false, status: 404, text: async () => '' };
    expect((await loadSiteData({ base: BASE, fetch: failing })).notices).toEqual(['data/cards.json: the server answered 500']);
  });

  it('cardsRegistry refuses what is not a format 1 cards file; findDeck names the decks there are', () => {
    expect(() => cardsRegistry({ format: 1, cards: [] })).toThrow(expect.objectContaining({ code: 'mtg/bad-site-data' }));
    expect(() => findDeck({ decks: [] }, 'x')).toThrow(expect.objectContaining({ code: 'mtg/unknown-deck' }));
  });
});
