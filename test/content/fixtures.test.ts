// Publish, case by case: test/fixtures/content/ (see support.ts for the layout and for the
// command that re-records the goldens).
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES, formatDiagnostic } from '../../src/content/diagnostics.js';
import { publish } from '../../src/node.js';
import { contentCases, expectDiagnostics, expectedLines, expectOkMatchesSeverity } from './support.js';

describe('content cases report exactly their golden diagnostics', () => {
  for (const c of contentCases()) {
    it(c.name, async () => {
      const r = await publish({ dir: c.dir });
      expectDiagnostics(c.dir, r);
      expectOkMatchesSeverity(r);
      for (const d of r.diagnostics) {
        expect(DIAGNOSTIC_CODES[d.code]).toMatchObject({ number: d.number, severity: d.severity });
        expect(d.message.length).toBeGreaterThan(0);
        // Every diagnostic can be shown with its code frame.
        expect(formatDiagnostic(d, r.sources)).toContain(`${d.file}:${d.line}:${d.col}`);
      }
    });
  }
});

/**
 * Codes publish cannot produce from content files, and why. Each still has a test of its code and
 * span at the level that can produce it.
 */
const NOT_FROM_FILES: Record<string, string> = {
  // publish gives every expression a @hand scope (test/lang/check.test.ts covers the checker).
  'lang/hand-in-world-only': 'unreachable from publish today',
  // These need input that a fixture folder cannot hold sensibly; robustness.test.ts asserts
  // their codes and positions.
  'content/not-text': 'binary input',
  'content/file-too-large': 'a 5 MB file',
  'lang/too-long': 'a 10,001-character condition',
};

describe('every diagnostic code', () => {
  it('has a content case with its exact position, or is listed with its reason', () => {
    const covered = new Set(contentCases().flatMap((c) => expectedLines(c.dir).map((l) => l.split(' ')[2])));
    const missing = Object.keys(DIAGNOSTIC_CODES).filter((code) => !covered.has(code) && !(code in NOT_FROM_FILES));
    expect(missing).toEqual([]);
  });

  it('has a unique number, and lints are exactly the warnings', () => {
    const numbers = Object.values(DIAGNOSTIC_CODES).map((c) => c.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const [code, { number, severity }] of Object.entries(DIAGNOSTIC_CODES)) {
      expect(severity).toBe(code.startsWith('lint/') ? 'warning' : 'error');
      expect(number).toMatch(severity === 'warning' ? /^SW\d{3}$/ : /^SE\d{3}$/);
    }
  });
});
