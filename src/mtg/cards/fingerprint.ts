/**
 * The compiler's fingerprint: a hash of the compiler's own source files, read at run time from
 * the folder this module was loaded from (`dist/mtg/cards/*.js` in a build, `src/mtg/cards/*.ts`
 * under tsx or vitest). It names the IR cache file, so a changed compiler never reads a cache
 * another compiler wrote.
 *
 * Why at run time rather than at build time: the hash is then always of the code that is actually
 * running, whichever way it was loaded; a build-time constant would need a generation step the
 * plain `tsc` build does not have, and would go stale whenever the sources run without a build
 * (tests, tsx). The cost is one read of ~40 small files (a few milliseconds), once per process.
 * Every file in the folder is hashed, not a hand-kept list: forgetting to list a file that affects
 * the IR would silently reuse stale caches, while hashing one that does not merely recompiles.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Bumped by hand only if the IR's meaning changes without any compiler source changing. */
const IR_VERSION = '1';

let memo: string | undefined;

function sources(root: string, ext: string, relative = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, relative))) {
    const rel = relative === '' ? name : `${relative}/${name}`;
    if (statSync(join(root, rel)).isDirectory()) out.push(...sources(root, ext, rel));
    else if (name.endsWith(ext) && !name.endsWith(`.d${ext}`)) out.push(rel);
  }
  return out;
}

/**
 * The fingerprint of the compiler sources in `dir` (16 hex digits). Exposed for tests; programs
 * use {@link compilerFingerprint}.
 *
 * @example
 * ```ts
 * fingerprintOf('dist/mtg/cards', '.js'); // 'a3f09c1d2b7e4410'
 * ```
 */
export function fingerprintOf(dir: string, ext: string): string {
  const hash = createHash('sha256').update(`ir-version ${IR_VERSION}\0`);
  for (const rel of sources(dir, ext).sort()) {
    hash
      .update(rel)
      .update('\0')
      .update(readFileSync(join(dir, rel)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The fingerprint of the running compiler.
 *
 * @example
 * ```ts
 * `.cards/ir-${compilerFingerprint()}.json.gz`;
 * ```
 */
export function compilerFingerprint(): string {
  if (memo === undefined) {
    const self = fileURLToPath(import.meta.url);
    memo = fingerprintOf(dirname(self), extname(self));
  }
  return memo;
}
