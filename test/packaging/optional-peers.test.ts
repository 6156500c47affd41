// Issue 13, part 4: better-sqlite3, ioredis and ws are optional peers. Installing the package to
// deal cards installs none of them; the entries that need one load it on first use and, when it is
// missing, throw `install/missing-peer` naming the package to install.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoryletError } from '../../src/core/errors.js';
import { importPeer, isMissingPackage, loadPeer, missingPeer } from '../../src/core/peers.js';
import { makeConsumer, ROOT, type Consumer } from './support.js';

const NO_SUCH = 'storyletengine-test-no-such-package';

describe('loading an optional peer', () => {
  it('a package that require() cannot find becomes install/missing-peer, naming it and the entry', () => {
    const require = createRequire(import.meta.url);
    let caught: unknown;
    try {
      loadPeer(NO_SUCH, 'storyletengine/sqlite', () => require(NO_SUCH));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(StoryletError);
    expect((caught as StoryletError).code).toBe('install/missing-peer');
    expect((caught as StoryletError).details).toEqual({ package: NO_SUCH, entry: 'storyletengine/sqlite' });
    expect((caught as StoryletError).message).toContain(`npm install ${NO_SUCH}`);
  });

  it('so does a package that import() cannot find', async () => {
    await expect(importPeer(NO_SUCH, 'storyletengine/board', () => import(NO_SUCH))).rejects.toMatchObject({
      code: 'install/missing-peer',
      details: { package: NO_SUCH, entry: 'storyletengine/board' },
    });
  });

  it('a package that is there loads as it is', async () => {
    expect(loadPeer('ws', 'storyletengine/board', () => 42)).toBe(42);
    expect(typeof (await importPeer('ws', 'storyletengine/board', () => import('ws'))).WebSocketServer).toBe('function');
  });

  it('any other failure keeps its own error: a missing package of the peer, a broken native build', () => {
    const nested = Object.assign(new Error("Cannot find module 'bindings'\nRequire stack:\n- /x/node_modules/better-sqlite3/lib/database.js"), {
      code: 'MODULE_NOT_FOUND',
    });
    expect(isMissingPackage(nested, 'better-sqlite3')).toBe(false);
    expect(() =>
      loadPeer('better-sqlite3', 'storyletengine/sqlite', () => {
        throw nested;
      }),
    ).toThrow(nested);
    const native = new Error('Could not locate the bindings file.');
    expect(() =>
      loadPeer('better-sqlite3', 'storyletengine/sqlite', () => {
        throw native;
      }),
    ).toThrow(native);
  });

  it('the message says what to run', () => {
    expect(missingPeer('ws', 'storyletengine/board').message).toBe('storyletengine/board needs the optional package ws: npm install ws');
  });
});

describe('the package installed without its optional peers', () => {
  let consumer: Consumer;

  beforeAll(() => {
    consumer = makeConsumer();
    writeFileSync(join(consumer.dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  }, 60_000);
  afterAll(() => consumer?.remove());

  it('lists them as optional peers, not as dependencies', () => {
    for (const peer of ['better-sqlite3', 'ioredis', 'ws', 'vscode-languageserver']) {
      expect(Object.keys(consumer.manifest.dependencies)).not.toContain(peer);
      expect(Object.keys(consumer.manifest.peerDependencies ?? {})).toContain(peer);
      expect((consumer.manifest as { peerDependenciesMeta?: Record<string, { optional?: boolean }> }).peerDependenciesMeta?.[peer]?.optional).toBe(true);
    }
  });

  it('publishes a folder and deals; the SQLite store and the Board say which package to install', () => {
    const script = `
      import { publish, createEngine } from 'storyletengine';
      import { createSqliteFlowStore } from 'storyletengine/sqlite';
      import { createRedisClaimStore } from 'storyletengine/redis';
      import { startBoard } from 'storyletengine/board';
      const out = {};
      const r = await publish({ dir: ${JSON.stringify(join(ROOT, 'examples', 'village'))} });
      out.dealt = createEngine(r.bundle, { seed: 'demo' }).flow('alice').deal('elder_chat').cards.map((c) => c.id);
      const code = async (f) => { try { await f(); return 'no error'; } catch (e) { return e.code + ': ' + e.message; } };
      out.sqlite = await code(() => createSqliteFlowStore({ file: 'saves.db' }));
      out.board = await code(() => startBoard({ dir: '.', port: 0 }));
      out.redis = typeof createRedisClaimStore;
      console.log(JSON.stringify(out));
    `;
    writeFileSync(join(consumer.dir, 'light.mjs'), script);
    const out = JSON.parse(execFileSync(process.execPath, ['light.mjs'], { cwd: consumer.dir, encoding: 'utf8' })) as Record<string, unknown>;
    expect((out.dealt as string[]).length).toBeGreaterThan(0);
    expect(out.sqlite).toBe('install/missing-peer: storyletengine/sqlite needs the optional package better-sqlite3: npm install better-sqlite3');
    expect(out.board).toBe('install/missing-peer: storyletengine/board needs the optional package ws: npm install ws');
    // The Redis store never loads ioredis: the game passes its own client.
    expect(out.redis).toBe('function');
  }, 60_000);

  it('the storyletengine command publishes; its board and lsp commands say what to install', () => {
    const cli = join(consumer.pkgDir, 'dist', 'cli', 'main.js');
    const out = execFileSync(process.execPath, [cli, 'publish', join(ROOT, 'examples', 'village')], { cwd: consumer.dir, encoding: 'utf8' });
    expect(out).toContain('published');
    let failed: { status?: number; stderr?: string } = {};
    try {
      execFileSync(process.execPath, [cli, 'board', join(ROOT, 'examples', 'village'), '--port', '0'], { cwd: consumer.dir, encoding: 'utf8', stdio: 'pipe' });
    } catch (err) {
      failed = err as typeof failed;
    }
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('install/missing-peer: storyletengine/board needs the optional package ws: npm install ws');
    let lsp: { status?: number; stderr?: string } = {};
    try {
      execFileSync(process.execPath, [cli, 'lsp', '--stdio'], { cwd: consumer.dir, encoding: 'utf8', stdio: 'pipe', input: '' });
    } catch (err) {
      lsp = err as typeof lsp;
    }
    expect(lsp.status).toBe(1);
    expect(lsp.stderr).toContain(
      'install/missing-peer: storyletengine lsp needs the optional package vscode-languageserver: npm install vscode-languageserver',
    );
  }, 60_000);
});
