/**
 * How good a game state is for a seat, as a number in [0, 1]: 1 a win, 0 a loss, ½ a draw, and
 * for a game still going a logistic of the material difference — permanents by the heuristic's
 * measure (controllers/heuristic/evaluate.ts), life with more weight as it runs low, cards in
 * hand, poison, an empty library. A truncated playout ends in this score.
 */
import { permanentValue } from '../controllers/heuristic/evaluate.js';
import type { Game, Seat, SeatView } from '../engine/index.js';

/** What a card in hand is worth, on the heuristic's scale (a vanilla 2/2 is about 8). */
const CARD_IN_HAND = 2.5;
/** The material difference that makes a 73% favourite (the logistic's scale). */
const SCALE = 15;

/** Life's worth: each point counts more as the total runs low (a point at 3 life is worth three at 15). */
function lifeValue(life: number): number {
  if (life <= 0) return -40;
  const high = Math.max(0, life - 10);
  const mid = Math.max(0, Math.min(life, 10) - 5);
  const low = Math.min(life, 5);
  return high + mid * 2 + low * 3;
}

/** One side's material as `view` shows it (the model's view: every face in it is the model's own). */
function material(view: SeatView, seat: Seat): number {
  let x = 0;
  for (const c of view.battlefield) if (c.controller === seat) x += permanentValue(c);
  const p = view.players[seat];
  x += lifeValue(p.life) - p.poison * 3;
  x += CARD_IN_HAND * p.handCount;
  if (p.libraryCount === 0) x -= 20;
  return x;
}

/**
 * The state's score for `seat`, in [0, 1].
 *
 * @example
 * ```ts
 * scoreFor(world, 0); // 0.5 on an even board, near 1 when p1 is far ahead, 1 when p1 has won
 * ```
 */
export function scoreFor(game: Game, seat: Seat): number {
  if (game.over) return game.winner === seat ? 1 : game.winner === null ? 0.5 : 0;
  const view = game.view(seat);
  const diff = material(view, seat) - material(view, seat === 0 ? 1 : 0);
  return 1 / (1 + Math.exp(-diff / SCALE));
}
