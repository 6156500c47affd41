/**
 * `.cards/cards.lock`: what was fetched into the cards folder, from where, under which licence,
 * and a hash of its content. The IR cache records the hash of the lock it was compiled against,
 * so refetching a different corpus invalidates the cache even when the compiler is unchanged.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The lock file's content (written as JSON, keys in this order). */
export type CardsLock = {
  /** Where the scripts came from, as given to `fetch --from`. */
  source: string;
  kind: 'tar.gz' | 'dir' | 'git';
  /** The commit (or other ref) of the source, or `unknown`. */
  ref: string;
  licence: string;
  /** Script files fetched. */
  files: number;
  /** sha256 over every fetched file: `path \0 sha256(content) \n`, in sorted path order. */
  sha256: string;
  /** sha256 of the archive itself (tar.gz sources), to skip a refetch of the same archive. */
  sourceSha256?: string;
};

/** The lock file's name inside the cards folder. */
export const LOCK_FILE = 'cards.lock';

/**
 * Reads `<dir>/cards.lock` and the sha256 of its bytes, or `undefined` when there is none or it
 * is unreadable.
 *
 * @example
 * ```ts
 * readLock('.cards')?.lock.ref; // '63d0dadcb9cf86c9c64630025410951e3e044117'
 * ```
 */
export function readLock(dir: string): { lock: CardsLock; sha256: string } | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(dir, LOCK_FILE));
  } catch {
    return undefined;
  }
  try {
    const lock = JSON.parse(bytes.toString('utf8')) as CardsLock;
    if (typeof lock !== 'object' || lock === null || typeof lock.sha256 !== 'string') return undefined;
    return { lock, sha256: createHash('sha256').update(bytes).digest('hex') };
  } catch {
    return undefined;
  }
}
