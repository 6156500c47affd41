// What publish hands to the runtime: a bundle that is plain JSON, hashed from its content,
// with templates, tags and specificity resolved, and that the engine loads without the parser.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Bundle } from '../../src/content/bundle.js';
import { publishFiles, type PublishResult } from '../../src/content/publish.js';
import { publish } from '../../src/node.js';
import { createEngine } from '../../src/runtime/index.js';
import { starts } from './support.js';

const VILLAGE = fileURLToPath(new URL('../../examples/village/', import.meta.url));
const villageFiles = (): Record<string, string> => ({
  'content.yaml': readFileSync(`${VILLAGE}content.yaml`, 'utf8'),
  'village.yaml': readFileSync(`${VILLAGE}village.yaml`, 'utf8'),
});

function bundleOf(r: PublishResult): Bundle {
  if (!r.ok) throw new Error(`publish failed:\n${starts(r).join('\n')}`);
  return r.bundle;
}

describe('examples/village', () => {
  it('publishes with nothing to report', async () => {
    const r = await publish({ dir: VILLAGE });
    expect(starts(r)).toEqual([]);
    expect(r.ok).toBe(true);
    expect(Object.keys(r.sources).sort()).toEqual(['content.yaml', 'village.yaml']);
  });

  it('gives a bundle that is plain JSON: it survives JSON.stringify/JSON.parse unchanged', async () => {
    const bundle = bundleOf(await publish({ dir: VILLAGE }));
    expect(JSON.parse(JSON.stringify(bundle))).toStrictEqual(bundle);
    expect(bundle).toMatchObject({ format: 'storyletengine/bundle', version: 1, settings: { playAdvances: 1 } });
  });

  it('publishes to the same bundle and hash every time, from a folder or from memory', async () => {
    const a = bundleOf(await publish({ dir: VILLAGE }));
    const b = bundleOf(await publish({ dir: VILLAGE }));
    const c = bundleOf(publishFiles(villageFiles()));
    const files = villageFiles();
    const d = bundleOf(publishFiles({ 'village.yaml': files['village.yaml']!, 'content.yaml': files['content.yaml']! }));
    expect(a.hash).toMatch(/^[0-9a-f]{8,}$/);
    expect(b).toStrictEqual(a);
    expect(c).toStrictEqual(a);
    expect(d).toStrictEqual(a);
  });

  it('changes its hash when a card changes, and only then', () => {
    const base = bundleOf(publishFiles(villageFiles()));
    const edit = (from: string, to: string) => {
      const files = villageFiles();
      expect(files['village.yaml']).toContain(from);
      files['village.yaml'] = files['village.yaml']!.replace(from, to);
      return bundleOf(publishFiles(files)).hash;
    };
    expect(edit('priority: 2', 'priority: 3')).not.toBe(base.hash);
    expect(edit('"@hand.peril >= 2"', '"@hand.peril >= 3"')).not.toBe(base.hash);
    expect(edit('title: A goblin in the woods', 'title: A goblin in the wood')).not.toBe(base.hash);
    // A comment is not content.
    expect(edit('boxes:\n', 'boxes: # the boxes\n')).toBe(base.hash);
  });

  it('resolves hands made from templates', () => {
    const bundle = bundleOf(publishFiles(villageFiles()));
    const hand = (id: string) => bundle.hands.find((h) => h.id === id);
    expect(hand('elder_chat')).toMatchObject({
      box: 'village',
      template: 'talk',
      tags: { zone: 'village', npc: 'elder' },
      choose: [],
      slots: 2,
      condition: { source: '@hand.patience > 0' },
    });
    expect(hand('elder_chat')?.properties).toEqual([{ name: 'patience', type: { kind: 'number' }, initial: 3 }]);
    expect(hand('smithy')).toMatchObject({ tags: { zone: 'village', npc: 'smith' }, slots: 1 });
    expect(hand('square')).toMatchObject({ tags: { zone: 'village' }, choose: ['npc'], slots: 2 });
    expect(hand('forest_path')).toMatchObject({ tags: { zone: 'forest' }, choose: [], slots: 3, condition: { source: 'not @world.raining' } });
    expect(hand('forest_path')?.template).toBeUndefined();
  });

  it("resolves each tag's properties: the group's, with the tag's own starts, then its own", () => {
    const bundle = bundleOf(publishFiles(villageFiles()));
    const zone = bundle.tagGroups.find((g) => g.id === 'zone')!;
    const props = (tag: string) => zone.tags.find((t) => t.id === tag)!.properties.map((p) => [p.name, p.initial]);
    expect(props('forest')).toEqual([
      ['peril', 2],
      ['haunting', 'calm'],
    ]);
    expect(props('village')).toEqual([
      ['peril', 0],
      ['haunting', 'calm'],
      ['market_day', false],
    ]);
  });

  it("records each card's specificity: one per tag group it names, plus the tests its condition asks for", () => {
    const bundle = bundleOf(publishFiles(villageFiles()));
    const specificity = Object.fromEntries(bundle.cards.map((c) => [c.id, c.specificity]));
    expect(specificity).toEqual({
      goblin_rumour: 2, // zone + `@hand.peril >= 2`
      market_gossip: 2, // zone + the weaker side of an `or`
      elder_advice: 3, // npc + two tests joined by `and`
      smith_offer: 2,
      small_talk: 1, // npc, no condition
      the_goblin: 2,
      dark_path: 2,
    });
  });
});

