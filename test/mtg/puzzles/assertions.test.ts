// The assertion language, line by line: test/mtg/puzzles/fixtures/assertions/valid.txt (each line
// with its golden parse, and exactly one parse) and invalid.txt (each line with its golden code
// and column); properties: a formatted assertion parses back to itself with one parse, keywords
// are case-insensitive, and no text makes the parser throw.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COMPARISONS,
  assertionParses,
  formatAssertion,
  parseAssertion,
  type Assertion,
  type AssertZone,
  type Predicate,
  type Scope,
} from '../../../src/mtg/puzzles/index.js';
import { FIXTURES, expectGolden } from './support.js';

const DIR = join(FIXTURES, 'assertions');
const lines = (file: string): string[] =>
  readFileSync(join(DIR, file), 'utf8')
    .split('\n')
    .filter((l) => l !== '');

describe('valid assertions parse to their golden, with exactly one parse', () => {
  const valid = lines('valid.txt');
  it('every line', () => {
    const out = valid.map((line, i) => {
      const r = parseAssertion(line, { line: i + 1, column: 1 });
      expect(r.problem, line).toBeUndefined();
      expect(assertionParses(line), line).toHaveLength(1);
      const a = r.assertion!;
      return { line, text: a.text, negated: a.negated, scope: a.scope ?? null, predicate: a.predicate, column: a.column };
    });
    expectGolden(join(DIR, 'valid.json'), out);
  });

  it('names keep their words and punctuation and may hold keywords and numbers', () => {
    expect(parseAssertion('exile contains Fire // Ice').assertion?.predicate).toEqual({ kind: 'zone-contains', zone: 'exile', name: 'Fire // Ice' });
    expect(parseAssertion('hand contains  Game   of Chaos').assertion?.predicate).toEqual({ kind: 'zone-contains', zone: 'hand', name: 'Game of Chaos' });
    expect(parseAssertion('battlefield contains 1996 World Champion').assertion?.predicate).toEqual({
      kind: 'zone-contains',
      zone: 'battlefield',
      name: '1996 World Champion',
    });
  });

  it('the event predicates take an optional name', () => {
    expect(parseAssertion('spell cast').assertion?.predicate).toEqual({ kind: 'spell-cast' });
    expect(parseAssertion('creature died Grizzly Bears').assertion?.predicate).toEqual({ kind: 'creature-died', name: 'Grizzly Bears' });
  });

  it("positions are the file's: the assertion starts where its first word is", () => {
    const r = parseAssertion('NOT game lost', { line: 12, column: 3 });
    expect([r.assertion!.line, r.assertion!.column]).toEqual([12, 3]);
  });
});

describe('invalid assertions give one problem with its code and column', () => {
  it('every line', () => {
    const out = lines('invalid.txt').map((line) => {
      const r = parseAssertion(line, { line: 1, column: 1 });
      expect(r.assertion, line).toBeUndefined();
      expect(r.problem!.message.length).toBeGreaterThan(0);
      return { line, code: r.problem!.code, column: r.problem!.column };
    });
    expectGolden(join(DIR, 'invalid.json'), out);
  });

  it('a misspelt keyword gets a did-you-mean', () => {
    expect(parseAssertion('lfe eq 3').problem?.message).toContain('did you mean life?');
    expect(parseAssertion('graveyard cont 3').problem?.message).toContain('did you mean count?');
  });
});

