/**
 * The data a page loads from its site (docs/mtg/web.md "Data and assets"): `asset-manifest.json`
 * at the root, then `data/cards.json`, `data/decks.json` and `data/images/images.json`, each
 * optional and fetched relative to the page. One registry per page: the exported cards when
 * `data/cards.json` loads, else the starter set built into the bundle; the decks: the two starter
 * decks always, then the exported ones. So a page with no data folder plays the starter decks, as
 * `mtg tui … --cards starter` does, and a page of an export plays what `mtg tui … --cards X` plays
 * with X the export's card source.
 *
 * Browser code: no node: import (src/mtg/web/pages/build.mjs fails the build on one).
 */
import { StoryletError } from '../../../core/errors.js';
import { createCardRegistry, type Card, type CardRegistry } from '../../cards/index.js';
import { STARTER_DECKS, starterRegistry } from '../../starter/index.js';

/** A deck a page offers: `stem` names it (`red_green_aggro`, `01_dolan_wug_stasis`). */
export type SiteDeck = {
  /** The file's stem: what `?p1=` names. Unique in a site. */
  stem: string;
  /** Its path in the deck archive (`championship/1994/01_dolan_wug_stasis.dck`), or `starter/….dck`. */
  file: string;
  /** Its folder (`championship/1994`), `starter` for the built-in decks. */
  group: string;
  /** The `.dck` text. */
  text: string;
};

/** What a page has to play with. */
export type SiteData = {
  registry: CardRegistry;
  /** Where the registry came from: the export's `data/cards.json`, or the starter set in the bundle. */
  cards: 'export' | 'starter';
  /** The starter decks first, then the exported ones, in the order `data/decks.json` lists them. */
  decks: SiteDeck[];
  /** A card's image URL when `data/images/images.json` has one. */
  image(cardName: string): string | null;
  /** What went wrong loading optional data (a malformed file, a duplicate stem): shown by the page, never fatal. */
  notices: string[];
};

