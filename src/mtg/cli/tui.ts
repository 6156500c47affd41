/**
 * `mtg tui DECK [DECK]`: one game, with any controller in each seat: a person at the terminal,
 * the heuristic AI, random, zero, a fixed-input script or a replay. Despite the name it runs
 * every single-game mode, as the reference's does.
 */
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { createController, fdLines, paint, wantsColour, type ControllerKind, type SeatController, type TerminalIO } from '../controllers/index.js';
import { createGame } from '../engine/index.js';
import {
  cardSource,
  deckGameOptions,
  drawList,
  guard,
  kindOption,
  loadRegistry,
  parse,
  readDeckArg,
  readSeed,
  seatOf,
  str,
  UsageError,
  whole,
  type CommandIO,
  type OptionTable,
  type Parsed,
} from './common.js';
import { gameHeader } from './game-setup.js';
import type { Verbosity } from './log.js';
import { runSession, type RunOptions } from './run.js';
import { SEAT_OPTIONS, SESSION_OPTIONS, searchFlagsFor, seatSpec } from './seats.js';
import type { Session, StopRules } from './session.js';
import { evaluateAssertions, readPuzzleFile, startPuzzle } from '../puzzles/index.js';
import { gameOutcome } from '../puzzles/game-outcome.js';

/** One-line summary shown by `mtg --help`. */
export const summary = 'play one game: a person at the terminal, the AI, scripts or replays';

const HELP = `usage: mtg tui DECK [DECK] [options]
       mtg tui --start-state FILE.pzl [options]

Plays one game. One deck file is used for both players if you give only one. A deck is a .dck
file, or a built-in starter deck: starter/red_green_aggro.dck, starter/white_blue_control.dck.
With --start-state the game starts from a puzzle's board instead (docs/mtg/puzzles.md): a seat
with a script in the puzzle plays it, the other is the heuristic AI (--p1/--p2 override either),
the game stops after the puzzle's last turn, and the puzzle's assertions are judged at the end
(exit code 1 when a written one fails, as mtg puzzle check; a Goal is not enforced here, so its
assertions are shown but do not set the code).

seats:
  --p1 KIND, --p2 KIND        tui (a person; p1's default), heuristic (p2's default), search,
                              random, zero, fixed, replay
  --search-playouts N         a search seat's playouts a decision (default 24; deterministic)
  --search-ms N               ...or its wall-clock milliseconds a decision (its choices may vary)
  --p1-fixed-inputs "..."     the script of a fixed seat (docs/mtg/fixed-inputs.md); also --p2-...
  --p1-replay LIST|FILE       the choices a replay seat replays: "3;0;1", or a snapshot; also --p2-...
determinism:
  --seed N|from_entropy       the game's seed (default 0); from_entropy picks one and prints it
  --seed-p1 N, --seed-p2 N    a controller's own seed (default: the game seed and the seat)
  --deck-seed N               seeds only the opening shuffle
  --p1-draw "a;b", --p2-draw  cards put on top of the library after the shuffle (the opening hand)
  --starting-life L           each player's starting life (default 20; as mtg server --starting-life)
output:
  -v, --verbosity 0..3        0 silent, 1 turns and result, 2 events (default), 3 every action
  --log-tail K                print only the last K log lines, at the end
  --no-color-logs             no colour (NO_COLOR and non-terminal output turn it off too)
  --tag-gamelogs              prefix log lines with [GAMELOG TurnN STEP]
stopping and snapshots:
  --stop-on-choice N[:p1|:p2] stop before the next decision once N choices were made (by one seat)
  --stop-when-fixed-exhausted stop before asking a fixed seat whose script has run out
  --snapshot-output FILE      where a stopped game is saved (default game.snapshot)
  --json                      write the snapshot as JSON (default: gzipped JSON)
  --max-turns N               stop once turn N is over
cards:
  --cards DIR                 a fetched cards folder (default: .cards if fetched, else the starter
                              set; --cards starter forces the starter set)`;

