/**
 * The session folder of agent play (`mtg session`, `mtg agent`): one numbered `NNN.game/` per
 * game, holding everything needed to see where the game is and to rebuild it from scratch.
 *
 * The truth is small: `session.json` (how the game was set up: decks, seeds, opening draws or a
 * puzzle) and the two seats' choice files (`p1.choices`, `p2.choices`, fixed-input commands, one a
 * line). Everything else is derived from those and rewritten after every choice: `game.log`,
 * `state.txt`, `menu.txt`, `game.snapshot` (for `mtg resume`) and `reproduce.sh`, one `mtg tui`
 * command that replays the choices as two fixed seats and stops at the same decision.
 *
 * Rebuilding replays the whole game from its first choice (a replay costs the game so far; the
 * engine's full-state snapshots will make it one decision). Both seats are fixed-input seats and
 * the game stops before asking a seat whose script has run out: that seat is the one to decide.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StoryletError } from '../../core/errors.js';
import type { CardRegistry } from '../cards/index.js';
import { paint, renderMenu, renderState, stepName, type ControllerSpec, type SeatController } from '../controllers/index.js';
import { STARTER_DECKS } from '../starter/index.js';
import { createGame, type Game, type Seat } from '../engine/index.js';
import { FixedController, parseFixedInputs, passUntilReached } from '../input/index.js';
import { readPuzzleFile, startPuzzle } from '../puzzles/index.js';
import { readDeckArg, type CardSource } from '../cli/common.js';
import { GameLog } from '../cli/log.js';
import { playSession, resultLine, sessionSnapshot, type Outcome, type Session } from '../cli/session.js';
import { writeSnapshot } from '../cli/snapshot.js';

/** The format name and version of `session.json`. */
export const FOLDER_FORMAT = 'storyletengine/mtg-agentplay-session';
export const FOLDER_VERSION = 1;

/** How many log lines `reproduce.sh` prints, and a bug report quotes. */
export const LOG_TAIL = 100;

/** Who plays the seats of an `mtg agent` session. */
export type AgentMode = 'agent-vs-heuristic' | 'agent-vs-random' | 'agent-vs-agent' | 'random-vs-random';

/** How a session's game was set up; with the two choice files, the whole truth. */
export type SessionMeta = {
  format: typeof FOLDER_FORMAT;
  version: typeof FOLDER_VERSION;
  /** The folder's number, `001`. */
  name: string;
  /** The game: two decks copied into the folder, or a puzzle copied there. */
  start: { kind: 'decks'; decks: [string, string] } | { kind: 'puzzle'; file: string };
  seed: string;
  deckSeed: string | null;
  /** `--p1-draw` / `--p2-draw`: cards put on top of each library. */
  draws: [string[], string[]];
  cards: CardSource;
  maxTurns: number | null;
  /** `manual` for `mtg session start`, else the `mtg agent` mode it was started with. */
  mode: 'manual' | AgentMode;
  scenario: string | null;
  /** Where the game stands, as of the last rewrite (for `mtg session list`). */
  position?: Position;
};

/** Where a session's game stands. */
export type Position = {
  choices: number;
  turn: number;
  step: string;
  /** The seat to decide, or null when the game is over or stopped by the turn limit. */
  deciding: Seat | null;
  /** `p1 wins`, `a draw`, `the turn limit (12) was reached`, while the game goes on null. */
  ended: string | null;
  hash: string;
};

/** A session's game rebuilt (or being played): the game, its log lines, how far it got. */
export type Rebuilt = {
  session: Session;
  outcome: Outcome;
  /** The all-seeing log, as `reproduce.sh` prints it (header and result lines included). */
  log: string[];
};

/**
 * The `mtg` entry this module belongs to: reproducers call it, not whatever `mtg` is on PATH.
 *
 * @example
 * ```ts
 * mtgEntry(); // '/home/me/storyletengine/dist/mtg/cli.js'
 * ```
 */
export function mtgEntry(): string {
  return fileURLToPath(new URL('../cli.js', import.meta.url));
}

const NUMBERED = /^(\d{3,})\.game$/;

/**
 * The session folders under `dir`, oldest first.
 *
 * @example
 * ```ts
 * listFolders('sessions'); // [{ name: '001', path: '/…/sessions/001.game' }]
 * ```
 */
