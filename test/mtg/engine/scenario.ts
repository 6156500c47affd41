// One-turn scenario puzzles on Forge's real cards, for engine tests: a board ([state] lines), each
// seat's fixed-input script, and assertions, run by the ordinary puzzle runner. Needs the fetched
// card corpus (needsCorpus('cards') on the describe).
import { expect } from 'vitest';
import { readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { runPuzzle, startPuzzle, type PuzzleRunResult } from '../../../src/mtg/puzzles/run.js';
import type { Game } from '../../../src/mtg/engine/index.js';
import type { CardRegistry } from '../../../src/mtg/cards/index.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { CARDS_DIR, haveCorpus } from '../../support/corpora.js';

const registry = haveCorpus('cards') ? puzzleRegistry(CARDS_DIR) : null;

/**
 * Runs a one-turn puzzle in seat 0's first main phase: `state` lines beside three Islands in each
 * library, seat 0's script `p0`, seat 1's `p1` (the heuristic AI without one), and `assertions`.
 */
export function playScenario(state: string, p0: string, assertions: string, p1?: string): PuzzleRunResult {
  const p1Script = p1 === undefined ? '' : `[p1_script]\n${p1}\n`;
  const text = `${board(state)}[p0_script]\n${p0}\n${p1Script}[assertions]\n${assertions}\n`;
  return runPuzzle(readPuzzle(text, 'scenario.pzl', registry!), { registry: registry!, seed: 1 });
}

/** The same board, started and left at its first decision, with the card registry, for tests that ask a controller. */
export function startScenario(state: string): { game: Game; registry: CardRegistry } {
  return { game: startPuzzle(readPuzzle(board(state), 'scenario.pzl', registry!), { registry: registry!, seed: 1 }).game, registry: registry! };
}

function board(state: string): string {
  return `[metadata]\nTurns:1\n[state]\nturn=1\nactiveplayer=p0\nactivephase=MAIN1\np0library=Island;Island;Island\np1library=Island;Island;Island\n${state}\n`;
}

/** Expects the run to pass, showing its reasons when it does not. */
export function passes(r: PuzzleRunResult): void {
  expect({ status: r.status, reasons: r.reasons }).toEqual({ status: 'pass', reasons: [] });
}
