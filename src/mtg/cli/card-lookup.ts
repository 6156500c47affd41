/**
 * `mtg build-card-lookup`: the card → image table the pages and `mtg download` use (issue 17;
 * docs/mtg/web.md, "Data and assets"), from Scryfall's unique_artwork.json bulk file. The work is
 * src/mtg/web/assets/card-lookup.ts.
 */
import { resolve } from 'node:path';
import { buildCardLookupFile } from '../web/assets/card-lookup.js';
import { displayPath } from '../web/assets/index.js';
import { guard, parse, str, UsageError, type CommandIO, type OptionTable } from './common.js';

/** One-line summary shown by `mtg --help`. */
export const summary = "build the card → image table from Scryfall's unique_artwork.json";

/** The table's default place, relative to the working directory. */
export const DEFAULT_LOOKUP = 'web/data/card-lookup.json';

const HELP = `usage: mtg build-card-lookup --bulk FILE [--out FILE]

Reads Scryfall's unique_artwork.json bulk file (https://scryfall.com/docs/api/bulk-data; a local
file, read as a stream), keeps the oldest art of each card and writes the card → image table. If
any image URL is not in the format the table expands to, it refuses (exit 1) naming the first bad
entry, and the old table is kept unchanged.
  --bulk FILE   unique_artwork.json
  --out FILE    the table (default ${DEFAULT_LOOKUP})`;

const OPTIONS: OptionTable = { bulk: { type: 'string' }, out: { type: 'string' } };

/**
 * Runs `mtg build-card-lookup <args>` and returns the exit code.
 *
 * @example
 * ```ts
 * await run(['--bulk', 'unique_artwork.json'], io);
 * ```
 */
export async function run(args: string[], io: CommandIO): Promise<number> {
  return guard('mtg build-card-lookup', io, async () => {
    const p = parse(args, OPTIONS);
    if (p.values.help) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    if (p.positionals.length > 0) throw new UsageError(`unexpected argument "${p.positionals[0]}" (the bulk file is given with --bulk FILE)`);
    const bulk = str(p, 'bulk');
    if (bulk === undefined) throw new UsageError("--bulk FILE is required (Scryfall's unique_artwork.json)");
    const out = resolve(io.cwd, str(p, 'out') ?? DEFAULT_LOOKUP);
    const r = await buildCardLookupFile(resolve(io.cwd, bulk), out);
    const n = (x: number): string => x.toLocaleString('en-US');
    io.stdout.write(
      `mtg build-card-lookup: ${n(r.entries)} entries read${r.skipped ? ` (${n(r.skipped)} art-series skipped)` : ''}: ${n(r.identities)} cards, ${n(r.names)} names → ${displayPath(io.cwd, r.out)} (${n(r.bytes)} bytes)\n`,
    );
    return 0;
  });
}
