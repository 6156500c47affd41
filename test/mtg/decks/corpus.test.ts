// Every deck of the shared corpora (../shared/deepscry/decks.tar.gz, ../shared/forge/decks.tar.gz;
// third-party data, unpacked into the git-ignored .corpus/) reads against the real Forge card
// corpus with no problem but unknown cards, and the unknown cards stay at or below the committed
// baseline (corpus-baseline.json). Skipped, visibly, when ../shared is absent.
// After a change that lowers the counts, re-record the baseline:
//   UPDATE_BASELINE=1 npx vitest run --config test/vitest.config.ts test/mtg/decks/corpus.test.ts
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardRegistry } from '../../../src/mtg/cards/index.js';
import { readDeckFile, type Deck } from '../../../src/mtg/decks/index.js';
import { extractDecks, forgeRegistry } from './support.js';
import { CORPORA as ALL, CORPUS_DIR as DEST, needsCorpus } from '../../support/corpora.js';

const CARDS = ALL['forge-cards'];
const CORPORA = { deepscry: ALL['deepscry-decks'], forge: ALL['forge-decks'] } as const;
const BASELINE = new URL('./corpus-baseline.json', import.meta.url);

type Counts = { decks: number; cardLines: number; unknownLines: number; unknownNames: number };
type Baseline = Record<keyof typeof CORPORA, Counts & { unknown: string[] }>;

describe('the shared deck corpora', needsCorpus('forge-cards', 'deepscry-decks', 'forge-decks'), () => {
  let registry: CardRegistry;
  const decks = {} as Record<keyof typeof CORPORA, Deck[]>;
  beforeAll(() => {
    registry = forgeRegistry(CARDS);
    for (const [key, archive] of Object.entries(CORPORA) as Array<[keyof typeof CORPORA, string]>) {
      decks[key] = extractDecks(archive, DEST).map((rel) => readDeckFile(join(DEST, rel), registry));
    }
  }, 120_000);

  it('reads every deck with no problem but unknown cards', () => {
    const problems = Object.values(decks)
      .flat()
      .flatMap((d) => d.diagnostics)
      .filter((d) => d.code !== 'deck/unknown-card');
    expect(problems).toEqual([]);
    expect(decks.deepscry.length).toBeGreaterThanOrEqual(100);
    expect(decks.forge.length).toBeGreaterThanOrEqual(1_100);
    for (const d of Object.values(decks).flat()) expect(d.main.length, d.file).toBeGreaterThan(0);
  });

  it('names the deck file, the line and the nearest known names for each unknown card', () => {
    const unknown = decks.deepscry.flatMap((d) => d.diagnostics);
    expect(unknown.length).toBeGreaterThan(0);
    for (const u of unknown) {
      expect(u.file.startsWith(DEST)).toBe(true);
      expect(u.line).toBeGreaterThan(0);
      expect(Array.isArray(u.suggestions)).toBe(true);
    }
    // A typo-like miss gets the card it was near, e.g. a newer land next to an older one.
    expect(unknown.find((u) => u.message.includes('"Secluded Courtyard"'))?.suggestions).toContain('Concealed Courtyard');
  });

  it('keeps the unknown cards of each corpus at or below the committed baseline', () => {
    const actual = {} as Baseline;
    for (const key of Object.keys(CORPORA) as Array<keyof typeof CORPORA>) {
      const lines = decks[key].flatMap((d) => d.lines);
      const unknown = [...new Set(lines.filter((l) => l.card === undefined).map((l) => l.written))].sort();
      actual[key] = {
        decks: decks[key].length,
        cardLines: lines.length,
        unknownLines: lines.filter((l) => l.card === undefined).length,
        unknownNames: unknown.length,
        unknown,
      };
    }
    if (process.env.UPDATE_BASELINE === '1' || !existsSync(BASELINE)) writeFileSync(BASELINE, `${JSON.stringify(actual, null, 2)}\n`);
    const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline;
    for (const key of Object.keys(CORPORA) as Array<keyof typeof CORPORA>) {
      expect(actual[key].decks, `${key} decks`).toBe(baseline[key].decks);
      expect(actual[key].cardLines, `${key} card lines`).toBe(baseline[key].cardLines);
      expect(actual[key].unknownLines, `${key} unknown lines`).toBeLessThanOrEqual(baseline[key].unknownLines);
      // A name that was known must stay known.
      expect(
        actual[key].unknown.filter((n) => !baseline[key].unknown.includes(n)),
        `${key}: newly unknown`,
      ).toEqual([]);
    }
    // Forge's own decks are Forge's cards: every one of their names resolves.
    expect(actual.forge.unknownNames).toBe(0);
  });
});
