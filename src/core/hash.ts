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

let lo = 0;
let hi = 0;
const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);

function mix(n: number): void {
  lo = Math.imul(lo ^ n, 0x01000193);
  hi = Math.imul(hi ^ n, 0x5bd1e995);
  hi ^= hi >>> 15;
}

/** Short strings' hashes (property names, card names, zone names): a state repeats a few hundred. */
const SHORT = new Map<string, number>();
const SHORT_MAX = 20_000;

function stringHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

function mixString(s: string): void {
  // One lane over the characters, then the string's hash and length into both.
  let h: number | undefined;
  if (s.length <= 40) {
    h = SHORT.get(s);
    if (h === undefined) {
      if (SHORT.size >= SHORT_MAX) SHORT.clear();
      SHORT.set(s, (h = stringHash(s)));
    }
  } else h = stringHash(s);
  mix(h);
  mix(s.length);
}

// Tags keep apart values JSON writes differently ("1" and 1, [] and {}, an end and a value).
const T_NULL = 0x6e;
const T_FALSE = 0x66;
const T_TRUE = 0x74;
const T_INT = 0x69;
const T_FLOAT = 0x64;
const T_STRING = 0x73;
const T_ARRAY = 0x5b;
const T_OBJECT = 0x7b;
const T_END = 0x7d;

function mixValue(v: unknown): void {
  switch (typeof v) {
    case 'number':
      if (Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff) {
        mix(T_INT);
        mix(v | 0);
      } else if (!Number.isFinite(v))
        mix(T_NULL); // JSON writes NaN and the infinities as null
      else {
        F64[0] = v;
        mix(T_FLOAT);
        mix(U32[0]!);
        mix(U32[1]!);
      }
      return;
    case 'string':
      mix(T_STRING);
      mixString(v);
      return;
    case 'boolean':
      mix(v ? T_TRUE : T_FALSE);
      return;
    case 'object':
      if (v === null) {
        mix(T_NULL);
        return;
      }
      if (Array.isArray(v)) {
        mix(T_ARRAY);
        mix(v.length);
        // JSON writes a missing element, undefined or a function in an array as null.
        for (let i = 0; i < v.length; i++) {
          const x: unknown = v[i];
          if (x === undefined || typeof x === 'function') mix(T_NULL);
          else mixValue(x);
        }
        return;
      }
      mixObject(v as Record<string, unknown>);
      return;
    default:
      mix(T_NULL);
  }
}

function mixObject(v: Record<string, unknown>): void {
  mix(T_OBJECT);
  const keys = Object.keys(v);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const x = v[k];
    // JSON leaves out undefined and function properties.
    if (x === undefined || typeof x === 'function') continue;
    mixString(k);
    mixValue(x);
  }
  mix(T_END);
}

/**
 * A hash of a plain JSON value (objects, arrays, strings, numbers, booleans, null) taken from
 * the value itself, without writing its JSON: values whose `JSON.stringify` text is the same
 * have the same hash (properties in the order JSON writes them, undefined ones left out). For
 * keys of large states asked often (the puzzle solver's transposition table), where writing the
 * text and hashing it cost several times the walk. Not {@link contentHash}: the two differ for
 * the same value.
 *
 * @example
 * ```ts
 * valueHash({ a: [1, 'x'] }) === valueHash(JSON.parse('{"a":[1,"x"]}')); // true
 * ```
 */
export function valueHash(value: unknown): string {
  lo = 0x811c9dc5;
  hi = 0x01000193 ^ 0x5bd1e995;
  mixValue(value);
  return (lo >>> 0).toString(16).padStart(8, '0') + (hi >>> 0).toString(16).padStart(8, '0');
}
