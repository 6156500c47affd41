// `mtg server-web` (issue 17, docs/mtg/web.md "`mtg server-web`"): a real process on a free
// loopback port serving a scratch site; raw HTTP requests (a socket, so the exact bytes of a
// traversal attempt reach the server), the lobby through `mtg connect --server HOST:PORT/PATH`,
// TLS with a self-signed certificate made by openssl, and the SIGTERM drain.
// Run `npx tsc -p tsconfig.build.json` first (npm test builds).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { connect as netConnect } from 'node:net';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverUrl } from '../../../src/mtg/cli/connect.js';
import { bindAddress } from '../../../src/mtg/cli/server-web.js';
import { cacheControl, contentType, requestSegments } from '../../../src/mtg/web/server.js';
import { killAll, rawClient, REPO, scratchDir, seated, spawnMtg, type MtgProcess } from '../../support/net.js';

/** A running `mtg server-web`: its process, port and origin. */
type WebProcess = MtgProcess & { port: number; origin: string };

/** Starts `mtg server-web --bind 127.0.0.1:0 <args>` and resolves once it listens. */
async function startWeb(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<WebProcess> {
  const p = spawnMtg(['server-web', '--bind', '127.0.0.1:0', '--network-debug', '--audit-leaks', ...args], { env, ...(cwd !== undefined ? { cwd } : {}) });
  let line: string;
  try {
    line = await p.stderr.waitFor(/^mtg server-web: lobby at /, 30_000);
    line = p.stderr.lines.find((l) => /^mtg server-web: listening on /.test(l))!;
  } catch (error) {
    await p.kill();
    throw error;
  }
  const m = /listening on (https?:\/\/127\.0\.0\.1:(\d+))/.exec(line)!;
  return Object.assign(p, { port: Number(m[2]), origin: m[1]! });
}

/** A response read off a raw socket. */
type Raw = { status: number; headers: Record<string, string>; body: string };

/** Sends `method path` as it is (no client normalises it) and reads the whole response. */
function raw(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = netConnect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split).split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0]!)?.[1] ?? 0);
      const h: Record<string, string> = {};
      for (const l of head.slice(1)) {
        const i = l.indexOf(':');
        h[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
      }
      resolve({ status, headers: h, body: text.slice(split + 4) });
    });
    const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

const scratch = scratchDir('mtg-web-');
const site = join(scratch.dir, 'site');
const HASHED_JS = 'app.0123456789abcdef.js';

