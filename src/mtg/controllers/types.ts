/**
 * What every controller of the Magic reference game is: the engine's {@link Controller} (a name
 * and `choose(view, point)`), plus a {@link ControllerSpec} that rebuilds it as it is now. A
 * snapshot stores the two seats' specs, so a resumed game is played by the same controllers in
 * the same state.
 */
import type { FixedControllerState } from '../input/index.js';
import type { Controller, SeatView } from '../engine/index.js';
import type { HeuristicState } from './heuristic/index.js';

/** The controller kinds the `mtg` command line offers. */
export type ControllerKind = 'random' | 'zero' | 'heuristic' | 'search' | 'fixed' | 'replay' | 'tui';

/**
 * Every controller kind, in the order the help text lists them.
 *
 * @example
 * ```ts
 * CONTROLLER_KINDS.includes('heuristic'); // true
 * ```
 */
export const CONTROLLER_KINDS: readonly ControllerKind[] = ['tui', 'heuristic', 'search', 'random', 'zero', 'fixed', 'replay'];

/**
 * A controller as plain JSON: its kind, its seed or script, and its state. `createController`
 * builds one; `SeatController.spec()` writes one back.
 */
export type ControllerSpec =
  | { kind: 'random'; seed: string }
  | { kind: 'zero' }
  | { kind: 'heuristic'; seed: string; state?: HeuristicState }
  /** The searching AI (src/mtg/search/): a budget of `ms` or `playouts` a decision (neither: 24 playouts); `state` is its prior's memory. */
  | { kind: 'search'; seed: string; ms?: number; playouts?: number; state?: HeuristicState }
  | { kind: 'fixed'; script: string; state?: FixedControllerState }
  | { kind: 'replay'; choices: number[]; then?: ControllerSpec }
  | { kind: 'tui' };

/**
 * A controller that can say what it is. It decides from the seat's view and the choice point
 * only (information independence); the one that searches (`search`) is handed its seat's model
 * of the game besides, and reads it only through `determinize` (src/mtg/search/).
 *
 * @example
 * ```ts
 * const seat: SeatController = createController({ kind: 'zero' }, { registry });
 * seat.choose(game.view(0), game.pending()!); // 0
 * seat.spec(); // { kind: 'zero' }
 * ```
 */
export interface SeatController extends Controller {
  readonly kind: ControllerKind;
  /** The spec that rebuilds this controller as it is now, state included. */
  spec(): ControllerSpec;
  /**
   * For scripted controllers (fixed, replay): whether the script has run out before this
   * decision. `--stop-when-fixed-exhausted` stops the game there.
   */
  exhausted?(view: SeatView): boolean;
}
