/**
 * The `fixed` controller: a seat played from a fixed-input script (docs/mtg/fixed-inputs.md). The
 * language and its controller live in `src/mtg/input/`; this wrapper gives it a spec holding the
 * script and the controller's state, so a snapshot resumes it mid-script.
 */
import { FixedController, type FixedControllerState, type ResolveContext } from '../input/index.js';
import type { SeatController } from './types.js';

/**
 * A seat played from `script`. A script with a syntax error throws `input/syntax` (or the
 * problem's own code) naming the line and column; a command that matches nothing at a decision
 * throws `input/no-match` from `choose`, listing the available actions.
 *
 * @example
 * ```ts
 * const p1 = fixedSeat('play mountain; cast lightning bolt targeting p2');
 * p1.spec(); // { kind: 'fixed', script: 'play mountain; ...', state: { cursor: 0, ... } }
 * ```
 */
export function fixedSeat(script: string, options: { state?: FixedControllerState; context?: ResolveContext } = {}): SeatController {
  const inner = FixedController.fromText(script, { ...(options.context ?? {}), ...(options.state ? { state: options.state } : {}) });
  return {
    kind: 'fixed',
    name: 'fixed',
    choose: (view, point) => inner.choose(view, point),
    spec: () => ({ kind: 'fixed', script, state: inner.state() }),
    exhausted: () => inner.exhausted,
  };
}
