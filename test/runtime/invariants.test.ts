// docs/architecture.md: "Architecture invariant: the runtime never imports the parser" and "the
// runtime path is browser-safe". Walks every module reachable from src/runtime/index.ts.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');
// Statements at the start of a line only: TSDoc examples (` * import ...`) are not imports.
const IMPORT = /^(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function reachable(entry: string): { modules: string[]; packages: Set<string> } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1]!;
      // Type-only imports vanish at build time; they cannot pull code into the runtime.
      if (/^\s*(?:import|export)\s+type\s/.test(m[0])) continue;
      if (spec.startsWith('.')) stack.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.add(spec);
    }
  }
  return { modules: [...seen].map((f) => relative(ROOT, f)).sort(), packages };
}

describe('the runtime\'s imports', () => {
  const { modules, packages } = reachable(resolve(ROOT, 'src/runtime/index.ts'));

  it('never reach the parser, the checker, publish or their libraries', () => {
    for (const banned of ['src/lang/parse.ts', 'src/lang/check.ts', 'src/lang/lexer.ts', 'src/content/publish.ts', 'src/content/source.ts']) {
      expect(modules).not.toContain(banned);
    }
    for (const banned of ['nearley', 'moo', 'yaml', 'js-yaml']) expect(packages).not.toContain(banned);
  });

  it('use only browser-safe packages (no node: built-ins)', () => {
    expect([...packages].sort()).toEqual(['eventemitter3', 'seedrandom']);
  });
});
