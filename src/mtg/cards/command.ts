/**
 * The `mtg cards` command group: `fetch`, `compile`, `coverage`, `show`. It is the wrapper around
 * the compiler: files, clocks, terminals and exit codes live here, not in the stages.
 */
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { attachNegativeValues } from '../../core/argv.js';
import { StoryletError, nearest } from '../../core/errors.js';
import { openCorpus } from './cache.js';
import { corpusDiagnostics } from './compile.js';
import { computeCoverage, formatCoverage, missingPrimitives } from './coverage.js';
import { countByCode, formatDiagnostic } from './diagnostics.js';
import { DEFAULT_REF, DEFAULT_SOURCE, fetchCards } from './fetch.js';
import { progressBar, type ProgressStream } from './progress.js';
import { createCardRegistry } from './registry.js';
import { formatCard } from './show.js';
import { supportedPrimitives } from './supported.js';

/** Where a command reads and writes; the CLI passes the process's, tests their own. */
export type CommandIO = {
  stdout: { write(chunk: string): unknown };
  stderr: ProgressStream;
  cwd: string;
};

/** One-line summary shown by `mtg --help`. */
export const summary = 'fetch, compile and inspect Forge card scripts';

const HELP: Record<string, string> = {
  '': `usage: mtg cards <command> [options]

commands:
  fetch      put Forge card scripts into the cards folder and write cards.lock
  compile    compile every script and write the IR cache (.cards/ir-<fingerprint>.json.gz)
  coverage   how many cards the engine can play, what is missing, and the parameter census
  show       a card's compiled IR, its primitives and which are missing

options for every command:
  --cards-dir <dir>   the cards folder (default .cards)
  --help              this help, or a command's with \`mtg cards <command> --help\``,
  fetch: `usage: mtg cards fetch [--from <tar.gz|dir|git-url>] [--ref <commit>] [--force] [--cards-dir <dir>]

Copies cardsfolder/ and tokenscripts/ into the cards folder (git-ignored: the scripts are GPL-3.0)
and writes cards.lock (source, ref, licence, file count, sha256 of the content).
  --from    a .tar.gz, a directory holding a cardsfolder, or a git URL
            (default ${DEFAULT_SOURCE})
  --ref     the commit to check out (git; default ${DEFAULT_REF}); recorded for other sources
  --force   unpack again even if the lock shows this archive was fetched`,
  compile: `usage: mtg cards compile [--list] [--cards-dir <dir>]

Compiles every script from scratch (a progress bar on stderr when it is a terminal), writes the IR
cache, and prints the diagnostics by code.
  --list    print every diagnostic, one per line`,
  coverage: `usage: mtg cards coverage [--format md|json] [--top <n>] [--cards-dir <dir>]

Prints "cards: N  playable: P (x%)", the top missing primitives, coverage by type, colour and mana
value, the parameters no code reads, and the diagnostics. Uses the IR cache, compiling if needed.
  --format  md (default) or json
  --top     rows in the missing-primitive and census tables (default 25)`,
  show: `usage: mtg cards show <name> [--format text|json] [--cards-dir <dir>]

Prints a card's compiled IR, the primitives it needs, which of them are missing, and its
diagnostics. <name> is matched case-insensitively, by full or face name, as .dck files write it.
  --format  text (default) or json`,
};

class UsageError extends Error {}

type Parsed = { values: Record<string, string | boolean | undefined>; positionals: string[] };

