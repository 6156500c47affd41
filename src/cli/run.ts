/**
 * The `storyletengine` command line: finds the command, parses its flags, runs it and turns what
 * happened into an exit code (0 ok, 1 content errors or failed checks, 2 usage errors).
 */
import { helpText, parse } from './args.js';
import { boardCommand } from './commands/board.js';
import { lspCommand } from './commands/lsp.js';
import { lintCommand } from './commands/lint.js';
import { linksCommand } from './commands/links.js';
import { playCommand } from './commands/play.js';
import { publishCommand } from './commands/publish.js';
import { simulateCommand } from './commands/simulate.js';
import { traceCommand } from './commands/trace.js';
import type { Command } from './command.js';
import { EXIT, UsageError, println, type Io } from './io.js';

/** Every command, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [publishCommand, lintCommand, linksCommand, playCommand, traceCommand, simulateCommand, boardCommand, lspCommand];

/**
 * The top-level usage: every command with its one-line description.
 *
 * @example
 * ```ts
 * io.stderr.write(usage());
 * ```
 */
export function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.spec.name.length)) + 2;
  return [
    'usage: storyletengine <command> [options]',
    '',
    ...COMMANDS.map((c) => `  ${c.spec.name.padEnd(width)}${c.spec.brief}`),
    '',
    'Run `storyletengine <command> --help` for its options.',
    '',
  ].join('\n');
}

/**
 * Runs one command line; resolves to the exit code. Never throws for users' mistakes: usage
 * errors print the usage, anything unexpected prints its message.
 *
 * @example
 * ```ts
 * process.exitCode = await runCli(['lint', 'content', '--max-warnings', '0'], io);
 * ```
 */
export async function runCli(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout).write(usage());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    println(io.stdout, await version());
    return EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.spec.name === name);
  if (!command) {
    io.stderr.write(`storyletengine: unknown command ${JSON.stringify(name)}\n\n${usage()}`);
    return EXIT.usage;
  }
  try {
    const args = parse(command.spec, rest);
    if (args.flags.help) {
      io.stdout.write(helpText(command.spec));
      return EXIT.ok;
    }
    return await command.run(args, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`storyletengine ${name}: ${err.message}\n\n${helpText(command.spec)}`);
      return EXIT.usage;
    }
    const e = err as Error & { code?: unknown };
    const message = e.message ?? String(err);
    // Node's system errors already start with their code ("ENOENT: no such file ..."): name it once.
    const code = typeof e.code === 'string' && !message.startsWith(`${e.code}:`) ? `${e.code}: ` : '';
    io.stderr.write(`storyletengine ${name}: ${code}${message}\n`);
    return EXIT.failed;
  }
}

async function version(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
