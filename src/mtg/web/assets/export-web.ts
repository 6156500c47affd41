/**
 * The site folder for the pages (`mtg export-web`; docs/mtg/web.md, "Data and assets"): the built
 * pages copied from `dist/web/`, and the data they load — `data/cards.json`, the compiled cards
 * of the exported decks and of the two starter decks with every token script of the card source,
 * and `data/decks.json`, the decks' `.dck` texts. A page builds its one registry from cards.json
 * with `createCardRegistry({ cards, tokens })`, so a game in the page is the game
 * `mtg tui … --cards <the export's card source>` plays: the engine looks cards up only by the names
 * of its objects, which come from the decks and the token scripts.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { StoryletError } from '../../../core/errors.js';
import { formatDiagnostic, type Card, type CardRegistry } from '../../cards/index.js';
import { readTar } from '../../cards/tar.js';
import { readDeck, type DeckDiagnostic } from '../../decks/index.js';
import { STARTER_DECKS } from '../../starter/index.js';

/** `data/cards.json`: what `createCardRegistry` takes. */
export type CardsFile = { format: 1; cards: Card[]; tokens: Card[] };
/** One deck of `data/decks.json`. */
export type DeckEntryFile = { stem: string; file: string; group: string; text: string };
/** `data/decks.json`. */
export type DecksFile = { format: 1; decks: DeckEntryFile[] };

/** A `.dck` file to consider: its path under the deck root (`championship/1994/01_x.dck`) and text. */
export type DeckSourceFile = { path: string; text: string };

/** The default decks: the championship and old-school decks of the DeepScry archive. */
export const DEFAULT_DECK_GLOBS: readonly string[] = ['championship/**', 'old_school/**', 'old_school2/**'];

/**
 * A glob over `/`-separated paths: `**` any run of folders, `*` any run of characters but `/`, `?`
 * one such character; a glob naming a folder (`championship`, `championship/`) means everything
 * under it.
 *
 * @example
 * ```ts
 * globMatcher('championship/**')('championship/1994/01_dolan_wug_stasis.dck'); // true
 * globMatcher('old_school/*.dck')('old_school2/x.dck'); // false
 * ```
 */
