// A diagnostic inside an expression points at the culprit's own characters in the file, however
// the YAML scalar around the expression is written: quoted with escapes, folded over lines, or a
// block. The fixture cases pin hand-picked examples; this property covers the combinations.
import fc from 'fast-check';
import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { publishFiles } from '../../src/content/publish.js';

/** A string literal of the language holding `text`, escaped the way the lexer reads it. */
function literal(text: string): string {
  return `"${text.replace(/[\\"\n\t]/g, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : `\\${c}`))}"`;
}

function lineColOf(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

// Anything but `@`, so the culprit's text is the only `@hand.zzz` in the file.
const filler = fc
  .array(
    fc.oneof(
      fc.constantFrom('"', "'", '\\', '\t', '\n', ' ', '#', ':', '-', '{', '}', '[', ']', 'é', '🐉', '\r'),
      fc.string({ unit: 'grapheme', maxLength: 3 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join('').replace(/@/g, 'a'));
const gap = fc.constantFrom(' ', '  ', '\n', '\n  ', ' \t ');

describe('positions of expression diagnostics', () => {
  it('land on the culprit in every scalar style js-yaml writes', () => {
    const styles: [string, Parameters<typeof dump>[1]][] = [
      ['plain or as needed', {}],
      ['double-quoted', { forceQuotes: true, quotingType: '"' }],
      ['single-quoted', { forceQuotes: true, quotingType: "'" }],
      ['double-quoted, folded at 20 columns', { forceQuotes: true, quotingType: '"', lineWidth: 20 }],
      ['as needed, folded at 20 columns', { lineWidth: 20 }],
    ];
    fc.assert(
      fc.property(filler, gap, gap, fc.constantFrom(...styles), (text, g1, g2, [, options]) => {
        const condition = `@world.s == ${literal(text)}${g1}or${g2}@hand.zzz > 1`;
        const yaml = dump(
          {
            world: { s: '' },
            boxes: { b: { hands: { h: {} }, decks: { d: { cards: { c: { condition } } } } } },
          },
          options,
        );
        const r = publishFiles({ 'a.yaml': yaml });
        const at = yaml.indexOf('@hand.zzz');
        expect(at).toBeGreaterThan(0);
        expect(r.diagnostics.map((d) => `${d.line}:${d.col} ${d.code}`)).toEqual([`${lineColOf(yaml, at)} lang/unknown-name`]);
        const d = r.diagnostics[0]!;
        // The underline covers the name, on its line.
        if (d.endLine === d.line) expect(d.endCol - d.col).toBe('@hand.zzz'.length);
      }),
      { numRuns: 400 },
    );
  });

  it('land on the culprit inside a block scalar (`condition: |`) over several lines', () => {
    fc.assert(
      fc.property(
        filler.map((t) => t.replace(/\r/g, '')),
        gap,
        gap,
        fc.constantFrom('|', '|-', '|+', '>', '>-'),
        (text, g1, g2, header) => {
          const condition = `@world.s == ${literal(text)}${g1}or${g2}@hand.zzz > 1`;
          // A folded block (`>`) joins lines with a space, which in an expression is a blank too.
          const body = condition
            .split('\n')
            .map((l) => `              ${l}`)
            .join('\n');
          const yaml = `world: { s: "" }\nboxes:\n  b:\n    hands: { h: {} }\n    decks:\n      d:\n        cards:\n          c:\n            condition: ${header}\n${body}\n`;
          const r = publishFiles({ 'a.yaml': yaml });
          expect(r.diagnostics.map((d) => `${d.line}:${d.col} ${d.code}`)).toEqual([`${lineColOf(yaml, yaml.indexOf('@hand.zzz'))} lang/unknown-name`]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
