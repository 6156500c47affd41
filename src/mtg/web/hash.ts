/**
 * Content addressing for the browser product's assets (issue 17, docs/mtg/web.md): an asset's
 * name carries 16 hex characters of the BLAKE3 hash of its bytes, so a server may cache it
 * forever and a changed asset gets a new name. One home for the hash and the name pattern: the
 * web build names its bundles with it, `mtg hash-asset` and `mtg hash-web-assets` print and apply
 * it, and `mtg server-web` marks the names it matches as immutable.
 */
import { blake3 } from '@noble/hashes/blake3.js';

/** How many hex characters of the hash a name carries (64 bits: collisions are not a concern for one site's assets). */
export const ASSET_HASH_HEX = 16;

/**
 * The first 16 hex characters of the BLAKE3 hash of `bytes`.
 *
 * @example
 * ```ts
 * assetHash(new Uint8Array()); // 'af1349b9f5f9a1a6' (BLAKE3 of the empty input begins af1349b9f5f9a1a6…)
 * ```
 */
export function assetHash(bytes: Uint8Array): string {
  const digest = blake3(bytes, { dkLen: ASSET_HASH_HEX / 2 });
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The content-addressed name of `name` for bytes hashing to `hash`: the hash goes before the last
 * extension (`app.js` → `app.0123456789abcdef.js`; `LICENSE` → `LICENSE.0123456789abcdef`).
 */
export function hashedName(name: string, hash: string): string {
  const slash = name.lastIndexOf('/');
  const dot = name.lastIndexOf('.');
  return dot > slash + 1 ? `${name.slice(0, dot)}.${hash}${name.slice(dot)}` : `${name}.${hash}`;
}

/** A path whose last segment is a content-addressed name (`….0123456789abcdef.js`, `….0123456789abcdef`). */
const HASHED = /\.[0-9a-f]{16}(\.[A-Za-z0-9]+)?$/;

/**
 * Whether `path` names a content-addressed asset (its bytes never change under that name).
 *
 * @example
 * ```ts
 * isHashedName('/data/cards.0123456789abcdef.json'); // true
 * isHashedName('/index.html'); // false
 * ```
 */
export function isHashedName(path: string): boolean {
  return HASHED.test(path);
}
