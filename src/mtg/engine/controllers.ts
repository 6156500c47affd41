/**
 * Controllers: who makes a seat's decisions. A controller sees only its seat's view and the
 * choice point (information independence: the reference's rule that a controller must decide
 * the same whether it runs beside the authority or on a client that cannot see hidden cards).
 * `random` and `zero` live here; the heuristic, fixed-input, replay and terminal controllers are
 * built on the same interface elsewhere.
 */
import { StoryletError } from '../../core/errors.js';
import { stableKey } from '../../core/random.js';
import type { ChoicePoint, Seat } from './choice.js';
import type { Game } from './game.js';
import type { SeatView } from './view.js';

/**
 * Makes a seat's decisions.
 *
 * @example
 * ```ts
 * const passer: Controller = { name: 'passer', choose: () => 0 };
 * ```
 */
export interface Controller {
  readonly name: string;
  /**
   * Returns the index of the chosen option of `point`.
   *
   * `model` is the game as the deciding seat's copy holds it — the game itself when one engine
   * plays both seats, the seat's shadow in a replicated or networked game — handed over for the
   * controllers that search (`search`, src/mtg/search/). **Architecture invariant:** a controller
   * reads it only through `determinize` (src/mtg/search/determinize.ts), which keeps what the
   * seat may know and samples every face it may not; every other controller ignores it and
   * decides from `view` and `point` alone.
   */
  choose(view: SeatView, point: ChoicePoint, model?: Game): number;
  /**
   * Whether `choose` forks its model at any decision (a searching controller): a runner that
   * makes the model (a replicated game's shadows) then keeps priority checkpoints in it, without
   * which a fork away from a priority decision replays the whole game.
   */
  readonly forks?: boolean;
}

/**
 * A controller that picks uniformly at random. Its choice is a pure function of its seed, its
 * seat and how many choices the game has seen, so a resumed game continues exactly as the
 * uninterrupted one would.
 *
 * @example
 * ```ts
 * runGame(game, [randomController('a'), randomController('b')], { maxTurns: 50 });
 * ```
 */
export function randomController(seed: string | number): Controller {
  const s = String(seed);
  return {
    name: 'random',
    choose(view, point) {
      return Math.floor(stableKey(s, String(point.seat), String(view.choiceCount)) * point.options.length);
    },
  };
}

/**
 * A controller that always takes option 0: keep, pass, done, no.
 *
 * @example
 * ```ts
 * runGame(game, [zeroController(), zeroController()], { maxTurns: 10 });
 * ```
 */
export function zeroController(): Controller {
  return { name: 'zero', choose: () => 0 };
}

/** How a {@link runGame} loop ended. */
export type RunResult = {
  winner: Seat | null | undefined;
  turns: number;
  choices: number;
  /** `game-over`, or the limit that stopped it. */
  reason: 'game-over' | 'max-turns' | 'max-choices';
};

/**
 * A view whose cheap public fields are read directly and the rest built only when read: the
 * random, zero, fixed and replay controllers never pay for a whole view.
 *
 * @example
 * ```ts
 * const index = controller.choose(lazyView(game, point.seat), point);
 * ```
 */
export function lazyView(game: Game, seat: Seat): SeatView {
  let full: SeatView | undefined;
  const build = (): SeatView => (full ??= game.view(seat));
  return new Proxy({} as SeatView, {
    get(_, key) {
      switch (key) {
        case 'seat':
          return seat;
        case 'choiceCount':
          return game.choices.length;
        case 'turn':
          return game.state.turn;
        case 'step':
          return game.state.step;
        default:
          return (build() as Record<string | symbol, unknown>)[key];
      }
    },
    has: (_, key) => key in build(),
    ownKeys: () => Reflect.ownKeys(build()),
    getOwnPropertyDescriptor: (_, key) => Object.getOwnPropertyDescriptor(build(), key),
  });
}

/**
 * Plays a game with two controllers until it ends or a limit is reached.
 *
 * @throws StoryletError `mtg/bad-controller` when a controller answers with an index that is not an option.
 * @example
 * ```ts
 * const result = runGame(game, [randomController(1), randomController(2)], { maxTurns: 100 });
 * result.winner; // 0, 1, null (a draw) or undefined (stopped by a limit)
 * ```
 */
export function runGame(game: Game, controllers: readonly [Controller, Controller], options: { maxTurns?: number; maxChoices?: number } = {}): RunResult {
  const maxTurns = options.maxTurns ?? Infinity;
  const maxChoices = options.maxChoices ?? 100_000;
  let made = 0;
  for (let point = game.pending(); point; point = game.pending()) {
    if (game.state.turn > maxTurns) return { winner: undefined, turns: game.state.turn, choices: made, reason: 'max-turns' };
    if (made >= maxChoices) return { winner: undefined, turns: game.state.turn, choices: made, reason: 'max-choices' };
    const controller = controllers[point.seat];
    const index = controller.choose(lazyView(game, point.seat), point, game);
    if (!Number.isInteger(index) || index < 0 || index >= point.options.length) {
      throw new StoryletError('mtg/bad-controller', `controller ${controller.name} chose ${JSON.stringify(index)} of ${point.options.length} options`, {
        index,
        seat: point.seat,
      });
    }
    game.choose(index);
    made++;
  }
  return { winner: game.winner, turns: game.state.turn, choices: made, reason: 'game-over' };
}
