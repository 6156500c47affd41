/**
 * The Board's server: one page, its script and styles, a few JSON endpoints and a live socket
 * that streams the trace (subscribeTrace) and reloads. It watches the content folder and
 * re-publishes on change, keeping the last good bundle while the content has errors.
 *
 * **Architecture invariant:** only this file knows about HTTP, WebSockets and the file watcher;
 * the engine and the wire views live in workspace.ts.
 *
 * It is a development tool: it listens on loopback only, refuses requests whose Host is not a
 * loopback name (so a web page elsewhere cannot reach it through DNS rebinding), and takes
 * actions only as JSON POSTs (which a plain cross-site form cannot send).
 */
import { watch, type FSWatcher } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebSocket } from 'ws';
import { StoryletError } from '../core/errors.js';
import { importPeer } from '../core/peers.js';
import { isTableFile } from '../content/table-format.js';
import type { ActionRequest, ActionResponse, ContentStatus, LiveMessage, TableRequest, TableResponse } from './client/protocol.js';
import { BOARD_CSS, boardPage } from './page.js';
import { editTable, trySearch, wireTables, type TableText } from './table.js';
import { Workspace } from './workspace.js';

/** Options of {@link startBoard}. */
export interface BoardOptions {
  /** The content folder to publish, watch and play. */
  dir: string;
  /** Default 7300; 0 picks a free port (read it from the result). */
  port?: number;
  /** Default `127.0.0.1`. */
  host?: string;
  /** The engine seed. */
  seed?: string;
  /** How long the folder must be quiet before a re-publish, in ms (default 150). */
  debounceMs?: number;
  /** Told after every publish (the first one included), e.g. to print diagnostics. */
  onContent?: (status: ContentStatus) => void;
  /** Where the compiled page script is (default: `client/` beside this file). */
  clientDir?: URL;
}

/** A running Board. */
export interface Board {
  /** `http://127.0.0.1:7300/` */
  url: string;
  port: number;
  /** Publishes the folder again now (the watcher does this on every change). */
  reload(): Promise<void>;
  /** Stops watching, closes every socket and the server. */
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const MAX_BODY = 64 * 1024;

/**
 * Publishes `dir` and serves the Board for it. Throws `board/port-in-use` (naming the port) when
 * the port is taken, and `install/missing-peer` when the optional package ws is not installed
 * (`npm install ws`). Content errors do not stop it: the page shows them.
 *
 * @example
 * ```ts
 * const board = await startBoard({ dir: 'examples/village', port: 0 });
 * console.log(`open ${board.url}`);
 * await board.close();
 * ```
 */
export async function startBoard(options: BoardOptions): Promise<Board> {
  // ws is an optional peer: only the Board needs it, so an install that only deals cards has none.
  const { WebSocketServer } = await importPeer('ws', 'storyletengine/board', () => import('ws'));
  const host = options.host ?? '127.0.0.1';
  const clientDir = options.clientDir ?? new URL('./client/', import.meta.url);
  const sockets = new Set<WebSocket>();
  const broadcast = (m: LiveMessage) => {
    const text = JSON.stringify(m);
    for (const s of sockets) if (s.readyState === s.OPEN) s.send(text);
  };
  const ws = new Workspace({
    dir: options.dir,
    seed: options.seed ?? 'storyletengine',
    onTrace: (event) => broadcast({ type: 'trace', event }),
    onContent: (content) => {
      options.onContent?.(content);
      broadcast({ type: 'content', content });
    },
  });
  await ws.reload();

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { ok: false, error: { code: 'board/internal', message: String((err as Error)?.message ?? err) } }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!loopbackHost(req.headers.host))
      return send(res, 403, { ok: false, error: { code: 'board/host', message: 'the Board answers only on 127.0.0.1 / localhost' } });
    const url = new URL(req.url ?? '/', 'http://board.invalid');
    if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/index.html')) return text(res, 200, 'text/html; charset=utf-8', boardPage());
    if (req.method === 'GET' && url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/board.css') return text(res, 200, 'text/css; charset=utf-8', BOARD_CSS);
    if (req.method === 'GET' && url.pathname === '/core/verdicts.js') {
      // The one module the page shares with the runtime (it imports nothing): the page's
      // `../../core/verdicts.js` from /client/ resolves to this path.
      try {
        return text(res, 200, 'text/javascript; charset=utf-8', await readFile(new URL('../../core/verdicts.js', clientDir), 'utf8'));
      } catch {
        return text(res, 404, 'text/plain', 'not found: core/verdicts.js (is the package built? npm run build)');
      }
    }
    if (req.method === 'GET' && url.pathname.startsWith('/client/')) {
      const name = url.pathname.slice('/client/'.length);
      // Only the compiled modules themselves: no folders, no other files.
      if (!/^[a-z0-9-]+\.js(\.map)?$/.test(name)) return text(res, 404, 'text/plain', 'not found');
      try {
        const body = await readFile(new URL(name, clientDir), 'utf8');
        return text(res, 200, name.endsWith('.map') ? 'application/json' : 'text/javascript; charset=utf-8', body);
      } catch {
        return text(res, 404, 'text/plain', `not found: ${name} (is the package built? npm run build)`);
      }
    }
    if (req.method === 'GET' && url.pathname === '/api/state') {
      const flow = url.searchParams.get('flow') || 'main';
      return guarded(res, () => ({ ok: true as const, state: ws.state(flow) }));
    }
    if (req.method === 'POST' && url.pathname === '/api/action') {
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
        return send(res, 415, { ok: false, error: { code: 'board/bad-request', message: 'send JSON (Content-Type: application/json)' } });
      let body: ActionRequest;
      try {
        body = JSON.parse(await readBody(req)) as ActionRequest;
        if (typeof body !== 'object' || body === null || typeof body.flow !== 'string') throw new Error('the body is an object with an action and a flow');
      } catch (err) {
        return send(res, 400, { ok: false, error: { code: 'board/bad-request', message: (err as Error).message } });
      }
      return guarded(res, () => {
        const trace = ws.act(body);
        if (body.action !== 'peek') broadcast({ type: 'changed', flow: body.flow });
        const r: ActionResponse = { ok: true, state: ws.state(body.flow) };
        if (trace) r.trace = trace;
        return r;
      });
    }
    if (req.method === 'GET' && url.pathname === '/api/tables') {
      return guardedTable(res, async () => ({ ok: true as const, tables: wireTables(await tableFiles()) }));
    }
    if (req.method === 'POST' && url.pathname === '/api/table') {
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
        return send(res, 415, { ok: false, error: { code: 'board/bad-request', message: 'send JSON (Content-Type: application/json)' } });
      let body: TableRequest;
      try {
        body = JSON.parse(await readBody(req)) as TableRequest;
        if (typeof body !== 'object' || body === null || typeof body.file !== 'string') throw new Error('the body is an object with an action and a file');
      } catch (err) {
        return send(res, 400, { ok: false, error: { code: 'board/bad-request', message: (err as Error).message } });
      }
      return guardedTable(res, async () => {
        const files = await tableFiles();
        // Only a table file of the folder, by the name the Board itself listed: no other path.
        const target = files.find((f) => f.file === body.file);
        if (!target) throw new StoryletError('board/table-edit', `there is no table file ${JSON.stringify(body.file)} in ${options.dir}`);
        if (body.action === 'set') {
          target.text = editTable(target, body);
          await writeFile(join(options.dir, target.file), target.text);
          // The watcher re-publishes too; reloading now makes the diagnostics current at once.
          void ws.reload();
          return { ok: true as const, tables: wireTables(files) };
        }
        if (body.action === 'try') return { ok: true as const, tables: wireTables(files), tried: trySearch(target, body.seat, body.pile) };
        throw new StoryletError('board/bad-action', `unknown table action ${JSON.stringify((body as { action?: unknown }).action)}; known: set, try`);
      });
    }
    return text(res, 404, 'text/plain', 'not found');
  }

