/**
 * What the `mtg` game commands share: option parsing, where cards come from (`--cards DIR`, the
 * fetched `.cards/`, or the starter set), reading decks, seeds, and how errors become exit codes
 * (bad input: one line, exit code 2).
 */
import { randomInt } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { attachNegativeValues } from '../../core/argv.js';
import { StoryletError } from '../../core/errors.js';
import { openCorpus, type CardRegistry } from '../cards/index.js';
import { corpusRegistry } from '../supplement/index.js';
import { controllerKind, type ControllerKind } from '../controllers/index.js';
import { readDeck, readDeckFile, type Deck } from '../decks/index.js';
import { STARTER_DECKS, starterRegistry } from '../starter/index.js';
import type { Seat } from '../engine/index.js';
import { checkDeck } from './game-setup.js';

// Node-free, so the web pages share them (src/mtg/web/pages/demo.ts): kept importable from here.
export { checkDeck, deckGameOptions, type DeckGameSpec } from './game-setup.js';

/** Where a command reads and writes (the same shape as the `mtg` entry's). */
export type CommandIO = {
  stdout: { write(chunk: string): unknown; isTTY?: boolean };
  stderr: { write(chunk: string): unknown; isTTY?: boolean; columns?: number };
  cwd: string;
  /** The environment (NO_COLOR); the process's when absent. */
  env?: Record<string, string | undefined>;
};

/**
 * A mistake in how the command was called: one line on stderr, exit code 2.
 *
 * @example
 * ```ts
 * throw new UsageError('give one or two decks: mtg tui A.dck [B.dck]');
 * ```
 */
export class UsageError extends Error {}

/** The option table `parseArgs` takes. */
export type OptionTable = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

/** Parsed options and positional arguments. */
export type Parsed = { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] };

/**
 * Parses `args` strictly: an unknown option or a missing value is a {@link UsageError}.
 *
 * @example
 * ```ts
 * parse(['a.dck', '--seed', '7'], { seed: { type: 'string' } }).values.seed; // '7'
 * ```
 */
export function parse(args: string[], options: OptionTable): Parsed {
  try {
    const all: OptionTable = { ...options, help: { type: 'boolean', short: 'h' } };
    const { values, positionals } = parseArgs({ args: attachNegativeValues(args, all), options: all, allowPositionals: true, strict: true });
    return { values: values as Parsed['values'], positionals };
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\s+/g, ' '));
  }
}

/**
 * A string option's value, if given.
 *
 * @example
 * ```ts
 * str(parse(['--seed', '7'], { seed: { type: 'string' } }), 'seed'); // '7'
 * ```
 */
export function str(p: Parsed, key: string): string | undefined {
  const v = p.values[key];
  return typeof v === 'string' ? v : undefined;
}

/**
 * A whole number option in `[min, max]`, or the default; anything else is a {@link UsageError}.
 *
 * @example
 * ```ts
 * whole(parsed, 'verbosity', 2, 0, 3); // 2 when -v is not given
 * ```
 */
export function whole(p: Parsed, key: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const v = str(p, key);
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v.trim()) || Number(v) < min || Number(v) > max) {
    // An open range reads "≥ 1", not "from 1 to 9007199254740991".
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new UsageError(`--${key} must be a whole number ${range}, got ${JSON.stringify(v)}`);
  }
  return Number(v);
}

/** Where a game's cards come from. */
export type CardSource = { kind: 'starter' } | { kind: 'dir'; dir: string };

/**
 * The card source a command uses: `--cards DIR` (`--cards starter` for the built-in set), else
 * the fetched `.cards/` of the working directory when it holds scripts, else the starter set.
 *
 * @example
 * ```ts
 * cardSource(undefined, '/tmp/empty'); // { kind: 'starter' }
 * ```
 */
