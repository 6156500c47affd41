/**
 * `mtg connect DECK --server HOST:PORT --name NAME`: one seat of a networked game (issue 16,
 * docs/mtg/guide.md "Networked play"). The server holds the golden game; this command holds the
 * seat's shadow, its controller (the AI, a script, or a person with `mtg tui`'s menu) and prints
 * the game log as `mtg tui` would.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createController, fdLines, paint, wantsColour, type LineSource } from '../controllers/index.js';
import { STARTER_DECKS } from '../starter/index.js';
import { connectToServer, type ConnectOptions } from '../net/client.js';
import type { GameListing } from '../net/protocol.js';
import { cardSource, guard, kindOption, loadRegistry, parse, readDeckArg, str, UsageError, whole, type CommandIO, type OptionTable } from './common.js';
import type { Verbosity } from './log.js';
import { searchFlagsFor, seatSpec } from './seats.js';

/** One-line summary shown by `mtg --help`. */
export const summary = 'play one seat of a game on an mtg server';

const HELP = `usage: mtg connect DECK --server HOST:PORT --name NAME [options]
       mtg connect DECK --server HOST:PORT --reconnect TOKEN [options]

Plays one seat of a game hosted by \`mtg server\`. With --game GAME, the first client to name a
game creates it and sits in p1, the second joins it as p2; the game starts when both have a deck
and are ready (this command sets both at once). Without --game it prints the server's games and
reads the name of one to create or join from standard input (an empty line lists them again).

seat:
  --p KIND                    heuristic (default), search, random, zero, fixed, tui (a person: the
                              menu, commands and \`why\` of mtg tui)
  --search-playouts N, --search-ms N   a search seat's budget a decision (as mtg tui)
  --fixed-inputs "..."        the script of a fixed seat (docs/mtg/fixed-inputs.md)
  --seed-controller N         the controller's seed: what --seed-p1 N (or --seed-p2 N) is in mtg
                              tui; default from entropy, printed on standard error
server:
  --server HOST:PORT          the server (required): HOST:PORT for mtg server, HOST:PORT/PATH
                              or ws://…/PATH for mtg server-web's lobby, wss://…/PATH with TLS
                              (a self-signed certificate: NODE_EXTRA_CA_CERTS=cert.pem)
  --name NAME                 your user name, unique on the server
  --password P                the server's password, if it has one
  --game GAME                 the game to create or join
  --reconnect TOKEN           take back a seat whose connection dropped (within 60 s); the token
                              is printed at registration as \`mtg connect: token T\`
  --token-file F              also write the token to F
output:
  -v, --verbosity 0..3        as mtg tui (default 2)
  --tag-gamelogs              prefix log lines with [GAMELOG TurnN STEP]: the public log, the
                              same lines as the local game's (mtg tui ... --tag-gamelogs)
  --no-color-logs             no colour
cards:
  --cards DIR                 the same cards as the server's (default: .cards if fetched, else
                              the starter set)
exit codes: 0 the game is over, 1 an error, 2 bad usage, 3 fatal (a desync, the server stopping)`;

const OPTIONS: OptionTable = {
  server: { type: 'string' },
  name: { type: 'string' },
  password: { type: 'string' },
  game: { type: 'string' },
  p: { type: 'string' },
  'fixed-inputs': { type: 'string' },
  'seed-controller': { type: 'string' },
  'search-ms': { type: 'string' },
  'search-playouts': { type: 'string' },
  'tag-gamelogs': { type: 'boolean' },
  verbosity: { type: 'string', short: 'v' },
  'no-color-logs': { type: 'boolean' },
  cards: { type: 'string' },
  reconnect: { type: 'string' },
  'token-file': { type: 'string' },
};

/**
 * Runs `mtg connect <args>` and resolves with the exit code: 0 the game is over, 1 an error,
 * 2 bad usage, 3 fatal (a desync, the server shutting down).
 *
 * @example
 * ```ts
 * await run(['starter/red_green_aggro.dck', '--server', '127.0.0.1:4000', '--name', 'ada', '--game', 'g1'], io);
 * ```
 */
export async function run(args: string[], io: CommandIO): Promise<number> {
  return guard('mtg connect', io, () => connect(args, io));
}

