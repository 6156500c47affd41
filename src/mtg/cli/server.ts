/**
 * `mtg server`: the headless lobby and game server (issue 16, docs/mtg/network.md "The wire").
 * Many games at once in one process; each game's golden is made as `mtg tui` makes its game.
 * On SIGTERM or Ctrl-C it stops accepting, tells every client, lets games in play go on for up
 * to 30 s, then ends them with `Fatal net/shutdown`, prints its stats line and exits 0.
 */
import { resolve } from 'node:path';
import type { ServerOptions } from '../net/server.js';
import { cardSource, guard, loadRegistry, parse, readSeed, str, UsageError, whole, type CommandIO, type OptionTable, type Parsed } from './common.js';

/** One-line summary shown by `mtg --help`. */
export const summary = 'a lobby and game server for networked play (WebSocket); mtg connect joins it';

/**
 * The game server's options, shared by `mtg server` and `mtg server-web` (one table, one help
 * text, one reader): everything but where it listens.
 */
export const GAME_OPTIONS_HELP = `  --password P              clients must give this password to register
  --seed N|from_entropy     every game's seed (deterministic games: the same game as
                            mtg tui A B --seed N, p1 = the game's creator); default: a fresh
                            seed per game, logged
  --starting-life L         each player's starting life (default 20)
  --max-memory-percent X    refuse new games while this process uses more than X% of the host's
                            memory; games in play are never touched
  --network-debug           the full state hash travels with every decision and is checked on
                            both sides (always use it when testing)
  --bug-dir DIR             where BugReport messages are stored (default ./mtg-bug-reports)
  --cards DIR               a fetched cards folder (default: .cards if fetched, else the starter
                            set; --cards starter forces the starter set)
test flags:
  --audit-leaks             scan every frame sent for faces its seat may not see (LEAK lines,
                            counted in the stats line)
  --drain-seconds S         how long games in play go on after SIGTERM (default 30)
  --reconnect-seconds S     how long a dropped seat is kept for a Reconnect (default 60)
  --heartbeat-seconds S     how often every socket is pinged; one that did not answer the
                            previous ping is closed as dropped (default 15; a liveness check of
                            the connection, it moves no game)`;

const HELP = `usage: mtg server [--port N] [options]

A long-lived, headless WebSocket server hosting many games at once (docs/mtg/network.md, "The
wire"). Clients (mtg connect) register a unique name, create or join a game by name, send a deck
and say they are ready; the game starts when both seats are ready. Logs one line per event to
stderr; on SIGTERM or Ctrl-C it stops accepting, tells every client, lets games in play go on for
up to 30 s, then ends them, prints a stats line and exits 0.

  --port N                  the port (default 17771; 0: any free port, printed)
  --bind ADDRESS            the address to listen on (default 127.0.0.1; 0.0.0.0 for all)
${GAME_OPTIONS_HELP}`;

/** The game server's options (see {@link GAME_OPTIONS_HELP}). */
export const GAME_OPTIONS: OptionTable = {
  password: { type: 'string' },
  seed: { type: 'string' },
  'starting-life': { type: 'string' },
  'max-memory-percent': { type: 'string' },
  'network-debug': { type: 'boolean' },
  'bug-dir': { type: 'string' },
  cards: { type: 'string' },
  'audit-leaks': { type: 'boolean' },
  'drain-seconds': { type: 'string' },
  'reconnect-seconds': { type: 'string' },
  'heartbeat-seconds': { type: 'string' },
};

const OPTIONS: OptionTable = {
  port: { type: 'string' },
  bind: { type: 'string' },
  ...GAME_OPTIONS,
};

/** What {@link readGameOptions} read: the game server's options, and how long SIGTERM drains. */
export type GameOptions = { server: Omit<ServerOptions, 'port' | 'bind' | 'log' | 'attach'>; drainMs: number };

/**
 * Reads the {@link GAME_OPTIONS} of `p` (bad values are a {@link UsageError}) and loads the cards;
 * `log` gets the lines worth saying at start (a seed from entropy).
 */
