/**
 * One tourney game, as a pure function of its inputs: the same game number and seed give the
 * same result in any thread, in any order. Shared by the worker threads and the single-thread
 * path of `mtg tourney`.
 */
import type { CardRegistry } from '../cards/index.js';
import { createController, type ControllerKind, type ControllerSpec } from '../controllers/index.js';
import { createGame, runGame, type Seat } from '../engine/index.js';
import { StoryletError } from '../../core/errors.js';

/** What a tourney game needs to know. */
export type TourneyJob = {
  /** The game's number in the tourney. */
  game: number;
  seed: string;
  /** Deck indices in p1's and p2's seats. */
  decks: [number, number];
};

/** How a tourney game ended. */
export type TourneyResult = {
  game: number;
  seed: string;
  decks: [number, number];
  /** The winning seat, null for a draw (or the turn limit), absent on an engine failure. */
  winner: Seat | null;
  turns: number;
  choices: number;
  /** The engine failure's code and message, when the game failed. */
  error?: string;
};

/** Everything shared by the games of one tourney. */
export type TourneySetup = {
  decks: string[][];
  kinds: [ControllerKind, ControllerKind];
  maxTurns: number;
  /** The budget of a `search` seat (`--search-ms`, `--search-playouts`); absent: its default. */
  search?: { ms?: number; playouts?: number };
};

/**
 * Plays one tourney game. An engine failure is a result with its `error`, never an exception:
 * the tourney reports it with the seed that reproduces it.
 *
 * @example
 * ```ts
 * playTourneyGame(registry, setup, { game: 0, seed: '123', decks: [0, 1] }).winner; // 0, 1 or null
 * ```
 */
export function playTourneyGame(registry: CardRegistry, setup: TourneySetup, job: TourneyJob): TourneyResult {
  const base = { game: job.game, seed: job.seed, decks: job.decks };
  try {
    // A search seat forks the game at any decision: from a checkpoint, not a replay of the game.
    const checkpoints = setup.kinds.includes('search');
    const game = createGame({ registry, decks: [setup.decks[job.decks[0]]!, setup.decks[job.decks[1]]!], seed: job.seed, checkpoints });
    const seat = (n: 1 | 2) => {
      const kind = setup.kinds[n - 1];
      const seed = `${job.seed}:p${n}`;
      const spec: ControllerSpec =
        kind === 'zero' ? { kind } : kind === 'search' ? { kind, seed, ...setup.search } : { kind: kind as 'random' | 'heuristic', seed };
      return createController(spec, { registry });
    };
    const r = runGame(game, [seat(1), seat(2)], { maxTurns: setup.maxTurns });
    return { ...base, winner: r.winner ?? null, turns: r.turns, choices: r.choices };
  } catch (error) {
    const text = error instanceof StoryletError ? `${error.code}: ${error.message}` : String((error as Error)?.message ?? error);
    return { ...base, winner: null, turns: 0, choices: 0, error: text.replace(/\s*\n\s*/g, ' ') };
  }
}
