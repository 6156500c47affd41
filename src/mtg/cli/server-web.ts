/**
 * `mtg server-web`: the website and its lobby on one port (issue 17, docs/mtg/web.md
 * "`mtg server-web`"). Static files at every path but the lobby's; the lobby's WebSocket is
 * `mtg server`'s game server, attached in process (never on a port of its own). The game options
 * are `mtg server`'s own table (cli/server.ts), so the two commands cannot drift apart.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAME_OPTIONS, GAME_OPTIONS_HELP, readGameOptions, untilSignal } from './server.js';
import { guard, parse, str, UsageError, type CommandIO, type OptionTable } from './common.js';

/** One-line summary shown by `mtg --help`. */
export const summary = 'the website (lobby, game and demo pages) and the game server on one port, HTTP or HTTPS';

const HELP = `usage: mtg server-web [--bind HOST:PORT] [--static-dir DIR] [--lobby-path /lobby]
                      [--tls-cert FILE --tls-key FILE] [game server options]

One process, one port: the website's static files at every path except the lobby path, and the
lobby and games of mtg server on a WebSocket at the lobby path (docs/mtg/web.md). Content-addressed
files (name.0123456789abcdef.js) are cached for a year, everything else revalidated (ETag). On
SIGTERM or Ctrl-C it stops accepting, tells every client, lets games in play go on (as mtg server),
prints a stats line and exits 0.

  --bind HOST:PORT          where to listen (default 127.0.0.1:8080; port 0: any free port,
                            printed; 0.0.0.0:PORT for all addresses)
  --static-dir DIR          the site (default ./web when it exists, e.g. an mtg export-web
                            output, else the package's built pages, dist/web)
  --lobby-path PATH         the lobby's WebSocket path (default /lobby): mtg connect
                            --server HOST:PORT/lobby, or wss://HOST:PORT/lobby with TLS
  --tls-cert FILE           PEM certificate chain (also MTG_TLS_CERT): HTTPS and WSS when given
  --tls-key FILE            PEM private key (also MTG_TLS_KEY); both or neither
game server options (as mtg server):
${GAME_OPTIONS_HELP}`;

const OPTIONS: OptionTable = {
  bind: { type: 'string' },
  'static-dir': { type: 'string' },
  'lobby-path': { type: 'string' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  ...GAME_OPTIONS,
};

/**
 * Runs `mtg server-web <args>`; resolves with 0 once the server has drained and stopped after
 * SIGTERM or SIGINT (2 for bad usage: an unknown option, a bad --bind, a missing static folder, a
 * certificate without its key or one that does not load).
 *
 * @example
 * ```ts
 * await run(['--bind', '127.0.0.1:8080', '--static-dir', 'web', '--network-debug'], io);
 * ```
 */
export async function run(args: string[], io: CommandIO): Promise<number> {
  return guard('mtg server-web', io, () => serve(args, io));
}

/**
 * `HOST:PORT` (`[::1]:8080` for IPv6) as a host and a port.
 *
 * @example
 * ```ts
 * bindAddress('127.0.0.1:8080'); // { host: '127.0.0.1', port: 8080 }
 * ```
 */
export function bindAddress(text: string): { host: string; port: number } {
  const m = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(text.trim());
  if (!m || Number(m[2]) > 65535)
    throw new UsageError(`--bind takes HOST:PORT (e.g. 127.0.0.1:8080, or 0.0.0.0:8080 for every address), not ${JSON.stringify(text)}`);
  return { host: m[1]!.replace(/^\[(.*)\]$/, '$1'), port: Number(m[2]) };
}

/** The package's own built pages: dist/web beside dist/mtg/. */
const PACKAGE_WEB = resolve(dirname(fileURLToPath(import.meta.url)), '../../web');

/** The static folder: --static-dir, else ./web when it exists, else the package's dist/web. */
function staticDir(option: string | undefined, cwd: string): string {
  const isDir = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();
  if (option !== undefined) {
    const dir = resolve(cwd, option);
    if (!isDir(dir)) throw new UsageError(`--static-dir ${option}: no such folder (${dir}); give the site's folder, e.g. an mtg export-web output`);
    return dir;
  }
  const local = resolve(cwd, 'web');
  if (isDir(local)) return local;
  if (isDir(PACKAGE_WEB)) return PACKAGE_WEB;
  throw new UsageError(
    `no site to serve: ./web does not exist and the package's pages (${PACKAGE_WEB}) are not built; run npm run build, or give --static-dir DIR`,
  );
}

/** The lobby path: absolute, one or more plain segments, nothing a URL would read otherwise. */
function lobbyPath(text: string | undefined): string {
  const path = text ?? '/lobby';
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(path) || /\/\.\.?(\/|$)/.test(path))
    throw new UsageError(`--lobby-path takes an absolute path of plain segments (e.g. /lobby or /play/ws), not ${JSON.stringify(path)}`);
  return path;
}