export function listFolders(dir: string): { name: string; path: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => NUMBERED.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ name: m[1]!, path: join(dir, m[0]) }))
    .sort((a, b) => Number(a.name) - Number(b.name));
}

/**
 * Makes the next numbered session folder under `dir` (creating `dir`), and returns it.
 *
 * @example
 * ```ts
 * newFolder('sessions'); // { name: '001', path: '/…/sessions/001.game' }
 * ```
 */
export function newFolder(dir: string): { name: string; path: string } {
  mkdirSync(dir, { recursive: true });
  let n = Number(listFolders(dir).at(-1)?.name ?? 0) + 1;
  for (;;) {
    const name = String(n).padStart(3, '0');
    const path = join(dir, `${name}.game`);
    try {
      // Not recursive: a folder another process just made is an error, and we take the next.
      mkdirSync(path);
      return { name, path };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      n++;
    }
  }
}

/**
 * The session folder `which` names (`3`, `003`, `003.game`), or the newest one.
 *
 * @throws StoryletError `agentplay/no-session` when there is none, naming the ones there are.
 * @example
 * ```ts
 * findFolder('sessions', '2').path; // '/…/sessions/002.game'
 * ```
 */
export function findFolder(dir: string, which: string | undefined): { name: string; path: string } {
  const all = listFolders(dir);
  if (which === undefined) {
    const last = all.at(-1);
    if (!last) throw new StoryletError('agentplay/no-session', `no session in ${dir}: start one with \`mtg session start DECK [DECK]\``, { dir });
    return last;
  }
  const n = /^(\d+)(?:\.game)?$/.exec(which.trim());
  const found = n ? all.find((f) => Number(f.name) === Number(n[1])) : undefined;
  if (!found) {
    const known = all.length ? all.map((f) => f.name).join(', ') : 'none';
    throw new StoryletError('agentplay/no-session', `no session ${JSON.stringify(which)} in ${dir} (sessions there: ${known})`, { dir, session: which });
  }
  return found;
}

/**
 * Copies a deck argument into the folder as `p1.dck`/`p2.dck`: the file's bytes, or a built-in
 * starter deck's text.
 *
 * @example
 * ```ts
 * copyDeck('starter/red_green_aggro.dck', cwd, '/…/001.game/p1.dck', registry);
 * ```
 */
export function copyDeck(arg: string, cwd: string, to: string, registry: CardRegistry): void {
  const deck = readDeckArg(arg, cwd, registry);
  const path = resolve(cwd, arg);
  if (existsSync(path)) copyFileSync(path, to);
  else writeFileSync(to, STARTER_DECKS.find((d) => d.file === deck.file)?.text ?? '');
}

/**
 * Reads `session.json`.
 *
 * @throws StoryletError `agentplay/bad-session` for a file that is not one of ours.
 * @example
 * ```ts
 * readMeta('/…/001.game').seed; // '0'
 * ```
 */
export function readMeta(folder: string): SessionMeta {
  const file = join(folder, 'session.json');
  let meta: SessionMeta;
  try {
    meta = JSON.parse(readFileSync(file, 'utf8')) as SessionMeta;
  } catch (error) {
    throw new StoryletError('agentplay/bad-session', `cannot read ${file}: ${(error as Error).message}`, { file });
  }
  if (meta?.format !== FOLDER_FORMAT || meta.version !== FOLDER_VERSION) {
    throw new StoryletError(
      'agentplay/bad-session',
      `${file} is not a version ${FOLDER_VERSION} session (format ${JSON.stringify(meta?.format)}, version ${JSON.stringify(meta?.version)})`,
      { file },
    );
  }
  return meta;
}

/**
 * A seat's choice file, one command a line (blank lines and `#` comments dropped).
 *
 * @example
 * ```ts
 * readChoices('/…/001.game', 0); // ['keep', 'play mountain']
 * ```
 */
