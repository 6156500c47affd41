/**
 * Stage 1, fetch: put a Forge cardsfolder (and its tokenscripts) into the git-ignored cards folder
 * (`.cards/`) and write `.cards/cards.lock`. Three sources:
 *
 * - a `.tar.gz`/`.tgz` archive, unpacked in-process (tar.ts);
 * - a directory: a `cardsfolder`, or any folder holding one (`forge-gui/res/cardsfolder`);
 * - a git URL: a shallow, sparse checkout of `forge-gui/res/cardsfolder` and `tokenscripts` at
 *   `--ref`, with the system `git` (2.25 or later).
 *
 * The scripts are GPL-3.0: they are only ever written under the cards folder, which is git-ignored,
 * and a test fails the build if one is ever tracked.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { StoryletError } from '../../core/errors.js';
import { LOCK_FILE, readLock, type CardsLock } from './lock.js';
import { readTar } from './tar.js';

/** The corpus `mtg cards fetch` takes when no `--from` is given: the fork the tests pin. */
export const DEFAULT_SOURCE = 'https://github.com/lzybluee/Reeforge.git';
/** The commit of {@link DEFAULT_SOURCE} the tests' corpus was taken at. */
export const DEFAULT_REF = '63d0dadcb9cf86c9c64630025410951e3e044117';

/** Options for {@link fetchCards}. */
export type FetchOptions = {
  /** A tar.gz path, a directory or a git URL. */
  from: string;
  /** A commit or ref; required meaning for git, recorded for the others. */
  ref?: string;
  /** The cards folder to fill (`.cards`). */
  cardsDir: string;
  /** Refetch even when the lock shows the same archive was fetched already. */
  force?: boolean;
};

/** What a fetch did. */
export type FetchResult = { lock: CardsLock; skipped: boolean };

const SCRIPT_FOLDERS = ['cardsfolder', 'tokenscripts'] as const;

/**
 * Classifies a `--from` value.
 *
 * @example
 * ```ts
 * sourceKind('../shared/forge/cardsfolder.tar.gz'); // 'tar.gz'
 * sourceKind('https://github.com/Card-Forge/forge.git'); // 'git'
 * ```
 */
export function sourceKind(from: string): CardsLock['kind'] {
  if (/^(https?:|ssh:|git@|git:|file:)/.test(from) || from.endsWith('.git')) return 'git';
  if (/\.(tar\.gz|tgz)$/i.test(from)) return 'tar.gz';
  return 'dir';
}

/**
 * The path of a script inside the cards folder, from a path in an archive or checkout:
 * everything from the `cardsfolder` or `tokenscripts` segment on. `undefined` for anything else,
 * and for paths that try to climb out (`..`).
 *
 * @example
 * ```ts
 * scriptPath('forge/forge-gui/res/cardsfolder/l/lightning_bolt.txt'); // 'cardsfolder/l/lightning_bolt.txt'
 * ```
 */
export function scriptPath(path: string): string | undefined {
  const segments = path.replace(/\\/g, '/').split('/');
  const at = segments.findIndex((s) => (SCRIPT_FOLDERS as readonly string[]).includes(s));
  if (at === -1) return undefined;
  const rest = segments.slice(at);
  if (rest.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  if (!rest[rest.length - 1]!.toLowerCase().endsWith('.txt')) return undefined;
  return rest.join('/');
}

function contentSha256(files: Map<string, Buffer>): string {
  const hash = createHash('sha256');
  for (const path of [...files.keys()].sort()) {
    hash.update(`${path}\0${createHash('sha256').update(files.get(path)!).digest('hex')}\n`);
  }
  return hash.digest('hex');
}

function siblingLock(archive: string): { ref?: string; licence?: string } {
  // The shared corpus sits next to a LOCK file of `key=value` lines (commit=, license=).
  try {
    const out: { ref?: string; licence?: string } = {};
    for (const line of readFileSync(join(dirname(archive), 'LOCK'), 'utf8').split(/\r?\n/)) {
      const eq = line.indexOf('=');
      if (eq === -1) continue;
      const key = line.slice(0, eq).trim();
      const value = line.slice(eq + 1).trim();
      if (key === 'commit') out.ref = value;
      if (key === 'license' || key === 'licence') out.licence = value;
    }
    return out;
  } catch {
    return {};
  }
}

function readTree(root: string, prefix: string, into: Map<string, Buffer>): void {
  for (const name of readdirSync(root).sort()) {
    const path = join(root, name);
    const rel = `${prefix}/${name}`;
    if (statSync(path).isDirectory()) readTree(path, rel, into);
    else if (name.toLowerCase().endsWith('.txt')) into.set(rel, readFileSync(path));
  }
}

function findScriptRoot(dir: string): { cards: string; tokens?: string } {
  if (basename(dir) === 'cardsfolder') {
    const tokens = join(dirname(dir), 'tokenscripts');
    return existsSync(tokens) ? { cards: dir, tokens } : { cards: dir };
  }
  for (const base of ['', 'res', 'forge-gui/res', 'forge/forge-gui/res']) {
    const cards = join(dir, base, 'cardsfolder');
    if (existsSync(cards) && statSync(cards).isDirectory()) {
      const tokens = join(dir, base, 'tokenscripts');
      return existsSync(tokens) ? { cards, tokens } : { cards };
    }
  }
  throw new StoryletError('cards/bad-source', `${dir} holds no cardsfolder (looked in ., res/, forge-gui/res/)`, { from: dir });
}

function filesFromDir(dir: string): Map<string, Buffer> {
  const { cards, tokens } = findScriptRoot(dir);
  const files = new Map<string, Buffer>();
  readTree(cards, 'cardsfolder', files);
  if (tokens) readTree(tokens, 'tokenscripts', files);
  return files;
}

function git(args: string[], cwd?: string): string {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new StoryletError('cards/fetch-failed', `git ${args[0]} failed: ${stderr.trim().split('\n').pop()}`, { args });
  }
}