/** The PEM files, from the flags or MTG_TLS_CERT / MTG_TLS_KEY: both or neither. */
function tlsFiles(certOption: string | undefined, keyOption: string | undefined, io: CommandIO): { cert: Buffer; key: Buffer; certFile: string } | null {
  const env = io.env ?? process.env;
  const empty = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);
  const cert = certOption ?? empty(env['MTG_TLS_CERT']);
  const key = keyOption ?? empty(env['MTG_TLS_KEY']);
  const from = (flag: string | undefined, name: string): string => (flag !== undefined ? `--${name}` : name === 'tls-cert' ? 'MTG_TLS_CERT' : 'MTG_TLS_KEY');
  if (cert === undefined && key === undefined) return null;
  if (cert === undefined)
    throw new UsageError(`${from(keyOption, 'tls-key')} is given without a certificate: give --tls-cert FILE (or MTG_TLS_CERT) too, or neither for plain HTTP`);
  if (key === undefined)
    throw new UsageError(
      `${from(certOption, 'tls-cert')} is given without its private key: give --tls-key FILE (or MTG_TLS_KEY) too, or neither for plain HTTP`,
    );
  const read = (file: string, what: string): Buffer => {
    const path = resolve(io.cwd, file);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (error) {
      throw new UsageError(`cannot read the TLS ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    if (!bytes.toString('latin1').includes('-----BEGIN ')) throw new UsageError(`the TLS ${what} ${file} is not PEM (no -----BEGIN line)`);
    return bytes;
  };
  return { cert: read(cert, 'certificate'), key: read(key, 'key'), certFile: cert };
}

async function serve(args: string[], io: CommandIO): Promise<number> {
  const p = parse(args, OPTIONS);
  if (p.values.help) {
    io.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (p.positionals.length > 0) throw new UsageError(`mtg server-web takes no arguments, got "${p.positionals[0]}" (see mtg server-web --help)`);
  const { host, port } = bindAddress(str(p, 'bind') ?? '127.0.0.1:8080');
  const dir = staticDir(str(p, 'static-dir'), io.cwd);
  const path = lobbyPath(str(p, 'lobby-path'));
  const tls = tlsFiles(str(p, 'tls-cert'), str(p, 'tls-key'), io);
  const log = (line: string): void => {
    io.stderr.write(`mtg server-web: ${line}\n`);
  };
  const game = readGameOptions(p, io, log);
  // Only this command loads the HTTP and ws servers: `storyletengine/mtg` never imports them.
  const { startWebServer } = await import('../web/server.js');
  const { statsLine } = await import('../net/server.js');
  let web;
  try {
    web = await startWebServer({ host, port, staticDir: dir, lobbyPath: path, game: game.server, log, ...(tls ? { tls } : {}) });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    // A certificate or key the TLS layer cannot load (a wrong PEM, a key that is not the certificate's).
    if (tls && (/^ERR_OSSL|^ERR_SSL/.test(e.code ?? '') || /PEM|certificate|private key|key values mismatch/i.test(e.message)))
      throw new UsageError(`the TLS certificate ${tls.certFile} and its key do not load: ${e.message}`);
    if (e.code === 'EADDRINUSE') throw new UsageError(`--bind ${host}:${port}: the address is in use (another server listens there); choose another port`);
    if (e.code === 'EADDRNOTAVAIL' || e.code === 'EACCES') throw new UsageError(`--bind ${host}:${port}: ${e.message}`);
    throw error;
  }
  return untilSignal(log, async () => statsLine(await web.close(game.drainMs)));
}