export function readGameOptions(p: Parsed, io: CommandIO, log: (line: string) => void): GameOptions {
  const percent = str(p, 'max-memory-percent');
  let maxMemoryPercent: number | undefined;
  if (percent !== undefined) {
    maxMemoryPercent = Number(percent);
    if (!/^\d*\.?\d+$/.test(percent.trim()) || !(maxMemoryPercent > 0) || maxMemoryPercent > 100)
      throw new UsageError(`--max-memory-percent takes a number above 0 and at most 100, got ${JSON.stringify(percent)}`);
  }
  const seedText = str(p, 'seed');
  const seed = seedText === undefined ? undefined : readSeed(seedText, 'seed', '0');
  const startingLife = str(p, 'starting-life') === undefined ? undefined : whole(p, 'starting-life', 20, 1, 1_000_000);
  const drainMs = whole(p, 'drain-seconds', 30, 0, 3600) * 1000;
  const reconnectMs = whole(p, 'reconnect-seconds', 60, 1, 3600) * 1000;
  const heartbeatMs = whole(p, 'heartbeat-seconds', 15, 1, 3600) * 1000;
  const cardsOption = str(p, 'cards');
  const registry = loadRegistry(cardSource(cardsOption, io.cwd));
  if (seed?.fromEntropy) log(`seed ${seed.seed} (from entropy): every game is played with it`);
  return {
    drainMs,
    server: {
      registry,
      bugDir: resolve(io.cwd, str(p, 'bug-dir') ?? 'mtg-bug-reports'),
      reconnectMs,
      heartbeatMs,
      networkDebug: p.values['network-debug'] === true,
      audit: p.values['audit-leaks'] === true,
      ...(cardsOption !== undefined ? { cardsOption } : {}),
      ...(str(p, 'password') !== undefined ? { password: str(p, 'password')! } : {}),
      ...(seed ? { seed: seed.seed } : {}),
      ...(startingLife !== undefined ? { startingLife } : {}),
      ...(maxMemoryPercent !== undefined ? { maxMemoryPercent } : {}),
    },
  };
}

/**
 * Resolves with the exit code once SIGTERM or SIGINT has stopped the server: `stop` drains and
 * resolves with the stats line (0), or rejects (1). A second signal while stopping is logged.
 */
export function untilSignal(log: (line: string) => void, stop: () => Promise<string>): Promise<number> {
  return new Promise<number>((done) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals): void => {
      if (stopping) return log(`${signal} again: already shutting down`);
      stopping = true;
      log(`${signal}: shutting down`);
      stop().then(
        (line) => {
          process.off('SIGTERM', onSignal);
          process.off('SIGINT', onSignal);
          log(line);
          done(0);
        },
        (error: unknown) => {
          log(`failed to shut down cleanly: ${error instanceof Error ? error.message : String(error)}`);
          done(1);
        },
      );
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}

/**
 * Runs `mtg server <args>`; resolves with 0 once the server has drained and stopped after
 * SIGTERM or SIGINT (2 for bad usage).
 *
 * @example
 * ```ts
 * await run(['--port', '17771', '--network-debug'], io);
 * ```
 */
export async function run(args: string[], io: CommandIO): Promise<number> {
  return guard('mtg server', io, () => serve(args, io));
}

async function serve(args: string[], io: CommandIO): Promise<number> {
  const p = parse(args, OPTIONS);
  if (p.values.help) {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (p.positionals.length > 0) throw new UsageError(`mtg server takes no arguments, got "${p.positionals[0]}" (see mtg server --help)`);
  const port = whole(p, 'port', 17771, 0, 65535);
  const log = (line: string): void => {
    io.stderr.write(`mtg server: ${line}\n`);
  };
  const game = readGameOptions(p, io, log);
  // Only this command loads the ws server: `storyletengine/mtg` never imports ws.
  const { startServer, statsLine } = await import('../net/server.js');
  const server = await startServer({ ...game.server, port, bind: str(p, 'bind') ?? '127.0.0.1', log });
  return untilSignal(log, async () => statsLine(await server.close(game.drainMs)));
}
