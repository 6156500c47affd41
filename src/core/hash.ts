/**
 * A 64-bit content hash (two independent 32-bit FNV-1a lanes), as 16 hex digits. Not for
 * security: it names a bundle's content so that snapshots and caches can tell bundles apart, and
 * it is pure JavaScript so it gives the same answer in Node and in browsers.
 */
export function contentHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