describe('lints', () => {
  it('are warnings: content with every lint still publishes, with a bundle', () => {
    const r = publishFiles({
      'a.yaml': `tagGroups:
  npc: { tags: { elder: {} } }
world: { unused: 0 }
boxes:
  b:
    hands: { h: { condition: "1 < 2" } }
    decks:
      empty: {}
      d:
        cards:
          undealable: { tags: { npc: elder } }
`,
    });
    expect(starts(r)).toEqual([
      'a.yaml:3:10 lint/unused-world',
      'a.yaml:6:30 lint/constant-condition',
      'a.yaml:8:7 lint/empty-deck',
      'a.yaml:11:11 lint/undealable-card',
    ]);
    expect(r.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    expect(r.ok).toBe(true);
    expect(bundleOf(r).cards.map((c) => c.id)).toEqual(['undealable']);
  });
});

describe('specificity', () => {
  it('counts tag groups, not tags, and folds and/or/not', () => {
    const r = publishFiles({
      'a.yaml': `tagGroups:
  zone: { tags: { forest: {}, village: {} } }
  npc: { tags: { elder: {} } }
world: { a: 0, b: false }
boxes:
  b:
    hands: { h: { choose: [zone, npc] } }
    decks:
      d:
        cards:
          none: {}
          two_tags_one_group: { tags: { zone: [forest, village] } }
          two_groups: { tags: { zone: forest, npc: elder } }
          and3: { condition: "@world.a > 1 and @world.b and not @world.b" }
          or: { condition: "@world.a > 1 or (@world.b and @world.a < 5)" }
          everything: { tags: { zone: forest, npc: elder }, condition: "(@world.a > 1 or @world.a < -1) and @world.b" }
`,
    });
    const bundle = bundleOf(r);
    expect(Object.fromEntries(bundle.cards.map((c) => [c.id, c.specificity]))).toEqual({
      none: 0,
      two_tags_one_group: 1,
      two_groups: 2,
      and3: 3,
      or: 1,
      everything: 4,
    });
  });
});

describe('merging files', () => {
  it('merges a box spread over two files, in path order', () => {
    const r = publishFiles({
      'b/decks.yaml': `boxes:
  town:
    decks:
      later:
        cards:
          c3: {}
      first:
        cards: { c1: {}, c2: {} }
`,
      'a/hands.yaml': `boxes:
  town:
    hands:
      square: {}
    decks:
      early:
        cards: { c0: {} }
`,
    });
    const bundle = bundleOf(r);
    expect(bundle.boxes).toEqual([
      {
        id: 'town',
        specificity: true,
        hands: ['square'],
        decks: [
          { id: 'early', shared: false, cards: ['c0'] },
          { id: 'later', shared: false, cards: ['c3'] },
          { id: 'first', shared: false, cards: ['c1', 'c2'] },
        ],
      },
    ]);
    expect(bundle.cards.map((c) => [c.id, c.at?.file])).toEqual([
      ['c0', 'a/hands.yaml'],
      ['c3', 'b/decks.yaml'],
      ['c1', 'b/decks.yaml'],
      ['c2', 'b/decks.yaml'],
    ]);
  });

  it('keeps declaration order for arrays and integer-like ids alike', () => {
    const r = publishFiles({
      'a.yaml': `boxes:
  b:
    hands: { h: {} }
    decks:
      d:
        cards: { z: {}, "10": {}, a: {}, "2": {} }
`,
    });
    const bundle = bundleOf(r);
    expect(bundle.cards.map((c) => c.id)).toEqual(['z', '10', 'a', '2']);
    expect(JSON.parse(JSON.stringify(bundle))).toStrictEqual(bundle);
  });
});

describe('author data', () => {
  const card = (fields: string) => `boxes:
  b:
    hands: { h: {} }
    decks:
      d:
        cards:
          c:
${fields}`;

  it('passes title, text and data through untouched, as JSON', () => {
    const bundle = bundleOf(
      publishFiles({
        'a.yaml': card(`            title: The goblin
            text: |
              Somebody saw it
              by the mill.
            data: { art: goblin.png, weight: 2.5, tags: [a, b], nested: { ok: true, none: null } }
`),
      }),
    );
    expect(bundle.cards[0]).toMatchObject({
      title: 'The goblin',
      text: 'Somebody saw it\nby the mill.\n',
      data: { art: 'goblin.png', weight: 2.5, tags: ['a', 'b'], nested: { ok: true, none: null } },
    });
    expect(JSON.parse(JSON.stringify(bundle))).toStrictEqual(bundle);
  });

  it('keeps a date written plainly as the text it is (the bundle holds JSON, not Date objects)', () => {
    const r = publishFiles({
      'a.yaml': card(`            title: 2024-01-01
            data: { when: 2024-01-01, at: 2024-01-01T10:00:00Z }
`),
    });
    const bundle = bundleOf(r);
    expect(bundle.cards[0]).toMatchObject({ title: '2024-01-01', data: { when: '2024-01-01', at: '2024-01-01T10:00:00Z' } });
    expect(JSON.parse(JSON.stringify(bundle))).toStrictEqual(bundle);
  });
});

describe('__proto__ in data, content → bundle → JSON → engine', () => {
  it("stays a key of the card's data in the engine's card view, and pollutes nothing", () => {
    const r = publishFiles({
      'a.yaml':
        'boxes:\n  b:\n    hands: { h: {} }\n    decks:\n      d:\n        cards:\n          c: { data: { __proto__: { polluted: yes }, art: x.png } }\n',
    });
    const engine = createEngine(JSON.parse(JSON.stringify(bundleOf(r))) as Bundle, { seed: 's' });
    const [view] = engine.flow('f').deal('h').dealt;
    const data = view!.data!;
    expect(Object.keys(data)).toEqual(['__proto__', 'art']);
    expect(data.__proto__).toEqual({ polluted: 'yes' });
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect((data as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('numbers the bundle cannot hold never reach createEngine', () => {
  it('a condition with 1e400 is refused by publish (it used to publish, and then createEngine refused the bundle)', () => {
    const r = publishFiles({
      'a.yaml':
        'world: { coins: 0 }\nboxes:\n  b:\n    hands: { h: {} }\n    decks:\n      d:\n        cards:\n          c: { condition: "@world.coins > 1e400" }\n',
    });
    expect(starts(r)).toEqual(['a.yaml:8:43 lang/bad-number']);
    expect(r.ok).toBe(false);
  });
});

describe('content → bundle → JSON → engine', () => {
  it('loads in createEngine from its JSON text and deals, the same way for the same seed', async () => {
    const text = JSON.stringify(bundleOf(await publish({ dir: VILLAGE })));
    const play = (seed: string) => {
      const engine = createEngine(JSON.parse(text) as Bundle, { seed });
      const flow = engine.flow('alice');
      return ['forest_path', 'elder_chat', 'smithy'].map((hand) => [hand, flow.deal(hand).dealt.map((c) => c.id)]);
    };
    const first = play('seed-1');
    expect(first).toEqual([
      ['forest_path', ['the_goblin']],
      ['elder_chat', ['elder_advice', 'small_talk']],
      ['smithy', ['smith_offer']],
    ]);
    expect(play('seed-1')).toEqual(first);
  });

  it('deals a card whose condition reads @hand names resolved at publish', () => {
    const r = publishFiles({
      'a.yaml': `qualities: { haunting: [calm, uneasy, haunted] }
tagGroups:
  zone:
    properties: { peril: 0, haunting: { quality: haunting, start: calm } }
    tags: { forest: { peril: 2, haunting: uneasy }, village: {} }
boxes:
  b:
    hands:
      path: { tags: { zone: forest } }
      town: { tags: { zone: village } }
    decks:
      d:
        cards:
          spooky: { condition: "@hand.haunting >= uneasy and @hand.peril > 1" }
`,
    });
    const engine = createEngine(JSON.parse(JSON.stringify(bundleOf(r))) as Bundle, { seed: 's' });
    const flow = engine.flow('f');
    expect(flow.deal('town').dealt.map((c) => c.id)).toEqual([]);
    expect(flow.deal('path').dealt.map((c) => c.id)).toEqual(['spooky']);
  });
});
