/**
 * `mtg server-web`'s server (issue 17, docs/mtg/web.md "`mtg server-web`"): one process, one
 * port. Every path but the lobby's is a static file of one folder (GET and HEAD only, cache
 * headers by name, ETag revalidation); a WebSocket upgrade on the lobby path is the game server of
 * `mtg server`, attached to this HTTP(S) server in process (`startServer`'s `attach`), so the
 * lobby is never reachable on a port of its own.
 *
 * The static side refuses before it reads: a path that does not decode, that holds a NUL, a
 * backslash or a `.`/`..` segment, or a hidden name, is refused; what is left is resolved under the
 * folder and checked to stay inside it, and once more after symbolic links are followed.
 */
import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { extname, join, resolve, sep } from 'node:path';
import { startServer, type RunningServer, type ServerOptions, type ServerStats } from '../net/server.js';
import { isHashedName } from './hash.js';

/** What {@link startWebServer} takes. */
export type WebServerOptions = {
  /** The address to listen on (default 127.0.0.1). */
  host?: string;
  /** The port (0: any free port; the one taken is in the result). */
  port: number;
  /** The folder of static files (the site: an `mtg export-web` output, or the package's `dist/web`). */
  staticDir: string;
  /** The WebSocket path of the lobby (default `/lobby`). */
  lobbyPath?: string;
  /** PEM certificate chain and private key: HTTPS and WSS when given, plain HTTP otherwise. */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** The game server's options (as `mtg server`'s), less where it listens. */
  game: Omit<ServerOptions, 'port' | 'bind' | 'attach' | 'log'>;
  /** One log line (without a prefix); default: stderr with `mtg server-web: `. */
  log?: (line: string) => void;
};

/** A running web server. */
export type RunningWebServer = {
  /** The port it listens on. */
  port: number;
  /** `http://HOST:PORT` or `https://HOST:PORT`. */
  origin: string;
  /** The game server behind the lobby path. */
  game: RunningServer;
  /**
   * Stops: no new connections (HTTP or WebSocket), then the game server's drain (`RunningServer.close`:
   * a Notice, games in play go on for up to `drainMs`, then `Fatal net/shutdown`), then every
   * connection left is closed. Resolves with the game server's final stats.
   */
  close(drainMs?: number): Promise<ServerStats>;
};

/** Content types by extension; anything else is served as bytes. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.dck': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

/**
 * The `Content-Type` of a file name.
 *
 * @example
 * ```ts
 * contentType('app.0123456789abcdef.js'); // 'text/javascript; charset=utf-8'
 * ```
 */
export function contentType(name: string): string {
  return TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** A content-addressed name never changes its bytes: cache it for a year; anything else is revalidated every time. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * The `Cache-Control` of a path: {@link IMMUTABLE} for a content-addressed name (`isHashedName`),
 * {@link REVALIDATE} for everything else (pages, manifests: an `ETag` makes revalidation cheap).
 */
export function cacheControl(path: string): string {
  return isHashedName(path) ? IMMUTABLE : REVALIDATE;
}

/** Why a request path is not served: the status and a one-line reason. */
type Refusal = { status: number; why: string };

/**
 * The file segments a request path names, or a refusal. `/` and any path ending in `/` name that
 * folder's `index.html` (there are no directory listings).
 *
 * @example
 * ```ts
 * requestSegments('/data/cards.json'); // ['data', 'cards.json']
 * requestSegments('/%2e%2e/package.json'); // { status: 400, … }
 * ```
 */
export function requestSegments(url: string): string[] | Refusal {
  const raw = url.split('?')[0]!.split('#')[0]!;
  if (!raw.startsWith('/')) return { status: 400, why: 'a request path starts with /' };
  // A backslash is a separator on Windows and never part of a name here, raw or encoded.
  if (raw.includes('\\') || /%5c/i.test(raw)) return { status: 400, why: 'a backslash in the path' };
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return { status: 400, why: 'the path is not valid percent-encoding' };
  }
  if (path.includes('\0')) return { status: 400, why: 'a NUL in the path' };
  if (path.includes('\\')) return { status: 400, why: 'a backslash in the path' };
  // Segments are checked after decoding: `%2e%2e` and `..%2f` are `..` too.
  const segments = path.split('/').slice(1);
  // `/` and `/dir/` name that folder's index.html (the split always leaves at least one segment).
  if (segments[segments.length - 1] === '') segments[segments.length - 1] = 'index.html';
  for (const s of segments) {
    if (s === '..' || s === '.') return { status: 400, why: 'a . or .. segment in the path' };
    if (s === '') return { status: 400, why: 'an empty segment (//) in the path' };
    // Hidden files (.git, .env) are never part of a site.
    if (s.startsWith('.')) return { status: 404, why: 'no such file' };
  }
  return segments;
}