// Random assertions: names are drawn from words that include the language's own keywords,
// numbers and punctuation, since a name runs to the end of the line whatever it holds.
const nameWord = fc.constantFrom(
  'Lightning',
  'Bolt',
  'game',
  'won',
  'Life',
  'contains',
  'top',
  '12',
  '-3',
  'of',
  '//',
  "Man-o'-War",
  'NOT',
  'me',
  'eq',
  'Æther',
);
const name = fc.array(nameWord, { minLength: 1, maxLength: 5 }).map((ws) => ws.join(' '));
const cmp = fc.constantFrom(...COMPARISONS);
const int = fc.integer({ min: -1_000_000, max: 1_000_000 });
const zone = fc.constantFrom<AssertZone>('hand', 'battlefield', 'graveyard', 'library', 'exile', 'command');
const predicate: fc.Arbitrary<Predicate> = fc.oneof(
  fc.record({ kind: fc.constant('life' as const), cmp, value: int }),
  fc.record({ kind: fc.constant('life-gained' as const), cmp, value: int }),
  fc.record({ kind: fc.constant('zone-count' as const), zone, cmp, value: int }),
  fc.record({ kind: fc.constant('zone-contains' as const), zone, name }),
  fc.record({ kind: fc.constant('library-top' as const), count: fc.integer({ min: 1, max: 1_000_000 }), name }),
  fc.record({ kind: fc.constant('game' as const), result: fc.constantFrom('won' as const, 'lost' as const, 'ended' as const) }),
  fc.record({ kind: fc.constant('turn' as const), cmp, value: int }),
  fc.record({ kind: fc.constantFrom('trigger-fired' as const, 'spell-cast' as const, 'creature-died' as const), name: name }, { requiredKeys: ['kind'] }),
);
const assertion = fc.record({ negated: fc.boolean(), scope: fc.option(fc.constantFrom<Scope>('me', 'opponent'), { nil: undefined }), predicate });

describe('properties', () => {
  it('a formatted assertion parses back to itself, with exactly one parse', () => {
    fc.assert(
      fc.property(assertion, (a) => {
        const clean = { negated: a.negated, ...(a.scope ? { scope: a.scope } : {}), predicate: a.predicate } as Pick<
          Assertion,
          'negated' | 'scope' | 'predicate'
        >;
        const text = formatAssertion(clean);
        const r = parseAssertion(text);
        expect(r.problem).toBeUndefined();
        expect({ negated: r.assertion!.negated, scope: r.assertion!.scope, predicate: r.assertion!.predicate }).toEqual({ scope: undefined, ...clean });
        expect(r.assertion!.text).toBe(text);
        expect(assertionParses(text)).toHaveLength(1);
      }),
      { numRuns: 500 },
    );
  });

  it('keywords are case-insensitive and blanks do not matter', () => {
    const shout = (text: string, caps: boolean[], gaps: string[]) =>
      text
        .split(' ')
        .map((w, i) => (caps[i % caps.length] ? w.toUpperCase() : w))
        .join(gaps[0] ?? ' ');
    fc.assert(
      fc.property(assertion, fc.array(fc.boolean(), { minLength: 1 }), fc.constantFrom(' ', '  ', '\t', ' \t '), (a, caps, gap) => {
        const clean = { negated: a.negated, ...(a.scope ? { scope: a.scope } : {}), predicate: a.predicate };
        const text = formatAssertion(clean);
        const r = parseAssertion(`  ${shout(text, caps, [gap])}  `);
        expect(r.problem).toBeUndefined();
        // Only the name's case may differ; the canonical text is the same ignoring case.
        expect(r.assertion!.text.toLowerCase()).toBe(text.toLowerCase());
      }),
      { numRuns: 300 },
    );
  });

  it('never throws, and a problem always points inside the line', () => {
    const word = fc.oneof(
      fc.constantFrom(
        'NOT',
        'me',
        'life',
        'gained',
        'hand',
        'count',
        'contains',
        'library',
        'top',
        'eq',
        'game',
        'won',
        'spell',
        'cast',
        '#',
        '3',
        '-1',
        '99999999999',
      ),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 8 }).map((ws) => ws.join(' ')),
        (text) => {
          const r = parseAssertion(text, { line: 1, column: 1 });
          expect(Boolean(r.assertion) !== Boolean(r.problem)).toBe(true);
          if (r.problem) {
            expect(r.problem.column).toBeGreaterThanOrEqual(1);
            expect(r.problem.column).toBeLessThanOrEqual(text.length + 1);
          } else {
            expect(assertionParses(text)).toHaveLength(1);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
