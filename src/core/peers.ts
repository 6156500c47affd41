/**
 * Optional peer packages: better-sqlite3 (for `storyletengine/sqlite`) and ws (for the Board) are
 * installed by a game only when it uses what needs them, so an install that only deals cards
 * compiles and downloads neither (docs/install.md). The entries that need one load it here, on
 * first use, and say which package to install when it is missing.
 */
import { StoryletError } from './errors.js';

/**
 * The error for a missing optional peer: `install/missing-peer`, naming the package and the
 * entry that needs it.
 *
 * @example
 * ```ts
 * missingPeer('better-sqlite3', 'storyletengine/sqlite').message;
 * // 'storyletengine/sqlite needs the optional package better-sqlite3: npm install better-sqlite3'
 * ```
 */
export function missingPeer(pkg: string, entry: string): StoryletError {
  return new StoryletError('install/missing-peer', `${entry} needs the optional package ${pkg}: npm install ${pkg}`, { package: pkg, entry });
}

/**
 * Whether `err` is Node failing to find `pkg` itself (`require` says "Cannot find module 'x'",
 * `import` "Cannot find package 'x'"); a package that `pkg` needs in turn, or a native binding
 * that did not build, is a different problem and keeps its own error.
 */
export function isMissingPackage(err: unknown, pkg: string): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (typeof e !== 'object' || e === null || (e.code !== 'MODULE_NOT_FOUND' && e.code !== 'ERR_MODULE_NOT_FOUND')) return false;
  return typeof e.message === 'string' && (e.message.includes(`'${pkg}'`) || e.message.includes(`"${pkg}"`));
}

/**
 * Runs `load` (a `require` of `pkg`), turning "not installed" into {@link missingPeer}.
 *
 * @example
 * ```ts
 * const Database = loadPeer('better-sqlite3', 'storyletengine/sqlite', () => require('better-sqlite3'));
 * ```
 */
export function loadPeer<T>(pkg: string, entry: string, load: () => T): T {
  try {
    return load();
  } catch (err) {
    if (isMissingPackage(err, pkg)) throw missingPeer(pkg, entry);
    throw err;
  }
}

/**
 * {@link loadPeer} for a dynamic `import()`.
 *
 * @example
 * ```ts
 * const { WebSocketServer } = await importPeer('ws', 'storyletengine/board', () => import('ws'));
 * ```
 */
export async function importPeer<T>(pkg: string, entry: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (isMissingPackage(err, pkg)) throw missingPeer(pkg, entry);
    throw err;
  }
}