function filesFromGit(url: string, ref: string, scratch: string): { files: Map<string, Buffer>; commit: string } {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  git(['init', '--quiet'], scratch);
  git(['remote', 'add', 'origin', url], scratch);
  git(['sparse-checkout', 'set', 'forge-gui/res/cardsfolder', 'forge-gui/res/tokenscripts'], scratch);
  git(['fetch', '--quiet', '--depth', '1', '--filter=blob:none', 'origin', ref], scratch);
  git(['checkout', '--quiet', 'FETCH_HEAD'], scratch);
  const commit = git(['rev-parse', 'HEAD'], scratch);
  return { files: filesFromDir(scratch), commit };
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Serialises fetches into one cards folder (tests may start several at once). */
function withFolderLock<T>(cardsDir: string, body: () => T): T {
  const lockDir = join(cardsDir, '.fetch.lock');
  const owner = join(lockDir, 'pid');
  mkdirSync(cardsDir, { recursive: true });
  for (let waited = 0; ; waited += 100) {
    try {
      mkdirSync(lockDir);
      writeFileSync(owner, String(process.pid));
      break;
    } catch {
      // A lock whose owner has died is taken over.
      let pid = NaN;
      try {
        pid = Number(readFileSync(owner, 'utf8'));
      } catch {
        // Not written yet, or released meanwhile.
      }
      if (Number.isInteger(pid) && pid > 0 && !alive(pid)) rmSync(lockDir, { recursive: true, force: true });
      if (waited > 300_000) throw new StoryletError('cards/fetch-failed', `timed out waiting for ${lockDir}`, { lockDir });
      sleep(100);
    }
  }
  try {
    return body();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function install(cardsDir: string, files: Map<string, Buffer>, lock: CardsLock): void {
  const staging = join(cardsDir, `.staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const made = new Set<string>();
  for (const [rel, data] of files) {
    const target = join(staging, rel);
    const dir = dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(target, data);
  }
  for (const folder of SCRIPT_FOLDERS) {
    rmSync(join(cardsDir, folder), { recursive: true, force: true });
    if (existsSync(join(staging, folder))) renameSync(join(staging, folder), join(cardsDir, folder));
  }
  rmSync(staging, { recursive: true, force: true });
  const tmp = join(cardsDir, `${LOCK_FILE}.${process.pid}.tmp`);
  writeFileSync(tmp, `${JSON.stringify(lock, null, 2)}\n`);
  renameSync(tmp, join(cardsDir, LOCK_FILE));
}

/**
 * Fetches card scripts into `options.cardsDir` and writes its cards.lock. A tar.gz already
 * fetched (same archive hash in the lock, scripts present) is not unpacked again unless `force`.
 *
 * @throws StoryletError `cards/bad-source` (nothing usable at `from`), `cards/fetch-failed` (git).
 * @example
 * ```ts
 * const { lock } = fetchCards({ from: '../shared/forge/cardsfolder.tar.gz', cardsDir: '.cards' });
 * lock.files; // 18297
 * ```
 */
export function fetchCards(options: FetchOptions): FetchResult {
  const cardsDir = resolve(options.cardsDir);
  const kind = sourceKind(options.from);
  return withFolderLock(cardsDir, () => {
    let files: Map<string, Buffer>;
    let ref = options.ref ?? 'unknown';
    let licence = 'GPL-3.0';
    let sourceSha256: string | undefined;
    if (kind === 'tar.gz') {
      let archive: Buffer;
      try {
        archive = readFileSync(options.from);
      } catch {
        throw new StoryletError('cards/bad-source', `cannot read archive ${options.from}`, { from: options.from });
      }
      sourceSha256 = createHash('sha256').update(archive).digest('hex');
      const previous = readLock(cardsDir)?.lock;
      if (!options.force && previous?.sourceSha256 === sourceSha256 && existsSync(join(cardsDir, 'cardsfolder'))) {
        return { lock: previous, skipped: true };
      }
      let tar: Buffer;
      try {
        tar = gunzipSync(archive);
      } catch {
        throw new StoryletError('cards/bad-source', `${options.from} is not a gzip archive`, { from: options.from });
      }
      files = new Map();
      for (const entry of readTar(tar)) {
        const rel = scriptPath(entry.path);
        if (rel) files.set(rel, entry.data);
      }
      const sibling = siblingLock(options.from);
      ref = options.ref ?? sibling.ref ?? ref;
      licence = sibling.licence ?? licence;
    } else if (kind === 'dir') {
      if (!existsSync(options.from) || !statSync(options.from).isDirectory()) {
        throw new StoryletError('cards/bad-source', `${options.from} is neither a .tar.gz, a directory nor a git URL`, { from: options.from });
      }
      files = filesFromDir(options.from);
    } else {
      const scratch = join(cardsDir, `.git-${process.pid}`);
      try {
        const got = filesFromGit(options.from, options.ref ?? 'HEAD', scratch);
        files = got.files;
        ref = got.commit;
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    }
    if (![...files.keys()].some((p) => p.startsWith('cardsfolder/'))) {
      throw new StoryletError('cards/bad-source', `${options.from} holds no cardsfolder/*.txt scripts`, { from: options.from });
    }
    const lock: CardsLock = {
      source: options.from,
      kind,
      ref,
      licence,
      files: files.size,
      sha256: contentSha256(files),
      ...(sourceSha256 ? { sourceSha256 } : {}),
    };
    install(cardsDir, files, lock);
    return { lock, skipped: false };
  });
}
