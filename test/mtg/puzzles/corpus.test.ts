// Every puzzle of the shared corpora (../shared/forge/puzzles.tar.gz, Forge's own, human/ai;
// ../shared/deepscry/puzzles.tar.gz, p0/p1; third-party data, unpacked into the git-ignored
// .corpus/) loads against the real Forge card corpus or fails with a named reason, and the
// figures stay at or better than the committed baseline (corpus-baseline.json, also quoted in
// docs/mtg/puzzles.md). Skipped, visibly, when ../shared is absent.
// After a change that improves the figures, re-record the baseline and update the docs' table:
//   UPDATE_BASELINE=1 npx vitest run --config test/vitest.config.ts test/mtg/puzzles/corpus.test.ts
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardRegistry } from '../../../src/mtg/cards/index.js';
import { puzzleErrors, readPuzzleFile, type Puzzle } from '../../../src/mtg/puzzles/index.js';
import { forgeRegistry } from '../decks/support.js';
import { extractPuzzles } from './support.js';
import { CORPORA as ALL, CORPUS_DIR as DEST, needsCorpus } from '../../support/corpora.js';

const CARDS = ALL['forge-cards'];
const CORPORA = { forge: ALL['forge-puzzles'], deepscry: ALL['deepscry-puzzles'] } as const;
type CorpusName = keyof typeof CORPORA;
const BASELINE = new URL('./corpus-baseline.json', import.meta.url);

/** What the baseline records of one corpus. */
type Figures = {
  files: number;
  loaded: number;
  loadErrors: number;
  /** Files failing with each error code (a file may count under several). */
  loadErrorsByReason: Record<string, number>;
  /** Warnings by code, over all files. */
  warnings: Record<string, number>;
  /** Each failing file (relative to the corpus root) and its error codes. */
  failing: Record<string, string[]>;
  /** Card names no card script has, sorted. */
  unknownCards: string[];
};
type Baseline = Record<CorpusName, Figures>;

function figures(puzzles: Array<{ rel: string; puzzle: Puzzle }>): Figures {
  const f: Figures = { files: puzzles.length, loaded: 0, loadErrors: 0, loadErrorsByReason: {}, warnings: {}, failing: {}, unknownCards: [] };
  const unknown = new Set<string>();
  for (const { rel, puzzle } of puzzles) {
    const errors = puzzleErrors(puzzle);
    for (const d of puzzle.diagnostics) if (d.severity !== 'error') f.warnings[d.code] = (f.warnings[d.code] ?? 0) + 1;
    if (errors.length === 0) {
      f.loaded++;
      continue;
    }
    f.loadErrors++;
    const codes = [...new Set(errors.map((d) => d.code))].sort();
    f.failing[rel] = codes;
    for (const c of codes) f.loadErrorsByReason[c] = (f.loadErrorsByReason[c] ?? 0) + 1;
    for (const d of errors) if (d.code === 'puzzle/unknown-card') unknown.add(/"((?:[^"\\]|\\.)*)"/.exec(d.message)![1]!);
  }
  f.unknownCards = [...unknown].sort();
  const sortKeys = <T>(o: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  f.loadErrorsByReason = sortKeys(f.loadErrorsByReason);
  f.warnings = sortKeys(f.warnings);
  f.failing = sortKeys(f.failing);
  return f;
}

describe('the shared puzzle corpora', needsCorpus('forge-cards', 'forge-puzzles', 'deepscry-puzzles'), () => {
  let registry: CardRegistry;
  const puzzles = {} as Record<CorpusName, Array<{ rel: string; puzzle: Puzzle }>>;
  beforeAll(() => {
    registry = forgeRegistry(CARDS);
    for (const [key, archive] of Object.entries(CORPORA) as Array<[CorpusName, string]>) {
      puzzles[key] = extractPuzzles(archive, DEST).map((rel) => ({ rel, puzzle: readPuzzleFile(join(DEST, rel), registry) }));
    }
  }, 120_000);

  it('reads every file: each loads, or fails with a named reason at a line of the file', () => {
    expect(puzzles.forge.length).toBe(153);
    expect(puzzles.deepscry.length).toBe(326);
    for (const { rel, puzzle } of Object.values(puzzles).flat()) {
      for (const d of puzzleErrors(puzzle)) {
        expect(d.code, rel).toMatch(/^puzzle\/[a-z-]+$/);
        expect(d.file).toBe(join(DEST, rel));
        expect(d.line, rel).toBeGreaterThan(0);
        if (d.code === 'puzzle/unknown-card') expect(d.message, rel).toMatch(/^unknown card "/);
      }
    }
  });

  it('loads both dialects: human/ai and p0/p1 files set up both players', () => {
    const human = puzzles.forge.find((p) => p.rel.endsWith('/PC_012616.pzl'))!.puzzle;
    expect(puzzleErrors(human)).toEqual([]);
    expect([human.state.activePlayer, human.state.activePhase, human.state.players[0].life, human.state.players[1].life]).toEqual([
      1,
      'declareAttackers',
      1,
      9,
    ]);
    expect(human.state.players[1].precast.map((p) => p.card)).toEqual(['Preordain', 'Grab the Reins']);
    const p0 = puzzles.deepscry.find((p) => p.rel.endsWith('/chain_lightning_three_damage.pzl'))!.puzzle;
    expect(puzzleErrors(p0)).toEqual([]);
    expect(p0.state.players[0].zones.hand.map((c) => c.card)).toEqual(['Chain Lightning']);
    expect(p0.assertions.map((a) => a.text)).toEqual(['game won', 'turn le 3']);
  });

  it('names the missing card, its line and the nearest known names', () => {
    const typo = puzzles.forge.flatMap((p) => p.puzzle.diagnostics).find((d) => d.message.includes('"Hematatite Talisman"'));
    expect(typo?.suggestions?.[0]).toBe('Hematite Talisman');
  });

  it('keeps the figures of each corpus at or better than the committed baseline', () => {
    const actual = {} as Baseline;
    for (const key of Object.keys(CORPORA) as CorpusName[]) actual[key] = figures(puzzles[key]);
    if (process.env.UPDATE_BASELINE === '1' || !existsSync(BASELINE)) writeFileSync(BASELINE, `${JSON.stringify(actual, null, 2)}\n`);
    const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline;
    for (const key of Object.keys(CORPORA) as CorpusName[]) {
      const a = actual[key];
      const b = baseline[key];
      expect(a.files, `${key} files`).toBe(b.files);
      expect(a.loaded, `${key} loaded`).toBeGreaterThanOrEqual(b.loaded);
      for (const [code, n] of Object.entries(a.loadErrorsByReason))
        expect(n, `${key} files failing with ${code}`).toBeLessThanOrEqual(b.loadErrorsByReason[code] ?? 0);
      for (const [code, n] of Object.entries(a.warnings)) expect(n, `${key} ${code} warnings`).toBeLessThanOrEqual(b.warnings[code] ?? 0);
      // A file that loaded must still load, and a failing one may not fail for a new reason.
      for (const [rel, codes] of Object.entries(a.failing))
        expect(
          codes.filter((c) => !(b.failing[rel] ?? []).includes(c)),
          `${key}: ${rel} newly fails`,
        ).toEqual([]);
      expect(
        a.unknownCards.filter((n) => !b.unknownCards.includes(n)),
        `${key}: newly unknown cards`,
      ).toEqual([]);
    }
  });
});
