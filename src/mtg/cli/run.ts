/**
 * Running a session for `mtg tui` and `mtg resume`: the log on stdout (or its last lines, with
 * `--log-tail`), notices on stderr, the snapshot when the game stops early, and the crash
 * snapshot when the engine fails. Keeping notices off stdout is what makes a stopped game's
 * output followed by its resumed output the same bytes as the game played through.
 */
import { resolve } from 'node:path';
import { paint, wantsColour } from '../controllers/index.js';
import type { Seat } from '../engine/index.js';
import type { CommandIO } from './common.js';
import { GameLog } from './log.js';
import { playSession, resultLine, SessionCrash, sessionSnapshot, type Session, type StopRules } from './session.js';
import { writeSnapshot } from './snapshot.js';

/** How a session is run and reported. */
export type RunOptions = {
  /** The command's name for messages (`mtg tui`). */
  name: string;
  stop: StopRules;
  /** Where a stopped game's snapshot goes. */
  snapshotPath: string;
  /** Whether `--snapshot-output` was given (a game stopped by the turn limit is saved only then). */
  snapshotAsked: boolean;
  json: boolean;
  /** Print only the last K log lines, at the end. */
  logTail: number | null;
  noColour: boolean;
  /** A resumed game: its past log is read, not printed. */
  resumed: boolean;
  /** A first line for the log (the decks and seats), printed before the game's own lines. */
  header?: string;
};

/** The seat a person plays, when exactly one seat is `tui`: the log is written for their eyes. */
function viewerOf(session: Session): Seat | null {
  const people = ([0, 1] as Seat[]).filter((s) => session.seats[s].kind === 'tui');
  return people.length === 1 ? people[0]! : null;
}

/**
 * Plays a session to its end or a stop, and reports. Returns the exit code: 0 for a game that
 * ended or stopped as asked, 1 for an engine failure (a crash snapshot is written beside it).
 *
 * @example
 * ```ts
 * return runSession(session, { name: 'mtg tui', stop, snapshotPath: 'game.snapshot', snapshotAsked: false, json: false, logTail: null, noColour: false, resumed: false }, io);
 * ```
 */
export function runSession(session: Session, options: RunOptions, io: CommandIO): number {
  const env = io.env ?? process.env;
  const colour = wantsColour(io.stdout, env, options.noColour);
  const tail: string[] = [];
  const write = (line: string): void => {
    if (options.logTail === null) io.stdout.write(`${line}\n`);
    else {
      tail.push(line);
      if (tail.length > options.logTail) tail.shift();
    }
  };
  const log = new GameLog({ verbosity: session.log.verbosity, tag: session.log.tag, paint: paint(colour), viewer: viewerOf(session), write });
  if (options.resumed) log.catchUp(session.game);
  else if (options.header && session.log.verbosity >= 1) write(options.header);
  const finish = (code: number): number => {
    for (const line of tail) io.stdout.write(`${line}\n`);
    return code;
  };

  let outcome;
  try {
    outcome = playSession(session, options.stop, log, options.resumed ? (line) => io.stderr.write(`${options.name}: ${line}\n`) : undefined);
  } catch (error) {
    if (!(error instanceof SessionCrash)) {
      finish(0);
      throw error;
    }
    const config = session.game.config;
    const path = resolve(io.cwd, `mtg-crash-${config.seed}-${error.before.game.choices.length}.snapshot`);
    writeSnapshot(path, error.before, { json: true });
    finish(1);
    io.stderr.write(
      `${options.name}: ${error.failure.code}: ${error.failure.message.replace(/\s*\n\s*/g, ' ')}; the game just before it is saved in ${path} (\`mtg resume ${path}\` reproduces it)\n`,
    );
    return 1;
  }

  const game = session.game;
  if (outcome.kind === 'over') {
    log.line(resultLine(session));
    return finish(0);
  }
  const save = outcome.kind !== 'limit' || options.snapshotAsked;
  // The state hash lets a reproducer be checked against the session it was written from.
  const at = `before choice ${game.choices.length + 1} (turn ${game.state.turn}, state ${game.stateHash()})`;
  if (save) {
    writeSnapshot(options.snapshotPath, sessionSnapshot(session), { json: options.json });
    finish(0);
    io.stderr.write(
      `${options.name}: stopped ${at}: ${outcome.why}; snapshot written to ${options.snapshotPath} (continue with \`mtg resume ${options.snapshotPath}\`)\n`,
    );
  } else {
    finish(0);
    io.stderr.write(`${options.name}: stopped ${at}: ${outcome.why}\n`);
  }
  return 0;
}