/** An ETag from what identifies a file's bytes cheaply: its size and modification time (as nginx does). */
function etagOf(st: Stats): string {
  return `"${createHash('sha1').update(`${st.size}:${st.mtimeMs}:${st.ino}`).digest('hex').slice(0, 20)}"`;
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, as RFC 9110 §13.1.2 asks for it). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Serves the static folder `root` (an absolute path) and returns the request handler: GET and
 * HEAD, 405 otherwise; 404 for what is not a regular file inside `root`.
 */
export async function staticHandler(root: string): Promise<(req: IncomingMessage, res: ServerResponse) => void> {
  const realRoot = await realpath(root);
  const plain = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void => {
    res.writeHead(status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(text) + 1,
      'Cache-Control': REVALIDATE,
      ...headers,
    });
    res.end(res.req.method === 'HEAD' ? undefined : `${text}\n`);
  };
  const inside = (path: string, base: string): boolean => path === base || path.startsWith(base + sep);
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, `${req.method} is not served here: only GET and HEAD`, { Allow: 'GET, HEAD' });
    const segments = requestSegments(req.url ?? '/');
    if (!Array.isArray(segments)) return plain(res, segments.status, segments.why);
    const file = resolve(realRoot, join(...segments));
    if (!inside(file, realRoot)) return plain(res, 400, 'the path leaves the site');
    let real: string;
    let st: Stats;
    try {
      real = await realpath(file);
      st = await stat(real);
    } catch {
      return plain(res, 404, 'no such file');
    }
    // A symbolic link out of the folder is not part of the site.
    if (!inside(real, realRoot) || !st.isFile()) return plain(res, 404, 'no such file');
    const etag = etagOf(st);
    const headers = {
      'Content-Type': contentType(real),
      'Cache-Control': cacheControl(segments.join('/')),
      ETag: etag,
      'Last-Modified': st.mtime.toUTCString(),
      'X-Content-Type-Options': 'nosniff',
    };
    if (matches(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      return void res.end();
    }
    res.writeHead(200, { ...headers, 'Content-Length': st.size });
    if (req.method === 'HEAD') return void res.end();
    const stream = createReadStream(real);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };
  return (req, res) => {
    serve(req, res).catch(() => {
      if (!res.headersSent) plain(res, 500, 'the server failed reading that file');
      else res.destroy();
    });
  };
}

/**
 * Starts the web server and resolves once it listens. An invalid certificate or key rejects (the
 * TLS layer's message); `mtg server-web` reads the files and reports it as a usage error.
 *
 * @example
 * ```ts
 * const web = await startWebServer({ port: 0, staticDir: 'dist/web', game: { registry: starterRegistry(), networkDebug: true } });
 * // ws://127.0.0.1:${web.port}/lobby is the lobby; http://127.0.0.1:${web.port}/ the site
 * await web.close(30_000);
 * ```
 */
export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const log = options.log ?? ((line: string) => process.stderr.write(`mtg server-web: ${line}\n`));
  const host = options.host ?? '127.0.0.1';
  const lobbyPath = options.lobbyPath ?? '/lobby';
  const root = resolve(options.staticDir);
  const files = await staticHandler(root);
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    // The lobby path is a WebSocket only: a plain request there is told so.
    if ((req.url ?? '').split('?')[0] === lobbyPath) {
      const text = `${lobbyPath} is the lobby's WebSocket: connect with a WebSocket client (mtg connect --server HOST:PORT${lobbyPath})\n`;
      res.writeHead(426, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': Buffer.byteLength(text),
        Upgrade: 'websocket',
        'Cache-Control': REVALIDATE,
      });
      res.end(req.method === 'HEAD' ? undefined : text);
      return;
    }
    files(req, res);
  };
  const http: Server = options.tls ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, handler) : createHttpServer(handler);
  // A request is given 30 s for its headers (slowloris); the lobby's sockets are upgraded and leave these timeouts.
  http.headersTimeout = 30_000;
  http.requestTimeout = 60_000;
  await new Promise<void>((done, fail) => {
    http.once('error', fail);
    http.listen(options.port, host, () => {
      http.off('error', fail);
      done();
    });
  });
  http.on('error', (error) => log(`server error: ${error.message}`));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const scheme = options.tls ? 'https' : 'http';
  const origin = `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log(`listening on ${origin} (static ${root}, lobby ${options.tls ? 'wss' : 'ws'} at ${lobbyPath})`);
  let game: RunningServer;
  try {
    game = await startServer({ ...options.game, port, attach: { server: http, path: lobbyPath }, log });
  } catch (error) {
    http.close();
    throw error;
  }
  let closing: Promise<ServerStats> | null = null;
  return {
    port,
    origin,
    game,
    close(drainMs = 30_000) {
      closing ??= (async () => {
        // No new connections; idle keep-alive connections end now, those mid-request when answered.
        const closed = new Promise<void>((done) => http.close(() => done()));
        http.closeIdleConnections();
        const stats = await game.close(drainMs);
        // The lobby's sockets are closed by the drain; whatever HTTP connection is left is cut.
        http.closeAllConnections();
        await closed;
        return stats;
      })();
      return closing;
    },
  };
}
