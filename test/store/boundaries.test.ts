// Architecture invariants of issue 5: the runtime (which ships to browsers) reaches neither Redis
// nor SQLite, nor any Node module; each store is reached only through its own extra entry
// (`storyletengine/redis`, `storyletengine/sqlite`), and the Redis store does not even load ioredis
// itself (the game passes its client).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '..', '..');

/** Every module reachable from `entry` by static imports: relative files, and the bare names. */
function reach(entry: string): { files: string[]; bare: string[] } {
  const files = new Set<string>();
  const bare = new Set<string>();
  const walk = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
      if (m[2]) continue; // type-only imports vanish at run time
      const spec = m[3]!;
      if (spec.startsWith('.')) walk(join(dirname(file), spec.replace(/\.js$/, '.ts')));
      else bare.add(spec);
    }
  };
  walk(join(root, entry));
  return { files: [...files].map((f) => f.slice(root.length + 1)).sort(), bare: [...bare].sort() };
}

describe('what each entry reaches', () => {
  it('the runtime entry reaches no store back-end and no Node module', () => {
    const { files, bare } = reach('src/runtime/index.ts');
    // The walk does reach the async path and the runtime's own dependencies.
    expect(files).toContain('src/runtime/async-engine.ts');
    expect(bare).toContain('eventemitter3');
    expect(files.filter((f) => !f.startsWith('src/runtime/') && !f.startsWith('src/core/') && !f.startsWith('src/content/bundle'))).toEqual([]);
    expect(bare.filter((b) => b.startsWith('node:') || b === 'ioredis' || b === 'better-sqlite3')).toEqual([]);
  });

  it('storyletengine/redis loads neither ioredis nor SQLite', () => {
    const { files, bare } = reach('src/store/redis/index.ts');
    expect(files.some((f) => f.startsWith('src/store/sqlite/'))).toBe(false);
    expect(bare.filter((b) => b === 'ioredis' || b === 'better-sqlite3')).toEqual([]);
  });

  it('storyletengine/sqlite loads no Redis, and better-sqlite3 only when it opens a file', () => {
    const { files, bare } = reach('src/store/sqlite/index.ts');
    expect(files.some((f) => f.startsWith('src/store/redis/'))).toBe(false);
    expect(bare).not.toContain('ioredis');
    // An optional peer (issue 13): required on first use, so importing the entry needs no SQLite.
    expect(bare).not.toContain('better-sqlite3');
    expect(readFileSync(join(root, 'src/store/sqlite/flows.ts'), 'utf8')).toContain("loadPeer('better-sqlite3', 'storyletengine/sqlite'");
  });
});
