// `npm run demo` (examples/village/demo.mjs) as a transcript: the first thing a new user runs.
// Re-record with UPDATE_GOLDEN=1 (see support.ts) and review the diff.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, golden, ROOT } from './support.js';

describe('npm run demo', () => {
  const out = execFileSync(process.execPath, [join(ROOT, 'examples/village/demo.mjs')], { cwd: ROOT, env: cleanEnv(), encoding: 'utf8', timeout: 30_000 });

  it('labels each hand without a stray space before the colon', () => {
    expect(out).toContain('  elder_chat: holds');
    expect(out).not.toMatch(/\S :/);
  });

  it('says what a play changed in the world, and nothing when it changed nothing', () => {
    const plays = out.split('\n').filter((l) => l.startsWith('  played '));
    expect(plays).toEqual([
      '  played the_goblin from forest_path (goblin_returns_at 0 → 2)',
      '  played goblin_rumour from forest_path',
      '  played dark_path from forest_path',
      '  played dark_path from forest_path',
    ]);
  });

  it('prints the same transcript every time (golden)', () => {
    golden('demo/village.txt', out);
  });
});
