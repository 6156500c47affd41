/**
 * [metadata] and Forge's goals. Keys are case-insensitive and written `Key:value` (Forge) or
 * `Key=value`. The goals are Forge's (`forge.gamemodes.puzzle.Puzzle.addGoalEnforcement`):
 * each becomes assertions (goals.ts) and rules the runner enforces (docs/mtg/puzzles.md).
 */
import { clip, type PuzzleSink } from './diagnostics.js';
import type { IniPair } from './ini.js';
import type { PuzzleGoal, PuzzleGoalKind, PuzzleMetadata, PuzzleState } from './model.js';

// Goal spellings, lower case, as Forge and DeepScry accept them.
const GOALS: Record<string, PuzzleGoalKind> = {
  win: 'win',
  survive: 'survive',
  'destroy specified permanents': 'destroy',
  'destroy specified creatures': 'destroy',
  'remove specified permanents from the battlefield': 'destroy',
  'kill specified creatures': 'destroy',
  'put the specified permanent on the battlefield': 'play',
  'play the specified permanent': 'play',
  'gain control of specified permanents': 'gain-control',
  "win before opponent's next turn": 'win-before-opponent-turn',
  'win before opponent turn': 'win-before-opponent-turn',
};

// Forge's defaults when a goal about specified permanents has no Targets.
const DEFAULT_TARGETS: Partial<Record<PuzzleGoalKind, string>> = {
  destroy: 'Creature.OppCtrl', // "by default, kill all opponent's creatures"
  'gain-control': 'Card.inZoneBattlefield+OppCtrl',
};

/** Where the Goal line was, for its diagnostics and assertions. */
export type MetadataRead = { metadata: PuzzleMetadata; goalLine?: IniPair };

/**
 * Reads [metadata] pairs. Bad numbers and booleans are errors; unknown keys are kept and warned.
 */
export function readMetadata(pairs: IniPair[], sink: PuzzleSink): MetadataRead {
  const metadata: PuzzleMetadata = { unknown: {} };
  let goalLine: IniPair | undefined;
  const seen = new Map<string, number>();
  for (const p of pairs) {
    const at = { line: p.line, column: p.valueColumn };
    const earlier = seen.get(p.lower);
    if (earlier !== undefined) sink.warn('puzzle/duplicate-key', p, `${p.key} was already set on line ${earlier}; this later value is used`);
    seen.set(p.lower, p.line);
    const positive = (what: string): number | undefined => {
      const n = /^[0-9]+$/.test(p.value) ? Number(p.value) : NaN;
      if (!Number.isSafeInteger(n) || n < 1) {
        sink.error('puzzle/bad-value', at, `${p.key} is ${what}, a whole number from 1: ${JSON.stringify(clip(p.value))}`);
        return undefined;
      }
      return n;
    };
    switch (p.lower) {
      case 'name':
      case 'url':
      case 'goal':
      case 'difficulty':
      case 'description':
      case 'targets':
        metadata[p.lower] = p.value;
        if (p.lower === 'goal') goalLine = p;
        break;
      case 'turns': {
        const n = positive('the number of turns the puzzle may take');
        if (n !== undefined) metadata.turns = n;
        break;
      }
      case 'targetcount': {
        const n = positive('how many targets must enter the battlefield');
        if (n !== undefined) metadata.targetCount = n;
        break;
      }
      case 'humancontrol': {
        const v = p.value.toLowerCase();
        if (v === 'true' || v === 'false') metadata.humanControl = v === 'true';
        else sink.error('puzzle/bad-value', at, `HumanControl is true or false, not ${JSON.stringify(clip(p.value))}`);
        break;
      }
      default:
        metadata.unknown[p.key] = p.value;
        sink.warn(
          'puzzle/unknown-key',
          p,
          `unknown [metadata] key ${JSON.stringify(p.key)}: kept, not acted on (keys are Name, URL, Goal, Turns, Difficulty, Description, Targets, TargetCount, HumanControl)`,
        );
    }
  }
  return { metadata, ...(goalLine ? { goalLine } : {}) };
}

/**
 * Reads the Goal against the state it applies to. `undefined` (with a warning) for a goal that
 * is not one of Forge's.
 *
 * The last turn: Forge's puzzles start at turn 1 and lose at the cleanup of turn `Turns`; a
 * puzzle that starts at a later turn (`turn=` in [state], newer Forge and DeepScry) gets `Turns`
 * turns from there. Forge adds one turn when the puzzle starts in the cleanup step.
 */
export function readGoal(read: MetadataRead, state: PuzzleState, sink: PuzzleSink): PuzzleGoal | undefined {
  const { metadata, goalLine } = read;
  if (metadata.goal === undefined || !goalLine) return undefined;
  const at = { line: goalLine.line, column: goalLine.valueColumn };
  const kind =
    GOALS[
      metadata.goal
        .trim()
        .toLowerCase()
        .replace(/\s+/g, ' ')
        .replace(/[\u2018\u2019]/g, "'")
    ];
  if (!kind) {
    sink.warn(
      'puzzle/unknown-goal',
      at,
      `unknown goal ${JSON.stringify(clip(metadata.goal))}: no assertion is made from it (goals are Win, Survive, Destroy Specified Permanents, Play the Specified Permanent, Gain Control of Specified Permanents, Win Before Opponent's Next Turn)`,
    );
    return undefined;
  }
  const written = metadata.targets ?? DEFAULT_TARGETS[kind];
  if (kind === 'play' && written === undefined) {
    sink.warn(
      'puzzle/goal-needs-targets',
      at,
      `the goal ${JSON.stringify(metadata.goal)} needs Targets: naming the permanent (Forge's Valid syntax, e.g. Card.YouCtrl+namedBroodstar); without it only winning counts`,
    );
  }
  const goal: PuzzleGoal = { line: at.line, column: at.column, kind, written: metadata.goal, targetCount: metadata.targetCount ?? 1 };
  if (metadata.turns !== undefined) goal.lastTurn = state.turn + metadata.turns - 1 + (state.activePhase === 'cleanup' ? 1 : 0);
  if (written !== undefined && (kind === 'destroy' || kind === 'play' || kind === 'gain-control')) {
    goal.targets = written
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }
  return goal;
}
