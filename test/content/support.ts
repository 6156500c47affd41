/**
 * Helpers for the publish tests.
 *
 * A content case is a folder under `test/fixtures/content/` holding content files (published as
 * a folder with `publish({ dir })`) and `expected.txt`: every diagnostic publish reports, one per
 * line, as `file:line:col-endLine:endCol severity code`, in publish's order. The list is exact, so
 * a spurious extra diagnostic fails the case as surely as a missing one.
 *
 * Re-record the goldens after a deliberate change, then review the diff before committing:
 *
 *     UPDATE_GOLDENS=1 npx vitest run --config test/vitest.config.ts test/lang test/content
 *     git diff test/fixtures
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Diagnostic } from '../../src/content/diagnostics.js';
import type { PublishResult } from '../../src/content/publish.js';

export const CONTENT_FIXTURES = fileURLToPath(new URL('../fixtures/content/', import.meta.url));
export const UPDATE = process.env.UPDATE_GOLDENS === '1';

/** One diagnostic as a line: where it starts and ends, its severity and its code. */
export function line(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col}-${d.endLine}:${d.endCol} ${d.severity} ${d.code}`;
}

/** Where a diagnostic starts, as `file:line:col code`: for tests written by hand. */
export function at(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col} ${d.code}`;
}

export function contentCases(): { name: string; dir: string }[] {
  return readdirSync(CONTENT_FIXTURES, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({ name: e.name, dir: join(CONTENT_FIXTURES, e.name) }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

export function expectedLines(dir: string): string[] {
  const file = join(dir, 'expected.txt');
  if (!existsSync(file)) throw new Error(`${file} is missing: record it with UPDATE_GOLDENS=1 and review it`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
}

/** Compares the result's diagnostics with the case's `expected.txt`, or writes it when re-recording. */
export function expectDiagnostics(dir: string, result: PublishResult): void {
  const actual = result.diagnostics.map(line);
  if (UPDATE) {
    writeFileSync(join(dir, 'expected.txt'), actual.map((l) => `${l}\n`).join(''));
    return;
  }
  expect(actual).toEqual(expectedLines(dir));
}

/** The start of every diagnostic, for compact assertions in hand-written tests. */
export function starts(result: PublishResult): string[] {
  return result.diagnostics.map(at);
}

/** `ok` must be false exactly when some diagnostic is an error: lints never fail a publish. */
export function expectOkMatchesSeverity(result: PublishResult): void {
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  expect(result.ok).toBe(errors === 0);
  expect(result.bundle === undefined).toBe(!result.ok);
}
