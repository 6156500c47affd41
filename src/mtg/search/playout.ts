/**
 * One playout: a candidate tried in a model, then both seats played by the heuristic up to the
 * horizon, and the state scored for the searching seat (score.ts). Playouts to the end of a game
 * cost hundreds of decisions; the horizon keeps each to the rest of this turn (the tuning's
 * `horizonTurns`), where most of what a decision changes first shows on the board.
 */
import type { CardRegistry } from '../cards/index.js';
import { heuristicSeat, type HeuristicState } from '../controllers/heuristic/index.js';
import { lazyView, type Game, type Seat } from '../engine/index.js';
import { scoreFor } from './score.js';

/** How far a playout goes: the turn it stops at (its first decision) and a cap on its decisions. */
export type Horizon = { untilTurn: number; maxChoices: number };

/** What a playout needs besides its model and candidate. */
export type PlayoutSetup = {
  registry: CardRegistry;
  seat: Seat;
  /** The seeds of the two seats' heuristics (the same for every candidate of a world: paired playouts). */
  seeds: [string, string];
  /** The searching seat's heuristic memory before this decision. */
  memory: HeuristicState;
  horizon: Horizon;
};

/** A playout's score and how many decisions it made after the candidate. */
export type PlayoutResult = { score: number; choices: number };

/**
 * Answers the model's waiting decision with `option`, plays on with the heuristic in both seats
 * until the horizon or the end of the game, and scores the state for the searching seat.
 *
 * @example
 * ```ts
 * playout(world, 3, { registry, seat: 0, seeds: ['a', 'b'], memory, horizon: { untilTurn: 9, maxChoices: 80 } }).score; // 0.62
 * ```
 */
export function playout(model: Game, option: number, setup: PlayoutSetup): PlayoutResult {
  const { seat, horizon } = setup;
  const other: Seat = seat === 0 ? 1 : 0;
  const seats = [null, null] as [ReturnType<typeof heuristicSeat> | null, ReturnType<typeof heuristicSeat> | null];
  seats[seat] = heuristicSeat(setup.seeds[seat], setup.registry, setup.memory);
  seats[other] = heuristicSeat(setup.seeds[other], setup.registry);
  model.choose(option);
  let choices = 0;
  for (let p = model.pending(); p; p = model.pending()) {
    if (model.state.turn >= horizon.untilTurn || choices >= horizon.maxChoices) break;
    model.choose(seats[p.seat]!.choose(lazyView(model, p.seat), p));
    choices++;
  }
  return { score: scoreFor(model, seat), choices };
}