const OPTIONS: OptionTable = {
  ...SEAT_OPTIONS,
  'start-state': { type: 'string' },
  p1: { type: 'string' },
  p2: { type: 'string' },
  seed: { type: 'string' },
  'deck-seed': { type: 'string' },
  'p1-draw': { type: 'string' },
  'p2-draw': { type: 'string' },
  'starting-life': { type: 'string' },
  ...SESSION_OPTIONS,
};

/**
 * Runs `mtg tui <args>` and returns the exit code: 0 played or stopped as asked, 1 an engine
 * failure, 2 bad input (one line on stderr).
 *
 * @example
 * ```ts
 * await run(['starter/red_green_aggro.dck', 'starter/white_blue_control.dck', '--p1', 'heuristic'], io);
 * ```
 */
export async function run(args: string[], io: CommandIO): Promise<number> {
  return guard('mtg tui', io, () => tui(args, io));
}

/**
 * Options every session command reads the same way: output, stopping and snapshots.
 *
 * @example
 * ```ts
 * outputOptions(parse(['--stop-on-choice', '10:p1'], OPTIONS)).stop.onChoice; // { count: 10, seat: 0 }
 * ```
 */
export function outputOptions(p: Parsed): { logTail: number | null; noColour: boolean; json: boolean; stop: StopRules; snapshot: string | undefined } {
  const logTail = str(p, 'log-tail') === undefined ? null : whole(p, 'log-tail', 0, 1);
  const stopText = str(p, 'stop-on-choice');
  let onChoice: StopRules['onChoice'] = null;
  if (stopText !== undefined) {
    const m = /^(\d+)(?::(p[12]))?$/i.exec(stopText.trim());
    if (!m) throw new UsageError(`--stop-on-choice takes N, N:p1 or N:p2, not "${stopText}"`);
    onChoice = { count: Number(m[1]), seat: m[2] ? seatOf(m[2])! : null };
  }
  return {
    logTail,
    noColour: p.values['no-color-logs'] === true,
    json: p.values['json'] === true,
    stop: { onChoice, whenFixedExhausted: p.values['stop-when-fixed-exhausted'] === true },
    snapshot: str(p, 'snapshot-output'),
  };
}

/**
 * How `tui` and `resume` run a session with the output options they read.
 *
 * @example
 * ```ts
 * runSession(session, runOptions('mtg resume', outputOptions(p), io.cwd, { resumed: true }), io);
 * ```
 */
export function runOptions(name: string, out: ReturnType<typeof outputOptions>, cwd: string, more: { resumed: boolean; header?: string }): RunOptions {
  return {
    name,
    stop: out.stop,
    snapshotPath: resolve(cwd, out.snapshot ?? 'game.snapshot'),
    snapshotAsked: out.snapshot !== undefined,
    json: out.json,
    logTail: out.logTail,
    noColour: out.noColour,
    ...more,
  };
}

/**
 * The terminal of `tui` seats: standard input, and standard output with colour if it can.
 *
 * @example
 * ```ts
 * createController({ kind: 'tui' }, { registry, terminal: terminalOf(io, false) });
 * ```
 */
export function terminalOf(io: CommandIO, noColour: boolean): TerminalIO {
  return { input: fdLines(0), output: io.stdout, paint: paint(wantsColour(io.stdout, io.env ?? process.env, noColour)) };
}