beforeAll(() => {
  mkdirSync(join(site, 'data', 'images'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>lobby</title>\n');
  writeFileSync(join(site, 'demo.html'), '<!doctype html><title>demo</title>\n');
  writeFileSync(join(site, HASHED_JS), 'console.log(1);\n');
  writeFileSync(join(site, 'style.css'), 'body{}\n');
  writeFileSync(join(site, 'data', 'cards.json'), '{"format":1,"cards":[],"tokens":[]}\n');
  writeFileSync(join(site, 'data', 'images', 'a.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(site, 'data', 'images', 'b.jpg'), Buffer.from([0xff, 0xd8, 0xff]));
  writeFileSync(join(site, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  writeFileSync(join(site, 'm.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d]));
  writeFileSync(join(site, `${HASHED_JS}.map`), '{"version":3}\n');
  writeFileSync(join(site, '.secret'), 'hidden\n');
  // Outside the site: what a traversal or a symbolic link would reach.
  writeFileSync(join(scratch.dir, 'secret.txt'), 'SECRET\n');
  symlinkSync(join(scratch.dir, 'secret.txt'), join(site, 'out.txt'));
  symlinkSync(scratch.dir, join(site, 'up'));
});

afterAll(async () => {
  await killAll();
  scratch.done();
});

/** Runs `mtg server-web <args>` and expects a usage error (exit 2) matching `re`. */
const usage = async (args: string[], re: RegExp, env: Record<string, string> = {}): Promise<void> => {
  const p = spawnMtg(['server-web', '--bind', '127.0.0.1:0', ...args], { env });
  const exit = await p.exited;
  expect(p.stderr.text).toMatch(re);
  expect(exit.code).toBe(2);
};

describe('the pure parts', () => {
  it('reads request paths, refusing traversal before touching the disk', () => {
    expect(requestSegments('/')).toEqual(['index.html']);
    expect(requestSegments('/data/cards.json?x=1')).toEqual(['data', 'cards.json']);
    expect(requestSegments('/data/')).toEqual(['data', 'index.html']);
    for (const bad of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/a/%2E%2E/b', '/a%00b', '/a\\b', '/a%5cb', '/%zz', '/a//b', 'x'])
      expect(requestSegments(bad), bad).toMatchObject({ status: 400 });
    expect(requestSegments('/.git/config')).toMatchObject({ status: 404 });
  });

  it('gives content types and cache rules by name', () => {
    expect(contentType('index.html')).toBe('text/html; charset=utf-8');
    expect(contentType('a.0123456789abcdef.js')).toBe('text/javascript; charset=utf-8');
    expect(contentType('x.WASM')).toBe('application/wasm');
    expect(contentType('x.unknown')).toBe('application/octet-stream');
    expect(cacheControl('app.0123456789abcdef.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('data/cards.0123456789abcdef.json')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('index.html')).toBe('no-cache');
    expect(cacheControl('app.0123456789abcdeg.js')).toBe('no-cache');
  });

  it('reads --bind and mtg connect --server', () => {
    expect(bindAddress('127.0.0.1:8080')).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(bindAddress('[::1]:0')).toEqual({ host: '::1', port: 0 });
    for (const bad of ['8080', '127.0.0.1', 'h:99999', 'h:80/x']) expect(() => bindAddress(bad), bad).toThrow(/--bind takes HOST:PORT/);
    expect(serverUrl('127.0.0.1:4000')).toBe('ws://127.0.0.1:4000');
    expect(serverUrl('127.0.0.1:8080/lobby')).toBe('ws://127.0.0.1:8080/lobby');
    expect(serverUrl('[::1]:8080/play/ws')).toBe('ws://[::1]:8080/play/ws');
    expect(serverUrl('wss://example.org/lobby')).toBe('wss://example.org/lobby');
    expect(() => serverUrl('https://example.org/lobby')).toThrow(/ws:\/\/ or wss:\/\//);
    expect(() => serverUrl('nowhere')).toThrow(/--server takes HOST:PORT/);
  });
});

describe('mtg server-web over HTTP', () => {
  let web: WebProcess;
  beforeAll(async () => {
    web = await startWeb(['--static-dir', site, '--seed', '7']);
  });

  it('serves files with their types; / is index.html', async () => {
    const root = await raw(web.port, 'GET', '/');
    expect(root.status).toBe(200);
    expect(root.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(root.body).toBe('<!doctype html><title>lobby</title>\n');
    const types: [string, string][] = [
      ['/demo.html', 'text/html; charset=utf-8'],
      [`/${HASHED_JS}`, 'text/javascript; charset=utf-8'],
      ['/style.css', 'text/css; charset=utf-8'],
      ['/data/cards.json', 'application/json; charset=utf-8'],
      ['/data/images/a.png', 'image/png'],
      ['/data/images/b.jpg', 'image/jpeg'],
      ['/icon.svg', 'image/svg+xml'],
      ['/m.wasm', 'application/wasm'],
      [`/${HASHED_JS}.map`, 'application/json; charset=utf-8'],
    ];
    for (const [path, type] of types) {
      const r = await raw(web.port, 'GET', path);
      expect([path, r.status, r.headers['content-type']]).toEqual([path, 200, type]);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
    const head = await raw(web.port, 'HEAD', '/data/cards.json');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(readFileSync(join(site, 'data', 'cards.json')).length));
    expect(head.body).toBe('');
  });

  it('marks content-addressed names immutable, revalidates the rest, and answers a matching ETag with 304', async () => {
    const hashed = await raw(web.port, 'GET', `/${HASHED_JS}`);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await raw(web.port, 'GET', '/index.html');
    expect(page.headers['cache-control']).toBe('no-cache');
    const etag = page.headers['etag']!;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await raw(web.port, 'GET', '/index.html', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['etag']).toBe(etag);
    expect((await raw(web.port, 'GET', '/index.html', { 'If-None-Match': `W/${etag}, "other"` })).status).toBe(304);
    expect((await raw(web.port, 'GET', '/index.html', { 'If-None-Match': '"other"' })).status).toBe(200);
  });

  it('404s what is not there, never lists a folder, and refuses every way out of the site', async () => {
    expect((await raw(web.port, 'GET', '/nope.html')).status).toBe(404);
    expect((await raw(web.port, 'GET', '/data')).status).toBe(404);
    expect((await raw(web.port, 'GET', '/data/')).status).toBe(404);
    expect((await raw(web.port, 'GET', '/.secret')).status).toBe(404);
    const attempts = [
      '/../package.json',
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/..%2fsecret.txt',
      '/data/..%2f..%2fsecret.txt',
      '/index.html%00.png',
      '/..\\secret.txt',
      '/%5c..%5csecret.txt',
      '/out.txt',
      '/up/secret.txt',
      '//etc/passwd',
    ];
    for (const path of attempts) {
      const r = await raw(web.port, 'GET', path);
      expect([path, [400, 404].includes(r.status)]).toEqual([path, true]);
      expect(r.body).not.toContain('SECRET');
      expect(r.body).not.toContain('root:');
    }
  });

  it('serves GET and HEAD only (405 with Allow)', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const r = await raw(web.port, method, '/index.html', { 'Content-Length': '0' });
      expect([method, r.status, r.headers['allow']]).toEqual([method, 405, 'GET, HEAD']);
    }
  });

  it('takes a WebSocket only at the lobby path', async () => {
    const upgrade = { Upgrade: 'websocket', Connection: 'Upgrade', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Version': '13' };
    const other = await raw(web.port, 'GET', '/index.html', { ...upgrade, Connection: 'Upgrade' });
    expect(other.status).toBe(404);
    await expect(rawClient(`ws://127.0.0.1:${web.port}/lobby2`)).rejects.toThrow(/404/);
    // A plain request at the lobby path is told what it is.
    expect((await raw(web.port, 'GET', '/lobby')).status).toBe(426);
    const c = await rawClient(`ws://127.0.0.1:${web.port}/lobby`);
    expect(await c.next('Welcome')).toMatchObject({ type: 'Welcome', networkDebug: true });
    c.close();
    await c.closed;
  });

  it('two mtg connect heuristic clients play a whole game through --server 127.0.0.1:PORT/lobby: zero desyncs', async () => {
    const server = `127.0.0.1:${web.port}/lobby`;
    const a = spawnMtg(['connect', 'starter/red_green_aggro.dck', '--server', server, '--name', 'ada', '--game', 'g1', '--seed-controller', '1']);
    await a.stderr.waitFor(/joined game g1 as p1/);
    const b = spawnMtg(['connect', 'starter/white_blue_control.dck', '--server', server, '--name', 'bob', '--game', 'g1', '--seed-controller', '2']);
    const [ea, eb] = await Promise.all([a.exited, b.exited]);
    expect([ea.code, eb.code], `${a.stderr.text}\n${b.stderr.text}`).toEqual([0, 0]);
    const over = await web.stderr.waitFor(/^mtg server-web: game g1 over: /);
    expect(over).toMatch(/won|draw/);
    expect(web.stderr.text).not.toMatch(/desync|: LEAK /i);
    expect(a.stdout.text).toMatch(/wins|draw/i);
    // Stopped, the server's own count agrees: one game, finished, no desync, no hidden face sent.
    web.proc.kill('SIGTERM');
    expect((await web.exited).code).toBe(0);
    expect(web.stderr.text).toMatch(/^mtg server-web: stats games=1 finished=1 desyncs=0 errors=0 frames=\d+ leaks=0 /m);
  }, 90_000);

  it('SIGTERM: the drain as mtg server: a game in play gets Fatal net/shutdown, the process exits 0', async () => {
    const drain = await startWeb(['--static-dir', site, '--drain-seconds', '1']);
    const url = `ws://127.0.0.1:${drain.port}/lobby`;
    const [x, y] = await seated(url, 'd1', ['xan', 'yul']);
    x.send({ type: 'SetReady', ready: true });
    y.send({ type: 'SetReady', ready: true });
    await x.next('GameStarted');
    const t0 = performance.now();
    drain.proc.kill('SIGTERM');
    expect(await x.next('Notice')).toMatchObject({ text: expect.stringMatching(/shutting down/) });
    expect(await x.next('Fatal', 15_000)).toMatchObject({ code: 'net/shutdown' });
    expect(await y.next('Fatal', 15_000)).toMatchObject({ code: 'net/shutdown' });
    const exit = await drain.exited;
    expect(exit.code).toBe(0);
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(drain.stderr.text).toMatch(/mtg server-web: stats games=1 finished=0 desyncs=0 errors=0 /);
    // Once stopping, nothing new is accepted.
    await expect(raw(drain.port, 'GET', '/')).rejects.toThrow(/ECONNREFUSED/);
  }, 60_000);
});

describe('mtg server-web usage', () => {
  it("serves ./web when it exists, else the package's dist/web (or says to build it)", async () => {
    const here = scratchDir('mtg-web-cwd-');
    try {
      mkdirSync(join(here.dir, 'web'));
      writeFileSync(join(here.dir, 'web', 'index.html'), 'LOCAL\n');
      const local = await startWeb([], {}, here.dir);
      expect((await raw(local.port, 'GET', '/')).body).toBe('LOCAL\n');
      await local.kill('SIGTERM');
      rmSync(join(here.dir, 'web'), { recursive: true });
      if (existsSync(join(REPO, 'dist', 'web', 'index.html'))) {
        const packaged = await startWeb([], {}, here.dir);
        expect(packaged.stderr.text).toContain(`static ${join(REPO, 'dist', 'web')}`);
        const page = await raw(packaged.port, 'GET', '/');
        expect([page.status, page.headers['cache-control']]).toEqual([200, 'no-cache']);
        await packaged.kill('SIGTERM');
      } else {
        const p = spawnMtg(['server-web', '--bind', '127.0.0.1:0'], { cwd: here.dir });
        expect((await p.exited).code).toBe(2);
        expect(p.stderr.text).toMatch(/no site to serve: \.\/web does not exist .*npm run build/);
      }
    } finally {
      here.done();
    }
  }, 60_000);

  it('refuses a bad --bind, a missing static folder, a bad lobby path', async () => {
    const p = spawnMtg(['server-web', '--bind', 'localhost', '--static-dir', site]);
    expect((await p.exited).code).toBe(2);
    expect(p.stderr.text).toMatch(/^mtg server-web: --bind takes HOST:PORT/);
    await usage(['--static-dir', join(scratch.dir, 'none')], /--static-dir .*no such folder/);
    await usage(['--static-dir', site, '--lobby-path', 'lobby'], /--lobby-path takes an absolute path/);
    await usage(['--static-dir', site, '--lobby-path', '/a/../b'], /--lobby-path takes an absolute path/);
    const help = spawnMtg(['server-web', '--help']);
    expect((await help.exited).code).toBe(0);
    expect(help.stdout.text).toMatch(/^usage: mtg server-web/);
    // The game options are mtg server's own table: every one of them is in the help.
    expect(help.stdout.text).toMatch(/--max-memory-percent X[\s\S]*--drain-seconds S[\s\S]*--heartbeat-seconds S/);
  });
});

describe('mtg server-web over TLS', () => {
  const tls = join(scratch.dir, 'tls');
  const cert = join(tls, 'cert.pem');
  const key = join(tls, 'key.pem');

  beforeAll(() => {
    mkdirSync(tls, { recursive: true });
    // A self-signed certificate for 127.0.0.1 (an EC key: quick to make).
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    execFileSync('openssl', ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-out', join(tls, 'other-key.pem')], {
      stdio: 'ignore',
    });
    writeFileSync(join(tls, 'bad.pem'), '-----BEGIN CERTIFICATE-----\nnot a certificate\n-----END CERTIFICATE-----\n');
  });

  it('a certificate without its key (or the other way round), an unreadable or invalid PEM: usage error, exit 2', async () => {
    await usage(['--static-dir', site, '--tls-cert', cert], /--tls-cert is given without its private key/);
    await usage(['--static-dir', site], /MTG_TLS_KEY is given without a certificate/, { MTG_TLS_KEY: key });
    await usage(['--static-dir', site, '--tls-cert', join(tls, 'none.pem'), '--tls-key', key], /cannot read the TLS certificate .*none\.pem: ENOENT/);
    await usage(['--static-dir', site, '--tls-cert', join(site, 'index.html'), '--tls-key', key], /is not PEM/);
    await usage(['--static-dir', site, '--tls-cert', join(tls, 'bad.pem'), '--tls-key', key], /the TLS certificate .*bad\.pem and its key do not load/);
    await usage(['--static-dir', site, '--tls-cert', cert, '--tls-key', join(tls, 'other-key.pem')], /the TLS certificate .*cert\.pem and its key do not load/);
  });

  it('serves https and wss with the certificate (from MTG_TLS_CERT / MTG_TLS_KEY); mtg connect trusts it through NODE_EXTRA_CA_CERTS', async () => {
    const web = await startWeb(['--static-dir', site], { MTG_TLS_CERT: cert, MTG_TLS_KEY: key });
    expect(web.origin).toBe(`https://127.0.0.1:${web.port}`);
    const ca = readFileSync(cert);
    const page = await new Promise<{ status: number; body: string; cache: string }>((resolve, reject) => {
      httpsGet(`${web.origin}/`, { ca }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body, cache: String(res.headers['cache-control']) }));
      }).on('error', reject);
    });
    expect(page).toEqual({ status: 200, body: '<!doctype html><title>lobby</title>\n', cache: 'no-cache' });
    // Without the CA the certificate is refused: the check is on.
    await expect(new Promise((resolve, reject) => httpsGet(`${web.origin}/`, (res) => resolve(res.statusCode)).on('error', reject))).rejects.toThrow(
      /self-signed|self signed/,
    );
    const welcome = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const ws = new WebSocket(`wss://127.0.0.1:${web.port}/lobby`, { ca });
      ws.on('message', (data) => {
        resolve(JSON.parse(String(data)) as Record<string, unknown>);
        ws.close();
      });
      ws.on('error', reject);
    });
    expect(welcome).toMatchObject({ type: 'Welcome' });
    const url = `wss://127.0.0.1:${web.port}/lobby`;
    const trusted = spawnMtg(['connect', 'starter/red_green_aggro.dck', '--server', url, '--name', 'tina', '--game', 't1'], {
      env: { NODE_EXTRA_CA_CERTS: cert },
    });
    await trusted.stderr.waitFor(/joined game t1 as p1/);
    const untrusted = spawnMtg(['connect', 'starter/red_green_aggro.dck', '--server', url, '--name', 'ugo', '--game', 't1']);
    expect((await untrusted.exited).code).toBe(1);
    expect(untrusted.stderr.text).toMatch(/self-signed|self signed/);
    web.proc.kill('SIGTERM');
    expect((await web.exited).code).toBe(0);
    // The seat waiting in the lobby is told the server stopped: fatal, exit 3.
    expect((await trusted.exited).code).toBe(3);
  }, 60_000);
});
