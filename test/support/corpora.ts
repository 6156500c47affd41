/**
 * The third-party corpora some tests read, and the one place that knows where they are.
 *
 * They are never committed (Forge's scripts are GPL-3.0; the decks and puzzles are others' data):
 * a checkout finds them in a folder `shared/` beside the repository (`../shared/forge/*.tar.gz`,
 * `../shared/deepscry/*.tar.gz`); `MTG_FORGE_DIR` points at another copy of `forge/` (or at none,
 * to see the skips). `.cards/` (the fetched card scripts) and `.corpus/` (unpacked decks and
 * puzzles) are git-ignored copies made from them; `prepareCorpora()` makes `.cards/` before any
 * test file is read, so no test's skip depends on which other file ran first.
 *
 * A test that needs a corpus says so with `needsCorpus(...)` as its (or its `describe`'s)
 * options: without the corpus it is skipped, and test/support/corpora-reporter.ts counts those
 * skips and prints one line about them at the end of the run (docs/mtg/guide.md, "The corpora").
 *
 * @example
 * describe('the real corpus', needsCorpus('forge-cards', 'deepscry-decks'), () => { ... });
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestOptions } from 'vitest';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
/** The shared corpora folder beside the repository. */
export const SHARED = join(REPO, '..', 'shared');
/** Forge's archives: `MTG_FORGE_DIR`, or `../shared/forge`. */
export const FORGE = process.env.MTG_FORGE_DIR ?? join(SHARED, 'forge');
/** The fetched Forge scripts (git-ignored), made from `forge-cards`. */
export const CARDS_DIR = join(REPO, '.cards');
/** Unpacked decks and puzzles (git-ignored). */
export const CORPUS_DIR = join(REPO, '.corpus');

/** Each corpus a test can need, and the path whose presence means it is there. */
export const CORPORA = {
  'forge-cards': join(FORGE, 'cardsfolder.tar.gz'),
  'forge-decks': join(FORGE, 'decks.tar.gz'),
  'forge-puzzles': join(FORGE, 'puzzles.tar.gz'),
  'deepscry-decks': join(SHARED, 'deepscry', 'decks.tar.gz'),
  'deepscry-puzzles': join(SHARED, 'deepscry', 'puzzles.tar.gz'),
  /** The fetched scripts; `prepareCorpora()` makes them whenever `forge-cards` is there. */
  cards: join(CARDS_DIR, 'cardsfolder'),
} as const;
export type CorpusName = keyof typeof CORPORA;

declare module 'vitest' {
  interface TaskMeta {
    /** The paths of the corpora this test needs and this checkout lacks (set by needsCorpus). */
    missingCorpora?: string[];
  }
}

/** The paths of the named corpora that are absent. */
export function missingCorpora(...names: CorpusName[]): string[] {
  return names.map((n) => CORPORA[n]).filter((p) => !existsSync(p));
}

/** Whether every named corpus is there. */
export function haveCorpus(...names: CorpusName[]): boolean {
  return missingCorpora(...names).length === 0;
}

/**
 * Options for a `describe` or `it` that needs the named corpora: skipped when one is absent,
 * and marked so that the corpora reporter counts the skip (rather than each file printing its
 * own warning).
 */
export function needsCorpus(...names: CorpusName[]): TestOptions {
  const missing = missingCorpora(...names);
  return missing.length === 0 ? {} : { skip: true, meta: { missingCorpora: missing } };
}

/**
 * Throws, naming the missing path and the fix, when a helper that reads a corpus is called by a
 * test that did not declare the need (the clean-clone check, `npm run test:clean-clone`, would
 * otherwise report a bare "cannot read archive").
 */
export function requireCorpus(...names: CorpusName[]): void {
  const missing = missingCorpora(...names);
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(', ')} absent: a test that reads it must declare needsCorpus(${names.map((n) => `'${n}'`).join(', ')}) (test/support/corpora.ts)`,
    );
  }
}
