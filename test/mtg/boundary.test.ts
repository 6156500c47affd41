// docs/architecture.md: "Architecture invariant: the Magic game depends on the SDK, never the
// reverse". The SDK core knows nothing of Magic: no file outside src/mtg/ names a module inside it
// (not even for a type, nor on demand); and src/mtg/ reaches the rest of src/ only through the
// SDK's public entries and src/core/.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, importsOf, repoPath, resolveImport, sourceFiles } from '../support/imports.js';

const MTG = join(REPO, 'src/mtg') + '/';
// What src/mtg/ may import from the rest of src/: the SDK's public entries and src/core/.
const PUBLIC_ENTRIES = ['src/index.ts', 'src/runtime/index.ts', 'src/table/index.ts'].map((f) => join(REPO, f));
const CORE = join(REPO, 'src/core') + '/';

describe('the Magic side is a client of the SDK', () => {
  it('nothing outside src/mtg/ imports from it', () => {
    const bad: string[] = [];
    for (const file of sourceFiles('src').filter((f) => !f.startsWith(MTG))) {
      for (const { spec, kind } of importsOf(file)) {
        const target = resolveImport(file, spec);
        if ((target && target.startsWith(MTG)) || spec === 'storyletengine/mtg') bad.push(`${repoPath(file)} → ${spec} (${kind})`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('src/mtg/ reaches the rest of src/ only through the public entries and src/core/', () => {
    const bad: string[] = [];
    for (const file of sourceFiles('src/mtg')) {
      for (const { spec } of importsOf(file)) {
        const target = resolveImport(file, spec);
        if (!target || target.startsWith(MTG) || target.startsWith(CORE) || PUBLIC_ENTRIES.includes(target)) continue;
        bad.push(`${repoPath(file)} → ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the walker sees imports of every kind (so an empty list above is not an empty walk)', () => {
    const kinds = new Set(sourceFiles('src').flatMap((f) => importsOf(f).map((i) => i.kind)));
    expect([...kinds].sort()).toEqual(['dynamic', 'static', 'type']);
    expect(sourceFiles('src/mtg').length).toBeGreaterThan(100);
  });
});