export function readChoices(folder: string, seat: Seat): string[] {
  const file = join(folder, `p${seat + 1}.choices`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter((l) => l !== '');
}

/**
 * A typed choice as the lines of a choice file: its commands, one a line, each as written. A
 * choice with a syntax error is `input/…` naming the column.
 *
 * @example
 * ```ts
 * choiceLines('*; cast fireball'); // ['*', 'cast fireball']
 * ```
 */
export function choiceLines(text: string): string[] {
  const { commands, problems } = parseFixedInputs(text);
  const first = problems[0];
  if (first) throw new StoryletError(first.code, `${JSON.stringify(text)} column ${first.span.column}: ${first.message}`, { text });
  if (commands.length === 0) throw new StoryletError('input/empty', 'the choice is empty: give a menu number or a command such as "play mountain"', { text });
  return commands.map((c) => c.text);
}

/** A seat's script for a fixed seat: its choice lines as one `;`-separated line. */
function script(lines: readonly string[]): string {
  return lines.join(';');
}

/**
 * The game of a session, new: from its decks (or its puzzle), its seeds and draws.
 *
 * @example
 * ```ts
 * const { game, maxTurns, decks } = startGame(folder, meta, registry);
 * ```
 */
export function startGame(
  folder: string,
  meta: SessionMeta,
  registry: CardRegistry,
): { game: Game; maxTurns: number | null; decks: [string, string]; header: (kinds: [string, string]) => string } {
  if (meta.start.kind === 'puzzle') {
    const file = join(folder, meta.start.file);
    const puzzle = readPuzzleFile(file, registry);
    const start = startPuzzle(puzzle, { registry, seed: meta.seed });
    const maxTurns = meta.maxTurns ?? start.limit.lastTurn;
    const name = puzzle.metadata.name ?? basename(file);
    // `mtg tui --start-state`'s header, so the reproducer prints the same log.
    const header = (k: [string, string]): string => `puzzle ${name} (${file}) · p1 ${k[0]} vs p2 ${k[1]} · seed ${meta.seed} · until turn ${maxTurns}`;
    return { game: start.game, maxTurns, decks: [`${name} (p1)`, `${name} (p2)`], header };
  }
  const files = meta.start.decks.map((d) => join(folder, d));
  const decks = [readDeckArg(files[0]!, folder, registry), readDeckArg(files[1]!, folder, registry)] as const;
  const top: [string[], string[]] = [meta.draws[0].map((n) => registry.get(n).name), meta.draws[1].map((n) => registry.get(n).name)];
  const game = createGame({
    registry,
    decks: [decks[0].main, decks[1].main],
    seed: meta.seed,
    ...(meta.deckSeed !== null ? { deckSeed: meta.deckSeed } : {}),
    ...(top[0].length || top[1].length ? { topOfLibrary: top } : {}),
    // As `mtg tui` creates it: the why-not reasons are part of every priority decision.
    explain: true,
  });
  const header = (k: [string, string]): string =>
    `p1: ${decks[0].name} (${k[0]}) vs p2: ${decks[1].name} (${k[1]}) · seed ${meta.seed}${meta.deckSeed !== null ? ` · deck seed ${meta.deckSeed}` : ''}`;
  return { game, maxTurns: meta.maxTurns, decks: [decks[0].name, decks[1].name], header };
}

/**
 * The log writer `reproduce.sh` has: all-seeing, uncoloured, verbosity 2, header first.
 *
 * @example
 * ```ts
 * const { log, lines } = reproducerLog(header);
 * ```
 */
export function reproducerLog(header: string): { log: GameLog; lines: string[] } {
  const lines: string[] = [header];
  return { log: new GameLog({ verbosity: 2, tag: false, paint: paint(false), viewer: null, write: (l) => lines.push(l) }), lines };
}

/**
 * A fixed seat whose script counts as run out also when all that is left are wildcards and
 * PASS_UNTILs reached at this decision: `PASS_UNTIL turn=3` as a seat's last choice means "pass
 * until turn 3, then ask me", so the session stops at turn 3's first decision of that seat
 * instead of passing it too (which a plain fixed seat does, having nothing after the PASS_UNTIL).
 * A choice appended there then answers that very decision.
 */
function sessionSeat(text: string): SeatController {
  const inner = FixedController.fromText(text);
  return {
    kind: 'fixed',
    name: 'fixed',
    choose: (view, point) => inner.choose(view, point),
    spec: () => ({ kind: 'fixed', script: text, state: inner.state() }),
    exhausted: (view) => {
      const state = inner.state();
      if (state.pending.length > 0) return false;
      const rest = inner.commands.slice(state.cursor);
      if (!rest.every((c) => c.kind === 'wildcard' || c.kind === 'pass-until')) return false;
      const point = rest.length === 0 ? null : view.pending;
      return rest.every((c) => c.kind === 'wildcard' || (point !== null && passUntilReached(c, point)));
    },
  };
}

/**
 * Replays a session from scratch with these scripts as two fixed seats, to the first decision of
 * a seat whose script has run out (or the end). A command that matches nothing throws the fixed
 * controller's error (`input/no-match`, with the available actions).
 *
 * @example
 * ```ts
 * const { session, outcome } = rebuild(folder, meta, [['keep'], ['keep']], registry);
 * ```
 */
export function rebuild(folder: string, meta: SessionMeta, scripts: [readonly string[], readonly string[]], registry: CardRegistry): Rebuilt {
  const start = startGame(folder, meta, registry);
  const seats = [sessionSeat(script(scripts[0])), sessionSeat(script(scripts[1]))] as [SeatController, SeatController];
  const session: Session = {
    game: start.game,
    seats,
    registry,
    cards: meta.cards,
    decks: start.decks,
    log: { verbosity: 2, tag: false },
    maxTurns: start.maxTurns,
  };
  const { log, lines } = reproducerLog(start.header(['fixed', 'fixed']));
  const outcome = playSession(session, { onChoice: null, whenFixedExhausted: true }, log);
  if (outcome.kind === 'over') lines.push(resultLine(session));
  return { session, outcome, log: lines };
}

/**
 * Where the game stands.
 *
 * @example
 * ```ts
 * position(rebuilt).deciding; // 0: p1 decides next
 * ```
 */
export function position(r: { session: Session; outcome: Outcome }): Position {
  const game = r.session.game;
  const point = game.pending();
  const w = game.winner;
  const ended = r.outcome.kind === 'over' ? (w === null || w === undefined ? 'a draw' : `p${w + 1} wins`) : r.outcome.kind === 'limit' ? r.outcome.why : null;
  return {
    choices: game.choices.length,
    turn: game.state.turn,
    step: game.state.step,
    deciding: ended === null && point ? point.seat : null,
    ended,
    hash: game.stateHash(),
  };
}

/** Single-quotes a word for sh. */
function quote(word: string): string {
  const safe = (w: string): string => (/^[\w./:=,+-]*$/.test(w) && w !== '' ? w : `'${w.replace(/'/g, `'\\''`)}'`);
  // `--p1-fixed-inputs='keep;play mountain'`: the option's name stays readable.
  const option = /^(--[\w-]+=)(.*)$/s.exec(word);
  return option ? `${option[1]}${safe(option[2]!)}` : safe(word);
}

/**
 * The reproducer's command line: `mtg tui` with both seats fixed, the choice files inlined, the
 * seeds, and a stop before choice N + 1. Absolute paths throughout, so it runs from any folder;
 * `--cards` is pinned, so a `.cards/` folder where it runs changes nothing.
 *
 * @example
 * ```ts
 * reproduceArgs(folder, meta, scripts, 14); // ['/usr/bin/node', '/…/dist/mtg/cli.js', 'tui', …]
 * ```
 */
export function reproduceArgs(folder: string, meta: SessionMeta, scripts: [readonly string[], readonly string[]], choices: number): string[] {
  const args = [process.execPath, mtgEntry(), 'tui'];
  if (meta.start.kind === 'puzzle') args.push(`--start-state=${join(folder, meta.start.file)}`);
  else args.push(join(folder, meta.start.decks[0]), join(folder, meta.start.decks[1]));
  args.push(`--cards=${meta.cards.kind === 'starter' ? 'starter' : meta.cards.dir}`);
  args.push('--p1=fixed', `--p1-fixed-inputs=${script(scripts[0])}`, '--p2=fixed', `--p2-fixed-inputs=${script(scripts[1])}`);
  args.push(`--stop-on-choice=${choices}`, `--seed=${meta.seed}`);
  if (meta.deckSeed !== null) args.push(`--deck-seed=${meta.deckSeed}`);
  for (const s of [0, 1] as const) if (meta.draws[s].length > 0) args.push(`--p${s + 1}-draw=${meta.draws[s].join(';')}`);
  if (meta.maxTurns !== null) args.push(`--max-turns=${meta.maxTurns}`);
  args.push('--json', `--log-tail=${LOG_TAIL}`, '--no-color-logs');
  return args;
}

/**
 * The reproducer as one shell command line.
 *
 * @example
 * ```ts
 * reproduceCommand(args); // "/usr/bin/node /…/cli.js tui … --p1-fixed-inputs='keep;play mountain' …"
 * ```
 */
export function reproduceCommand(args: readonly string[]): string {
  return args.map(quote).join(' ');
}

/** Writes a file whole or not at all. */
function put(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/**
 * What the deciding seat sees, with a first line saying where the game is.
 *
 * @example
 * ```ts
 * stateText(meta, rebuilt); // 'session 001 · turn 3, precombat main phase · 14 choices · state 0f…\n…'
 * ```
 */
export function stateText(meta: SessionMeta, r: { session: Session; outcome: Outcome }): string {
  const at = position(r);
  const game = r.session.game;
  const where = at.turn === 0 ? 'opening hands' : `turn ${at.turn}, ${stepName(at.step)}`;
  const head = `session ${meta.name} · ${where} · ${at.choices} choices · state ${at.hash}`;
  const status = at.ended !== null ? `game over: ${at.ended}` : at.deciding !== null ? `p${at.deciding + 1} to decide` : 'stopped';
  const seat: Seat = at.deciding ?? 0;
  return `${head}\n${status}\n${renderState(game.view(seat), paint(false))}`;
}

/**
 * Rewrites a session folder's derived files from a rebuilt (or played) game: the choice files,
 * `game.log`, `state.txt`, `menu.txt`, `game.snapshot` and `reproduce.sh`, then `session.json`
 * with the new position.
 *
 * @example
 * ```ts
 * writeFolder(folder, meta, scripts, rebuild(folder, meta, scripts, registry));
 * ```
 */
export function writeFolder(folder: string, meta: SessionMeta, scripts: [readonly string[], readonly string[]], r: Rebuilt): SessionMeta {
  const at = position(r);
  for (const s of [0, 1] as const) put(join(folder, `p${s + 1}.choices`), scripts[s].map((l) => `${l}\n`).join(''));
  put(join(folder, 'game.log'), r.log.map((l) => `${l}\n`).join(''));
  put(join(folder, 'state.txt'), stateText(meta, r));
  const point = r.session.game.pending();
  put(join(folder, 'menu.txt'), at.deciding !== null && point ? renderMenu(point, paint(false)) : `no decision: ${at.ended ?? 'the game is over'}\n`);
  // Both seats as fixed seats in `mtg resume`: a live fixed seat as it is; any other seat (an
  // agent, the AI of `mtg agent`) as the script of its recorded choices, all of them used.
  const snapshot = sessionSnapshot(r.session);
  snapshot.seats = ([0, 1] as const).map((s): ControllerSpec => {
    const live = r.session.seats[s].spec();
    if (live.kind === 'fixed') return live;
    return { kind: 'fixed', script: script(scripts[s]), state: { cursor: scripts[s].length, wildcard: false, pending: [], pendingFrom: -1, ranDry: 0 } };
  }) as [ControllerSpec, ControllerSpec];
  writeSnapshot(join(folder, 'game.snapshot'), snapshot, { json: true });
  const args = reproduceArgs(folder, meta, scripts, at.choices);
  const sh = [
    '#!/bin/sh',
    `# Rebuilds session ${meta.name} from scratch: ${at.choices} choices, state ${at.hash}.`,
    '# Regenerated after every choice. Runs from any folder; writes game.snapshot (JSON) where it runs.',
    `exec ${reproduceCommand(args)}`,
    '',
  ].join('\n');
  put(join(folder, 'reproduce.sh'), sh);
  chmodSync(join(folder, 'reproduce.sh'), 0o755);
  const next: SessionMeta = { ...meta, position: at };
  put(join(folder, 'session.json'), `${JSON.stringify(next, null, 2)}\n`);
  return next;
}