export function cardSource(option: string | undefined, cwd: string): CardSource {
  if (option !== undefined) {
    if (option === 'starter') return { kind: 'starter' };
    const dir = resolve(cwd, option);
    if (!existsSync(join(dir, 'cardsfolder'))) {
      throw new StoryletError(
        'mtg/no-cards',
        `--cards ${option}: no card scripts in ${join(dir, 'cardsfolder')} (fetch them with \`mtg cards fetch --from <tar.gz> --cards-dir ${option}\`, or use --cards starter)`,
        { dir },
      );
    }
    return { kind: 'dir', dir };
  }
  const fetched = join(cwd, '.cards');
  return existsSync(join(fetched, 'cardsfolder')) ? { kind: 'dir', dir: fetched } : { kind: 'starter' };
}

/**
 * The registry of a card source: the starter set compiled, or a cards folder from its IR cache
 * (compiled and cached the first time).
 *
 * @example
 * ```ts
 * const registry = loadRegistry({ kind: 'starter' });
 * registry.get('Lightning Bolt').name; // 'Lightning Bolt'
 * ```
 */
export function loadRegistry(source: CardSource): CardRegistry {
  if (source.kind === 'starter') return starterRegistry();
  return corpusRegistry(openCorpus(source.dir).corpus);
}

/**
 * How a card source is named in messages.
 *
 * @example
 * ```ts
 * describeSource({ kind: 'starter' }); // 'the starter set'
 * ```
 */
export function describeSource(source: CardSource): string {
  return source.kind === 'starter' ? 'the starter set' : source.dir;
}

/**
 * The built-in deck an argument names, if any: `red_green_aggro`, `starter/red_green_aggro.dck`,
 * `starter:red-green-aggro` (case and dashes aside).
 *
 * @example
 * ```ts
 * starterDeckNamed('starter/white_blue_control.dck')?.file; // 'starter/white_blue_control.dck'
 * starterDeckNamed('nope'); // undefined
 * ```
 */
