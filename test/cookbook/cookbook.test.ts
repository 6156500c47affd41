// Issue 22: every cookbook pattern runs, prints what the cookbook shows, and the cookbook's blocks
// are the examples' own files. A pattern's script asserts what the pattern promises, so a failing
// assert fails here. Re-record with `npm run docs:cookbook` (after `npm run build`), and review the
// diff. `npm test` builds dist/ first; on its own, run `npm run build` before this file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script (no types); its exports are used as documented there.
import { DOC, ROOT, embed, embedded, patternFiles, patterns, runPattern } from '../../examples/cookbook/record.mjs';

const NAMES = patterns() as string[];
const doc = readFileSync(DOC, 'utf8');
const blocks = embedded(doc) as { path: string; line: number; text: string }[];

describe('docs/cookbook.md', () => {
  it('covers every pattern the issue lists, each with its content, script and output', () => {
    expect(NAMES).toEqual([
      'explain-missing',
      'golden-tickets',
      'haunting',
      'no-specificity',
      'npc-template',
      'one-shot',
      'priority-expression',
      'rumour',
      'simulate',
      'world-timer',
    ]);
    const shown = blocks.map((b) => b.path);
    for (const name of NAMES)
      for (const f of patternFiles(name) as string[]) {
        expect(existsSync(join(ROOT, f)), f).toBe(true);
        expect(shown, `docs/cookbook.md embeds ${f}`).toContain(f);
      }
  });

  it('embeds each file byte for byte (npm run docs:cookbook rewrites them)', () => {
    for (const b of blocks) expect(b.text, `docs/cookbook.md:${b.line} is ${b.path}`).toBe(readFileSync(join(ROOT, b.path), 'utf8'));
    expect(embed(doc)).toBe(doc);
  });
});

describe('the cookbook patterns', () => {
  // Two at a time: each is a Node process of its own.
  const runs = new Map<string, Promise<string>>();
  const queue = [...NAMES];
  const next = (): Promise<void> | undefined => {
    const name = queue.shift();
    if (!name) return undefined;
    const p = runPattern(name) as Promise<string>;
    runs.set(name, p);
    return p.then(next, next);
  };
  for (const name of NAMES) {
    it(`${name}: the script passes its asserts and prints output.txt`, async () => {
      if (runs.size === 0) void Promise.all([next(), next()]);
      while (!runs.has(name)) await new Promise((ok) => setTimeout(ok, 20));
      const out = await runs.get(name)!;
      expect(out).toBe(readFileSync(join(ROOT, `examples/cookbook/${name}/output.txt`), 'utf8'));
    }, 60_000);
  }
});
