/**
 * `mtg session start|continue|show|list`: a game played one decision at a time, by hand, in a
 * numbered session folder (src/mtg/agentplay/folder.ts) that always holds a one-command
 * reproducer. Each `continue` appends a choice to the deciding seat's choice file and replays the
 * game to the next decision; a choice that does not fit changes nothing on disk.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { StoryletError } from '../../core/errors.js';
import {
  choiceLines,
  copyDeck,
  findFolder,
  FOLDER_FORMAT,
  FOLDER_VERSION,
  listFolders,
  newFolder,
  readChoices,
  readMeta,
  rebuild,
  writeFolder,
  type SessionMeta,
} from '../agentplay/folder.js';
import {
  cardSource,
  drawList,
  guard,
  loadRegistry,
  parse,
  readDeckArg,
  readSeed,
  seatOf,
  str,
  UsageError,
  type CommandIO,
  type OptionTable,
} from './common.js';

/** One-line summary shown by `mtg --help`. */
export const summary = 'play a game one decision at a time by hand, in a session folder with a reproducer';

const HELP = `usage: mtg session start DECK [DECK] [--p1-draw "a;b"] [--p2-draw "…"] [--seed N] [--deck-seed N]
                         [--puzzle FILE.pzl] [--cards DIR] [--dir DIR]
       mtg session continue [--session NNN] [--dir DIR] p1|p2 "CHOICE"
       mtg session show [--session NNN] [--dir DIR]
       mtg session list [--dir DIR]

A session is a folder DIR/NNN.game/ (DIR defaults to ./sessions): the decks, p1.choices and
p2.choices (one command a line), game.log, state.txt, menu.txt, game.snapshot and reproduce.sh,
one mtg tui command that rebuilds the game from scratch and stops at the same decision.

start      creates the next folder, plays to the first decision, prints the state and the menu
continue   appends CHOICE to that seat's choice file and plays to the next decision. CHOICE is a
           menu number or a command of the fixed-input language (play mountain, cast bolt, *,
           PASS_UNTIL turn=3,phase=main2; docs/mtg/fixed-inputs.md). A choice that matches
           nothing, or a seat that is not the one deciding, changes nothing.
show       prints the state and the menu of a session (the newest by default)
list       lists the sessions: where each game stands`;

const OPTIONS: OptionTable = {
  'p1-draw': { type: 'string' },
  'p2-draw': { type: 'string' },
  seed: { type: 'string' },
  'deck-seed': { type: 'string' },
  puzzle: { type: 'string' },
  cards: { type: 'string' },
  dir: { type: 'string' },
  session: { type: 'string' },
};

/**
 * Runs `mtg session <args>`: 0 done, 1 an engine failure, 2 bad input (a choice that does not
 * fit, the wrong seat) with one line on stderr and the folder unchanged.
 *
 * @example
 * ```ts
 * await run(['start', 'starter/red_green_aggro.dck', 'starter/white_blue_control.dck'], io);
 * await run(['continue', 'p1', 'keep'], io);
 * ```
 */
export async function run(args: string[], io: CommandIO): Promise<number> {
  return guard('mtg session', io, () => session(args, io));
}

function session(args: string[], io: CommandIO): number {
  const p = parse(args, OPTIONS);
  const [sub, ...rest] = p.positionals;
  if (p.values.help || sub === undefined || sub === 'help') {
    io.stdout.write(`${HELP}\n`);
    return sub === undefined && !p.values.help ? 2 : 0;
  }
  const dir = resolve(io.cwd, str(p, 'dir') ?? 'sessions');
  const only = (allowed: string[]): void => {
    for (const key of Object.keys(p.values)) {
      if (key !== 'help' && key !== 'dir' && p.values[key] !== undefined && !allowed.includes(key))
        throw new UsageError(`--${key} does not go with \`mtg session ${sub}\` (see mtg session --help)`);
    }
  };
  switch (sub) {
    case 'start':
      only(['p1-draw', 'p2-draw', 'seed', 'deck-seed', 'puzzle', 'cards']);
      return start(p.positionals.slice(1), p.values, dir, io);
    case 'continue':
      only(['session']);
      return proceed(rest, str(p, 'session'), dir, io);
    case 'show': {
      only(['session']);
      if (rest.length > 0) throw new UsageError(`mtg session show takes no arguments (use --session NNN), not ${JSON.stringify(rest[0])}`);
      const folder = findFolder(dir, str(p, 'session'));
      io.stdout.write(describe(folder.path, readMeta(folder.path)));
      return 0;
    }
    case 'list':
      only([]);
      return list(dir, io);
    default:
      throw new UsageError(`unknown session command ${JSON.stringify(sub)}: start, continue, show or list`);
  }
}

