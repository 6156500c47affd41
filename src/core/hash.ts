/**
 * A 64-bit content hash (two independent 32-bit FNV-1a lanes), as 16 hex digits. Not for
 * security: it names a bundle's content so that snapshots and caches can tell bundles apart, and
 * it is pure JavaScript so it gives the same answer in Node and in browsers.
 */
export function contentHash(text: string): string {
  const h = contentHasher();
  h.update(text);
  return h.digest();
}

/** A {@link contentHash} fed piece by piece: the hash of the pieces' concatenation. */
export interface ContentHasher {
  update(text: string): void;
  digest(): string;
}

/**
 * {@link contentHash} over text that arrives in pieces, without joining them: `update(x);
 * update(y)` gives the hash of `x + y`. Publishing hashes a bundle's JSON this way, as it writes it.
 *
 * @example
 * ```ts
 * const h = contentHasher();
 * h.update('{"a":'); h.update('1}');
 * h.digest() === contentHash('{"a":1}'); // true
 * ```
 */
export function contentHasher(): ContentHasher {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  return {
    update(text) {
      let x = a;
      let y = b;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        x = Math.imul(x ^ c, 0x01000193);
        y = Math.imul(y ^ c, 0x5bd1e995);
        y ^= y >>> 15;
      }
      a = x;
      b = y;
    },
    digest() {
      return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
    },
  };
}
