/**
 * The fixed-input language's syntax tree: what `parseFixedInputs` returns. Every node carries
 * where it was written, so a command that fails to resolve mid-game can still point at its
 * line and column in the script.
 */
import type { StepName } from './steps.js';

/** Where a node was written: offsets into the script, and the 1-based line and column of `start`. */
export interface Span {
  start: number;
  end: number;
  line: number;
  column: number;
}

/**
 * A card (or mode, or player) named in a command: `lightning bolt`, `"Black Knight"`, `forest[2]`.
 * `name` is the text as written (without quotes); matching is the resolver's business.
 */
export interface Selector {
  name: string;
  quoted: boolean;
  /** The `[n]` suffix, 1-based: which of several matching cards (or, for `activate`, abilities). */
  ordinal?: number;
  span: Span;
}

/** A player written as a word of its own: `p1`, `p2`, `me`, `opponent` (and their spellings). */
export type PlayerWord = 'p1' | 'p2' | 'me' | 'opponent';

/**
 * What `target ...`, `targeting ...` and `choose ...` name: a player word, or a name that may be
 * a card, a mode's text or a player's name.
 */
export type Target = { kind: 'player'; player: PlayerWord; span: Span } | { kind: 'name'; selector: Selector };

interface Base {
  /** The command as written (comments and separators excluded). */
  text: string;
  span: Span;
}

/** `3`: the option numbered 3 in the menu; `0` is pass where passing is possible. */
export interface IndexCommand extends Base {
  kind: 'index';
  index: number;
}
/** `*`: pass on everything that does not match the next command, until it does. */
export interface WildcardCommand extends Base {
  kind: 'wildcard';
}
/** `PASS_UNTIL turn=3,phase=main2`: pass until the game reaches that turn and/or step. */
export interface PassUntilCommand extends Base {
  kind: 'pass-until';
  turn?: number;
  step?: StepName;
}
/** A command of one word. */
export interface WordCommand extends Base {
  kind: 'pass' | 'done' | 'keep' | 'mulligan' | 'yes' | 'no';
}
export interface PlayCommand extends Base {
  kind: 'play';
  card: Selector;
}
/** `cast lightning bolt targeting grizzly`: the targets are used by the following target prompts. */
export interface CastCommand extends Base {
  kind: 'cast';
  card: Selector;
  targets: Target[];
}
export interface ActivateCommand extends Base {
  kind: 'activate';
  card: Selector;
  targets: Target[];
}
export interface AttackCommand extends Base {
  kind: 'attack';
  card: Selector;
}
/** `serra blocks assassin`. */
export interface BlockCommand extends Base {
  kind: 'block';
  blocker: Selector;
  attacker: Selector;
}
export interface TargetCommand extends Base {
  kind: 'target';
  target: Target;
}
/** `choose NAME`: a card in a search or a discard, a mode, a player, any named option. */
export interface ChooseCommand extends Base {
  kind: 'choose';
  choice: Target;
}

/** A command that chooses an option: what an expectation may wrap. */
export type ChoiceCommand = WordCommand | PlayCommand | CastCommand | ActivateCommand | AttackCommand | BlockCommand | TargetCommand | ChooseCommand;

/**
 * `expect-refused COMMAND` / `expect-offered COMMAND`: at the point COMMAND belongs to, it must
 * not (or must) name an option; the point is not answered by it, and the script's next command
 * answers it. `expect-refused cast X targeting Y` casts X and expects Y to be missing from its
 * target prompt (docs/mtg/fixed-inputs.md).
 */
export interface ExpectCommand extends Base {
  kind: 'expect';
  expect: 'refused' | 'offered';
  command: ChoiceCommand;
}

export type Command =
  | ExpectCommand
  | IndexCommand
  | WildcardCommand
  | PassUntilCommand
  | WordCommand
  | PlayCommand
  | CastCommand
  | ActivateCommand
  | AttackCommand
  | BlockCommand
  | TargetCommand
  | ChooseCommand;

export type CommandKind = Command['kind'];
