// Bad input never throws: every file below comes back as diagnostics with a position and
// `ok: false`, quickly, without an exception escaping publish.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES } from '../../src/content/diagnostics.js';
import { publishFiles, type PublishResult } from '../../src/content/publish.js';
import { publish } from '../../src/node.js';
import { expectOkMatchesSeverity, starts } from './support.js';

/** A card whose condition is `text`, in a file where it is line 8, starting at column 26. */
const withCondition = (text: string) => `world: { x: 0 }
boxes:
  b:
    hands: { h: {} }
    decks:
      d:
        cards:
          c: { condition: "${text}" }
`;
const CONDITION_AT = 'a.yaml:8:28';

function expectWellFormed(r: PublishResult, names: string[]): void {
  expectOkMatchesSeverity(r);
  for (const d of r.diagnostics) {
    expect(DIAGNOSTIC_CODES[d.code]).toBeDefined();
    expect(d.line).toBeGreaterThanOrEqual(1);
    expect(d.col).toBeGreaterThanOrEqual(1);
    expect(d.endLine * 1e6 + d.endCol).toBeGreaterThanOrEqual(d.line * 1e6 + d.col);
    expect([...names, '(content)']).toContain(d.file);
  }
}

describe('files that are not content', () => {
  it('a 5 MB file is refused as too large, at its start', () => {
    const big = `# ${'x'.repeat(5 * 1024 * 1024)}\n`;
    expect(starts(publishFiles({ 'a.yaml': big }))).toEqual(['a.yaml:1:1 content/file-too-large']);
    const bytes = new TextEncoder().encode(big);
    const r = publishFiles({ 'a.yaml': bytes });
    expect(starts(r)).toEqual(['a.yaml:1:1 content/file-too-large']);
    expect(r.ok).toBe(false);
  });

  it('a 5 MB file does not hide the problems of the other files', () => {
    // An error in b.yaml, not a lint: the whole-content lints wait until every file is read.
    const r = publishFiles({ 'a.yaml': 'x'.repeat(5 * 1024 * 1024), 'b.yaml': 'world: { now: [0] }\n' });
    expect(starts(r)).toEqual(['a.yaml:1:1 content/file-too-large', 'b.yaml:1:15 content/type']);
  });

  it('random bytes that are not UTF-8 are not text', () => {
    // A fixed, deterministic byte soup with bytes (0xC3 0x28, 0xFF) that UTF-8 never allows.
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    const r = publishFiles({ 'noise.yaml': bytes });
    expect(starts(r)).toEqual(['noise.yaml:1:1 content/not-text']);
    expect(r.ok).toBe(false);
  });

  it('a NUL byte makes a file binary, reported where the NUL is', () => {
    expect(starts(publishFiles({ 'a.yaml': 'world:\n  x: 1\u0000\n' }))).toEqual(['a.yaml:2:7 content/not-text']);
    expect(starts(publishFiles({ 'a.yaml': new Uint8Array([0x77, 0x3a, 0x0a, 0x00]) }))).toEqual(['a.yaml:2:1 content/not-text']);
  });

  it('any bytes at all give diagnostics, never an exception', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expectWellFormed(publishFiles({ 'a.yaml': bytes }), ['a.yaml']);
      }),
      { numRuns: 300 },
    );
  });

  it('any text at all gives diagnostics, never an exception', () => {
    const yamlish = fc
      .array(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 8 }),
          fc.constantFrom(
            '\n',
            '  ',
            ': ',
            '- ',
            '[',
            ']',
            '{',
            '}',
            ',',
            '"',
            "'",
            '#',
            '|',
            '>',
            '&a ',
            '*a',
            '? ',
            '---',
            '\t',
            'boxes:',
            'world:',
            'cards:',
            'condition: ',
            '@hand.x',
            '@world.y',
          ),
        ),
        { maxLength: 40 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(yamlish, (text) => {
        expectWellFormed(publishFiles({ 'a.yaml': text }), ['a.yaml']);
      }),
      { numRuns: 500 },
    );
  });
});

