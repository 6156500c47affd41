// The reference, "Ranking the survivors": priority (higher first), then specificity (on by
// default, switchable per box), then seeded chance; "A hand with a slot limit takes the top few.
// With no state change between two deals, you get the same cards."
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/runtime/index.js';
import { comparator, hashId, rank, selectTop, tieBase, tieKey } from '../../src/runtime/ranking.js';
import { bundleOf, engineOf, ids, manyCards, verdicts } from './support/content.js';

const PRIORITY = `
world: { boost: 3, n: 1, m: 1 }
boxes:
  b:
    decks:
      d:
        cards:
          low: { priority: 1 }
          high: { priority: 5 }
          computed: { priority: "@world.boost" }
    hands:
      h: { slots: 3 }
`;

describe('priority (reference: "Higher goes first")', () => {
  it('ranks by number or expression, highest first', async () => {
    const { engine } = await engineOf(PRIORITY);
    const flow = engine.flow('a');
    expect(ids(flow.peek('h').cards)).toEqual(['high', 'computed', 'low']);
    flow.setWorld('boost', 9);
    const { cards, trace } = flow.peek('h');
    expect(ids(cards)).toEqual(['computed', 'high', 'low']);
    expect(trace.cards.find((c) => c.id === 'computed')).toMatchObject({ rank: 1, priority: 9 });
  });
});

const SPECIFIC = (on: boolean) => `
world: { n: 1, m: 1 }
boxes:
  b:
    specificity: ${on}
    decks:
      d:
        cards:
          general: { condition: "@world.n > 0" }
          special: { condition: "@world.n > 0 and @world.m > 0" }
    hands:
      h: { slots: 1 }
`;

describe('specificity (reference: "the special case wins over the general one")', () => {
  it('on by default: the card whose condition asks for more comes first, whatever the seed', async () => {
    const bundle = await bundleOf(SPECIFIC(true));
    for (let s = 0; s < 20; s++) {
      const engine = createEngine(bundle, { seed: `seed-${s}` });
      expect(ids(engine.flow('a').peek('h').cards)).toEqual(['special']);
    }
  });

  it('switched off for the box: priority decides outright and ties go to chance', async () => {
    const bundle = await bundleOf(SPECIFIC(false));
    const firsts = new Set<string>();
    for (let s = 0; s < 20; s++)
      firsts.add(
        ids(
          createEngine(bundle, { seed: `seed-${s}` })
            .flow('a')
            .peek('h').cards,
        )[0]!,
      );
    expect([...firsts].sort()).toEqual(['general', 'special']);
  });

  it('priority still beats specificity', async () => {
    const { engine } = await engineOf(`
world: { n: 1, m: 1 }
boxes:
  b:
    decks:
      d:
        cards:
          general: { condition: "@world.n > 0", priority: 1 }
          special: { condition: "@world.n > 0 and @world.m > 0" }
    hands:
      h: { slots: 1 }
`);
    expect(ids(engine.flow('a').peek('h').cards)).toEqual(['general']);
  });

  it('counts one per tag group the card constrains plus the tests in its condition (docs/deal-mechanics.md)', async () => {
    const { engine } = await engineOf(`
world: { a: 1, b: true, c: 0 }
tagGroups:
  zone: { tags: { forest: {}, village: {} } }
  npc: { tags: { elder: {} } }
boxes:
  b:
    decks:
      d:
        cards:
          none: {}
          one_test: { condition: "@world.a > 0" }
          boolean_read: { condition: "@world.b" }
          both: { condition: "@world.a > 0 and @world.c < 3" }
          either: { condition: "@world.a > 0 or (@world.c < 3 and @world.b)" }
          negated: { condition: "not (@world.a > 5 and @world.b)" }
          tagged: { tags: { zone: [forest, village], npc: elder }, condition: "@world.a > 0" }
    hands:
      h: { tags: { zone: forest, npc: elder }, slots: 7 }
`);
    const spec = Object.fromEntries(
      engine
        .flow('a')
        .peek('h')
        .trace.cards.map((c) => [c.id, c.specificity]),
    );
    expect(spec).toEqual({ none: 0, one_test: 1, boolean_read: 1, both: 2, either: 1, negated: 2, tagged: 3 });
  });
});

const TEN = `
world: { now: 0 }
boxes:
  b:
    decks:
      d:
        cards:
${manyCards('c', 10)}
    hands:
      h: { slots: 3 }
      other: { slots: 3 }
  elsewhere:
    decks:
      e:
        cards: { x: {} }
    hands:
      eh: {}
`;

