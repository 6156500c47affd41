// Shared helpers for the card compiler's tests.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileScript } from '../../../src/mtg/cards/index.js';
import type { Card, Diagnostic } from '../../../src/mtg/cards/index.js';

export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
/**
 * A small folder laid out like Forge's (`cardsfolder/`, `tokenscripts/`), made per test process
 * from our own hand-written scripts in `fixtures/mini/scripts/`. The fixtures are kept under
 * another name so that nothing tracked by git is ever named like Forge's corpus.
 */
export const MINI = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'se-mini-cards-'));
  cpSync(`${FIXTURES}mini/scripts`, join(dir, 'cardsfolder'), { recursive: true });
  cpSync(`${FIXTURES}mini/tokenscripts`, join(dir, 'tokenscripts'), { recursive: true });
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
})();
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** Compiles script lines (joined with \n) and returns the card, failing the test if there is none. */
export function compile(lines: string[], file = 'test.txt'): { card: Card; diagnostics: Diagnostic[] } {
  const { card, diagnostics } = compileScript(file, lines.join('\n'));
  if (!card) throw new Error(`no card compiled: ${JSON.stringify(diagnostics)}`);
  return { card, diagnostics };
}

/** Code and line of each diagnostic: what tests assert, never the wording. */
export function codes(diagnostics: Diagnostic[]): Array<[string, number]> {
  return diagnostics.map((d) => [d.code, d.line]);
}
