/**
 * `mtg resume FILE`: continues a stopped game. The snapshot's saved state is loaded and the
 * choices after it replayed silently (or all its choices, for a snapshot without one); the state
 * hash reached is checked, so a snapshot from other cards or another engine is refused;
 * its controllers are rebuilt in the state they were in, and the next decision is presented fresh:
 * the output continues exactly where the stopped game's ended. `--override-p1 KIND` puts another
 * controller in a seat.
 */
import { resolve } from 'node:path';
import { createController, type ControllerSpec, type SeatController } from '../controllers/index.js';
import { restoreGame } from '../engine/index.js';
import { cardSource, guard, kindOption, loadRegistry, parse, str, UsageError, whole, type CommandIO, type OptionTable } from './common.js';
import type { Verbosity } from './log.js';
import { runSession } from './run.js';
import { SEAT_OPTIONS, SESSION_OPTIONS, searchFlagsFor, seatSpec } from './seats.js';
import type { Session } from './session.js';
import { readSnapshot } from './snapshot.js';
import { outputOptions, runOptions, terminalOf } from './tui.js';

/** One-line summary shown by `mtg --help`. */
export const summary = 'continue a game from a snapshot, byte for byte';

const HELP = `usage: mtg resume FILE [options]

Continues the game saved in FILE (written by mtg tui or mtg resume when a game stops early) with
the same controllers in the same state, the same seeds and the same log settings: its output
continues the stopped game's output exactly.

  --override-p1 KIND, --override-p2 KIND   another controller for a seat (tui, heuristic, search,
                                           random, zero, fixed, replay), with --p1-fixed-inputs "...",
                                           --p1-replay LIST|FILE, --seed-p1 N, --search-playouts N,
                                           --search-ms N as for mtg tui
  -v, --verbosity 0..3, --tag-gamelogs, --log-tail K, --no-color-logs
  --stop-on-choice N[:p1|:p2], --stop-when-fixed-exhausted, --snapshot-output FILE, --json
  --max-turns N               a new turn limit (default: the saved game's)
  --cards DIR                 where the cards are, if they moved (they must be the same scripts)`;

const OPTIONS: OptionTable = {
  ...SEAT_OPTIONS,
  'override-p1': { type: 'string' },
  'override-p2': { type: 'string' },
  ...SESSION_OPTIONS,
};

/**
 * Runs `mtg resume <args>` and returns the exit code (0, 1 engine failure, 2 bad input such as a
 * corrupt or version-mismatched snapshot).
 *
 * @example
 * ```ts
 * await run(['game.snapshot', '--override-p2', 'random'], io);
 * ```
 */
export async function run(args: string[], io: CommandIO): Promise<number> {
  return guard('mtg resume', io, () => resume(args, io));
}

function resume(args: string[], io: CommandIO): number {
  const p = parse(args, OPTIONS);
  if (p.values.help) {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (p.positionals.length !== 1) throw new UsageError('give one snapshot file: mtg resume game.snapshot');
  const out = outputOptions(p);
  const file = resolve(io.cwd, p.positionals[0]!);
  const saved = readSnapshot(file);
  const verbosity = (str(p, 'verbosity') === undefined ? saved.log.verbosity : whole(p, 'verbosity', 2, 0, 3)) as Verbosity;
  const maxTurns = str(p, 'max-turns') === undefined ? saved.maxTurns : whole(p, 'max-turns', 0, 1);
  const specs: ControllerSpec[] = [saved.seats[0], saved.seats[1]];
  const overrides = ([1, 2] as const).map((n) => (str(p, `override-p${n}`) === undefined ? null : kindOption(str(p, `override-p${n}`), 'heuristic')));
  searchFlagsFor(p, overrides);
  for (const n of [1, 2] as const) {
    const override = str(p, `override-p${n}`);
    if (override === undefined) {
      for (const o of [`p${n}-fixed-inputs`, `p${n}-replay`, `seed-p${n}`]) {
        if (str(p, o) !== undefined) throw new UsageError(`--${o} goes with --override-p${n} KIND (the saved p${n} keeps its own)`);
      }
      continue;
    }
    const seat = seatSpec(n, kindOption(override, 'heuristic'), p, String(saved.game.config?.seed ?? '0'), io.cwd);
    if (seat.fromEntropy) io.stderr.write(`mtg resume: p${n}'s seed ${seat.fromEntropy} (from entropy)\n`);
    specs[n - 1] = seat.spec;
  }

  const cards =
    str(p, 'cards') === undefined ? (saved.cards.kind === 'dir' ? cardSource(saved.cards.dir, io.cwd) : saved.cards) : cardSource(str(p, 'cards'), io.cwd);
  const registry = loadRegistry(cards);
  const game = restoreGame(saved.game, registry);
  const terminal = specs.some((s) => s.kind === 'tui') ? terminalOf(io, out.noColour) : undefined;
  const seats = specs.map((s) => createController(s, { registry, ...(terminal ? { terminal } : {}) })) as [SeatController, SeatController];
  const session: Session = {
    game,
    seats,
    registry,
    cards,
    decks: saved.decks,
    log: { verbosity, tag: p.values['tag-gamelogs'] === true || saved.log.tag },
    maxTurns,
  };
  return runSession(session, runOptions('mtg resume', out, io.cwd, { resumed: true }), io);
}