/**
 * Sets up a new session folder from the command line's game options: copies the decks (or the
 * puzzle) and writes `session.json`. Shared by `mtg session start` and `mtg agent`.
 *
 * @example
 * ```ts
 * const { folder, meta, registry } = createSession(['starter/red_green_aggro.dck'], values, 'sessions', io, 'manual', null, null);
 * ```
 */
export function createSession(
  decks: string[],
  values: Record<string, unknown>,
  dir: string,
  io: CommandIO,
  mode: SessionMeta['mode'],
  scenario: string | null,
  maxTurns: number | null,
): { folder: string; meta: SessionMeta; registry: ReturnType<typeof loadRegistry> } {
  const text = (k: string): string | undefined => (typeof values[k] === 'string' ? values[k] : undefined);
  const puzzle = text('puzzle');
  if (puzzle !== undefined) {
    if (decks.length > 0) throw new UsageError("--puzzle plays the puzzle's board: give no decks with it");
    for (const o of ['deck-seed', 'p1-draw', 'p2-draw'])
      if (text(o) !== undefined) throw new UsageError(`--${o} does not apply to --puzzle (the puzzle sets the board)`);
    if (!existsSync(resolve(io.cwd, puzzle))) throw new UsageError(`--puzzle ${puzzle}: no such file`);
  } else if (decks.length < 1 || decks.length > 2) throw new UsageError('give one or two decks (or --puzzle FILE.pzl): mtg session start A.dck [B.dck]');
  const seed = readSeed(text('seed'), 'seed', puzzle !== undefined ? '1' : '0');
  const deckSeed = text('deck-seed') === undefined ? null : readSeed(text('deck-seed'), 'deck-seed', '0');
  if (seed.fromEntropy) io.stderr.write(`mtg session: seed ${seed.seed} (from entropy)\n`);
  const cards = cardSource(text('cards'), io.cwd);
  const registry = loadRegistry(cards);
  const draws: [string[], string[]] = [drawList(text('p1-draw'), 'p1-draw'), drawList(text('p2-draw'), 'p2-draw')];
  for (const names of draws) for (const n of names) registry.get(n);
  // Everything is checked before the folder exists, so a bad deck leaves no empty session.
  if (puzzle === undefined) for (const d of decks) readDeckArg(d, io.cwd, registry);
  const made = newFolder(dir);
  let start: SessionMeta['start'];
  if (puzzle !== undefined) {
    copyFileSync(resolve(io.cwd, puzzle), join(made.path, basename(puzzle)));
    start = { kind: 'puzzle', file: basename(puzzle) };
  } else {
    copyDeck(decks[0]!, io.cwd, join(made.path, 'p1.dck'), registry);
    copyDeck(decks[1] ?? decks[0]!, io.cwd, join(made.path, 'p2.dck'), registry);
    start = { kind: 'decks', decks: ['p1.dck', 'p2.dck'] };
  }
  const meta: SessionMeta = {
    format: FOLDER_FORMAT,
    version: FOLDER_VERSION,
    name: made.name,
    start,
    seed: seed.seed,
    deckSeed: deckSeed?.seed ?? null,
    draws,
    cards,
    maxTurns,
    mode,
    scenario,
  };
  return { folder: made.path, meta, registry };
}

