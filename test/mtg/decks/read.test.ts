// The .dck reader on hand-written decks (test/mtg/decks/fixtures/, see support.ts), read against
// the starter registry; plus the file reader and a fast-check property (never throws).
import fc from 'fast-check';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDeckDiagnostic, readDeck, readDeckFile } from '../../../src/mtg/decks/index.js';
import { starterRegistry } from '../../../src/mtg/starter/index.js';
import { FIXTURES, deckCases, expectGolden, summary } from './support.js';

const registry = starterRegistry();

describe('decks with no error read to their golden', () => {
  for (const c of deckCases('valid')) {
    it(c.name, () => {
      const deck = readDeck(c.text, c.name, registry);
      expect(deck.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(deck.file).toBe(c.name);
      expectGolden(c.path, summary(deck));
    });
  }
});

describe('decks with one error give it, with its line', () => {
  for (const c of deckCases('error')) {
    it(c.name, () => {
      const deck = readDeck(c.text, c.name, registry);
      const errors = deck.diagnostics.filter((d) => d.severity === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.file).toBe(c.name);
      expectGolden(c.path, summary(deck));
    });
  }
});

describe('an unknown card', () => {
  it('is an error naming the deck file and line and the nearest known names', () => {
    const deck = readDeck('[metadata]\nName=X\n[Main]\n20 Mountain\n4 Lightnin Bolt\n', 'decks/x.dck', registry);
    expect(deck.diagnostics).toHaveLength(1);
    const d = deck.diagnostics[0]!;
    expect([d.code, d.severity, d.file, d.line, d.column]).toEqual(['deck/unknown-card', 'error', 'decks/x.dck', 5, 3]);
    expect(d.suggestions).toEqual(['Lightning Bolt']);
    expect(formatDeckDiagnostic(d)).toMatch(/^decks\/x\.dck:5:3 {2}error deck\/unknown-card {2}.*"Lightnin Bolt".*"Lightning Bolt"/);
    expect(deck.main).toHaveLength(20);
  });
});

describe('readDeckFile', () => {
  it('reads a deck from disk', () => {
    const deck = readDeckFile(join(FIXTURES, 'guide-example.dck'), registry);
    expect(deck.diagnostics).toEqual([]);
    expect(deck.main).toHaveLength(60);
  });

  it('turns a missing file into a diagnostic, not an exception', () => {
    const deck = readDeckFile(join(FIXTURES, 'no-such-deck.dck'), registry);
    expect(deck.diagnostics.map((d) => [d.code, d.severity])).toEqual([['deck/cannot-read', 'error']]);
    expect(deck.name).toBe('no-such-deck');
    expect(basename(deck.file)).toBe('no-such-deck.dck');
  });
});

describe('any text', () => {
  const pieces = [
    '[metadata]',
    '[Main]',
    '[sideboard]',
    '[x]',
    'Name=Q',
    '4 Shock',
    '1 Forest|LEA|2',
    '0 Shock',
    'x',
    '#c',
    '',
    '[',
    '7 ',
    '9999 Island',
    '1 Bolt+',
  ];
  it('never throws, and every diagnostic points at a line of the deck', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((p) => p.join('\n')),
        ),
        (text) => {
          const deck = readDeck(text, 'f.dck', registry);
          const lineCount = text.split(/\r\n|\n|\r/).length;
          for (const d of deck.diagnostics) {
            expect(d.line).toBeGreaterThanOrEqual(1);
            expect(d.line).toBeLessThanOrEqual(lineCount);
          }
          expect(deck.main.length + deck.sideboard.length + deck.commander.length).toBeLessThanOrEqual(10_000);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
