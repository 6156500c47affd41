/**
 * The `replay` controller: answers from a recorded list of choices (a snapshot's, or a game's
 * `choices`), indexed by how many choices the game has made, so one list serves both seats and
 * the controller keeps no state of its own. When the list runs out it hands over to `then`, if
 * given; a recorded answer that is not an option here means the game went another way, and is
 * an error rather than a guess.
 */
import { StoryletError } from '../../core/errors.js';
import type { SeatController } from './types.js';

/**
 * Replays `choices` exactly, then plays as `then` (or throws `mtg/replay-exhausted`).
 *
 * @throws StoryletError `mtg/replay-diverged` when a recorded answer is not an option of the
 * decision it meets; `mtg/replay-exhausted` past the end of the list with no `then`.
 * @example
 * ```ts
 * const both = replaySeat(snapshot.game.choices);
 * runGame(createGame(snapshot.game.config), [both, both]); // the recorded game again
 * ```
 */
export function replaySeat(choices: readonly number[], then?: SeatController): SeatController {
  const list = [...choices];
  return {
    kind: 'replay',
    name: 'replay',
    ...(then?.forks ? { forks: true } : {}),
    choose(view, point, model) {
      const at = view.choiceCount;
      if (at >= list.length) {
        if (then) return then.choose(view, point, model);
        throw new StoryletError('mtg/replay-exhausted', `the replay has ${list.length} choices and the game asks for choice ${at + 1}`, {
          choices: list.length,
        });
      }
      const index = list[at]!;
      if (!Number.isInteger(index) || index < 0 || index >= point.options.length) {
        throw new StoryletError(
          'mtg/replay-diverged',
          `recorded choice ${at + 1} is ${index}, but the decision it meets (p${point.seat + 1}, ${point.kind}, turn ${point.turn}) has ${point.options.length} options: the game went another way`,
          { at, index, options: point.options.length },
        );
      }
      return index;
    },
    spec: () => ({ kind: 'replay', choices: [...list], ...(then ? { then: then.spec() } : {}) }),
    exhausted: (view) => view.choiceCount >= list.length && then === undefined,
  };
}