/** The deck's file text: the file, or a built-in starter deck's text. */
function deckText(arg: string, cwd: string): string {
  const path = resolve(cwd, arg);
  if (existsSync(path) && statSync(path).isFile()) return readFileSync(path, 'utf8');
  const key = arg
    .replace(/^starter[:/]/, '')
    .replace(/\.dck$/i, '')
    .toLowerCase()
    .replace(/-/g, '_');
  return STARTER_DECKS.find((d) => d.file.replace(/^starter\//, '').replace(/\.dck$/, '') === key)!.text;
}

/**
 * `--server` as the server's URL: `HOST:PORT` (mtg server), `HOST:PORT/PATH` (mtg server-web's
 * lobby path), or a `ws://` / `wss://` URL as it is. A `wss://` server's certificate is checked
 * against the system's CAs; a self-signed one is trusted with `NODE_EXTRA_CA_CERTS=cert.pem`
 * (docs/mtg/web.md), never by turning the check off.
 */
export function serverUrl(text: string): string {
  const t = text.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) {
    let url: URL;
    try {
      url = new URL(t);
    } catch {
      throw new UsageError(`--server ${JSON.stringify(text)} is not a URL: give ws://HOST:PORT/PATH, wss://HOST:PORT/PATH, HOST:PORT or HOST:PORT/PATH`);
    }
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:')
      throw new UsageError(
        `--server takes a ws:// or wss:// URL, not ${url.protocol}// (${JSON.stringify(text)}); the lobby of mtg server-web https://HOST:PORT is wss://HOST:PORT/lobby`,
      );
    return t;
  }
  const m = /^(\[[^\]]+\]|[^:/[\]]+):(\d{1,5})(\/[^\s?#]*)?$/.exec(t);
  if (!m || Number(m[2]) > 65535)
    throw new UsageError(
      `--server takes HOST:PORT or HOST:PORT/PATH (e.g. 127.0.0.1:4000, or 127.0.0.1:8080/lobby for mtg server-web), not ${JSON.stringify(text)}`,
    );
  return `ws://${m[1]}:${m[2]}${m[3] ?? ''}`;
}

/** Without --game: the games listed, then a name read from standard input. */
function gameChooser(input: LineSource, out: CommandIO['stdout']): (games: readonly GameListing[]) => string | null {
  return (games) => {
    out.write(games.length === 0 ? 'no games on the server yet\n' : 'games:\n');
    for (const g of games) {
      const seats = g.seats.map((s, i) => `p${i + 1} ${s ?? '(free)'}`).join(', ');
      out.write(`  ${g.game}: ${seats}${g.started ? ' (started)' : ''}\n`);
    }
    out.write('name a game to create or join (an empty line lists the games again): ');
    const line = input.readLine();
    if (line === null) throw new UsageError('standard input ended before a game was named (give --game GAME, or type a name)');
    return line.trim() === '' ? null : line.trim();
  };
}

async function connect(args: string[], io: CommandIO): Promise<number> {
  const p = parse(args, OPTIONS);
  if (p.values.help) {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (p.positionals.length !== 1) throw new UsageError('give one deck: mtg connect DECK --server HOST:PORT --name NAME (see mtg connect --help)');
  const server = str(p, 'server');
  if (server === undefined) throw new UsageError('--server HOST:PORT is required (the address mtg server listens on)');
  const url = serverUrl(server);
  const reconnect = str(p, 'reconnect');
  const name = str(p, 'name');
  if (name === undefined && reconnect === undefined) throw new UsageError('--name NAME is required (or --reconnect TOKEN to take a seat back)');
  const verbosity = whole(p, 'verbosity', 2, 0, 3) as Verbosity;
  const inputs = str(p, 'fixed-inputs');
  const kind = kindOption(str(p, 'p'), inputs !== undefined ? 'fixed' : 'heuristic');
  if (kind === 'replay') throw new UsageError('--p replay is not a networked seat: heuristic, search, random, zero, fixed or tui');
  searchFlagsFor(p, [kind]);
  if (inputs !== undefined && kind !== 'fixed') throw new UsageError(`--fixed-inputs is for a fixed seat (--p fixed), and the seat is ${kind}`);
  if (kind === 'fixed' && inputs === undefined) throw new UsageError('--p fixed needs its script: --fixed-inputs "keep; play mountain; ..."');
  // The controller as `mtg tui` makes seat p1's: --seed-controller is its --seed-p1 (cli/seats.ts).
  const seedText = str(p, 'seed-controller') ?? 'from_entropy';
  const spec = seatSpec(
    1,
    kind,
    {
      values: {
        'seed-p1': seedText,
        ...(inputs !== undefined ? { 'p1-fixed-inputs': inputs } : {}),
        ...(str(p, 'search-ms') !== undefined ? { 'search-ms': str(p, 'search-ms') } : {}),
        ...(str(p, 'search-playouts') !== undefined ? { 'search-playouts': str(p, 'search-playouts') } : {}),
      },
      positionals: [],
    },
    '0',
    io.cwd,
  );

  const cards = cardSource(str(p, 'cards'), io.cwd);
  const registry = loadRegistry(cards);
  const deckArg = p.positionals[0]!;
  readDeckArg(deckArg, io.cwd, registry);
  const deck = { file: deckArg, text: deckText(deckArg, io.cwd) };
  const noColour = p.values['no-color-logs'] === true;
  // One reader of standard input for the game's name and a person's moves: each buffers what it read.
  const input = kind === 'tui' || str(p, 'game') === undefined ? fdLines(0) : undefined;
  const terminal = kind === 'tui' ? { input: input!, output: io.stdout, paint: paint(wantsColour(io.stdout, io.env ?? process.env, noColour)) } : undefined;
  const controller = createController(spec.spec, { registry, ...(terminal ? { terminal } : {}) });
  if (spec.fromEntropy && (kind === 'heuristic' || kind === 'random'))
    io.stderr.write(`mtg connect: controller seed ${spec.fromEntropy} (from entropy): --seed-controller ${spec.fromEntropy} plays the same way again\n`);

  const tokenFile = str(p, 'token-file');
  const colour = wantsColour(io.stdout, io.env ?? process.env, noColour);
  const options: ConnectOptions = {
    url,
    deck,
    registry,
    controller,
    log: { verbosity, tag: p.values['tag-gamelogs'] === true, paint: paint(colour), write: (line) => io.stdout.write(`${line}\n`) },
    notice: (line) => io.stderr.write(`mtg connect: ${line}\n`),
    ...(tokenFile !== undefined ? { onToken: (token: string) => writeFileSync(resolve(io.cwd, tokenFile), `${token}\n`) } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(str(p, 'password') !== undefined ? { password: str(p, 'password')! } : {}),
    ...(str(p, 'game') !== undefined ? { game: str(p, 'game')! } : { chooseGame: gameChooser(input!, io.stdout) }),
    ...(reconnect !== undefined ? { reconnect } : {}),
  };
  const result = await connectToServer(options);
  if (result.code !== 0) io.stderr.write(`mtg connect: ${result.message}\n`);
  return result.code;
}
