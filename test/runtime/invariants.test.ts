// docs/architecture.md: "Architecture invariant: the runtime never imports the parser" and "the
// runtime path is browser-safe". Walks every module reachable from src/runtime/index.ts.
import { describe, expect, it } from 'vitest';
import { reach } from '../support/imports.js';

describe("the runtime's imports", () => {
  const { files: modules, packages } = reach('src/runtime/index.ts');

  it('never reach the parser, the checker, publish or their libraries', () => {
    for (const banned of ['src/lang/parse.ts', 'src/lang/check.ts', 'src/lang/lexer.ts', 'src/content/publish.ts', 'src/content/source.ts']) {
      expect(modules).not.toContain(banned);
    }
    for (const banned of ['nearley', 'moo', 'yaml', 'js-yaml']) expect(packages).not.toContain(banned);
  });

  it('use only browser-safe packages (no node: built-ins)', () => {
    expect(packages).toEqual(['eventemitter3', 'seedrandom']);
  });
});
