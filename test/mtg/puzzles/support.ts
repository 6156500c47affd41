/**
 * Helpers behind the puzzle tests.
 *
 * Fixtures are `.pzl` files in `test/mtg/puzzles/fixtures/` (puzzles with no error) and
 * `fixtures/_error_/` (one error each), read against the starter registry plus one token script
 * of our own (below); each has a golden `<puzzle>.json` beside it: what was read and the
 * diagnostics (codes and positions, never messages). Assertion lines are in
 * `fixtures/assertions/valid.txt` and `invalid.txt`, with goldens beside them. Re-record after a
 * deliberate change, then review the diff:
 *
 *     UPDATE_GOLDENS=1 npx vitest run --config test/vitest.config.ts test/mtg/puzzles
 *     git diff test/mtg/puzzles/fixtures
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectJsonGolden, extractArchive } from '../../support/goldens.js';
import { compileScript, createCardRegistry, type CardRegistry } from '../../../src/mtg/cards/index.js';
import type { Puzzle } from '../../../src/mtg/puzzles/index.js';
import { compileStarterCards } from '../../../src/mtg/starter/index.js';

export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export { UPDATE_GOLDENS as UPDATE } from '../../support/goldens.js';

/**
 * The starter cards and one made-up token script (`w_1_1_test_wisp`, "Test Wisp"), so fixtures
 * can name token scripts. Script lines are array items, so this file is not shaped like a card
 * script (the licence boundary test looks for `Name:` at the start of a line).
 */
export function testRegistry(): CardRegistry {
  const lines = ['Name:Test Wisp', 'ManaCost:no cost', 'Colors:white', 'Types:Creature Spirit', 'PT:1/1', 'K:Flying'];
  const { card } = compileScript('w_1_1_test_wisp.txt', lines.join('\n'), { token: true });
  if (!card) throw new Error('the test token did not compile');
  return createCardRegistry({ cards: compileStarterCards().cards, tokens: [card] });
}

/** The `.pzl` fixtures of one kind, sorted. */
export function puzzleCases(kind: 'valid' | 'error'): Array<{ name: string; path: string; text: string }> {
  const dir = kind === 'valid' ? FIXTURES : join(FIXTURES, '_error_');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pzl'))
    .sort()
    .map((f) => ({ name: f, path: join(dir, f), text: readFileSync(join(dir, f), 'utf8') }));
}

/** What a golden records of a puzzle: everything read, and diagnostics without their wording. */
export function summary(p: Puzzle): unknown {
  return {
    name: p.name,
    metadata: p.metadata,
    ...(p.goal ? { goal: p.goal } : {}),
    state: p.state,
    scripts: p.scripts,
    assertions: p.assertions.map((a) => [a.text, a.origin, a.line, a.column]),
    sections: p.sections,
    diagnostics: p.diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      line: d.line,
      column: d.column,
      ...(d.suggestions ? { suggestions: d.suggestions } : {}),
    })),
  };
}

/** Compares with the golden `file`, or writes it when re-recording. */
export function expectGolden(file: string, actual: unknown): void {
  expectJsonGolden(file, actual);
}

/**
 * Unpacks an archive's `.pzl` files into `dest` (under the git-ignored `.corpus/`), each written
 * to a temporary name and renamed, so that another process unpacking the same archive at the
 * same time never sees half a file. Returns the puzzles' paths relative to `dest`, sorted.
 */
export function extractPuzzles(archive: string, dest: string): string[] {
  return extractArchive(archive, dest, '.pzl');
}
