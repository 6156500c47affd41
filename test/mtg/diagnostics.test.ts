// One diagnostic concept for the Magic side (issue 13): the card compiler, the .dck reader and the
// .pzl reader share one Diagnostic type, one format, one sink and one read-or-diagnose helper.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../src/mtg/cards/diagnostics.js';
import { compileScript, formatDiagnostic, type Diagnostic } from '../../src/mtg/cards/index.js';
import { formatDeckDiagnostic, readDeckFile, type DeckDiagnostic } from '../../src/mtg/decks/index.js';
import { formatPuzzleDiagnostic, readPuzzleFile, type PuzzleDiagnostic } from '../../src/mtg/puzzles/index.js';
import { starterRegistry } from '../../src/mtg/starter/index.js';
import { sourceFiles } from '../support/imports.js';

const registry = starterRegistry();

describe('one diagnostic concept for cards, decks and puzzles', () => {
  it('formats every kind with the one function (the old names are that function)', () => {
    expect(formatDeckDiagnostic).toBe(formatDiagnostic);
    expect(formatPuzzleDiagnostic).toBe(formatDiagnostic);
    const card = compileScript('t/x.txt', 'Name:X\nTypes:Creature\nNoSuchField:1\n').diagnostics;
    const all: Diagnostic<string>[] = [...card, readDeckFile('nosuch.dck', registry).diagnostics[0]!, readPuzzleFile('nosuch.pzl', registry).diagnostics[0]!];
    expect(all.map(formatDiagnostic).slice(-2)).toEqual([
      'nosuch.dck:1:1  error deck/cannot-read  cannot read the deck: no such file',
      'nosuch.pzl:1:1  error puzzle/cannot-read  cannot read the puzzle: no such file',
    ]);
    expect(card.length).toBeGreaterThan(0);
  });

  it('reads a file or says why it cannot, alike for decks and puzzles', () => {
    const deck: DeckDiagnostic[] = readDeckFile('decks/gone.dck', registry).diagnostics;
    const puzzle: PuzzleDiagnostic[] = readPuzzleFile('puzzles/gone.pzl', registry).diagnostics;
    expect(deck).toEqual([
      { code: 'deck/cannot-read', severity: 'error', file: 'decks/gone.dck', line: 1, column: 1, message: 'cannot read the deck: no such file' },
    ]);
    expect(puzzle).toEqual([
      { code: 'puzzle/cannot-read', severity: 'error', file: 'puzzles/gone.pzl', line: 1, column: 1, message: 'cannot read the puzzle: no such file' },
    ]);
    // A folder is not a file either: the reason is the system's, still a diagnostic.
    expect(readDeckFile(join('test', 'mtg'), registry).diagnostics.map((d) => d.code)).toEqual(['deck/cannot-read']);
  });

  it('one sink: add keeps suggestions as given (a deck says "none near"), error only when there are some', () => {
    const sink = new DiagnosticSink<'x/a' | 'x/b'>('f.txt');
    sink.add('x/a', 'error', 1, 2, 'm', []);
    sink.error('x/b', { line: 3, column: 4 }, 'n', []);
    sink.warn('x/b', { line: 5, column: 6 }, 'o');
    expect(sink.items).toEqual([
      { code: 'x/a', severity: 'error', file: 'f.txt', line: 1, column: 2, message: 'm', suggestions: [] },
      { code: 'x/b', severity: 'error', file: 'f.txt', line: 3, column: 4, message: 'n' },
      { code: 'x/b', severity: 'warning', file: 'f.txt', line: 5, column: 6, message: 'o' },
    ]);
  });

  it('src/mtg/ defines the sink, the format and the file reading once', () => {
    const texts = sourceFiles('src/mtg').map((f) => readFileSync(f, 'utf8'));
    const count = (re: RegExp) => texts.reduce((n, t) => n + (t.match(re)?.length ?? 0), 0);
    expect(count(/\bclass DiagnosticSink\b/g)).toBe(1);
    expect(count(/`\$\{d\.file\}:\$\{d\.line\}:\$\{d\.column\}/g)).toBe(1);
    expect(count(/cannot read the \$\{/g)).toBe(1);
  });
});
