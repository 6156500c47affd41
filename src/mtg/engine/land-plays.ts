/**
 * How many lands a player may play this turn (CR 305.2): one, plus what continuous effects add
 * (`AdjustLandPlays:N`, a player keyword Forge's statics grant: Exploration, Azusa, Explore's
 * effect). And the keywords that only modify deck construction, which a game has nothing to do
 * with: partner (CR 702.124a: it lets a Commander deck have two commanders; it functions before
 * the game begins).
 */
import type { Seat } from './choice.js';
import type { G } from './context.js';
import { playerKeywords } from './layers.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:AdjustLandPlays');
registerPrimitive('kw:Partner');

/**
 * The number of lands `seat` may play this turn (CR 305.2).
 *
 * @example
 * ```ts
 * if (g.s.players[seat].landsPlayed >= landPlays(g, seat)) return 'land-drop';
 * ```
 */
export function landPlays(g: G, seat: Seat): number {
  let n = 1;
  for (const k of playerKeywords(g, seat)) {
    if (!k.startsWith('AdjustLandPlays:')) continue;
    const extra = Number(k.slice('AdjustLandPlays:'.length));
    if (Number.isInteger(extra)) n += extra;
  }
  return n;
}
