// The real corpus: every script of ../shared/forge/cardsfolder.tar.gz (GPL-3.0, unpacked into the
// git-ignored .cards/ by the fetch stage) compiles without an exception, with no more
// diagnostics of any code than test/mtg/cards/corpus-baseline.json records; and every card name
// in the shared decks resolves. Skipped, visibly, when ../shared/forge is not there.
// After a change that lowers the counts, re-record the baseline with
//   UPDATE_BASELINE=1 npx vitest run --config test/vitest.config.ts test/mtg/cards/corpus.test.ts
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compileDir,
  corpusDiagnostics,
  countByCode,
  createCardRegistry,
  fetchCards,
  parseDeckEntry,
  type CompiledCorpus,
} from '../../../src/mtg/cards/index.js';
import { readTar } from '../../../src/mtg/cards/tar.js';
import { REPO } from './support.js';
import { CORPORA, needsCorpus } from '../../support/corpora.js';

// MTG_FORGE_DIR points the test at another copy of the shared corpus (or at none, to see the skip).
const ARCHIVE = CORPORA['forge-cards'];
const DECKS = CORPORA['forge-decks'];
const BASELINE = new URL('./corpus-baseline.json', import.meta.url);

type Baseline = { scripts: number; cards: number; tokens: number; diagnostics: { total: number; byCode: Record<string, number> } };

describe('the real Forge corpus', needsCorpus('forge-cards'), () => {
  let corpus: CompiledCorpus;
  beforeAll(() => {
    fetchCards({ from: ARCHIVE, cardsDir: join(REPO, '.cards') });
    corpus = compileDir(join(REPO, '.cards'));
  }, 120_000);

  it('compiles every script without an exception', () => {
    const exceptions = corpusDiagnostics(corpus).filter((d) => d.code === 'internal/exception');
    expect(exceptions).toEqual([]);
    expect(corpus.files).toBeGreaterThan(18_000);
    expect(corpus.rejected).toEqual([]);
  });

  it('keeps the diagnostics at or below the committed baseline, code by code', () => {
    const diagnostics = corpusDiagnostics(corpus);
    const actual: Baseline = {
      scripts: corpus.files,
      cards: corpus.cards.length,
      tokens: corpus.tokens.length,
      diagnostics: { total: diagnostics.length, byCode: countByCode(diagnostics) },
    };
    if (process.env.UPDATE_BASELINE === '1' || !existsSync(BASELINE)) writeFileSync(BASELINE, `${JSON.stringify(actual, null, 2)}\n`);
    const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline;
    expect(actual.scripts).toBe(baseline.scripts);
    expect(actual.diagnostics.total).toBeLessThanOrEqual(baseline.diagnostics.total);
    for (const [code, n] of Object.entries(actual.diagnostics.byCode)) {
      expect(n, `${code} rose above the baseline`).toBeLessThanOrEqual(baseline.diagnostics.byCode[code] ?? 0);
    }
  });

  it('resolves every card name of the shared .dck decks', needsCorpus('forge-decks'), () => {
    const registry = createCardRegistry(corpus);
    const missing: string[] = [];
    let entries = 0;
    for (const file of readTar(gunzipSync(readFileSync(DECKS)))) {
      if (!file.path.endsWith('.dck')) continue;
      for (const line of file.data.toString('utf8').split(/\r?\n/)) {
        if (!parseDeckEntry(line)) continue;
        entries++;
        if (!registry.lookup(line)) missing.push(line);
      }
    }
    expect(entries).toBeGreaterThan(30_000);
    expect(missing).toEqual([]);
  });
});
