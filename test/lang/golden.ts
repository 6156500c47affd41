/**
 * The one helper behind the language's data-driven tests.
 *
 * A case is a folder under `test/fixtures/lang/`:
 * - `<case>/input.txt`: the text, used byte for byte (a final line break is part of the text);
 * - `<case>/mode` (optional): `effects` to parse as a card's effects; expression mode otherwise;
 * - `<case>/expected.json`: the golden: the statements with their spans for a valid case, or
 *   `{ code, span }` for a case under `_error_/`, which holds one error per case.
 *
 * Re-record every golden after a deliberate change, then review the diff before committing:
 *
 *     UPDATE_GOLDENS=1 npx vitest run --config test/vitest.config.ts test/lang
 *     git diff test/fixtures/lang
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nearley from 'nearley';
import { runGrammar } from '../../src/core/nearley.js';
import grammar from '../../src/lang/generated/expression.js';
import { tokenize, type ParseMode } from '../../src/lang/parse.js';
import { expectJsonGolden } from '../support/goldens.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/lang/', import.meta.url));

export interface LangCase {
  name: string;
  dir: string;
  input: string;
  mode: ParseMode;
}

/** Every case of one kind, sorted by name: `valid` (top level) or `error` (under `_error_/`). */
export function langCases(kind: 'valid' | 'error'): LangCase[] {
  const root = kind === 'valid' ? FIXTURES : join(FIXTURES, '_error_');
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_'))
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const dir = join(root, name);
      const modeFile = join(dir, 'mode');
      const mode = existsSync(modeFile) ? (readFileSync(modeFile, 'utf8').trim() as ParseMode) : 'expression';
      if (mode !== 'expression' && mode !== 'effects') throw new Error(`${dir}/mode must say "expression" or "effects"`);
      return { name, dir, input: readFileSync(join(dir, 'input.txt'), 'utf8'), mode };
    });
}

/** Compares `actual` with the case's `expected.json`, or writes it when re-recording. */
export function expectGolden(dir: string, actual: unknown): void {
  expectJsonGolden(join(dir, 'expected.json'), actual);
}

const compiled = nearley.Grammar.fromCompiled(grammar);

/**
 * Every parse nearley finds for a text, fed the same filtered tokens as `parse`. An unambiguous
 * grammar gives exactly one for every valid text. Throws when the text does not lex.
 */
export function allParses(source: string, mode: ParseMode): unknown[] {
  const lexed = tokenize(source, mode);
  if (!lexed.ok) throw new Error(`does not lex: ${lexed.problem.code} at ${lexed.problem.span.start}`);
  const run = runGrammar(compiled, lexed.tokens);
  if (!run.ok) throw new Error(`does not parse: stopped at token ${run.at}`);
  return run.results;
}

/** A tree without its positions, to compare trees parsed from different texts. */
export function withoutSpans<T>(tree: T): T {
  return JSON.parse(JSON.stringify(tree, (key, value: unknown) => (key === 'span' || key === 'nameSpan' ? undefined : value))) as T;
}
