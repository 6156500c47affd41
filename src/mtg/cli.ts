#!/usr/bin/env node
/**
 * The `mtg` command: the Magic reference game's tools. Each top-level command is its own module,
 * loaded only when used, so adding one (`tui`, `resume`, `tourney`, `stats`, `puzzle`) is one
 * entry in {@link COMMANDS} and one module exporting `summary` and `run(args, io)`.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nearest } from '../core/errors.js';

/** Where a command reads and writes. */
export type CliIO = {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown; isTTY?: boolean; columns?: number };
  cwd: string;
};

/** What a command module exports. */
export type CommandModule = {
  summary: string;
  run(args: string[], io: CliIO): Promise<number>;
};

const COMMANDS: Record<string, { summary: string; load: () => Promise<CommandModule> }> = {
  // The rules engine registers the primitives it implements when it loads; coverage counts them.
  cards: { summary: 'fetch, compile and inspect Forge card scripts', load: () => import('./engine/index.js').then(() => import('./cards/command.js')) },
  puzzle: { summary: 'run puzzles (.pzl) and check their assertions and goals, or solve them', load: () => import('./cli/puzzle.js') },
  tui: { summary: 'play one game: a person at the terminal, the AI, scripts or replays', load: () => import('./cli/tui.js') },
  resume: { summary: 'continue a game from a snapshot, byte for byte', load: () => import('./cli/resume.js') },
  session: { summary: 'play a game one decision at a time by hand, in a session folder with a reproducer', load: () => import('./cli/sessions.js') },
  agent: { summary: 'a game whose seats ask an external program (JSON lines), with a reproducer and bug reports', load: () => import('./cli/agent.js') },
  connect: { summary: 'play one seat of a game on an mtg server', load: () => import('./cli/connect.js') },
  tourney: { summary: 'many AI games between decks, on worker threads, with a win-rate table', load: () => import('./cli/tourney.js') },
  stats: { summary: 'statistics about the cards games are played with', load: () => import('./cli/stats.js') },
  server: { summary: 'a lobby and game server for networked play (WebSocket); mtg connect joins it', load: () => import('./cli/server.js') },
  'server-web': {
    summary: 'the website (lobby, game and demo pages) and the game server on one port, HTTP or HTTPS',
    load: () => import('./cli/server-web.js'),
  },
  'export-web': { summary: 'write the website folder: the built pages, and the cards and decks they load', load: () => import('./cli/export-web.js') },
  'build-card-lookup': { summary: "build the card → image table from Scryfall's unique_artwork.json", load: () => import('./cli/card-lookup.js') },
  download: { summary: "download the images of a deck's cards for the pages", load: () => import('./cli/download.js') },
  'hash-asset': { summary: 'print the 16-hex BLAKE3 hash of a file (content addressing)', load: () => import('./cli/hash-asset.js') },
  'hash-web-assets': {
    summary: 'give every asset of a site folder a content-addressed copy and write asset-manifest.json',
    load: () => import('./cli/hash-asset.js').then((m) => ({ summary: m.webAssetsSummary, run: m.runWebAssets })),
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `usage: mtg <command> [options]\n\ncommands:\n${lines.join('\n')}\n\nRun \`mtg <command> --help\` for a command's options.\n`;
}

/**
 * Runs `mtg <args>` and returns the exit code (0 done, 1 failed, 2 bad usage). Unknown commands
 * get one error line and exit code 2.
 *
 * @example
 * ```ts
 * const code = await main(['cards', 'show', 'Shock'], { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });
 * ```
 */
export async function main(args: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout.write(usage());
    return command === undefined ? 2 : 0;
  }
  const entry = Object.prototype.hasOwnProperty.call(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!entry) {
    const near = nearest(command, Object.keys(COMMANDS));
    io.stderr.write(`mtg: unknown command "${command}"${near ? ` (did you mean "${near}"?)` : ''}; known: ${Object.keys(COMMANDS).join(', ')}\n`);
    return 2;
  }
  const module = await entry.load();
  return module.run(rest, io);
}

function invokedDirectly(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`mtg: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
