/**
 * `mtg download`: the images of one deck's cards, from the card lookup table (issue 17;
 * docs/mtg/web.md, "Data and assets"). The work is src/mtg/web/assets/download.ts.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { StoryletError } from '../../core/errors.js';
import { readDeck } from '../decks/index.js';
import { parseLookup } from '../web/assets/card-lookup.js';
import { downloadImages } from '../web/assets/download.js';
import type { DecksFile } from '../web/assets/export-web.js';
import { displayPath } from '../web/assets/index.js';
import { DEFAULT_LOOKUP } from './card-lookup.js';
import { cardSource, guard, loadRegistry, parse, starterDeckNamed, str, UsageError, whole, type CommandIO, type OptionTable } from './common.js';
import { STARTER_DECKS } from '../starter/index.js';

/** One-line summary shown by `mtg --help`. */
export const summary = "download the images of a deck's cards for the pages";

const HELP = `usage: mtg download --only-deck DECK [--out DIR] [--size small|normal] [--concurrency N] [--delay-ms D] [--base-url URL] [--lookup FILE]

Fetches the image of every card of DECK from the URLs of the card lookup table (mtg
build-card-lookup) into DIR/<size>/<card>.jpg, and writes DIR/images.json naming the images that
are there (a second deck adds to it). Images already there are not fetched again. A failing image
is reported with its card and URL, the others are still fetched, and the exit code is 1.
  --only-deck DECK    the deck whose cards to fetch: a .dck file, a starter deck, or the stem of
                      a deck in the decks.json beside DIR (web/data/decks.json: mtg export-web)
  --out DIR           the images folder (default web/data/images)
  --size S            small (146×204) or normal (488×680) (default small)
  --concurrency N     requests at once (default 4)
  --delay-ms D        least time between two request starts (default 50)
  --base-url URL      fetch from this origin instead of the table's (https://cards.scryfall.io)
  --lookup FILE       the card lookup table (default ${DEFAULT_LOOKUP})
  --timeout-ms MS     a request not done by then fails (default 30000)
  --cards DIR         the card source naming the deck's cards (default: .cards if fetched, else
                      the starter set); a card it does not know is fetched by the name written`;

const OPTIONS: OptionTable = {
  'only-deck': { type: 'string' },
  out: { type: 'string' },
  size: { type: 'string' },
  concurrency: { type: 'string' },
  'delay-ms': { type: 'string' },
  'base-url': { type: 'string' },
  lookup: { type: 'string' },
  'timeout-ms': { type: 'string' },
  cards: { type: 'string' },
};

/**
 * Runs `mtg download <args>` and returns the exit code (1 when an image failed).
 *
 * @example
 * ```ts
 * await run(['--only-deck', 'starter/red_green_aggro.dck', '--size', 'normal'], io);
 * ```
 */
export async function run(args: string[], io: CommandIO): Promise<number> {
  return guard('mtg download', io, async () => {
    try {
      return await download(args, io);
    } catch (error) {
      // A missing or foreign table is the caller's to fix (build it first): exit 2.
      if (error instanceof StoryletError && (error.code === 'mtg/bad-lookup' || error.code === 'mtg/bad-images-index'))
        throw new UsageError(`${error.code}: ${error.message}`);
      throw error;
    }
  });
}

/**
 * The text of a deck argument: a file; a starter deck by name (`red_green_aggro`,
 * `starter/red_green_aggro.dck`); or an exported deck by stem, from the decks.json beside the
 * images folder (`web/data/decks.json` for `web/data/images`), since export-web reads its decks
 * from the archive without leaving files behind.
 */
