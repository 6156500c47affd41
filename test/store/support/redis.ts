// A real redis-server for the tests: started on a free loopback port in a temporary directory,
// with persistence off, and stopped afterwards. If it cannot start, the test run fails and says
// why: nothing here skips.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface RedisServer {
  port: number;
  /** A new client (closed by `stop`). */
  client(options?: RedisOptions): Redis;
  stop(): Promise<void>;
}

const BINARY = process.env.REDIS_SERVER ?? 'redis-server';

/** A free loopback port, as the OS hands one out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startRedis(): Promise<RedisServer> {
  let lastProblem = '';
  // The port may be taken between asking for it and redis binding it: try a few.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'se-redis-'));
    const child = spawn(BINARY, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = await waitForReady(child, port);
    if (started === true) return server(child, port, dir);
    lastProblem = started;
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    if (started.includes('ENOENT')) break;
  }
  throw new Error(
    `could not start a Redis server for the shared-claims tests: ${lastProblem}. ` +
      `Install it (Debian: apt-get install redis-server; .ci/run does this) or point REDIS_SERVER at the binary.`,
  );
}

function waitForReady(child: ChildProcess, port: number): Promise<true | string> {
  return new Promise((resolve) => {
    let output = '';
    let done = false;
    const finish = (v: true | string): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(v);
    };
    const timer = setTimeout(() => finish(`redis-server did not get ready on port ${port} within 10 s; it said: ${output.slice(-500)}`), 10_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) finish(true);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('error', (err) => finish(`${BINARY} could not be run (${(err as NodeJS.ErrnoException).code ?? err.message}: ${err.message})`));
    child.once('exit', (code) => finish(`redis-server exited with code ${code}: ${output.slice(-500)}`));
  });
}

function server(child: ChildProcess, port: number, dir: string): RedisServer {
  const clients: Redis[] = [];
  return {
    port,
    client(options: RedisOptions = {}) {
      const c = new Redis({ port, host: '127.0.0.1', lazyConnect: false, maxRetriesPerRequest: 1, ...options });
      clients.push(c);
      return c;
    },
    async stop() {
      for (const c of clients) c.disconnect();
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A Redis server for one test file: started before its tests, stopped after. If it cannot start,
 * every test of the file fails with the reason (a failing beforeEach fails the test; a failing
 * beforeAll would only mark the tests skipped).
 */
export function useRedis(): () => RedisServer {
  let server: RedisServer | undefined;
  let problem: unknown;
  beforeAll(async () => {
    try {
      server = await startRedis();
    } catch (err) {
      problem = err;
    }
  });
  beforeEach(() => {
    if (problem) throw problem;
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw problem ?? new Error('the Redis server is not started yet');
    return server;
  };
}