describe('seeded chance (reference: "the same seed gives the same order every time")', () => {
  it('the same seed gives the same order in every engine; other seeds give other orders', async () => {
    const bundle = await bundleOf(TEN);
    const order = (seed: string) =>
      createEngine(bundle, { seed })
        .flow('a')
        .peek('h')
        .trace.cards.map((c) => `${c.id}:${c.rank}`);
    expect(order('demo')).toEqual(order('demo'));
    const distinct = new Set(['s1', 's2', 's3', 's4', 's5'].map((s) => order(s).join()));
    expect(distinct.size).toBeGreaterThan(1);
  });

  it('never depends on call order: other deals, peeks and flows in between change nothing', async () => {
    const bundle = await bundleOf(TEN);
    const quiet = createEngine(bundle, { seed: 'demo' });
    const busy = createEngine(bundle, { seed: 'demo' });
    for (let i = 0; i < 5; i++) {
      busy.flow('b').deal('other');
      busy.flow('c').peek('h');
      busy.flow('a').peek('other');
      busy.flow('a').deal('eh');
    }
    expect(ids(busy.flow('a').peek('h').cards)).toEqual(ids(quiet.flow('a').peek('h').cards));
  });

  it('with no state change between two deals you get the same cards', async () => {
    const { engine } = await engineOf(TEN);
    const flow = engine.flow('a');
    const peeked = ids(flow.peek('h').cards);
    expect(ids(flow.peek('h').cards)).toEqual(peeked);
    expect(ids(flow.deal('h').dealt)).toEqual(peeked);
    expect(ids(flow.deal('h').cards)).toEqual(peeked);
  });

  it("the order changes only when the box's own clock moves", async () => {
    const { engine } = await engineOf(TEN);
    const flow = engine.flow('a');
    const at0 = flow.peek('h').trace.cards.map((c) => c.rank);
    flow.advance('elsewhere', 3);
    flow.setWorld('now', 7);
    expect(flow.peek('h').trace.cards.map((c) => c.rank)).toEqual(at0);
    const orders = new Set<string>();
    for (let t = 0; t < 5; t++) {
      orders.add(
        flow
          .peek('h')
          .trace.cards.map((c) => c.rank)
          .join(),
      );
      flow.advance('b');
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('selecting the top k agrees with the full ranking', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 5 })), { maxLength: 60 }),
        fc.nat(8),
        fc.boolean(),
        (rows, k, useSpecificity) => {
          const cmp = comparator({
            priority: Float64Array.from(rows, (r) => r[0]),
            specificity: Float64Array.from(rows, (r) => r[1]),
            tie: Float64Array.from(rows, (r) => r[2]),
            idOf: (i) => `card${i}`,
            useSpecificity,
          });
          expect(selectTop(rows.length, k, cmp)).toEqual([...rank(rows.length, cmp)].slice(0, k));
        },
      ),
    );
  });

  it('tie keys: a bijection per deal base, stable across calls; the id settles exact ties', () => {
    const base = tieBase('demo', 'a', 'h', 0);
    expect(tieBase('demo', 'a', 'h', 0)).toBe(base);
    expect(tieBase('demo', 'a', 'h', 1)).not.toBe(base);
    const keys = new Set(Array.from({ length: 1000 }, (_, i) => tieKey(base, hashId(`card${i}`))));
    expect(keys.size).toBe(1000);
    // Equal priority, specificity and tie: the card id decides, by code units.
    const cmp = comparator({
      priority: new Float64Array([0, 0, 0]),
      specificity: new Float64Array([0, 0, 0]),
      tie: new Float64Array([7, 7, 7]),
      idOf: (i) => ['b', 'a', 'B'][i]!,
      useSpecificity: true,
    });
    expect([...rank(3, cmp)]).toEqual([2, 1, 0]);
    expect(selectTop(3, 2, cmp)).toEqual([2, 1]);
  });
});

describe('slots (reference: "A hand with a slot limit takes the top few")', () => {
  it('the hand takes the top survivors; the rest are capped with their rank', async () => {
    const { engine } = await engineOf(TEN);
    const { dealt, trace } = engine.flow('a').deal('h');
    expect(dealt).toHaveLength(3);
    const byRank = [...trace.cards].sort((x, y) => x.rank! - y.rank!);
    expect(byRank.map((c) => c.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(byRank.slice(0, 3).map((c) => c.verdict)).toEqual(['dealt', 'dealt', 'dealt']);
    expect(byRank.slice(3).every((c) => c.verdict === 'capped')).toBe(true);
    expect(byRank.slice(0, 3).map((c) => c.id)).toEqual(ids(dealt));
  });

  it("a deal fills only the empty slots; a peek lists the hand's full capacity", async () => {
    const { engine } = await engineOf(TEN);
    const flow = engine.flow('a');
    const first = flow.deal('h');
    flow.play(first.dealt[0]!.id, { hand: 'h', advance: 0 });
    const second = flow.deal('h');
    expect(second.dealt).toHaveLength(1);
    expect(second.cards).toHaveLength(3);
    const v = verdicts(second.trace);
    expect(Object.values(v).filter((x) => x === 'claimed')).toHaveLength(2);
    const peek = flow.peek('h');
    expect(peek.cards).toHaveLength(3);
    expect(Object.values(verdicts(peek.trace)).filter((x) => x === 'listed')).toHaveLength(3);
  });
});
