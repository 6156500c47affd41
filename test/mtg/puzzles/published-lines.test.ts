// The intended lines of Forge puzzles the solver does not meet in 10 s (published solutions, or
// lines worked out by hand from the cards), played through the engine: each meets its puzzle's
// goal. They are what the engine's rules must keep allowing; the rules fixed to let them through
// are in test/mtg/engine/puzzle-line-fixes.test.ts (docs/mtg/puzzles.md, "Published lines played
// through"). A line is seat 0's answers by option label: an input picks the first option whose
// label contains it (case-insensitive), `pass` the first option, `#N` option N, `text#N` the Nth
// option containing the text; once the line runs out, seat 0 passes. Seat 1 is the heuristic AI.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { heuristicSeat } from '../../../src/mtg/controllers/index.js';
import { puzzleRegistry, readPuzzleFile, startPuzzle } from '../../../src/mtg/index.js';
import { answer, judgePlay, newPlay, playOn } from '../../../src/mtg/puzzles/play.js';
import type { ChoicePoint } from '../../../src/mtg/engine/choice.js';
import { extractPuzzles } from './support.js';
import { CARDS_DIR, CORPORA, CORPUS_DIR, needsCorpus } from '../../support/corpora.js';

const { lines } = JSON.parse(readFileSync(new URL('./published-lines.json', import.meta.url), 'utf8')) as { lines: Record<string, string> };

/** The option an input names at a decision, or -1. */
function pick(point: ChoicePoint, input: string | undefined): number {
  if (input === undefined || input === 'pass') return 0;
  const labels = point.options.map((o) => (o.label ?? '').toLowerCase());
  if (/^#\d+$/.test(input)) return Number(input.slice(1));
  const nth = /^(.*)#(\d+)$/.exec(input);
  if (nth) return labels.flatMap((l, i) => (l.includes(nth[1]!.toLowerCase()) ? [i] : []))[Number(nth[2]) - 1] ?? -1;
  return labels.findIndex((l) => l.includes(input.toLowerCase()));
}

describe('the intended lines of unsolved Forge puzzles meet their goals', needsCorpus('cards', 'forge-puzzles'), () => {
  it.each(Object.keys(lines))('%s', (file) => {
    extractPuzzles(CORPORA['forge-puzzles'], CORPUS_DIR);
    const registry = puzzleRegistry(CARDS_DIR);
    const puzzle = readPuzzleFile(join(CORPUS_DIR, file), registry);
    const { game, limit } = startPuzzle(puzzle, { registry, seed: 1 });
    const play = newPlay(game, [null, heuristicSeat('1:p2', registry)], limit);
    const inputs = lines[file]!.split(';')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    let decisions = 0;
    for (let point = playOn(play); point; point = playOn(play)) {
      const input = inputs.shift();
      const k = pick(point, input);
      expect(k >= 0 && k < point.options.length, `"${input}" names no option of ${point.kind}: ${point.options.map((o) => o.label).join(' | ')}`).toBe(true);
      answer(play, k);
      expect(++decisions).toBeLessThan(3000);
    }
    const result = judgePlay(puzzle, play);
    expect({ status: result.status, reasons: result.reasons }).toEqual({ status: 'pass', reasons: [] });
  });
});
