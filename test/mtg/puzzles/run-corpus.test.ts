// The runner over a bounded slice of the shared puzzle corpora (unpacked into the git-ignored
// .corpus/ by corpus.test.ts's helper): every file loads, runs, or fails with a named reason (no
// crash), and the figures (ran, goal met, passed) can only improve on run-corpus-baseline.json.
// The full run is `mtg puzzle check .corpus --threads 2 --cards .cards` (figures in
// docs/mtg/puzzles.md). Re-record after an improvement:
//   UPDATE_BASELINE=1 npx vitest run --config test/vitest.config.ts test/mtg/puzzles/run-corpus.test.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPuzzles, puzzleFiles, summarise } from '../../../src/mtg/puzzles/check.js';
import { extractPuzzles } from './support.js';
import { CARDS_DIR as CARDS, CORPORA, CORPUS_DIR as DEST, needsCorpus } from '../../support/corpora.js';

const BASELINE = new URL('./run-corpus-baseline.json', import.meta.url);

type Figures = { files: number; loaded: number; ran: number; passed: number; goalMet: number; crashed: number };

describe('the runner over the shared corpora (Forge, every file)', needsCorpus('cards', 'forge-puzzles'), () => {
  it('every file loads, runs or fails with a named reason, and the figures do not regress', async () => {
    extractPuzzles(CORPORA['forge-puzzles'], DEST);
    // The Forge corpus whole (about 10 s on one core); DeepScry's by the full run only.
    const files = puzzleFiles([join(DEST, 'forge')]);
    const results = await checkPuzzles(files, { cardsDir: CARDS });
    const s = summarise(results);
    const crashed = results.filter((r) => r.reasons.some((x) => x.startsWith('internal:'))).map((r) => r.file);
    for (const r of results) if (r.status !== 'pass') expect(r.reasons.length, r.file).toBeGreaterThan(0);
    const now: Figures = {
      files: s.files,
      loaded: s.files - s.byStatus['load-error'],
      ran: s.ran,
      passed: s.byStatus.pass,
      goalMet: s.goalMet,
      crashed: crashed.length,
    };
    expect(crashed).toEqual([]);
    if (process.env.UPDATE_BASELINE === '1') writeFileSync(BASELINE, `${JSON.stringify(now, null, 2)}\n`);
    const base = JSON.parse(readFileSync(BASELINE, 'utf8')) as Figures;
    expect(now.files).toBe(base.files);
    expect(now.loaded).toBeGreaterThanOrEqual(base.loaded);
    expect(now.ran).toBeGreaterThanOrEqual(base.ran);
    expect(now.passed).toBeGreaterThanOrEqual(base.passed);
    expect(now.goalMet).toBeGreaterThanOrEqual(base.goalMet);
  }, 90_000);
});
