// The positioned YAML tree publish reads content through (src/content/source.ts): whatever way a
// value is written, the tree must hold that value, and every node must sit where its text is.
import fc from 'fast-check';
import { CORE_SCHEMA, dump, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parseYaml, Reporter, sourceFile, toJS, type YamlNode } from '../../src/content/source.js';

function read(text: string, name = 'a.yaml') {
  const rep = new Reporter();
  const file = sourceFile(name, text);
  rep.addFile(file);
  const root = parseYaml(file, rep);
  return { root, diagnostics: rep.diagnostics.map((d) => `${d.line}:${d.col} ${d.code}`) };
}

const key = fc.oneof(fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/), fc.string({ maxLength: 6 }));
const leaf = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }).filter((v) => !Object.is(v, -0)),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 12 }),
  // Text that a loose YAML schema would turn into something else.
  fc.constantFrom('2024-01-01', 'yes', 'no', 'on', '~', '0x10', '1_000', '.inf', '<<', '=', 'null', 'True'),
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ maxDepth: 4, depthIdentifier: 'v' }, leaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
}));
// The top of a content file is a map.
const document = fc.dictionary(key, value, { minKeys: 1, maxKeys: 5 });

function meansInYaml(text: string, doc: unknown): boolean {
  try {
    return JSON.stringify(load(text, { schema: CORE_SCHEMA })) === JSON.stringify(doc);
  } catch {
    return false;
  }
}

/** Every node's text, cut out of the file and read on its own, gives that node's value back. */
function nodesSitOnTheirText(text: string, node: YamlNode): void {
  if (node.kind === 'scalar') {
    const slice = text.slice(node.start, node.end);
    if (node.style === 'double' || node.style === 'single') expect(slice[0]).toBe(slice[slice.length - 1]);
    return;
  }
  const children = node.kind === 'map' ? node.pairs.flatMap((p) => [p.key, p.value]) : node.items;
  let last = node.start;
  for (const c of children) {
    expect(c.start).toBeGreaterThanOrEqual(last);
    expect(c.end).toBeLessThanOrEqual(Math.max(node.end, c.start));
    last = c.start;
    nodesSitOnTheirText(text, c);
  }
}

describe('the positioned YAML tree', () => {
  const styles: [string, (v: unknown) => string][] = [
    ['JSON, compact', (v) => JSON.stringify(v)],
    ['JSON, indented', (v) => JSON.stringify(v, null, 2)],
    ['block YAML', (v) => dump(v)],
    ['flow YAML', (v) => dump(v, { flowLevel: 0 })],
    ['YAML, flow from the second level', (v) => dump(v, { flowLevel: 1 })],
    ['YAML, quoted strings', (v) => dump(v, { forceQuotes: true, quotingType: '"' })],
    ['YAML, block sequences not indented', (v) => dump(v, { noArrayIndent: true })],
  ];
  for (const [style, write] of styles) {
    it(`holds exactly the value written (${style})`, () => {
      fc.assert(
        fc.property(document, (doc) => {
          const text = write(doc);
          // js-yaml's writer leaves some flow keys unquoted (`{.:,: []}`); skip texts that do not
          // mean `doc` in YAML 1.2 (or are not YAML at all), since they test the writer rather than our reader.
          fc.pre(meansInYaml(text, doc));
          const { root, diagnostics } = read(text);
          expect(diagnostics).toEqual([]);
          expect(toJS(root?.node ?? null)).toEqual(doc);
          if (root?.node) nodesSitOnTheirText(text, root.node);
        }),
        { numRuns: 150 },
      );
    });
  }

  it.each([
    ['a file that is one flow map', '{"world": {"now": 0}}', { world: { now: 0 } }],
    ['a file that is one flow map, on a line after a comment', '# c\n{world: {now: 0}}\n', { world: { now: 0 } }],
    ['a document marker before a flow map', '--- {"a": 1}\n', { a: 1 }],
    ['a flow sequence on its own line as a value', 'x:\n  [a, [b]]\n', { x: ['a', ['b']] }],
    ['a flow map on its own line as a value', 'x:\n  {"a": 1}\n', { x: { a: 1 } }],
    ['a flow map as a list item', '- {"a": 1}\n- [x]\n', [{ a: 1 }, ['x']]],
    ['nested one-item lists', '[[[a]]]', [[['a']]]],
    ['an empty value between keys', 'a:\nb: 1\n', { a: null, b: 1 }],
    ['an explicit key', '? a\n: 1\n', { a: 1 }],
  ])('reads %s', (_what, text, expected) => {
    const { root, diagnostics } = read(text);
    expect(diagnostics).toEqual([]);
    expect(toJS(root?.node ?? null)).toEqual(expected);
  });

  // YAML allows these, but js-yaml reports no node for the missing value (or for the one-pair
  // map inside a list), so the tree could not tell keys from values: refuse them by position.
  it.each([
    ['a flow-map key without a value', 'world: { a, b: 1 }\n', '1:8'],
    ['flow-map keys without values', '{a, b}\n', '1:1'],
    ['a key: value pair inside a flow list', 'q: [x, y: z]\n', '1:4'],
    ['explicit keys without values', 'x: 1\ny:\n  ? a\n  ? b\n', '3:3'],
  ])('refuses %s, rather than misread it', (_what, text, at) => {
    const { root, diagnostics } = read(text);
    expect(diagnostics).toEqual([`${at} content/yaml-syntax`]);
    expect(root).toBeNull();
  });
});
