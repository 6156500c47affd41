// Stage 2, parse: one script → a Card with one Face per printed face, every line kind read, and
// every problem a diagnostic with file and line (never a throw, never a dropped line).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileScript, parseScript } from '../../../src/mtg/cards/index.js';
import { codes } from './support.js';

const SCRIPT = [
  '# a comment',
  '// another comment',
  'Name:Test Drake',
  'ManaCost:2 U U',
  'Types:Legendary Creature Drake',
  'PT:3/2',
  'K:Flying',
  'K:Equip:2',
  'K:Enchant creature',
  'A:AB$ Draw | Cost$ T | NumCards$ 1',
  'T:Mode$ ChangesZone | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigDraw',
  'S:Mode$ Continuous | Affected$ Creature.YouCtrl | AddPower$ 1',
  'R:Event$ Moved | ValidCard$ Card.Self | Destination$ Graveyard | ReplaceWith$ DBExile',
  'SVar:TrigDraw:DB$ Draw | NumCards$ 1',
  'SVar:DBExile:DB$ ChangeZone | Defined$ ReplacedCard | Origin$ Battlefield | Destination$ Exile',
  'SVar:Picture:http://example.invalid/x.jpg',
  'DeckHints:Type$Drake',
  'Text:Some reminder text.',
  'Oracle:Flying',
];

