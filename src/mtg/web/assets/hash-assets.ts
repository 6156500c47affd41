/**
 * Content addressing of a site folder (`mtg hash-asset`, `mtg hash-web-assets`; docs/mtg/web.md,
 * "Data and assets"): every asset gets a copy named by the hash of its bytes, and
 * `asset-manifest.json` maps each plain name to its hashed copy, so a page fetches the manifest
 * first and then data a server may cache forever. The hash and the name pattern are
 * src/mtg/web/hash.ts's: one home.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assetHash, hashedName, isHashedName } from '../hash.js';

/** The manifest's file name, at the site root. */
export const MANIFEST_FILE = 'asset-manifest.json';

/** `asset-manifest.json`: plain path (relative to the site root, `/`-separated) → its hashed copy. */
export type AssetManifest = { format: 1; assets: Record<string, string> };

/** What {@link hashWebAssets} did. */
export type HashReport = {
  manifest: AssetManifest;
  /** Hashed copies written by this run (a second run over the same bytes writes none). */
  written: string[];
  /** Whether asset-manifest.json changed. */
  manifestChanged: boolean;
};

/**
 * The 16 hex characters of BLAKE3 of a file's bytes.
 *
 * @example
 * ```ts
 * hashAssetFile('web/data/cards.json'); // '0123456789abcdef'
 * ```
 */
export function hashAssetFile(path: string): string {
  return assetHash(readFileSync(path));
}

// A name carrying a hash segment anywhere (`app.0123456789abcdef.js.map`, the build's source map
// of a hashed bundle) is already content-addressed or derived from such a file: hashing it again
// would only add a second name for it.
const DERIVED = /\.[0-9a-f]{16}\./;

/** Whether a file under the site is left alone: pages (always revalidated), the manifest, hashed names, dot files. */
function skipped(rel: string, name: string): boolean {
  return name.startsWith('.') || /\.html?$/i.test(name) || rel === MANIFEST_FILE || isHashedName(name) || DERIVED.test(name);
}

/** Every file under `dir`, as `/`-separated paths relative to it, in code-unit order (deterministic). */
function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const rel = prefix + name;
    const s = statSync(path);
    if (s.isDirectory()) out.push(...filesUnder(path, `${rel}/`));
    else if (s.isFile()) out.push(rel);
  }
  return out;
}

/**
 * Writes a content-addressed copy of every asset under `dir` (every file except `*.html`, dot
 * files, the manifest and names already hashed) and `dir/asset-manifest.json`. Idempotent: a copy
 * that exists is not rewritten (its name is its content), and the manifest is rewritten only when
 * it changes. Copies an older run made for older bytes are kept, so a page loaded before a deploy
 * still finds the data it names.
 *
 * @example
 * ```ts
 * hashWebAssets('web').manifest.assets['data/cards.json']; // 'data/cards.0123456789abcdef.json'
 * ```
 */
export function hashWebAssets(dir: string): HashReport {
  const assets: Record<string, string> = {};
  const written: string[] = [];
  for (const rel of filesUnder(dir)) {
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    if (skipped(rel, name)) continue;
    const hashed = hashedName(rel, hashAssetFile(join(dir, rel)));
    assets[rel] = hashed;
    const target = join(dir, hashed);
    if (existsSync(target)) continue;
    // Copy then rename: a reader (a live server) never sees a half-written hashed file.
    const temp = `${target}.tmp-${process.pid}`;
    copyFileSync(join(dir, rel), temp);
    renameSync(temp, target);
    written.push(hashed);
  }
  const manifest: AssetManifest = { format: 1, assets };
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const path = join(dir, MANIFEST_FILE);
  const manifestChanged = !existsSync(path) || readFileSync(path, 'utf8') !== text;
  if (manifestChanged) {
    writeFileSync(`${path}.tmp-${process.pid}`, text);
    renameSync(`${path}.tmp-${process.pid}`, path);
  }
  return { manifest, written, manifestChanged };
}
