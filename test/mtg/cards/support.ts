// Shared helpers for the card compiler's tests.
import { fileURLToPath } from 'node:url';
import { compileScript } from '../../../src/mtg/cards/index.js';
import type { Card, Diagnostic } from '../../../src/mtg/cards/index.js';

export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const MINI = `${FIXTURES}mini`;
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
/** The shared Forge corpus (GPL-3.0, never committed), when this checkout has it. */
export const SHARED_FORGE = fileURLToPath(new URL('../../../../shared/forge/', import.meta.url));

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