describe('parseScript', () => {
  it('reads every line kind into the face', () => {
    const { card, diagnostics } = parseScript('t/test_drake.txt', SCRIPT.join('\n'));
    expect(diagnostics).toEqual([]);
    const face = card!.faces[0]!;
    expect(card!.name).toBe('Test Drake');
    expect(face.manaCost).toBe('2 U U');
    expect(face.manaValue).toBe(4);
    expect(face.colours).toEqual(['U']);
    expect(face.types).toEqual({ supertypes: ['Legendary'], cardTypes: ['Creature'], subtypes: ['Drake'] });
    expect([face.power, face.toughness]).toEqual(['3', '2']);
    expect(face.keywords.map((k) => [k.name, k.args, k.line])).toEqual([
      ['Flying', [], 7],
      ['Equip', ['2'], 8],
      ['Enchant', ['creature'], 9],
    ]);
    expect(face.abilities.map((n) => [n.kind, n.record, n.head, n.line])).toEqual([['ability', 'AB', 'Draw', 10]]);
    expect(face.triggers.map((n) => [n.head, n.line])).toEqual([['ChangesZone', 11]]);
    expect(face.statics.map((n) => [n.head, n.line])).toEqual([['Continuous', 12]]);
    expect(face.replacements.map((n) => [n.head, n.line])).toEqual([['Moved', 13]]);
    expect(Object.keys(face.svars)).toEqual(['TrigDraw', 'DBExile']);
    expect(face.svars.TrigDraw).toMatchObject({ line: 14, text: 'DB$ Draw | NumCards$ 1' });
    expect(face.abilities[0]!.params).toEqual({ AB: 'Draw', Cost: 'T', NumCards: '1' });
    expect(card!.fields).toEqual({ DeckHints: 'Type$Drake' });
    expect(face.fields).toEqual({ Text: 'Some reminder text.' });
    expect(face.oracle).toBe('Flying');
  });

  it('reads CRLF and a byte-order mark like plain newlines', () => {
    const crlf = `\uFEFF${SCRIPT.join('\r\n')}\r\n`;
    const { card } = parseScript('x.txt', new TextEncoder().encode(crlf));
    expect(card!.faces[0]!.abilities[0]!.line).toBe(10);
    expect(card!.name).toBe('Test Drake');
  });

  it('gives one face per printed face, with the layout', () => {
    const split = parseScript(
      'x.txt',
      ['Name:Left', 'ManaCost:R', 'AlternateMode:Split', 'Types:Instant', 'ALTERNATE', 'Name:Right', 'ManaCost:1 U', 'Types:Sorcery'].join('\n'),
    );
    expect(split.card!.layout).toBe('split');
    expect(split.card!.name).toBe('Left // Right');
    expect(split.card!.faces.map((f) => f.name)).toEqual(['Left', 'Right']);
    expect(split.card!.manaValue).toBe(3);
    expect(split.card!.colours).toEqual(['U', 'R']);
    const layouts = { DoubleFaced: 'transform', Flip: 'flip', Modal: 'modal', Adventure: 'adventure' } as const;
    for (const [mode, layout] of Object.entries(layouts)) {
      const { card } = parseScript(
        'x.txt',
        ['Name:Front', `AlternateMode: ${mode}`, 'Types:Creature', 'ALTERNATE', 'Name:Back', 'Colors:black', 'Types:Creature'].join('\n'),
      );
      expect(card!.layout).toBe(layout);
      expect(card!.name).toBe('Front');
      expect(card!.faces[1]!.colours).toEqual(['B']);
    }
  });

  it('accepts a meld card without an ALTERNATE face (the melded face is on its partner)', () => {
    const { card, diagnostics } = parseScript('x.txt', ['Name:Half', 'Types:Creature', 'MeldPair:Other Half', 'AlternateMode:Meld'].join('\n'));
    expect(card!.layout).toBe('meld');
    expect(card!.fields.MeldPair).toBe('Other Half');
    expect(diagnostics).toEqual([]);
  });

  it('drops Picture SVars as Forge does (an image URL, not behaviour)', () => {
    const { card } = parseScript('x.txt', SCRIPT.join('\n'));
    expect(Object.keys(card!.faces[0]!.svars)).not.toContain('Picture');
  });

  it('reports an empty file, a binary file and a file with no script line, producing no card', () => {
    expect(codes(parseScript('e.txt', '').diagnostics)).toEqual([['parse/empty-file', 1]]);
    expect(codes(parseScript('e.txt', ' \n\n  ').diagnostics)).toEqual([['parse/empty-file', 1]]);
    const binary = parseScript('b.txt', new Uint8Array([0x4e, 0x61, 0x00, 0xff, 0x10]));
    expect(binary.card).toBeUndefined();
    expect(codes(binary.diagnostics)).toEqual([['parse/binary-file', 1]]);
    const prose = parseScript('p.txt', 'just words\nno keys here');
    expect(prose.card).toBeUndefined();
    expect(codes(prose.diagnostics)).toEqual([['parse/not-a-card-script', 1]]);
  });

  it('decodes invalid UTF-8 with a warning and keeps going', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('Name:Caf'), 0xe9, ...new TextEncoder().encode('\nTypes:Creature')]);
    const { card, diagnostics } = parseScript('u.txt', bytes);
    expect(card!.name).toBe('Caf\uFFFD');
    expect(codes(diagnostics)).toEqual([['parse/invalid-utf8', 1]]);
  });

  it('points parameter problems at their line and column', () => {
    const { diagnostics } = parseScript('c.txt', ['Name:X', 'Types:Sorcery', 'A:SP$ Draw | Cost$ 1 | NumCards 2'].join('\n'));
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['parse/param-without-value', 3, 24]]);
  });

  it('names a face without Name: after its file and reports it', () => {
    const { card, diagnostics } = parseScript('d/nameless_one.txt', 'Types:Creature');
    expect(card!.name).toBe('nameless_one');
    expect(codes(diagnostics)).toEqual([['parse/missing-name', 1]]);
  });

  it('compiles arbitrary bytes and script-like text without an exception', () => {
    const scriptish = fc.array(
      fc.oneof(
        fc.constantFrom('Name:X', 'Types:Creature', 'ALTERNATE', 'AlternateMode:Split', 'K:Equip', 'K:Bushido:X', 'SVar:X:Count$xPaid'),
        fc
          .tuple(
            fc.constantFrom('A:', 'T:', 'S:', 'R:', 'SVar:A:', 'SVar:B:'),
            fc.array(
              fc.constantFrom(
                'DB$ Draw',
                'SP$ Pump',
                'Mode$ Phase',
                'Event$ Moved',
                'Mode$ Continuous',
                'SubAbility$ A',
                'SubAbility$ B',
                'Execute$ A',
                'Triggers$ B',
                'Cost$ X T',
                'NumDmg$ X',
                '',
                'Choices$ A,B',
              ),
              { maxLength: 5 },
            ),
          )
          .map(([k, parts]) => k + parts.join(' | ')),
      ),
      { maxLength: 25 },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 200 }),
          scriptish.map((l) => new TextEncoder().encode(l.join('\n'))),
        ),
        (bytes) => {
          const { diagnostics } = compileScript('fuzz.txt', bytes);
          expect(diagnostics.filter((d) => d.code === 'internal/exception')).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws and never loses an A:/T:/S:/R: line, whatever the text', () => {
    const line = fc.oneof(
      fc.constantFrom('Name:X', 'Types:Creature', 'ALTERNATE', 'SVar:A:DB$ Draw', 'K:Flying', 'PT:1/1', ''),
      fc.string().map((s) => s.replace(/[\r\n]/g, ' ')),
      fc.tuple(fc.constantFrom('A', 'T', 'S', 'R'), fc.string()).map(([k, s]) => `${k}:${s.replace(/[\r\n]/g, ' ')}`),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const { card } = parseScript('f.txt', lines.join('\n'));
        const nodeLines = lines.filter((l) => /^[ATSR]:/.test(l)).length;
        const kept = card ? card.faces.reduce((n, f) => n + f.abilities.length + f.triggers.length + f.statics.length + f.replacements.length, 0) : 0;
        // A third ALTERNATE is refused with a diagnostic; its lines then belong to face 2.
        expect(kept).toBe(nodeLines);
      }),
    );
  });
});
