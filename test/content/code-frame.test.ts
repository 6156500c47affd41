// formatDiagnostic's code frame: the source line with a caret under the culprit, never wider than
// a screen. A one-line JSON file (a bundle read as content, a minified export) used to print
// itself whole under every diagnostic in it: 148 KB of output for ten unknown keys.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, MAX_FRAME_WIDTH, type Diagnostic } from '../../src/content/diagnostics.js';
import { publishFiles } from '../../src/content/publish.js';

/** The source line and the caret line of a formatted diagnostic, without their gutters. */
function frame(text: string): { code: string; caret: string } {
  const lines = text.split('\n');
  const cut = (l: string) => l.slice(l.indexOf('|') + 2);
  return { code: cut(lines[2]!), caret: cut(lines[3]!) };
}

const at = (line: number, col: number, endCol = col + 1): Diagnostic => ({
  code: 'content/unknown-key',
  number: 'SE007',
  severity: 'error',
  message: 'm',
  file: 'a.json',
  line,
  col,
  endLine: line,
  endCol,
});

describe('code frames', () => {
  it('a short line is shown whole, the caret under the culprit', () => {
    const { code, caret } = frame(formatDiagnostic(at(1, 5, 8), { 'a.json': 'abc defg hij' }));
    expect(code).toBe('abc defg hij');
    expect(caret).toBe('    ^^^');
  });

  it('a long line is cut around the culprit, with … on each cut side and the caret on the same character', () => {
    const line = Array.from({ length: 2_000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    for (const col of [1, 2, 31, 70, 100, 101, 500, 1_950, 1_999, 2_000, 2_001]) {
      const { code, caret } = frame(formatDiagnostic(at(1, col, col + 3), { 'a.json': line }));
      expect(code.length, `col ${col}`).toBeLessThanOrEqual(MAX_FRAME_WIDTH);
      const c = caret.indexOf('^');
      if (col <= line.length) expect(code[c], `col ${col}`).toBe(line[col - 1]);
      expect(code.startsWith('…')).toBe(col > 31);
      expect(code.endsWith('…')).toBe(col < 1_950);
    }
  });

  it('any line and any span: the frame fits a screen and the caret points at the culprit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_000 }), fc.nat(), fc.nat(40), (len, pick, span) => {
        const line = 'x'.repeat(len).replace(/x/g, (_, i: number) => String.fromCharCode(65 + (i % 26)));
        const col = (pick % (len + 1)) + 1;
        const { code, caret } = frame(formatDiagnostic(at(1, col, col + span), { 'a.json': line }));
        expect(code.length).toBeLessThanOrEqual(Math.max(MAX_FRAME_WIDTH, len));
        const c = caret.indexOf('^');
        if (col <= len) expect(code[c]).toBe(line[col - 1]);
        else expect(c).toBe(code.length);
        expect(caret.length).toBeLessThanOrEqual(code.length + 1);
      }),
    );
  });

  it('a bundle published as content: every frame is short, not the whole one-line file', () => {
    const content = 'world: { now: 0 }\nboxes:\n  b:\n    hands: { h: {} }\n    decks: { d: { cards: { c: { condition: "@world.now > 1" } } } }\n';
    const first = publishFiles({ 'content.yaml': content });
    const json = JSON.stringify(first.bundle);
    expect(json.length).toBeGreaterThan(500);
    const r = publishFiles({ 'content.yaml': content, 'bundle.json': json });
    const shown = r.diagnostics.filter((d) => d.file === 'bundle.json').map((d) => formatDiagnostic(d, r.sources));
    expect(shown.length).toBeGreaterThan(5);
    for (const s of shown) for (const l of s.split('\n')) expect(l.length).toBeLessThan(MAX_FRAME_WIDTH + 80);
  });
});