function parse(args: string[], options: Record<string, { type: 'string' | 'boolean' }>): Parsed {
  try {
    const all = { ...options, 'cards-dir': { type: 'string' }, help: { type: 'boolean' } } as const;
    const { values, positionals } = parseArgs({
      args: attachNegativeValues(args, all),
      options: all,
      allowPositionals: true,
      strict: true,
    });
    return { values, positionals };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function cardsDir(parsed: Parsed, io: CommandIO): string {
  return resolve(io.cwd, (parsed.values['cards-dir'] as string | undefined) ?? '.cards');
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function runFetch(args: string[], io: CommandIO): number {
  const p = parse(args, { from: { type: 'string' }, ref: { type: 'string' }, force: { type: 'boolean' } });
  if (p.values.help) return help(io, 'fetch');
  if (p.positionals.length > 0) throw new UsageError(`unexpected argument "${p.positionals[0]}"`);
  const fromArg = p.values.from as string | undefined;
  const from = fromArg === undefined ? DEFAULT_SOURCE : /^[a-z]+:|^git@/.test(fromArg) ? fromArg : resolve(io.cwd, fromArg);
  const ref = (p.values.ref as string | undefined) ?? (fromArg === undefined ? DEFAULT_REF : undefined);
  const dir = cardsDir(p, io);
  const { lock, skipped } = fetchCards({ from, cardsDir: dir, ...(ref ? { ref } : {}), force: p.values.force === true });
  io.stdout.write(
    `${skipped ? 'already fetched' : 'fetched'} ${lock.files} scripts from ${lock.source} (ref ${lock.ref}, ${lock.licence}) into ${dir}\n` +
      `sha256 ${lock.sha256}\n`,
  );
  return 0;
}

function runCompile(args: string[], io: CommandIO): number {
  const p = parse(args, { list: { type: 'boolean' } });
  if (p.values.help) return help(io, 'compile');
  if (p.positionals.length > 0) throw new UsageError(`unexpected argument "${p.positionals[0]}"`);
  const started = performance.now();
  const { corpus, path } = openCorpus(cardsDir(p, io), { refresh: true, onProgress: progressBar(io.stderr, 'compiling') });
  const elapsed = performance.now() - started;
  const diagnostics = corpusDiagnostics(corpus);
  const bySeverity = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) bySeverity[d.severity]++;
  io.stdout.write(
    `compiled ${corpus.files} scripts (${corpus.cards.length} cards, ${corpus.tokens.length} tokens) in ${seconds(elapsed)} → ${path}\n` +
      `diagnostics: ${diagnostics.length} (errors ${bySeverity.error}, warnings ${bySeverity.warning}, info ${bySeverity.info})\n`,
  );
  for (const [code, n] of Object.entries(countByCode(diagnostics))) io.stdout.write(`  ${code.padEnd(34)} ${n}\n`);
  if (p.values.list) for (const d of diagnostics) io.stdout.write(`${formatDiagnostic(d)}\n`);
  return 0;
}

function runCoverage(args: string[], io: CommandIO): number {
  const p = parse(args, { format: { type: 'string' }, top: { type: 'string' } });
  if (p.values.help) return help(io, 'coverage');
  const format = (p.values.format as string | undefined) ?? 'md';
  if (format !== 'md' && format !== 'json') throw new UsageError(`--format must be md or json, not "${format}"`);
  const top = p.values.top === undefined ? 25 : Number(p.values.top);
  if (!Number.isInteger(top) || top < 0) throw new UsageError(`--top must be a whole number, not "${p.values.top}"`);
  const { corpus } = openCorpus(cardsDir(p, io), { onProgress: progressBar(io.stderr, 'compiling') });
  const report = computeCoverage(corpus.cards, corpus.tokens, supportedPrimitives(), corpus.rejected);
  io.stdout.write(`${formatCoverage(report, { format, top })}\n`);
  return 0;
}

function runShow(args: string[], io: CommandIO): number {
  const p = parse(args, { format: { type: 'string' } });
  if (p.values.help) return help(io, 'show');
  const format = (p.values.format as string | undefined) ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not "${format}"`);
  if (p.positionals.length === 0) throw new UsageError('show needs a card name: mtg cards show "Lightning Bolt"');
  const name = p.positionals.join(' ');
  const { corpus } = openCorpus(cardsDir(p, io), { onProgress: progressBar(io.stderr, 'compiling') });
  const registry = createCardRegistry(corpus);
  const card = registry.lookup(name) ?? registry.token(name) ?? registry.get(name);
  const supported = new Set(supportedPrimitives());
  io.stdout.write(
    format === 'json' ? `${JSON.stringify({ card, missing: missingPrimitives(card, supported) }, null, 2)}\n` : `${formatCard(card, supported)}\n`,
  );
  return 0;
}

function help(io: CommandIO, command: string): number {
  io.stdout.write(`${HELP[command]}\n`);
  return 0;
}

const COMMANDS: Record<string, (args: string[], io: CommandIO) => number> = {
  fetch: runFetch,
  compile: runCompile,
  coverage: runCoverage,
  show: runShow,
};

/**
 * Runs `mtg cards <args>`. Returns the exit code: 0 done, 1 failed (the message names the
 * problem), 2 bad usage (one line). Never throws.
 *
 * @example
 * ```ts
 * await run(['coverage', '--format', 'json'], { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });
 * ```
 */
export async function run(args: string[], io: CommandIO): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') return help(io, '');
  const handler = Object.prototype.hasOwnProperty.call(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!handler) {
    const near = nearest(command, Object.keys(COMMANDS));
    io.stderr.write(`mtg cards: unknown command "${command}"${near ? ` (did you mean "${near}"?)` : ''}; known: ${Object.keys(COMMANDS).join(', ')}\n`);
    return 2;
  }
  try {
    return handler(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`mtg cards ${command}: ${error.message}\n`);
      return 2;
    }
    if (error instanceof StoryletError) {
      io.stderr.write(`mtg cards ${command}: ${error.code}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