describe('files just under the size limit', () => {
  const deck = (n: number) =>
    `boxes:\n  b:\n    hands: { h: {} }\n    decks:\n      d:\n        cards:\n${Array.from({ length: n }, (_, i) => `          c${i}: {}`).join('\n')}\n`;

  it('190,000 cards in one deck of one file publish, without overflowing the stack', () => {
    const text = deck(190_000);
    expect(text.length).toBeGreaterThan(3_900_000);
    const r = publishFiles({ 'a.yaml': text });
    expect(starts(r)).toEqual([]);
    expect(r.bundle?.cards).toHaveLength(190_000);
  });

  it('an unknown bare word next to a ladder of 200,000 stages is reported, not thrown', () => {
    const stages = Array.from({ length: 200_000 }, (_, i) => `s${i}`).join(', ');
    const text = `qualities:\n  q: [${stages}]\nboxes:\n  b:\n    hands: { h: {} }\n    decks:\n      d:\n        cards:\n          c: { condition: "nope" }\n`;
    expect(starts(publishFiles({ 'a.yaml': text }))).toEqual(['a.yaml:9:28 lang/unknown-name']);
  });
});

describe('nesting', () => {
  it('10,000 nested [ in a YAML file are too deep, not a stack overflow', () => {
    const r = publishFiles({ 'a.yaml': `x: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n` });
    // At the bracket where the nesting passes the reader's limit of 100 levels.
    expect(starts(r)).toEqual(['a.yaml:1:103 content/too-deep']);
    expect(r.ok).toBe(false);
  });

  it('10,000 unclosed [ and deeply nested blocks are too deep as well', () => {
    expect(publishFiles({ 'a.yaml': '['.repeat(10_000) }).diagnostics.map((d) => d.code)).toEqual(['content/too-deep']);
    const blocks = Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i)}a:`).join('\n');
    expect(starts(publishFiles({ 'a.yaml': `${blocks} 1\n` }))).toEqual(['a.yaml:100:100 content/too-deep']);
  });

  it('YAML nested as deep as content plausibly goes is read', () => {
    const data = `${'{a: '.repeat(60)}1${'}'.repeat(60)}`;
    const r = publishFiles({ 'a.yaml': `boxes:\n  b:\n    hands: { h: {} }\n    decks:\n      d:\n        cards:\n          c: { data: ${data} }\n` });
    expect(starts(r)).toEqual([]);
  });

  it('a condition of 10,000 nested parentheses is too long, at the start of the condition', () => {
    const r = publishFiles({ 'a.yaml': withCondition(`${'('.repeat(10_000)}@world.x > 1${')'.repeat(10_000)}`) });
    expect(starts(r)).toEqual([`${CONDITION_AT} lang/too-long`]);
  });

  it('a condition of 4,000 nested parentheses is too deep, at the 65th', () => {
    const r = publishFiles({ 'a.yaml': withCondition(`${'('.repeat(4_000)}@world.x > 1${')'.repeat(4_000)}`) });
    expect(starts(r)).toEqual(['a.yaml:8:92 lang/too-deep']);
  });

  it('a condition that chains 2,400 operators is too deep, not a stack overflow', () => {
    const r = publishFiles({ 'a.yaml': withCondition(`@world.x${' + 1'.repeat(2_400)} > 1`) });
    expect(r.diagnostics.map((d) => d.code)).toEqual(['lang/too-deep']);
    expect(r.diagnostics[0]).toMatchObject({ file: 'a.yaml', line: 8 });
  });

  it('an effect of 9,000 unary minus signs is too deep', () => {
    const r = publishFiles({ 'a.yaml': withCondition('@world.x > 0').replace('{ condition', `{ effects: ["@world.x = ${'-'.repeat(9_000)}1"], condition`) });
    expect(r.diagnostics.map((d) => d.code)).toEqual(['lang/too-deep']);
  });

  it('a condition of 10,001 characters is too long', () => {
    const r = publishFiles({ 'a.yaml': withCondition(`@world.x > 1${' '.repeat(9_990)}`) });
    expect(starts(r)).toEqual([`${CONDITION_AT} lang/too-long`]);
  });
});

describe('aliases and numbers that JSON cannot hold', () => {
  const card = (data: string) => `boxes:\n  b:\n    hands: { h: {} }\n    decks:\n      d:\n        cards:\n          c:\n            data:\n${data}`;

  it("a card's data that expands through aliases to billions of values is refused quickly", () => {
    const lines = ['              l0: &l0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 10; i++)
      lines.push(
        `              l${i}: &l${i} [${Array(10)
          .fill(`*l${i - 1}`)
          .join(', ')}]`,
      );
    const text = card(`${lines.join('\n')}\n`);
    expect(text.length).toBeLessThan(1_000);
    const started = performance.now();
    const r = publishFiles({ 'a.yaml': text });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(r.ok).toBe(false);
    expect(starts(r)).toEqual(['a.yaml:9:15 content/file-too-large']);
  });

  it('a little reuse through aliases is fine', () => {
    const r = publishFiles({ 'a.yaml': card('              base: &b { art: x.png, size: [1, 2] }\n              again: *b\n') });
    expect(r.ok).toBe(true);
    expect(r.bundle?.cards[0]?.data).toEqual({ base: { art: 'x.png', size: [1, 2] }, again: { art: 'x.png', size: [1, 2] } });
  });

  it('an alias inside the value it names (data: &x { me: *x }) is refused at the alias, not a stack overflow', () => {
    const r = publishFiles({ 'a.yaml': card('              me: &x { again: *x }\n') });
    expect(starts(r)).toEqual(['a.yaml:9:31 content/type']);
    const whole = publishFiles({
      'a.yaml': 'boxes:\n  b:\n    hands: { h: {} }\n    decks:\n      d:\n        cards:\n          c: { data: &x { me: *x } }\n',
    });
    expect(starts(whole)).toEqual(['a.yaml:7:31 content/type']);
    // Deeper: the alias names a list that holds a map that holds the alias.
    const deep = publishFiles({ 'a.yaml': card('              l: &l [1, { m: [2, *l] }]\n              fine: *l\n') });
    expect(deep.ok).toBe(false);
    expect(deep.diagnostics.every((d) => d.code === 'content/type')).toBe(true);
  });

  it('an alias of a self-containing value given to any other key is refused, not thrown', () => {
    const keys = ['condition', 'priority', 'copies', 'shared', 'sharedCopies', 'redraw', 'effects', 'title', 'text', 'tags'];
    for (const key of keys) {
      const text = `boxes:\n  b:\n    hands: { h: {} }\n    decks:\n      d:\n        cards:\n          c: &x { ${key}: *x }\n`;
      const r = publishFiles({ 'a.yaml': text });
      expectWellFormed(r, ['a.yaml']);
      expect(r.ok, key).toBe(false);
    }
  });

  it('a map given through an alias to slots or a setting is reported once, where it is', () => {
    expect(starts(publishFiles({ 'a.yaml': 'settings: &s { playAdvances: *s }\n' }))).toEqual(['a.yaml:1:30 content/type']);
    const hand = publishFiles({ 'a.yaml': 'boxes:\n  b:\n    hands: &h { h: { slots: *h } }\n' });
    expect(starts(hand)).toEqual(['a.yaml:3:29 content/type']);
  });

  it('a 10,000-long chain of aliases is sized without overflowing the stack', () => {
    const lines = ['              a0: &a0 [1]'];
    for (let i = 1; i < 10_000; i++) lines.push(`              a${i}: &a${i} [*a${i - 1}]`);
    const r = publishFiles({ 'a.yaml': card(`${lines.join('\n')}\n`) });
    expectWellFormed(r, ['a.yaml']);
  });

  it(".inf and .nan in a card's data are refused where they are: JSON has no such numbers", () => {
    const r = publishFiles({ 'a.yaml': card('              ok: 1\n              big: .inf\n              list: [1, -.inf, .nan]\n') });
    expect(starts(r)).toEqual(['a.yaml:10:20 content/type', 'a.yaml:11:25 content/type', 'a.yaml:11:32 content/type']);
  });
});

describe('__proto__ in content', () => {
  const card = (data: string) => `boxes:\n  b:\n    hands: { h: {} }\n    decks:\n      d:\n        cards:\n          c: { data: ${data} }\n`;

  it("a __proto__ key in a card's data is kept as data, in the bundle and through its JSON", () => {
    const r = publishFiles({ 'a.yaml': card('{ __proto__: { admin: true }, art: x.png, list: [{ __proto__: 1 }] }') });
    expect(r.ok).toBe(true);
    const data = r.bundle!.cards[0]!.data!;
    expect(Object.keys(data)).toEqual(['__proto__', 'art', 'list']);
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toEqual({ admin: true });
    const json = JSON.stringify(r.bundle);
    expect(json).toContain('"__proto__":{"admin":true}');
    const back = JSON.parse(json) as typeof r.bundle;
    expect(Object.getOwnPropertyDescriptor(back!.cards[0]!.data!, '__proto__')?.value).toEqual({ admin: true });
    // Nothing leaked onto the prototype every object shares.
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it("__proto__ cannot be a name: names are keys of the bundle's and snapshots' objects", () => {
    const r = publishFiles({ 'a.yaml': 'world: { __proto__: 1 }\ntagGroups:\n  g: { properties: { __proto__: 0 }, tags: { t: {} } }\n' });
    expect(starts(r)).toEqual(['a.yaml:1:10 content/bad-name', 'a.yaml:3:22 content/bad-name']);
  });
});

describe('folders', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'storylet-content-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('an empty folder has no files to publish', async () => {
    const r = await publish({ dir: tempDir() });
    expect(starts(r)).toEqual(['(content):1:1 content/no-files']);
    expect(r.ok).toBe(false);
  });

  it('a folder with no content files in it has none either', async () => {
    const d = tempDir();
    writeFileSync(join(d, 'notes.txt'), 'world: { x: 1 }\n');
    writeFileSync(join(d, '.hidden.yaml'), 'world: { x: 1 }\n');
    expect(starts(await publish({ dir: d }))).toEqual(['(content):1:1 content/no-files']);
  });

  it('a folder that does not exist is reported, not thrown', async () => {
    const missing = join(tempDir(), 'no', 'such', 'folder');
    const r = await publish({ dir: missing });
    expect(starts(r)).toEqual([`${missing}:1:1 content/no-files`]);
    expect(r.ok).toBe(false);
  });

  it('a file given as the folder is reported, not thrown', async () => {
    const d = tempDir();
    const file = join(d, 'content.yaml');
    writeFileSync(file, 'world: { x: 1 }\n');
    expect(starts(await publish({ dir: file }))).toEqual([`${file}:1:1 content/no-files`]);
  });

  it('a bundle written into the content folder (publish . -o bundle.json) is not read back as content', async () => {
    const d = tempDir();
    writeFileSync(
      join(d, 'content.yaml'),
      'world: { now: 0 }\nboxes:\n  b:\n    hands: { h: {} }\n    decks: { d: { cards: { c: { condition: "@world.now > 1" } } } }\n',
    );
    const first = await publish({ dir: d });
    expect(first.ok).toBe(true);
    writeFileSync(join(d, 'bundle.json'), `${JSON.stringify(first.bundle)}\n`);
    // Pretty-printed, keys in another order, in a subfolder: still ours.
    const { format, ...rest } = first.bundle!;
    writeFileSync(join(d, 'old.json'), JSON.stringify({ ...rest, format }, null, 2));
    const second = await publish({ dir: d });
    expect(second.diagnostics).toEqual([]);
    expect(Object.keys(second.sources)).toEqual(['content.yaml']);
    expect(second.bundle?.hash).toBe(first.bundle?.hash);
  });

  it('a JSON content file that merely mentions the format marker is still content', async () => {
    const d = tempDir();
    writeFileSync(join(d, 'a.json'), JSON.stringify({ world: { label: 'storyletengine/bundle' } }));
    writeFileSync(join(d, 'b.json'), '{ "format": "storyletengine/bundle", oops');
    const r = await publish({ dir: d });
    expect(Object.keys(r.sources)).toEqual(['a.json', 'b.json']);
    expect(starts(r).map((x) => x.split(' ')[1])).toContain('content/yaml-syntax');
  });

  it('no source at all has no files', async () => {
    expect(starts(await publish({}))).toEqual(['(content):1:1 content/no-files']);
    expect(starts(publishFiles({}))).toEqual(['(content):1:1 content/no-files']);
  });
});
