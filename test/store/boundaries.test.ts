// Architecture invariants of issue 5: the runtime (which ships to browsers) reaches neither Redis
// nor SQLite, nor any Node module; each store is reached only through its own extra entry
// (`storyletengine/redis`, `storyletengine/sqlite`), and the Redis store does not even load ioredis
// itself (the game passes its client).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO as root, reach } from '../support/imports.js';

describe('what each entry reaches', () => {
  it('the runtime entry reaches no store back-end and no Node module', () => {
    const { files, packages: bare } = reach('src/runtime/index.ts');
    // The walk does reach the async path and the runtime's own dependencies.
    expect(files).toContain('src/runtime/async-engine.ts');
    expect(bare).toContain('eventemitter3');
    expect(files.filter((f) => !f.startsWith('src/runtime/') && !f.startsWith('src/core/') && !f.startsWith('src/content/bundle'))).toEqual([]);
    expect(bare.filter((b) => b.startsWith('node:') || b === 'ioredis' || b === 'better-sqlite3')).toEqual([]);
  });

  it('storyletengine/redis loads neither ioredis nor SQLite', () => {
    const { files, packages: bare } = reach('src/store/redis/index.ts');
    expect(files.some((f) => f.startsWith('src/store/sqlite/'))).toBe(false);
    expect(bare.filter((b) => b === 'ioredis' || b === 'better-sqlite3')).toEqual([]);
  });

  it('storyletengine/sqlite loads no Redis, and better-sqlite3 only when it opens a file', () => {
    const { files, packages: bare } = reach('src/store/sqlite/index.ts');
    expect(files.some((f) => f.startsWith('src/store/redis/'))).toBe(false);
    expect(bare).not.toContain('ioredis');
    // An optional peer (issue 13): required on first use, so importing the entry needs no SQLite.
    expect(bare).not.toContain('better-sqlite3');
    expect(readFileSync(join(root, 'src/store/sqlite/flows.ts'), 'utf8')).toContain("loadPeer('better-sqlite3', 'storyletengine/sqlite'");
  });
});
