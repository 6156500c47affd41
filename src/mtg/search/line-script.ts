/**
 * A line the solver found, written as a fixed-input script for seat 0 (docs/mtg/fixed-inputs.md)
 * that the fixed controller plays back to exactly the same choices, checked by the runner.
 *
 * Each decision of seat 0 becomes one command: the option written as the command that chooses
 * it (`optionText`, the menu's own wording), or its menu number when the words would choose
 * another option; each is checked against the decision by a fixed controller before it is kept.
 * The passes after the last action are left out: a script that has run out passes.
 */
import { StoryletError } from '../../core/errors.js';
import type { ChoiceKind, ChoicePoint } from '../engine/choice.js';
import { FixedController, optionText, passiveIndex } from '../input/index.js';
import type { Puzzle } from '../puzzles/model.js';
import { answer, newPlay, playOn } from '../puzzles/play.js';
import { beginPuzzle, runPuzzle, type PuzzleRunResult, type RunPuzzleOptions } from '../puzzles/run.js';

/** One decision of seat 0 on the line: where it was, what was chosen, and the command that chooses it. */
export type SolvedStep = {
  turn: number;
  phase: string;
  kind: ChoiceKind;
  /** The option chosen. */
  index: number;
  /** The option's label, for people. */
  label: string;
  /** The fixed-input command that chooses it. */
  command: string;
};

/** Whether the fixed controller, given `text` alone, answers `point` with `index`. */
function chooses(text: string, point: ChoicePoint, index: number): boolean {
  try {
    const r = FixedController.fromText(text).step(point);
    return 'index' in r && r.index === index;
  } catch {
    return false;
  }
}

/**
 * The command that makes the fixed controller answer `point` with option `index`.
 *
 * @throws StoryletError `search/unwritable` when neither the option's words nor its number do.
 * @example
 * ```ts
 * commandFor(point, 2); // 'cast Lightning Bolt' (or '2' when another option has those words)
 * ```
 */
export function commandFor(point: ChoicePoint, index: number): string {
  const option = point.options[index];
  if (!option) throw new StoryletError('search/unwritable', `option ${index} is not one of the ${point.options.length} of this ${point.kind} decision`);
  for (const text of [optionText(point, option), String(index)]) if (chooses(text, point, index)) return text;
  throw new StoryletError(
    'search/unwritable',
    `no fixed-input command chooses "${option.label}" at this ${point.kind} decision (turn ${point.turn}, ${point.phase})`,
    {
      index,
    },
  );
}

/**
 * Replays seat 0's answers `line` from the puzzle's start and writes each as a command: the steps
 * and the script (commands joined by `; `).
 *
 * @example
 * ```ts
 * lineScript(puzzle, { registry, seed: 1 }, [3, 1, 0]).script; // 'cast Lightning Bolt; target p2'
 * ```
 */
export function lineScript(puzzle: Puzzle, options: RunPuzzleOptions, line: readonly number[]): { steps: SolvedStep[]; script: string } {
  const begun = beginPuzzle(puzzle, options);
  if ('result' in begun) throw new StoryletError('search/replay', `the puzzle no longer starts: ${begun.result.reasons.join('; ')}`);
  const play = newPlay(begun.start.game, [null, begun.seats[1]], begun.start.limit, options.maxChoices);
  const steps: SolvedStep[] = [];
  const passive: boolean[] = [];
  for (const index of line) {
    const point = playOn(play);
    if (!point) throw new StoryletError('search/replay', `the line stopped after ${steps.length} of its ${line.length} decisions when replayed`);
    steps.push({
      turn: point.turn,
      phase: point.phase,
      kind: point.kind,
      index,
      label: point.options[index]?.label ?? String(index),
      command: commandFor(point, index),
    });
    // Only real passes are left out at the end: a first option taken by default (a target)
    // would replay the same, but the script would not say it.
    const verb = point.options[index]?.action.verb;
    passive.push(index === passiveIndex(point) && (verb === 'pass' || verb === 'done' || verb === 'no' || verb === 'keep'));
    answer(play, index);
  }
  let end = steps.length;
  while (end > 0 && passive[end - 1]) end--;
  return {
    steps,
    script: steps
      .slice(0, end)
      .map((s) => s.command)
      .join('; '),
  };
}

/**
 * Plays the puzzle through the ordinary runner with seat 0 fixed to `script`: the check that a
 * line found replays to the goal.
 *
 * @example
 * ```ts
 * verifyLine(puzzle, { registry, seed: 1 }, result.script!).status; // 'pass'
 * ```
 */
export function verifyLine(puzzle: Puzzle, options: RunPuzzleOptions, script: string): PuzzleRunResult {
  return runPuzzle({ ...puzzle, scripts: [[{ line: 0, column: 0, text: script }], puzzle.scripts[1]] }, options);
}
