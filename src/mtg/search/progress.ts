/**
 * How far a play has come towards a puzzle's goal, as one number: the order in which the solver
 * tries the games one decision leads to (the highest first). It only orders; it never prunes, so
 * a wrong guess costs time, not lines.
 *
 * It reads the whole game, as the solver does (it plans on the position the puzzle states): the
 * opponent's life and poison (a Win is usually a life total brought to 0), the permanents a board
 * goal counts, and the creatures' power on each side (what attacks and blocks next).
 */
import type { PuzzlePlay } from '../puzzles/play.js';
import { boardCount } from '../puzzles/play.js';

/**
 * The progress of `play` towards its goal; higher is closer.
 *
 * @example
 * ```ts
 * progress(play); // 130: the opponent at 7 life, two 2/2s on my side
 * ```
 */
export function progress(play: PuzzlePlay): number {
  const { game, limit } = play;
  const [me, them] = game.state.players;
  let score = (20 - them.life) * 10 + them.poison * 20 + Math.min(me.life, 20);
  if (limit.board) {
    const n = boardCount(game, limit.board.targets);
    score += limit.board.wins === 'none-left' ? -40 * n : 40 * Math.min(n, limit.board.wins.atLeast);
  }
  let battlefield;
  try {
    battlefield = game.view(0).battlefield;
  } catch {
    return score; // a view the engine cannot build at this decision orders the game by life alone
  }
  for (const c of battlefield) {
    if (c.power === null || !c.types.includes('Creature')) continue;
    score += (c.controller === 0 ? 2 : -2) * Math.max(0, c.power);
  }
  return score;
}
