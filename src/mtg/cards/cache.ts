/**
 * Stage 5, the IR cache: a compiled corpus saved as `.cards/ir-<fingerprint>.json.gz`. Programs
 * and tests call {@link openCorpus}, which loads the cache when it was written by this compiler
 * for the current cards.lock, and otherwise compiles the folder and saves a fresh cache.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { StoryletError } from '../../core/errors.js';
import { compileDir, type CompiledCorpus } from './compile.js';
import { compilerFingerprint } from './fingerprint.js';
import { readLock } from './lock.js';

/** Sibling caches (other compilers' fingerprints) kept besides the current one. */
const KEEP_OTHER_CACHES = 2;

/**
 * The cache file for a compiler fingerprint in a cards folder.
 *
 * @example
 * ```ts
 * cachePath('.cards'); // '.cards/ir-a3f09c1d2b7e4410.json.gz'
 * ```
 */
export function cachePath(cardsDir: string, fingerprint: string = compilerFingerprint()): string {
  return join(cardsDir, `ir-${fingerprint}.json.gz`);
}

/**
 * Writes `corpus` to its cache file (atomically: a temporary file renamed into place, so a
 * concurrent reader never sees half a cache) and prunes old caches of other fingerprints.
 *
 * @example
 * ```ts
 * saveCorpus('.cards', compileDir('.cards')); // '.cards/ir-a3f09c1d2b7e4410.json.gz'
 * ```
 */
export function saveCorpus(cardsDir: string, corpus: CompiledCorpus): string {
  mkdirSync(cardsDir, { recursive: true });
  const path = cachePath(cardsDir, corpus.fingerprint);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, gzipSync(JSON.stringify(corpus), { level: 4 }));
  renameSync(tmp, path);
  pruneCaches(cardsDir, path);
  return path;
}

function pruneCaches(cardsDir: string, keep: string): void {
  const others = readdirSync(cardsDir)
    .filter((n) => /^ir-[0-9a-f]+\.json\.gz$/.test(n))
    .map((n) => join(cardsDir, n))
    .filter((p) => p !== keep)
    .map((p) => ({ p, mtime: statSync(p).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { p } of others.slice(KEEP_OTHER_CACHES)) {
    try {
      unlinkSync(p);
    } catch {
      // Another process pruned it first.
    }
  }
}

/**
 * Loads the cache of the running compiler, if it exists and was compiled against the current
 * cards.lock; `undefined` otherwise (missing, stale or unreadable caches are never an error).
 *
 * @example
 * ```ts
 * const corpus = loadCachedCorpus('.cards') ?? compileDir('.cards');
 * ```
 */
export function loadCachedCorpus(cardsDir: string): CompiledCorpus | undefined {
  const path = cachePath(cardsDir);
  if (!existsSync(path)) return undefined;
  let corpus: CompiledCorpus;
  try {
    corpus = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as CompiledCorpus;
  } catch {
    return undefined;
  }
  const lock = readLock(cardsDir);
  if (corpus.format !== 1 || corpus.fingerprint !== compilerFingerprint()) return undefined;
  if ((lock?.sha256 ?? null) !== corpus.lockSha256) return undefined;
  return corpus;
}

/** Options for {@link openCorpus}. */
export type OpenOptions = {
  /** Compile even if a valid cache exists. */
  refresh?: boolean;
  onProgress?: (done: number, total: number) => void;
};

/**
 * The compiled corpus of a fetched cards folder: from the cache when valid, else compiled (with
 * progress reported) and cached.
 *
 * @throws StoryletError `cards/not-fetched` when the folder holds no scripts.
 * @example
 * ```ts
 * const { corpus, from } = openCorpus('.cards'); // from: 'cache' | 'compiled'
 * ```
 */
export function openCorpus(cardsDir: string, options: OpenOptions = {}): { corpus: CompiledCorpus; from: 'cache' | 'compiled'; path: string } {
  if (!options.refresh) {
    const cached = loadCachedCorpus(cardsDir);
    if (cached) return { corpus: cached, from: 'cache', path: cachePath(cardsDir) };
  }
  if (!existsSync(join(cardsDir, 'cardsfolder'))) {
    throw new StoryletError(
      'cards/not-fetched',
      `no card scripts in ${join(cardsDir, 'cardsfolder')}: run \`mtg cards fetch --from <tar.gz|dir|git-url>\` first`,
      { cardsDir },
    );
  }
  const lock = readLock(cardsDir);
  const corpus = compileDir(cardsDir, { lockSha256: lock?.sha256 ?? null, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
  const path = saveCorpus(cardsDir, corpus);
  return { corpus, from: 'compiled', path };
}