export function globMatcher(glob: string): (path: string) => boolean {
  let g = glob.replace(/\\/g, '/').replace(/^\.\//, '');
  if (g.endsWith('/')) g += '**';
  let re = '';
  for (let i = 0; i < g.length; i++) {
    const c = g[i]!;
    if (c === '*' && g[i + 1] === '*') {
      // `**/` is zero or more folders; a trailing `**` anything.
      if (g[i + 2] === '/') {
        re += '(?:.*/)?';
        i += 2;
      } else {
        re += '.*';
        i += 1;
      }
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  const exact = new RegExp(`^${re}$`);
  const folder = new RegExp(`^${re}/`);
  return (path) => exact.test(path) || folder.test(path);
}

/**
 * The `.dck` files of a folder, by path relative to it, in path order.
 *
 * @example
 * ```ts
 * folderDecks('decks').map((d) => d.path); // ['championship/1994/01_dolan_wug_stasis.dck', …]
 * ```
 */
export function folderDecks(dir: string): DeckSourceFile[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new StoryletError('mtg/no-decks', `--deck-dir ${dir}: no such folder; give a folder of .dck files`, { dir });
  const out: DeckSourceFile[] = [];
  const walk = (d: string, prefix: string): void => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      const s = statSync(path);
      if (s.isDirectory()) walk(path, `${prefix}${name}/`);
      else if (/\.dck$/i.test(name)) out.push({ path: `${prefix}${name}`, text: readFileSync(path, 'utf8') });
    }
  };
  walk(dir, '');
  return out;
}

/**
 * The `.dck` files of a `.tar.gz` deck archive, read in memory (nothing is extracted), by path
 * under the archive's common top folder (`deepscry/decks/championship/…` → `championship/…`).
 *
 * @example
 * ```ts
 * archiveDecks('../shared/deepscry/decks.tar.gz')[0]?.path; // 'avatar/avatar_5c_allies.dck'
 * ```
 */
export function archiveDecks(archive: string): DeckSourceFile[] {
  const files = readTar(gunzipSync(readFileSync(archive)))
    .filter((f) => /\.dck$/i.test(f.path))
    .map((f) => ({ path: f.path.replace(/^\.\//, ''), text: f.data.toString('utf8') }));
  // The longest folder prefix every deck shares.
  let prefix = files.length ? files[0]!.path.slice(0, files[0]!.path.lastIndexOf('/') + 1) : '';
  for (const f of files) while (prefix !== '' && !f.path.startsWith(prefix)) prefix = prefix.slice(0, prefix.slice(0, -1).lastIndexOf('/') + 1);
  return files.map((f) => ({ path: f.path.slice(prefix.length), text: f.text })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** How {@link exportWeb} builds the site. */
export type ExportWebOptions = {
  /** The site folder (created). */
  out: string;
  /** The built pages to copy (the package's dist/web), or null to write only the data. */
  pages: string | null;
  registry: CardRegistry;
  /** The decks to choose from (an archive's or a folder's). */
  decks: readonly DeckSourceFile[];
  /** Which of them: globs over their paths. */
  globs: readonly string[];
  /** Refuse (`mtg/bad-deck`) instead of skipping a deck the card source cannot read. */
  strict?: boolean;
};

/** A deck left out, and why (the first error: file, line, column, the nearest names). */
export type SkippedDeck = { file: string; reason: string; errors: number };

/** What {@link exportWeb} wrote. */
export type ExportReport = {
  decks: DeckEntryFile[];
  skipped: SkippedDeck[];
  cards: number;
  tokens: number;
  /** Each data file: path under the site, bytes, and bytes gzipped (what a compressing server sends). */
  files: Array<{ path: string; bytes: number; gzip: number }>;
  /** Pages copied (paths under the site). */
  pages: string[];
};

function stemOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.dck$/i, '');
}

function firstError(diagnostics: readonly DeckDiagnostic[]): { text: string; count: number } | undefined {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0) return undefined;
  return { text: formatDiagnostic(errors[0]!), count: errors.length };
}

function writeAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp-${process.pid}`, text);
  renameSync(`${path}.tmp-${process.pid}`, path);
}

function copyTree(from: string, to: string, prefix = ''): string[] {
  const copied: string[] = [];
  for (const name of readdirSync(from).sort()) {
    const src = join(from, name);
    const s = statSync(src);
    if (s.isDirectory()) copied.push(...copyTree(src, join(to, name), `${prefix}${name}/`));
    else if (s.isFile()) {
      mkdirSync(to, { recursive: true });
      copyFileSync(src, join(to, name));
      copied.push(`${prefix}${name}`);
    }
  }
  return copied;
}

/**
 * Writes the site (see the module comment). Decks are read with `registry`; a deck it cannot read
 * (an unknown card, a bad line, no main deck) is skipped and listed in the report, or with
 * `strict` refused as `mtg/bad-deck`. The starter decks must read: the pages always offer them.
 * Two decks with one stem are refused (`mtg/duplicate-deck`), naming both files: a page names a
 * deck by its stem (`demo.html?p1=01_dolan_wug_stasis`).
 *
 * @example
 * ```ts
 * exportWeb({ out: 'web', pages: 'dist/web', registry, decks: archiveDecks(archive), globs: DEFAULT_DECK_GLOBS });
 * ```
 */
export function exportWeb(options: ExportWebOptions): ExportReport {
  const { registry } = options;
  const used = new Set<Card>();
  const addCards = (lines: ReadonlyArray<{ card?: string }>): void => {
    for (const line of lines) {
      const card = line.card !== undefined ? registry.lookup(line.card) : undefined;
      if (card) used.add(card);
    }
  };

  for (const starter of STARTER_DECKS) {
    const deck = readDeck(starter.text, starter.file, registry);
    const error = firstError(deck.diagnostics);
    if (error)
      throw new StoryletError(
        'mtg/bad-deck',
        `the card source cannot read the starter deck ${starter.file}, which every page offers: ${error.text}; export with a card source that has its cards (--cards starter, or a fuller cards folder)`,
        { file: starter.file },
      );
    addCards(deck.lines);
  }

  const matchers = options.globs.map((g) => ({ glob: g, test: globMatcher(g) }));
  for (const m of matchers) {
    if (!options.decks.some((d) => m.test(d.path))) {
      const folders = [...new Set(options.decks.map((d) => d.path.split('/')[0]!))].sort();
      throw new StoryletError('mtg/no-decks', `--decks ${m.glob} matches no deck; the decks are under ${folders.join(', ') || '(none)'}`, { glob: m.glob });
    }
  }
  const chosen = options.decks.filter((d) => matchers.some((m) => m.test(d.path)));

  const stems = new Map<string, string>(STARTER_DECKS.map((d) => [stemOf(d.file), d.file]));
  const decks: DeckEntryFile[] = [];
  const skipped: SkippedDeck[] = [];
  for (const source of chosen) {
    const stem = stemOf(source.path);
    const other = stems.get(stem);
    if (other !== undefined)
      throw new StoryletError(
        'mtg/duplicate-deck',
        `two decks have the stem ${JSON.stringify(stem)}: ${other} and ${source.path}; a page names decks by stem, so export only one of them (--decks)`,
        {
          stem,
          files: [other, source.path],
        },
      );
    stems.set(stem, source.path);
    const deck = readDeck(source.text, source.path, registry);
    const error = firstError(deck.diagnostics) ?? (deck.main.length === 0 ? { text: `${source.path}: the deck has no cards in [Main]`, count: 1 } : undefined);
    if (error) {
      const reason = `${error.text}${error.count > 1 ? ` (and ${error.count - 1} more error${error.count > 2 ? 's' : ''})` : ''}`;
      if (options.strict) throw new StoryletError('mtg/bad-deck', reason, { file: source.path });
      skipped.push({ file: source.path, reason, errors: error.count });
      continue;
    }
    addCards(deck.lines);
    const slash = source.path.lastIndexOf('/');
    decks.push({ stem, file: source.path, group: slash < 0 ? '' : source.path.slice(0, slash), text: source.text });
  }

  // Cards in the registry's own order (the corpus's file order), so two exports are byte for byte equal.
  const cards = registry.cards.filter((c) => used.has(c));
  const cardsFile: CardsFile = { format: 1, cards, tokens: [...registry.tokens] };
  const decksFile: DecksFile = { format: 1, decks };

  const pages = options.pages === null ? [] : copyTree(options.pages, options.out);
  const files: ExportReport['files'] = [];
  for (const [rel, value] of [
    ['data/cards.json', cardsFile],
    ['data/decks.json', decksFile],
  ] as const) {
    const text = JSON.stringify(value);
    writeAtomic(join(options.out, rel), text);
    files.push({ path: rel, bytes: Buffer.byteLength(text), gzip: gzipSync(text).length });
  }
  return { decks, skipped, cards: cards.length, tokens: cardsFile.tokens.length, files, pages };
}
