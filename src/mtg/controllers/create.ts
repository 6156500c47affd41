/**
 * Building a controller from its spec (the JSON a snapshot stores, or what the command line
 * asked for), and reading a controller kind as a person types it.
 */
import { StoryletError, nearest } from '../../core/errors.js';
import type { CardRegistry } from '../cards/index.js';
import type { ResolveContext } from '../input/index.js';
import { fixedSeat } from './fixed.js';
import { heuristicSeat } from './heuristic/index.js';
import { searchSeat } from '../search/controller.js';
import { replaySeat } from './replay.js';
import { randomSeat, zeroSeat } from './simple.js';
import { tuiSeat, type TerminalIO } from './tui/index.js';
import { CONTROLLER_KINDS, type ControllerKind, type ControllerSpec, type SeatController } from './types.js';

/** What building a controller may need besides its spec. */
export type ControllerDeps = {
  /** The card registry: the heuristic reads printed card text from it. */
  registry: CardRegistry;
  /** The terminal, for `tui` seats. */
  terminal?: TerminalIO;
  /** Player names for the fixed-input resolver (`target bob`). */
  context?: ResolveContext;
};

/**
 * Builds the controller a spec describes, in the state the spec holds.
 *
 * @throws StoryletError `mtg/bad-controller` for a spec that is not one; `input/...` for a fixed
 * script with a syntax error; `mtg/no-terminal` for a `tui` seat without a terminal;
 * `search/bad-budget` for a `search` seat whose budget is not one.
 * @example
 * ```ts
 * const p2 = createController({ kind: 'heuristic', seed: '7:p2' }, { registry });
 * const again = createController(p2.spec(), { registry }); // the same player, same memory
 * ```
 */
export function createController(spec: ControllerSpec, deps: ControllerDeps): SeatController {
  if (spec === null || typeof spec !== 'object') throw new StoryletError('mtg/bad-controller', 'a controller spec is an object with a kind');
  switch (spec.kind) {
    case 'random':
      return randomSeat(String(spec.seed));
    case 'zero':
      return zeroSeat();
    case 'heuristic':
      return heuristicSeat(String(spec.seed), deps.registry, spec.state);
    case 'search':
      return searchSeat(
        {
          seed: String(spec.seed),
          ...(spec.ms !== undefined ? { ms: spec.ms } : {}),
          ...(spec.playouts !== undefined ? { playouts: spec.playouts } : {}),
          ...(spec.state ? { state: spec.state } : {}),
        },
        deps.registry,
      );
    case 'fixed':
      return fixedSeat(String(spec.script), { ...(spec.state ? { state: spec.state } : {}), ...(deps.context ? { context: deps.context } : {}) });
    case 'replay': {
      if (!Array.isArray(spec.choices)) throw new StoryletError('mtg/bad-controller', 'a replay controller needs its list of choices');
      return replaySeat(spec.choices, spec.then ? createController(spec.then, deps) : undefined);
    }
    case 'tui':
      if (!deps.terminal) throw new StoryletError('mtg/no-terminal', 'a tui seat needs a terminal to talk to');
      return tuiSeat(deps.terminal);
    default: {
      const kind = (spec as { kind?: unknown }).kind;
      throw new StoryletError('mtg/bad-controller', `unknown controller kind ${JSON.stringify(kind)}; kinds: ${CONTROLLER_KINDS.join(', ')}`, { kind });
    }
  }
}

/**
 * A controller kind as typed (`heuristic`, `Random`), or `mtg/unknown-controller` with a
 * did-you-mean.
 *
 * @example
 * ```ts
 * controllerKind('Heuristic'); // 'heuristic'
 * controllerKind('heuristc');  // throws: unknown controller "heuristc" (did you mean "heuristic"?)
 * ```
 */
export function controllerKind(text: string): ControllerKind {
  const k = text.trim().toLowerCase();
  if ((CONTROLLER_KINDS as readonly string[]).includes(k)) return k as ControllerKind;
  const near = nearest(k, CONTROLLER_KINDS);
  throw new StoryletError(
    'mtg/unknown-controller',
    `unknown controller "${text}"${near ? ` (did you mean "${near}"?)` : ''}; kinds: ${CONTROLLER_KINDS.join(', ')}`,
    { kind: text },
  );
}
