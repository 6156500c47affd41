/**
 * Turns and cooldowns (reference, "Turns and cooldowns").
 *
 * Each box has its own turn counter in each flow, starting at 0; only the game (`flow.advance`)
 * and plays move it, never a deal or a peek. A card's redraw policy is counted in its own box's
 * turns and starts at the play: with `redraw: N` the card is out while
 * `turn < turnAfterPlay + N`, where `turnAfterPlay` is the box's turn once the play's own advance
 * is done. So a card played at turn 0 with the default advance of 1 and `redraw: 3` is out at
 * turns 1, 2 and 3 and back at turn 4: it waits three turns.
 */
import { describeValue, StoryletError } from '../core/errors.js';
import type { Redraw } from '../content/bundle.js';

/**
 * Stored for a personal one-shot: out for good in this flow.
 *
 * @example
 * ```ts
 * onCooldown(FOREVER, 1_000_000); // true
 * ```
 */
export const FOREVER = -1;

/**
 * What a play leaves behind for a card: the turn it is back at, {@link FOREVER}, or `undefined`
 * (no cooldown: `always`, `0`, or a shared one-shot, which is taken instead).
 *
 * @example
 * ```ts
 * cooldownAfterPlay(3, 1, false);       // 4
 * cooldownAfterPlay('never', 1, false); // FOREVER
 * ```
 */
export function cooldownAfterPlay(redraw: Redraw, turnAfterPlay: number, shared: boolean): number | undefined {
  if (redraw === 'always' || redraw === 0) return undefined;
  if (redraw === 'never') return shared ? undefined : FOREVER;
  return turnAfterPlay + redraw;
}

/**
 * Whether a cooldown keeps a card out at `turn`.
 *
 * @example
 * ```ts
 * onCooldown(4, 3); // true
 * onCooldown(4, 4); // false
 * ```
 */
export function onCooldown(until: number | undefined, turn: number): boolean {
  return until !== undefined && (until === FOREVER || turn < until);
}

/**
 * Checks a number of turns given by a caller: a whole number, 0 or more.
 *
 * @example
 * ```ts
 * turns(2, 'flow.advance'); // 2
 * turns(-1, 'flow.advance'); // throws StoryletError('clock/bad-amount')
 * ```
 */
export function turns(n: unknown, where: string): number {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
    throw new StoryletError('clock/bad-amount', `${where} takes a whole number of turns, 0 or more; got ${describeValue(n)}`, { amount: n });
  }
  return n;
}
