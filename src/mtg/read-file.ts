/**
 * Reading a file an author named, for the deck and puzzle readers: they never throw on a path, so a
 * file that is missing or cannot be read becomes their `…/cannot-read` diagnostic at line 1.
 */
import { readFileSync } from 'node:fs';
import type { Diagnostic } from './cards/index.js';

/**
 * The file's text, or the diagnostic saying why it cannot be read.
 *
 * @example
 * ```ts
 * const read = readTextOrDiagnose('decks/nosuch.dck', 'deck/cannot-read', 'deck');
 * 'diagnostic' in read && read.diagnostic.message; // 'cannot read the deck: no such file'
 * ```
 */
export function readTextOrDiagnose<Code extends string>(path: string, code: Code, what: string): { text: string } | { diagnostic: Diagnostic<Code> } {
  try {
    return { text: readFileSync(path, 'utf8') };
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String((error as Error).message ?? error);
    return { diagnostic: { code, severity: 'error', file: path, line: 1, column: 1, message: `cannot read the ${what}: ${reason}` } };
  }
}