function deckText(arg: string, cwd: string, out: string): { file: string; text: string } {
  const path = resolve(cwd, arg);
  if (existsSync(path) && statSync(path).isFile()) return { file: arg, text: readFileSync(path, 'utf8') };
  const starter = starterDeckNamed(arg);
  if (starter) return { file: starter.file, text: starter.text };
  const decksFile = join(dirname(out), 'decks.json');
  let exported: DecksFile | undefined;
  if (existsSync(decksFile)) {
    try {
      exported = JSON.parse(readFileSync(decksFile, 'utf8')) as DecksFile;
    } catch {
      exported = undefined;
    }
  }
  const found = exported?.decks?.find((d) => d.stem === arg.replace(/\.dck$/i, ''));
  if (found) return { file: found.file, text: found.text };
  const where = exported ? `, nor a deck of ${decksFile}` : '';
  throw new StoryletError('mtg/unknown-deck', `no deck file ${JSON.stringify(arg)}${where} (built-in decks: ${STARTER_DECKS.map((d) => d.file).join(', ')})`, {
    deck: arg,
  });
}

async function download(args: string[], io: CommandIO): Promise<number> {
  const p = parse(args, OPTIONS);
  if (p.values.help) {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (p.positionals.length > 0) throw new UsageError(`unexpected argument "${p.positionals[0]}" (the deck is given with --only-deck DECK)`);
  const deckArg = str(p, 'only-deck');
  if (deckArg === undefined) throw new UsageError('--only-deck DECK is required (a .dck file or a starter deck)');
  const size = str(p, 'size') ?? 'small';
  if (size !== 'small' && size !== 'normal') throw new UsageError(`--size takes small or normal, not ${JSON.stringify(size)}`);
  const concurrency = whole(p, 'concurrency', 4, 1, 64);
  const delayMs = whole(p, 'delay-ms', 50, 0, 60_000);
  const timeoutMs = whole(p, 'timeout-ms', 30_000, 1, 600_000);
  const baseUrl = str(p, 'base-url');
  if (baseUrl !== undefined && !/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(baseUrl))
    throw new UsageError(`--base-url takes an http(s) origin such as http://127.0.0.1:8080, not ${JSON.stringify(baseUrl)}`);
  const out = resolve(io.cwd, str(p, 'out') ?? 'web/data/images');
  const { file, text } = deckText(deckArg, io.cwd, out);
  const deck = readDeck(text, file, loadRegistry(cardSource(str(p, 'cards'), io.cwd)), { suggestions: 0 });
  const names = deck.lines.map((l) => l.card ?? l.written);
  if (names.length === 0) throw new StoryletError('mtg/bad-deck', `${file}: no card lines`, { file });

  const lookupFile = resolve(io.cwd, str(p, 'lookup') ?? DEFAULT_LOOKUP);
  if (!existsSync(lookupFile))
    throw new StoryletError(
      'mtg/bad-lookup',
      `no card lookup table at ${displayPath(io.cwd, lookupFile)}: build it with mtg build-card-lookup --bulk unique_artwork.json`,
      {
        file: lookupFile,
      },
    );
  const lookup = parseLookup(readFileSync(lookupFile, 'utf8'), displayPath(io.cwd, lookupFile));

  const report = await downloadImages({
    names,
    lookup,
    out,
    size,
    concurrency,
    delayMs,
    timeoutMs,
    ...(baseUrl !== undefined ? { baseUrl } : {}),
  });
  for (const card of report.unknown) io.stderr.write(`mtg download: ${card}: no image in the lookup table ${displayPath(io.cwd, lookupFile)}\n`);
  for (const f of report.failed) io.stderr.write(`mtg download: ${f.card}: ${f.url}: ${f.reason}\n`);
  const bad = report.unknown.length + report.failed.length;
  io.stdout.write(
    `mtg download: ${file}: ${report.downloaded.length} downloaded (${report.bytes.toLocaleString('en-US')} bytes), ${report.present.length} already there, ${bad} failed → ${displayPath(io.cwd, out)}/${size}/ (${Object.keys(report.index.images).length} images in images.json)\n`,
  );
  return bad > 0 ? 1 : 0;
}
