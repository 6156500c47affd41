/**
 * The one line about the corpora: how many tests were skipped because a corpus they declared
 * with `needsCorpus` (test/support/corpora.ts) is absent, and how to get them. Prints nothing
 * when nothing was skipped for that reason. Listed in test/vitest.config.ts after 'default', so
 * the line comes after the summary.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { REPO, SHARED } from './corpora.js';

/** Where the docs say how to get the corpora. */
const HOW = 'put the shared corpora folder beside the repo; see docs/mtg/guide.md, "The corpora"';

export class CorporaReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let skipped = 0;
    const missing = new Set<string>();
    for (const module of testModules) {
      for (const test of module.children.allTests('skipped')) {
        const paths = test.meta().missingCorpora;
        if (!paths || paths.length === 0) continue;
        skipped++;
        for (const p of paths) missing.add(p);
      }
    }
    const line = corporaLine(skipped, [...missing]);
    if (line) (this.vitest?.logger ?? console).log(line);
  }
}

/** The line for `skipped` tests wanting the `missing` paths, or null when none was skipped. */
export function corporaLine(skipped: number, missing: string[]): string | null {
  if (skipped === 0) return null;
  const what = existsSync(SHARED) ? `${missing.map(shown).sort().join(', ')} absent` : `${shown(SHARED)} is absent`;
  return `corpora: ${skipped} test${skipped === 1 ? '' : 's'} skipped — ${what} (${HOW})`;
}

/** A path as the line shows it: relative to the repository when it is beside it, else whole. */
function shown(path: string): string {
  return path.startsWith(join(REPO, '..') + sep) ? relative(REPO, path) : path;
}
