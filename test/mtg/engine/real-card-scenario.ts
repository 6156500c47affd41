// One home for the issue-20 scenario tests that play real cards of the fetched Forge corpus: a
// one-side board set up as a puzzle from seat 0's main phase, scripted, and judged by assertions.
import { expect } from 'vitest';
import { readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { runPuzzle, type PuzzleRunResult } from '../../../src/mtg/puzzles/run.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { CARDS_DIR, haveCorpus } from '../../support/corpora.js';

const registry = haveCorpus('cards') ? puzzleRegistry(CARDS_DIR) : null;

/**
 * Runs a puzzle of `turns` turns from seat 0's main phase (or `phase`), with a script for seat 0
 * and, when given, one for seat 1 (else seat 1 plays by the runner's AI). Call it only inside a
 * `needsCorpus('cards')` block.
 */
export function play(
  battlefield: string,
  hand: string,
  script: string,
  assertions: string,
  opts: { turns?: number; phase?: string; opponent?: string; opponentScript?: string } = {},
): PuzzleRunResult {
  const theirs = opts.opponentScript === undefined ? '' : `[p1_script]\n${opts.opponentScript}\n`;
  const text = `[metadata]\nTurns:${opts.turns ?? 1}\n[state]\nturn=1\nactiveplayer=p0\nactivephase=${opts.phase ?? 'MAIN1'}\np0library=Island;Island;Island;Island\np1library=Island;Island;Island;Island\np0hand=${hand}\np0battlefield=${battlefield}\np1battlefield=${opts.opponent ?? ''}\n[p0_script]\n${script}\n${theirs}[assertions]\n${assertions}\n`;
  return runText(text);
}

/** Runs a whole puzzle text (a set-up `play` does not write) with the corpus registry and seed 1. */
export function runText(text: string): PuzzleRunResult {
  return runPuzzle(readPuzzle(text, 'scenario.pzl', registry!), { registry: registry!, seed: 1 });
}

/** The puzzle ran and every assertion held. */
export function passes(r: PuzzleRunResult): void {
  expect({ status: r.status, reasons: r.reasons }).toEqual({ status: 'pass', reasons: [] });
}
