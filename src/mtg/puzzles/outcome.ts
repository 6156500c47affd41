/**
 * How a game played from a puzzle ended, as the assertions read it. The runner builds a
 * {@link PuzzleOutcome} from a finished game (final state, result, structured event log); the
 * evaluator (evaluate.ts) never sees the engine. Plain JSON.
 */
import type { Seat } from '../engine/choice.js';
import type { PuzzleZone } from './model.js';

/** One seat at the end of the game. */
export type SeatOutcome = {
  life: number;
  /** The sum of the seat's life gains over the whole game (CR 119.9), losses not subtracted. */
  lifeGained: number;
  /** Card names per zone; the library's first name is its top card. A missing zone is empty. */
  zones: Partial<Record<PuzzleZone, string[]>>;
  /** The permanents the seat controls, in battlefield order; absent means none were recorded. */
  permanents?: PermanentOutcome[];
};

/** One permanent as the permanent assertions read it: its state after continuous effects (CR 613). */
export type PermanentOutcome = {
  name: string;
  tapped: boolean;
  /** Null for a permanent that is not a creature. */
  power: number | null;
  toughness: number | null;
  /** Damage marked on it (CR 120.3e), removed at cleanup (CR 514.2). */
  damage: number;
  /** By kind as the engine names it (`P1P1`, `LOYALTY`); kinds with none are left out. */
  counters: Record<string, number>;
  /** The name of the permanent or player it is attached to (CR 301.5, 303.4), if any. */
  attachedTo?: string;
};

/** How the game ended: a winner, a draw (CR 104.4a), or stopped by the runner (turn limit, no decision). */
export type GameResult = { kind: 'won'; winner: Seat } | { kind: 'draw' } | { kind: 'unfinished' };

/**
 * The structured events the event-backed assertions read, with card names.
 * - `SpellCast`: `seat` cast a spell with the name (CR 601.2i: once it became cast).
 * - `TriggerFired`: a triggered ability of a source with the name, controlled by `seat`, was put on the stack (CR 603.3).
 * - `CreatureDied`: a creature with the name, controlled by `seat`, died (CR 700.4).
 */
export type PuzzleEvent =
  { kind: 'SpellCast'; seat: Seat; card: string } | { kind: 'TriggerFired'; seat: Seat; card: string } | { kind: 'CreatureDied'; seat: Seat; card: string };

/** What a finished (or stopped) game gives the assertions. */
export type PuzzleOutcome = {
  /** Seat 0 (`me`, the puzzle's p0) and seat 1 (`opponent`). */
  players: [SeatOutcome, SeatOutcome];
  result: GameResult;
  /** The turn number the game ended or stopped in. */
  turn: number;
  /** The game's events in order; absent when the run kept no event log (event assertions then fail). */
  events?: PuzzleEvent[];
};
