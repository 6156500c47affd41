/**
 * `mtg hash-asset FILE` and `mtg hash-web-assets DIR`: content addressing for the site (issue 17;
 * docs/mtg/web.md, "Data and assets"). The hash is src/mtg/web/hash.ts's `assetHash` (16 hex of
 * BLAKE3), the folder's pass src/mtg/web/assets/hash-assets.ts.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { hashAssetFile, hashWebAssets, MANIFEST_FILE } from '../web/assets/hash-assets.js';
import { guard, parse, UsageError, type CommandIO, type OptionTable } from './common.js';

/** One-line summary shown by `mtg --help`. */
export const summary = 'print the 16-hex BLAKE3 hash of a file (content addressing)';
/** `mtg hash-web-assets`'s summary. */
export const webAssetsSummary = 'give every asset of a site folder a content-addressed copy and write asset-manifest.json';

const HELP = `usage: mtg hash-asset FILE

Prints the first 16 hex characters of the BLAKE3 hash of FILE's bytes: the hash a
content-addressed name carries (app.<hash>.js).`;

const WEB_HELP = `usage: mtg hash-web-assets DIR

For every file under DIR except *.html, dot files, ${MANIFEST_FILE} and names that already carry
a hash, writes a copy named by its hash (data/cards.json → data/cards.<hash>.json) and writes
DIR/${MANIFEST_FILE} mapping each name to its copy. Running it again changes nothing unless a
file changed; copies of older versions are kept for pages loaded before the change.`;

const OPTIONS: OptionTable = {};

function one(args: string[], what: string): string {
  const p = parse(args, OPTIONS);
  if (p.values.help) return '';
  if (p.positionals.length !== 1) throw new UsageError(`give one ${what}, not ${p.positionals.length}`);
  return p.positionals[0]!;
}

/**
 * Runs `mtg hash-asset <args>`.
 *
 * @example
 * ```ts
 * await run(['web/data/cards.json'], io); // prints e.g. 0123456789abcdef
 * ```
 */
export async function run(args: string[], io: CommandIO): Promise<number> {
  return guard('mtg hash-asset', io, () => {
    const file = one(args, 'FILE');
    if (file === '') {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    const path = resolve(io.cwd, file);
    if (!existsSync(path) || !statSync(path).isFile()) throw new UsageError(`${file}: no such file`);
    io.stdout.write(`${hashAssetFile(path)}\n`);
    return 0;
  });
}

/**
 * Runs `mtg hash-web-assets <args>`.
 *
 * @example
 * ```ts
 * await runWebAssets(['web'], io);
 * ```
 */
export async function runWebAssets(args: string[], io: CommandIO): Promise<number> {
  return guard('mtg hash-web-assets', io, () => {
    const dir = one(args, 'DIR');
    if (dir === '') {
      io.stdout.write(`${WEB_HELP}\n`);
      return 0;
    }
    const path = resolve(io.cwd, dir);
    if (!existsSync(path) || !statSync(path).isDirectory()) throw new UsageError(`${dir}: no such folder`);
    const r = hashWebAssets(path);
    io.stdout.write(
      `mtg hash-web-assets: ${Object.keys(r.manifest.assets).length} assets, ${r.written.length} new hashed copies, ${MANIFEST_FILE} ${r.manifestChanged ? 'written' : 'unchanged'}\n`,
    );
    return 0;
  });
}