/** The built-in decks, named by their files' stems. */
export const STARTER_SITE_DECKS: readonly SiteDeck[] = STARTER_DECKS.map((d) => ({
  stem: d.file.replace(/^.*\//, '').replace(/\.dck$/, ''),
  file: d.file,
  group: 'starter',
  text: d.text,
}));

/** How a page reads a file of its site: the browser's fetch (a test may give another). */
export type Fetcher = (url: string) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/** The options of {@link loadSiteData}. */
export type LoadOptions = {
  /** The URL the data paths are relative to (default: the page's own location). */
  base?: string;
  fetch?: Fetcher;
};

/**
 * Loads the site's data; missing files are simply absent, a malformed one is a notice (and is
 * not used).
 *
 * @example
 * ```ts
 * const site = await loadSiteData();
 * site.decks.map((d) => d.stem); // ['red_green_aggro', 'white_blue_control', …the export's]
 * ```
 */
export async function loadSiteData(options: LoadOptions = {}): Promise<SiteData> {
  const base = options.base ?? globalThis.location?.href ?? 'http://localhost/';
  const get: Fetcher = options.fetch ?? ((url) => globalThis.fetch(url));
  const notices: string[] = [];
  const readJson = async (path: string, url: string): Promise<unknown> => {
    let response;
    try {
      response = await get(url);
    } catch (error) {
      notices.push(`${path}: could not be fetched (${String((error as Error).message ?? error)})`);
      return undefined;
    }
    if (!response.ok) {
      if (response.status !== 404) notices.push(`${path}: the server answered ${response.status}`);
      return undefined;
    }
    try {
      return JSON.parse(await response.text());
    } catch (error) {
      notices.push(`${path}: not JSON (${String((error as Error).message ?? error)})`);
      return undefined;
    }
  };

  const manifest = readManifest(await readJson('asset-manifest.json', new URL('asset-manifest.json', base).href), notices);
  // Every data path goes through the manifest: a content-addressed name when it has one.
  const url = (path: string): string => new URL(manifest[path] ?? path, base).href;

  const [cardsJson, decksJson, imagesJson] = await Promise.all([
    readJson('data/cards.json', url('data/cards.json')),
    readJson('data/decks.json', url('data/decks.json')),
    readJson('data/images/images.json', url('data/images/images.json')),
  ]);

  let registry: CardRegistry | null = null;
  if (cardsJson !== undefined) {
    try {
      registry = cardsRegistry(cardsJson);
    } catch (error) {
      notices.push(`data/cards.json: ${(error as Error).message}; playing with the starter set`);
    }
  }
  const decks = [...STARTER_SITE_DECKS, ...readDecks(decksJson, notices)];
  const images = readImages(imagesJson, notices);
  return {
    registry: registry ?? starterRegistry(),
    cards: registry ? 'export' : 'starter',
    decks,
    image: (name) => {
      const path = images.get(name);
      return path === undefined ? null : url(`data/images/${path}`);
    },
    notices,
  };
}

/** `asset-manifest.json`'s plain name → hashed name table (empty when absent or malformed). */
function readManifest(json: unknown, notices: string[]): Record<string, string> {
  if (json === undefined) return {};
  const m = json as { format?: unknown; assets?: unknown };
  if (m === null || typeof m !== 'object' || m.format !== 1 || m.assets === null || typeof m.assets !== 'object') {
    notices.push('asset-manifest.json: not a format 1 manifest ({ "format": 1, "assets": { … } }); using plain names');
    return {};
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(m.assets as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  return out;
}

/**
 * The registry of a `data/cards.json`: `{ "format": 1, "cards": Card[], "tokens": Card[] }`.
 *
 * @throws StoryletError `mtg/bad-site-data` when the file is not one.
 * @example
 * ```ts
 * cardsRegistry({ format: 1, cards: compileStarterCards().cards, tokens: [] }).get('Shock').name; // 'Shock'
 * ```
 */
export function cardsRegistry(json: unknown): CardRegistry {
  const c = json as { format?: unknown; cards?: unknown; tokens?: unknown };
  if (c === null || typeof c !== 'object' || c.format !== 1 || !Array.isArray(c.cards) || !Array.isArray(c.tokens)) {
    throw new StoryletError('mtg/bad-site-data', 'not a format 1 cards file ({ "format": 1, "cards": [...], "tokens": [...] })');
  }
  return createCardRegistry({ cards: c.cards as Card[], tokens: c.tokens as Card[] });
}

/** The decks of a `data/decks.json`; a deck whose stem is taken already is left out with a notice. */
function readDecks(json: unknown, notices: string[]): SiteDeck[] {
  if (json === undefined) return [];
  const d = json as { format?: unknown; decks?: unknown };
  if (d === null || typeof d !== 'object' || d.format !== 1 || !Array.isArray(d.decks)) {
    notices.push('data/decks.json: not a format 1 decks file ({ "format": 1, "decks": [...] }); only the starter decks are offered');
    return [];
  }
  const taken = new Set(STARTER_SITE_DECKS.map((s) => s.stem));
  const out: SiteDeck[] = [];
  for (const [i, raw] of (d.decks as unknown[]).entries()) {
    const e = raw as Partial<Record<keyof SiteDeck, unknown>>;
    if (e === null || typeof e !== 'object' || typeof e.stem !== 'string' || typeof e.text !== 'string') {
      notices.push(`data/decks.json: deck ${i + 1} has no stem or text; left out`);
      continue;
    }
    if (taken.has(e.stem)) {
      notices.push(`data/decks.json: a second deck named ${JSON.stringify(e.stem)} (${String(e.file)}); left out`);
      continue;
    }
    taken.add(e.stem);
    const file = typeof e.file === 'string' ? e.file : `${e.stem}.dck`;
    out.push({ stem: e.stem, file, group: typeof e.group === 'string' ? e.group : file.replace(/\/[^/]*$/, ''), text: e.text });
  }
  return out;
}

/** `data/images/images.json`'s card name → path (under `data/images/`) table. */
function readImages(json: unknown, notices: string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (json === undefined) return out;
  const m = json as { format?: unknown; images?: unknown };
  if (m === null || typeof m !== 'object' || m.format !== 1 || m.images === null || typeof m.images !== 'object') {
    notices.push('data/images/images.json: not a format 1 image table; cards are drawn as text frames');
    return out;
  }
  for (const [k, v] of Object.entries(m.images as Record<string, unknown>)) if (typeof v === 'string') out.set(k, v);
  return out;
}

/**
 * The deck of `site` a stem names.
 *
 * @throws StoryletError `mtg/unknown-deck`, naming the decks there are.
 * @example
 * ```ts
 * findDeck(site, 'red_green_aggro').file; // 'starter/red_green_aggro.dck'
 * ```
 */
export function findDeck(site: Pick<SiteData, 'decks'>, stem: string): SiteDeck {
  const found = site.decks.find((d) => d.stem === stem);
  if (found) return found;
  const some = site.decks
    .slice(0, 6)
    .map((d) => d.stem)
    .join(', ');
  const more = site.decks.length > 6 ? `, … (${site.decks.length} in all)` : '';
  throw new StoryletError('mtg/unknown-deck', `no deck ${JSON.stringify(stem)} on this site (decks are named by their file's stem: ${some}${more})`, { stem });
}
