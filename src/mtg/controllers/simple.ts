/**
 * The two controllers with no judgement: `random` (uniform over the options, seeded) and `zero`
 * (always option 0). Both are the engine's; this module gives them a spec for snapshots.
 */
import { randomController, zeroController } from '../engine/index.js';
import type { SeatController } from './types.js';

/**
 * Picks uniformly at random, as a pure function of its seed, the seat and the number of choices
 * made so far: a resumed game goes on exactly as the uninterrupted one.
 *
 * @example
 * ```ts
 * const p2 = randomSeat('42:p2');
 * p2.spec(); // { kind: 'random', seed: '42:p2' }
 * ```
 */
export function randomSeat(seed: string): SeatController {
  const inner = randomController(seed);
  return { kind: 'random', name: 'random', choose: (view, point) => inner.choose(view, point), spec: () => ({ kind: 'random', seed }) };
}

/**
 * Always takes option 0: keep, pass, done, no.
 *
 * @example
 * ```ts
 * zeroSeat().choose(view, point); // 0
 * ```
 */
export function zeroSeat(): SeatController {
  const inner = zeroController();
  return { kind: 'zero', name: 'zero', choose: (view, point) => inner.choose(view, point), spec: () => ({ kind: 'zero' }) };
}