function start(decks: string[], values: Record<string, unknown>, dir: string, io: CommandIO): number {
  const { folder, meta, registry } = createSession(decks, values, dir, io, 'manual', null, null);
  const scripts: [string[], string[]] = [[], []];
  const next = writeFolder(folder, meta, scripts, rebuild(folder, meta, scripts, registry));
  io.stdout.write(`session ${meta.name} started in ${folder}\n`);
  io.stdout.write(describe(folder, next));
  return 0;
}

function proceed(rest: string[], which: string | undefined, dir: string, io: CommandIO): number {
  if (rest.length !== 2) throw new UsageError('give the seat and the choice: mtg session continue [--session NNN] p1 "play mountain"');
  const seat = seatOf(rest[0]!);
  if (seat === undefined) throw new UsageError(`the seat is p1 or p2, not ${JSON.stringify(rest[0])}`);
  const folder = findFolder(dir, which);
  const meta = readMeta(folder.path);
  const at = meta.position;
  if (at?.ended)
    throw new StoryletError('agentplay/game-over', `session ${meta.name}: the game has ended (${at.ended}); nothing to choose`, { session: meta.name });
  if (at && at.deciding !== null && at.deciding !== seat) {
    throw new StoryletError('agentplay/not-your-decision', `session ${meta.name}: it is p${at.deciding + 1}'s decision, not p${seat + 1}'s (see menu.txt)`, {
      deciding: at.deciding,
      seat,
    });
  }
  const lines = choiceLines(rest[1]!);
  const registry = loadRegistry(meta.cards);
  const scripts: [string[], string[]] = [readChoices(folder.path, 0), readChoices(folder.path, 1)];
  scripts[seat] = [...scripts[seat], ...lines];
  let rebuilt;
  try {
    rebuilt = rebuild(folder.path, meta, scripts, registry);
  } catch (error) {
    // The fixed controller's message names the command; the available actions make it a menu.
    if (error instanceof StoryletError && error.code.startsWith('input/')) {
      const available = (error.details as { available?: string[] } | undefined)?.available;
      const tail = available && !error.message.includes('Available actions') ? ` Available actions: ${JSON.stringify(available)}` : '';
      // The script's line:column is of the joined choice file, which the person never wrote.
      const message = error.message.replace(/^fixed inputs for (p[12]), \d+:\d+: /, "$1's choice: ");
      throw new StoryletError(error.code, `${message}${tail} (nothing was changed)`, error.details);
    }
    throw error;
  }
  const next = writeFolder(folder.path, meta, scripts, rebuilt);
  io.stdout.write(describe(folder.path, next));
  return 0;
}

/** The state and the menu of a session folder, and how to answer. */
function describe(folder: string, meta: SessionMeta): string {
  const state = readFileSync(join(folder, 'state.txt'), 'utf8');
  const menu = readFileSync(join(folder, 'menu.txt'), 'utf8');
  const at = meta.position;
  const how =
    at && at.deciding !== null
      ? `answer with: mtg session continue --session ${meta.name} p${at.deciding + 1} "NUMBER or COMMAND"\n`
      : `reproduce with: ${join(folder, 'reproduce.sh')}\n`;
  return `${state}${menu}${how}`;
}

function list(dir: string, io: CommandIO): number {
  const all = listFolders(dir);
  if (all.length === 0) {
    io.stdout.write(`no sessions in ${dir}\n`);
    return 0;
  }
  for (const f of all) {
    let line: string;
    try {
      const meta = readMeta(f.path);
      const at = meta.position;
      const where = !at ? 'not started' : at.ended !== null ? at.ended : `turn ${at.turn}, p${(at.deciding ?? 0) + 1} to decide`;
      const what = meta.start.kind === 'puzzle' ? `puzzle ${meta.start.file}` : 'decks';
      line = `${meta.name}  ${meta.mode}  ${what}  seed ${meta.seed}  ${at?.choices ?? 0} choices  ${where}`;
    } catch (error) {
      line = `${f.name}  unreadable: ${(error as Error).message}`;
    }
    io.stdout.write(`${line}\n`);
  }
  return 0;
}
