// The puzzle solver's baseline (search-baseline.json: the corpus puzzles it meets, each with the
// games its line took) re-checked on a fast sample: the baseline puzzles that took the fewest
// games (the heuristic's own lines), and as many of those whose line the search found (50 games
// or more), each solved again within twice its games (a node budget: deterministic, so the
// machine's load cannot fail it). A puzzle met by one part of a solve on threads is listed with the
// part and the node budget it meets it within, and solved again as that part, within that budget.
// The whole corpus, timed, is `npm run puzzles:solve-corpus`,
// which fails when any baseline puzzle is no longer solved (docs/mtg/search.md).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partPlan, puzzleRegistry, readPuzzleFile, solvePuzzle } from '../../../src/mtg/index.js';
import { extractPuzzles } from './support.js';
import { CARDS_DIR, CORPORA, CORPUS_DIR, needsCorpus } from '../../support/corpora.js';

const BASELINE = new URL('./search-baseline.json', import.meta.url);
const SAMPLE = 8;

describe('the solver keeps solving its baseline (a fast sample)', needsCorpus('cards', 'forge-puzzles', 'deepscry-puzzles'), () => {
  it('solves again each of the quickest baseline puzzles within twice its games', () => {
    extractPuzzles(CORPORA['forge-puzzles'], CORPUS_DIR);
    extractPuzzles(CORPORA['deepscry-puzzles'], CORPUS_DIR);
    type Entry = number | { nodes: number; part: number; of: number };
    const { solved } = JSON.parse(readFileSync(BASELINE, 'utf8')) as { solved: Record<string, Entry> };
    const games = (e: Entry): number => (typeof e === 'number' ? e : e.nodes);
    const sorted = Object.entries(solved)
      .map(([file, e]) => [file, games(e), e] as const)
      .sort(([fa, a], [fb, b]) => a - b || (fa < fb ? -1 : 1));
    const sample = [...sorted.slice(0, SAMPLE / 2), ...sorted.filter(([, n]) => n >= 50).slice(0, SAMPLE / 2)];
    expect(sample.length).toBe(SAMPLE);
    // And the quickest met by one part of a threaded solve, solved again as that part.
    const threaded = sorted.find(([, , e]) => typeof e !== 'number');
    if (threaded) sample.push(threaded);
    const registry = puzzleRegistry(CARDS_DIR);
    for (const [file, nodes, e] of sample) {
      const path = join(CORPUS_DIR, file);
      expect(existsSync(path), path).toBe(true);
      const budget = typeof e === 'number' ? { budgetNodes: Math.max(200, 2 * nodes) } : { budgetNodes: e.nodes, ...partPlan(e.part, e.of) };
      const r = solvePuzzle(readPuzzleFile(path, registry), { registry, ...budget });
      expect(r.status, `${file}: ${r.reasons.join('; ')}`).toBe('solved');
      expect(r.replay?.goalMet, file).toBe(true);
    }
  }, 120_000);
});