export function starterDeckNamed(arg: string): (typeof STARTER_DECKS)[number] | undefined {
  const key = arg
    .replace(/^starter[:/]/, '')
    .replace(/\.dck$/i, '')
    .toLowerCase()
    .replace(/-/g, '_');
  return STARTER_DECKS.find((d) => d.file.replace(/^starter\//, '').replace(/\.dck$/, '') === key);
}

/**
 * Reads a deck argument: a `.dck` file, or a built-in starter deck by its name
 * (`starter/red_green_aggro.dck`) when no such file exists. A deck with an error (an unknown
 * card, a line that is not a card line) is `mtg/bad-deck`, naming the file, line and column.
 *
 * @example
 * ```ts
 * readDeckArg('starter/red_green_aggro.dck', process.cwd(), registry).main.length; // 60
 * ```
 */
export function readDeckArg(arg: string, cwd: string, registry: CardRegistry): Deck {
  const path = resolve(cwd, arg);
  let deck: Deck;
  if (existsSync(path) && statSync(path).isFile()) deck = readDeckFile(path, registry);
  else if (existsSync(path) && statSync(path).isDirectory()) {
    // "no deck file" would be wrong: the folder is there, it is just not a deck.
    const inside = readdirSync(path)
      .filter((f) => /\.dck$/i.test(f))
      .sort();
    const hint =
      inside.length > 0
        ? `one of the decks in it, e.g. ${JSON.stringify(join(arg, inside[0]!))}`
        : `a .dck file, or a built-in deck (${STARTER_DECKS.map((d) => d.file).join(', ')})`;
    throw new StoryletError('mtg/deck-is-folder', `${JSON.stringify(arg)} is a folder, not a deck file; give ${hint}`, { deck: arg });
  } else {
    const starter = starterDeckNamed(arg);
    if (!starter) {
      const known = STARTER_DECKS.map((d) => d.file).join(', ');
      throw new StoryletError('mtg/unknown-deck', `no deck file ${JSON.stringify(arg)} (built-in decks: ${known})`, { deck: arg });
    }
    deck = readDeck(starter.text, starter.file, registry);
  }
  return checkDeck(deck);
}

/**
 * A seed as given: a whole number, or `from_entropy` (the one place real randomness enters).
 *
 * @example
 * ```ts
 * readSeed('42', 'seed', '0'); // { seed: '42', fromEntropy: false }
 * readSeed(undefined, 'seed', '0'); // { seed: '0', fromEntropy: false }
 * ```
 */
export function readSeed(text: string | undefined, option: string, fallback: string): { seed: string; fromEntropy: boolean } {
  if (text === undefined) return { seed: fallback, fromEntropy: false };
  if (text === 'from_entropy') return { seed: String(randomInt(0, 2 ** 47)), fromEntropy: true };
  if (!/^\d{1,15}$/.test(text.trim())) throw new UsageError(`--${option} takes a whole number or from_entropy, not "${text}"`);
  return { seed: String(Number(text)), fromEntropy: false };
}

/**
 * The cards a `--p1-draw` / `--p2-draw` option names: 1 to 7 names separated by `;` (at most a
 * starting hand, CR 103.5), or none when the option is absent.
 *
 * @example
 * ```ts
 * drawList('Mountain; Shock', 'p1-draw'); // ['Mountain', 'Shock']
 * ```
 */
export function drawList(text: string | undefined, option: string): string[] {
  if (text === undefined) return [];
  const names = text
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length < 1 || names.length > 7) throw new UsageError(`--${option} names 1 to 7 cards separated by ";", not ${names.length}`);
  return names;
}

/**
 * A controller kind option (`--p1 heuristic`), as a usage error when unknown.
 *
 * @example
 * ```ts
 * kindOption(undefined, 'tui'); // 'tui'
 * ```
 */
export function kindOption(text: string | undefined, fallback: ControllerKind): ControllerKind {
  if (text === undefined) return fallback;
  try {
    return controllerKind(text);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * The seat an option names: `p1` → 0, `p2` → 1.
 *
 * @example
 * ```ts
 * seatOf('P2'); // 1
 * ```
 */
export function seatOf(text: string): Seat | undefined {
  const t = text.toLowerCase();
  return t === 'p1' ? 0 : t === 'p2' ? 1 : undefined;
}

/**
 * Whether an error means the user's input was bad (exit code 2) rather than a failure (1).
 *
 * @example
 * ```ts
 * isBadInput(new StoryletError('mtg/bad-snapshot', '...')); // true
 * ```
 */
export function isBadInput(error: unknown): boolean {
  if (error instanceof UsageError) return true;
  if (!(error instanceof StoryletError)) return false;
  if (error.code.startsWith('input/') || error.code.startsWith('deck/') || error.code.startsWith('cards/') || error.code.startsWith('agentplay/')) return true;
  return [
    'mtg/unknown-deck',
    'mtg/deck-is-folder',
    'mtg/bad-deck',
    'mtg/no-cards',
    'mtg/bad-config',
    'mtg/bad-snapshot',
    'mtg/unknown-controller',
    'mtg/bad-controller',
    'mtg/replay-diverged',
    'mtg/bad-replay',
    'mtg/no-terminal',
    'puzzle/load-error',
    'puzzle/unsupported',
    'search/bad-budget',
  ].includes(error.code);
}

/**
 * Runs a command body and turns what it throws into an exit code and one line on stderr: bad
 * input exits 2, an engine failure 1 (its message carries the seed and choice count that
 * reproduce it).
 *
 * @example
 * ```ts
 * return guard('mtg tui', io, () => play(args, io));
 * ```
 */
export async function guard(name: string, io: CommandIO, body: () => Promise<number> | number): Promise<number> {
  try {
    return await body();
  } catch (error) {
    const line = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();
    if (error instanceof UsageError) {
      io.stderr.write(`${name}: ${line(error.message)}\n`);
      return 2;
    }
    if (error instanceof StoryletError) {
      io.stderr.write(`${name}: ${error.code}: ${line(error.message)}\n`);
      return isBadInput(error) ? 2 : 1;
    }
    throw error;
  }
}
