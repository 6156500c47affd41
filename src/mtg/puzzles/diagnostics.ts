/**
 * The problems a puzzle file can have. Every one is anchored at a 1-based line and column of the
 * file, carries a stable code, and is either an error (the puzzle does not load: it must not be
 * played) or a warning (something was kept but not understood, or a default was used).
 */
import { formatDiagnostic, type Diagnostic, type DiagnosticSink } from '../cards/diagnostics.js';

export type { Position } from '../cards/diagnostics.js';

/** Stable codes of the problems a puzzle file can have. */
export type PuzzleDiagnosticCode =
  | 'puzzle/cannot-read' // the file could not be read
  | 'puzzle/too-large' // the file is longer than MAX_PUZZLE_CHARS
  | 'puzzle/missing-state' // no [state] section: the one section a puzzle needs
  | 'puzzle/unknown-card' // a card name the registry does not know
  | 'puzzle/unknown-token' // a token script name (`T:c_a_food`, `c_a_food`) the registry does not know
  | 'puzzle/bad-token' // an inline token (`t:Name,P:1,T:1,...`) that cannot be read
  | 'puzzle/bad-value' // a value of the wrong shape (`p0life=lots`, `turn=0`, `manapool=X`)
  | 'puzzle/unknown-phase' // a phase or step name no engine uses
  | 'puzzle/unknown-player' // a player that is not p0/p1/human/ai
  | 'puzzle/bad-modifier' // a known card modifier with a value of the wrong shape (`Damage:two`)
  | 'puzzle/duplicate-id' // two cards with one `Id:n`
  | 'puzzle/unknown-id' // a reference (`Attaching:n`, `->n`, ...) to an id no card has
  | 'puzzle/unknown-ability' // `Ability:Name` with no `AbilityName=` line in [state]
  | 'puzzle/unknown-svar' // a script name (`Card:DBToken`, `ExecuteScript:TrigX`) the card does not have
  | 'puzzle/script-syntax' // a [p0_script] / [p1_script] line the fixed-input language cannot read
  | 'puzzle/assertion-syntax' // an [assertions] line that is not an assertion
  | 'puzzle/bad-assertion' // an assertion that parses but cannot hold (`library top 0 contains X`)
  | 'puzzle/unknown-modifier' // a card modifier the format does not have: kept, not acted on
  | 'puzzle/unknown-key' // a [metadata] or [state] key the format does not have: kept, not acted on
  | 'puzzle/unknown-section' // a section the format does not have: kept, not acted on
  | 'puzzle/unknown-goal' // a Goal that is not one of Forge's: no assertion is made from it
  | 'puzzle/goal-needs-targets' // a goal about specified permanents without `Targets:`
  | 'puzzle/duplicate-key' // a key written twice in one section: the later value is used
  | 'puzzle/duplicate-section' // a section written twice: its lines are read as one section
  | 'puzzle/bad-line' // a line in a key/value section that is not `key=value` or `key:value`
  | 'puzzle/no-section'; // lines before the first [section]: skipped

/**
 * One problem of a puzzle file: the Magic side's one {@link Diagnostic}, with the puzzle codes.
 *
 * @example
 * ```ts
 * const d: PuzzleDiagnostic = { code: 'puzzle/missing-state', severity: 'error', file: 'x.pzl', line: 1, column: 1, message: 'no [state] section' };
 * ```
 */
export type PuzzleDiagnostic = Diagnostic<PuzzleDiagnosticCode>;

/** The sink the puzzle reader's stages share: one per file. */
export type PuzzleSink = DiagnosticSink<PuzzleDiagnosticCode>;

/** Longer files are refused unread: the largest real puzzle is a few kilobytes. */
export const MAX_PUZZLE_CHARS = 1_000_000;

/**
 * Formats a puzzle diagnostic: the same function as {@link formatDiagnostic}, kept under its old name.
 *
 * @deprecated Use `formatDiagnostic`, which formats every Magic diagnostic.
 * @example
 * ```ts
 * formatPuzzleDiagnostic(puzzle.diagnostics[0]!);
 * // 'puzzles/bolt.pzl:9:10  error puzzle/unknown-card  unknown card "Lightnin Bolt"; nearest known: "Lightning Bolt"'
 * ```
 */
export const formatPuzzleDiagnostic: (d: PuzzleDiagnostic) => string = formatDiagnostic;

/** Clips text for a message. */
export function clip(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}
