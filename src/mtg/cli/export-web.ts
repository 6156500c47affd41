/**
 * `mtg export-web`: the site folder the pages are served from (issue 17; docs/mtg/web.md, "Data
 * and assets"): the built pages of dist/web/ and the data they load. The work is
 * src/mtg/web/assets/export-web.ts; this file reads the options and prints what was written.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StoryletError } from '../../core/errors.js';
import { archiveDecks, DEFAULT_DECK_GLOBS, exportWeb, folderDecks, type DeckSourceFile } from '../web/assets/export-web.js';
import { displayPath } from '../web/assets/index.js';
import { cardSource, describeSource, guard, loadRegistry, parse, str, UsageError, type CommandIO, type OptionTable } from './common.js';

/** One-line summary shown by `mtg --help`. */
export const summary = 'write the website folder: the built pages, and the cards and decks they load';

/** Where the deck archive is looked for, relative to the working directory (the repository's corpora folder). */
export const DEFAULT_DECK_ARCHIVE = '../shared/deepscry/decks.tar.gz';

const HELP = `usage: mtg export-web [--decks GLOB]… [--out DIR] [--cards DIR] [--deck-dir DIR]

Writes a site folder for mtg server-web: the built pages (the package's dist/web/), and
data/cards.json (the compiled cards of the exported decks and of the two starter decks, and every
token script) and data/decks.json (the decks' .dck texts). A deck the card source cannot read (an
unknown card) is skipped with a warning naming its file, line and the nearest known names.
  --decks GLOB    which decks, by path under the deck folder (repeatable; default
                  ${DEFAULT_DECK_GLOBS.join(', ')}; with --deck-dir, every deck)
  --deck-dir DIR  a folder of .dck files (default: the decks of ${DEFAULT_DECK_ARCHIVE},
                  read in place, when it exists; else only the starter decks)
  --out DIR       the site folder (default ./web)
  --cards DIR     a fetched cards folder (default: .cards if fetched, else the starter set)
  --strict        refuse (exit 2) instead of skipping a deck the card source cannot read
  --pages DIR     the built pages to copy (default: the package's dist/web)`;

const OPTIONS: OptionTable = {
  decks: { type: 'string', multiple: true },
  'deck-dir': { type: 'string' },
  out: { type: 'string' },
  cards: { type: 'string' },
  strict: { type: 'boolean' },
  pages: { type: 'string' },
};

const BAD_INPUT = new Set(['mtg/no-decks', 'mtg/duplicate-deck', 'mtg/no-pages']);

/** The package's built pages: dist/web/ beside dist/mtg/. */
const PACKAGE_PAGES = fileURLToPath(new URL('../../web/', import.meta.url));

/**
 * Runs `mtg export-web <args>` and returns the exit code.
 *
 * @example
 * ```ts
 * await run(['--out', 'web', '--cards', '.cards'], io);
 * ```
 */
export async function run(args: string[], io: CommandIO): Promise<number> {
  return guard('mtg export-web', io, () => {
    try {
      return exportCommand(args, io);
    } catch (error) {
      // Decks that are not there, or two with one stem, are the caller's to fix: exit 2, like a bad deck.
      if (error instanceof StoryletError && BAD_INPUT.has(error.code)) throw new UsageError(`${error.code}: ${error.message}`);
      throw error;
    }
  });
}

function exportCommand(args: string[], io: CommandIO): number {
  const p = parse(args, OPTIONS);
  if (p.values.help) {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (p.positionals.length > 0) throw new UsageError(`unexpected argument "${p.positionals[0]}" (decks are chosen with --decks GLOB)`);
  const globsGiven = (p.values.decks as string[] | undefined) ?? [];
  const deckDir = str(p, 'deck-dir');
  const out = resolve(io.cwd, str(p, 'out') ?? 'web');
  const pages = resolve(io.cwd, str(p, 'pages') ?? PACKAGE_PAGES);
  if (!existsSync(pages))
    throw new StoryletError('mtg/no-pages', `no built pages in ${pages}: build them with \`npm run build\` (or give --pages DIR)`, { dir: pages });

  const source = cardSource(str(p, 'cards'), io.cwd);
  const registry = loadRegistry(source);
  let decks: DeckSourceFile[] = [];
  let from: string;
  let globs: readonly string[];
  if (deckDir !== undefined) {
    decks = folderDecks(resolve(io.cwd, deckDir));
    from = deckDir;
    globs = globsGiven.length ? globsGiven : ['**'];
  } else {
    const archive = resolve(io.cwd, DEFAULT_DECK_ARCHIVE);
    if (!existsSync(archive)) {
      if (globsGiven.length) throw new UsageError(`--decks needs decks to choose from: no ${DEFAULT_DECK_ARCHIVE} here, so give --deck-dir DIR`);
      io.stderr.write(`mtg export-web: no deck archive at ${DEFAULT_DECK_ARCHIVE} (nor --deck-dir): exporting the starter decks only\n`);
      from = 'nowhere';
      globs = [];
    } else if (!globsGiven.length && source.kind === 'starter') {
      // The archive's decks are written for the full corpus: with the starter set every one would be skipped.
      io.stderr.write(
        `mtg export-web: the starter set cannot read the decks of ${DEFAULT_DECK_ARCHIVE}: exporting the starter decks only (fetch the corpus with mtg cards fetch, or give --cards DIR)\n`,
      );
      from = 'nowhere';
      globs = [];
    } else {
      decks = archiveDecks(archive);
      from = displayPath(io.cwd, archive);
      globs = globsGiven.length ? globsGiven : DEFAULT_DECK_GLOBS;
    }
  }

  const report = exportWeb({ out, pages, registry, decks, globs, strict: p.values.strict === true });
  for (const s of report.skipped) io.stderr.write(`mtg export-web: skipped ${s.file}: ${s.reason}\n`);
  const n = (x: number): string => x.toLocaleString('en-US');
  const lines = [
    `mtg export-web: wrote ${displayPath(io.cwd, out)}/ with cards from ${describeSource(source)} and decks from ${from}`,
    `  pages            ${report.pages.length} file${report.pages.length === 1 ? '' : 's'} copied from ${pages}`,
    `  decks            ${report.decks.length} exported + 2 starter${report.skipped.length ? `, ${report.skipped.length} skipped (above)` : ''}`,
    `  cards            ${report.cards} cards, ${report.tokens} token scripts`,
    ...report.files.map((f) => `  ${f.path.padEnd(16)} ${n(f.bytes)} bytes (${n(f.gzip)} gzipped)`),
    '',
  ];
  io.stdout.write(lines.join('\n'));
  return 0;
}