function tui(args: string[], io: CommandIO): number {
  const p = parse(args, OPTIONS);
  if (p.values.help) {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  const startState = str(p, 'start-state');
  if (startState !== undefined) return fromPuzzle(p, startState, io);
  if (p.positionals.length < 1 || p.positionals.length > 2) throw new UsageError('give one or two decks: mtg tui A.dck [B.dck] (see mtg tui --help)');
  const verbosity = whole(p, 'verbosity', 2, 0, 3) as Verbosity;
  const out = outputOptions(p);
  const maxTurns = str(p, 'max-turns') === undefined ? null : whole(p, 'max-turns', 0, 1);
  const seed = readSeed(str(p, 'seed'), 'seed', '0');
  const deckSeed = str(p, 'deck-seed') === undefined ? undefined : readSeed(str(p, 'deck-seed'), 'deck-seed', '0');
  const kinds: [ControllerKind, ControllerKind] = [
    kindOption(str(p, 'p1'), str(p, 'p1-fixed-inputs') !== undefined ? 'fixed' : str(p, 'p1-replay') !== undefined ? 'replay' : 'tui'),
    kindOption(str(p, 'p2'), str(p, 'p2-fixed-inputs') !== undefined ? 'fixed' : str(p, 'p2-replay') !== undefined ? 'replay' : 'heuristic'),
  ];
  searchFlagsFor(p, kinds);
  const specs = [seatSpec(1, kinds[0], p, seed.seed, io.cwd), seatSpec(2, kinds[1], p, seed.seed, io.cwd)] as const;
  const draws = [drawList(str(p, 'p1-draw'), 'p1-draw'), drawList(str(p, 'p2-draw'), 'p2-draw')] as const;

  const cards = cardSource(str(p, 'cards'), io.cwd);
  // The same bounds as mtg server's, so a server game has a local twin at any life.
  const startingLife = str(p, 'starting-life') === undefined ? undefined : whole(p, 'starting-life', 20, 1, 1_000_000);
  const registry = loadRegistry(cards);
  const decks = [readDeckArg(p.positionals[0]!, io.cwd, registry), readDeckArg(p.positionals[1] ?? p.positionals[0]!, io.cwd, registry)] as const;
  const top: [string[], string[]] = [draws[0].map((n) => registry.get(n).name), draws[1].map((n) => registry.get(n).name)];
  const game = createGame({
    ...deckGameOptions({
      registry,
      decks: [decks[0].main, decks[1].main],
      seed: seed.seed,
      ...(deckSeed ? { deckSeed: deckSeed.seed } : {}),
      topOfLibrary: top,
      ...(startingLife !== undefined ? { startingLife } : {}),
    }),
    // A snapshot at any decision (--stop-on-choice) then holds the state: resume costs O(state).
    checkpoints: true,
  });
  const terminal = kinds.includes('tui') ? terminalOf(io, out.noColour) : undefined;
  const seats = specs.map((s) => createController(s.spec, { registry, ...(terminal ? { terminal } : {}) })) as [SeatController, SeatController];

  if (seed.fromEntropy) io.stderr.write(`mtg tui: seed ${seed.seed} (from entropy): --seed ${seed.seed} plays this game again\n`);
  for (const [i, s] of specs.entries()) if (s.fromEntropy) io.stderr.write(`mtg tui: p${i + 1}'s seed ${s.fromEntropy} (from entropy)\n`);
  if (deckSeed?.fromEntropy) io.stderr.write(`mtg tui: deck seed ${deckSeed.seed} (from entropy)\n`);

  const session: Session = {
    game,
    seats,
    registry,
    cards,
    decks: [decks[0].name, decks[1].name],
    log: { verbosity, tag: p.values['tag-gamelogs'] === true },
    maxTurns,
  };
  const header = gameHeader([decks[0].name, decks[1].name], kinds, seed.seed, deckSeed?.seed);
  return runSession(session, runOptions('mtg tui', out, io.cwd, { resumed: false, header }), io);
}

/**
 * `mtg tui --start-state FILE.pzl`: the puzzle's board, its scripts in their seats (the heuristic
 * AI elsewhere, unless --p1/--p2 say otherwise), until its last turn; then its assertions.
 */
function fromPuzzle(p: Parsed, file: string, io: CommandIO): number {
  if (p.positionals.length > 0) throw new UsageError("--start-state plays the puzzle's board: give no decks with it");
  for (const option of ['deck-seed', 'p1-draw', 'p2-draw', 'starting-life'])
    if (str(p, option) !== undefined) throw new UsageError(`--${option} does not apply to --start-state (the puzzle sets the board)`);
  const verbosity = whole(p, 'verbosity', 2, 0, 3) as Verbosity;
  const out = outputOptions(p);
  const seed = readSeed(str(p, 'seed'), 'seed', '1');
  const cards = cardSource(str(p, 'cards'), io.cwd);
  const registry = loadRegistry(cards);
  const path = resolve(io.cwd, file);
  if (!existsSync(path)) throw new UsageError(`--start-state ${file}: no such file`);
  const puzzle = readPuzzleFile(path, registry);
  const start = startPuzzle(puzzle, { registry, seed: seed.seed });
  const kinds = ([1, 2] as const).map((n) => {
    const own = str(p, `p${n}`) ?? (str(p, `p${n}-fixed-inputs`) !== undefined ? 'fixed' : str(p, `p${n}-replay`) !== undefined ? 'replay' : undefined);
    return own === undefined ? null : kindOption(own, 'heuristic');
  });
  searchFlagsFor(p, kinds);
  const specs = ([0, 1] as const).map((i) => (kinds[i] === null ? start.seats[i] : seatSpec((i + 1) as 1 | 2, kinds[i]!, p, seed.seed, io.cwd).spec));
  const terminal = specs.some((s) => s.kind === 'tui') ? terminalOf(io, out.noColour) : undefined;
  const seats = specs.map((s) => createController(s, { registry, ...(terminal ? { terminal } : {}) })) as [SeatController, SeatController];
  if (seed.fromEntropy) io.stderr.write(`mtg tui: seed ${seed.seed} (from entropy): --seed ${seed.seed} plays this game again\n`);
  const maxTurns = str(p, 'max-turns') === undefined ? start.limit.lastTurn : whole(p, 'max-turns', 0, 1);
  const name = puzzle.metadata.name ?? basename(path);
  const session: Session = {
    game: start.game,
    seats,
    registry,
    cards,
    decks: [`${name} (p1)`, `${name} (p2)`],
    log: { verbosity, tag: p.values['tag-gamelogs'] === true },
    maxTurns,
  };
  const header = `puzzle ${name} (${file}) · p1 ${specs[0]!.kind} vs p2 ${specs[1]!.kind} · seed ${seed.seed} · until turn ${maxTurns}`;
  const code = runSession(session, runOptions('mtg tui', out, io.cwd, { resumed: false, header }), io);
  // A game stopped for a snapshot is not over: its assertions are judged when it is.
  if (puzzle.assertions.length === 0 || (!start.game.over && start.game.state.turn <= maxTurns && start.game.pending())) return code;
  const verdict = evaluateAssertions(puzzle.assertions, gameOutcome(start.game, { kind: 'unfinished' }));
  const failed = verdict.results.filter((r) => !r.passed);
  io.stdout.write(`assertions: ${verdict.results.length - failed.length} passed, ${failed.length} failed\n`);
  // The Goal's assertions are the runner's: `mtg puzzle check` stops the game at the goal's
  // moment, this session plays on, so a goal met in turn 1 may read `turn le 1` false here.
  const goalNote = ' [from the Goal, which mtg puzzle check enforces and this session does not]';
  for (const r of failed)
    io.stdout.write(`  line ${r.assertion.line}: ${r.assertion.text} (${r.problem ?? r.actual})${r.assertion.origin === 'goal' ? goalNote : ''}\n`);
  // As `mtg puzzle check` does: a puzzle whose written assertions fail exits 1, so scripts and CI
  // see it. A session that already failed keeps its own code.
  return code === 0 && failed.some((r) => r.assertion.origin === 'written') ? 1 : code;
}