  /** The folder's `*.table.yaml` files, by path from the folder with `/`, in path order. */
  async function tableFiles(): Promise<TableText[]> {
    let names: string[];
    try {
      names = (await readdir(options.dir, { recursive: true })).map((n) => String(n).split(/[\\/]/).join('/'));
    } catch {
      return [];
    }
    const picked = names.filter((n) => isTableFile(n) && !n.split('/').some((p) => p.startsWith('.'))).sort();
    return Promise.all(picked.map(async (file) => ({ file, text: await readFile(join(options.dir, file), 'utf8') })));
  }

  const live = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://board.invalid').pathname;
    if (path !== '/live' || !loopbackHost(req.headers.host)) {
      socket.destroy();
      return;
    }
    live.handleUpgrade(req, socket, head, (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.send(JSON.stringify({ type: 'content', content: ws.status } satisfies LiveMessage));
    });
  });

  const port = options.port ?? 7300;
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      ws.close();
      if (err.code === 'EADDRINUSE')
        reject(
          new StoryletError(
            'board/port-in-use',
            `port ${port} is in use on ${host}: stop whatever holds it, or pick another with --port N (--port 0 takes any free port)`,
            { port, host },
          ),
        );
      else if (err.code === 'EACCES')
        reject(
          new StoryletError('board/port-denied', `port ${port} on ${host} needs privileges this process does not have; pick a port above 1023 with --port N`, {
            port,
            host,
          }),
        );
      else reject(err);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;

  // Editors save in bursts (write, rename, touch); wait for quiet before publishing again.
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(options.dir, { recursive: true }, (_event, file) => {
      if (
        file &&
        String(file)
          .split(/[\\/]/)
          .some((p) => p.startsWith('.'))
      )
        return;
      clearTimeout(timer);
      timer = setTimeout(() => void ws.reload(), options.debounceMs ?? 150);
    });
    watcher.on('error', () => undefined);
  } catch {
    // A folder that does not exist yet cannot be watched; its diagnostic is on the page.
  }

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}/`,
    port: actual,
    reload: () => ws.reload(),
    async close() {
      clearTimeout(timer);
      watcher?.close();
      ws.close();
      for (const s of sockets) s.terminate();
      live.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

function loopbackHost(header: string | undefined): boolean {
  if (!header) return false;
  const name = header.replace(/:\d+$/, '');
  return LOOPBACK_HOSTS.has(name);
}

function guarded(res: ServerResponse, run: () => ActionResponse): void {
  try {
    send(res, 200, run());
  } catch (err) {
    if (!(err instanceof StoryletError)) throw err;
    send(res, 400, { ok: false, error: { code: err.code, message: err.message } });
  }
}

async function guardedTable(res: ServerResponse, run: () => Promise<TableResponse>): Promise<void> {
  try {
    send(res, 200, await run());
  } catch (err) {
    if (!(err instanceof StoryletError)) throw err;
    send(res, 400, { ok: false, error: { code: err.code, message: err.message } });
  }
}

function send(res: ServerResponse, status: number, body: ActionResponse | TableResponse): void {
  text(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

function text(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error(`the body is larger than ${MAX_BODY} bytes`));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
