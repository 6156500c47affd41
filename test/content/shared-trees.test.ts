// Publishing checks a repeated card text once and shares its checked tree among the cards that
// use it; the content hash is taken over the bundle's JSON written with each shared tree's text
// reused (writeSharing). The bundle, its hash and the diagnostics must be what checking every
// use on its own, and JSON.stringify, give.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../src/core/hash.js';
import { publish, writeSharing } from '../../src/content/publish.js';

function stringifySharing(value: unknown, shared: WeakSet<object>): string | undefined {
  let text = '';
  return writeSharing(value, shared, (s) => (text += s)) ? text : undefined;
}

describe('writeSharing', () => {
  it('writes exactly what JSON.stringify writes, whatever is shared', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { minLength: 1, maxLength: 5 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 12 }), (pieces, picks) => {
        // A value built from the pieces, some of them appearing several times; the objects among
        // them are the shared ones.
        const value = { pieces, again: picks.map(([a, b]) => ({ a: pieces[a % pieces.length], b: [pieces[b % pieces.length], undefined] })), skip: undefined };
        const shared = new WeakSet<object>(pieces.filter((p): p is object => typeof p === 'object' && p !== null));
        expect(stringifySharing(value, shared)).toBe(JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves values with toJSON, and objects that are not plain, to JSON.stringify', () => {
    const gone = { toJSON: () => undefined };
    const value = {
      when: new Date(0),
      map: new Map([[1, 2]]),
      n: Object(3) as unknown,
      list: [() => 1, Symbol('s'), gone],
      f: () => 1,
      gone,
      bare: Object.create(null) as object,
    };
    expect(stringifySharing(value, new WeakSet())).toBe(JSON.stringify(value));
    expect(stringifySharing(undefined, new WeakSet())).toBe(JSON.stringify(undefined));
    expect(stringifySharing([undefined, 1], new WeakSet())).toBe(JSON.stringify([undefined, 1]));
  });
});

describe('checked trees shared between cards', () => {
  const content = (extra: string) => `world: { now: 0 }
tagGroups:
  zone: { properties: { peril: 0 }, tags: { forest: { peril: 1 }, marsh: {} } }
boxes:
  land:
    decks:
      d:
        cards:
          a: { tags: { zone: forest }, condition: "@world.now >= 1 and @hand.peril > 0", priority: "@hand.peril", effects: ["@world.now = @world.now + 1"] }
          b: { tags: { zone: forest }, condition: "@world.now >= 1 and @hand.peril > 0", priority: "@hand.peril", effects: ["@world.now = @world.now + 1"] }
          c: { condition: "@world.now >= 1" }
${extra}
    hands:
      path: { tags: { zone: forest }, slots: 2 }
      open: { slots: 1 }
`;

  it('gives two cards with the same texts equal trees, and a hash over the plain JSON', async () => {
    const r = await publish({ files: { 'c.yaml': content('') } });
    const [a, b] = r.bundle!.cards;
    expect(a!.condition!.ast).toEqual(b!.condition!.ast);
    expect(a!.effects[0]!.statements).toEqual(b!.effects[0]!.statements);
    // The positions of each use stay each card's own.
    expect(a!.condition!.at).not.toEqual(b!.condition!.at);
    const { hash, ...body } = r.bundle!;
    expect(hash).toBe(contentHash(JSON.stringify(body)));
  });

  it('still reports a problem at every card that repeats the text', async () => {
    // e and f repeat a's condition, but the hand open can deal them and has no @hand.peril:
    // an error at each of them (lines 12 and 13), none at a or b.
    const extra = [
      '          e: { condition: "@world.now >= 1 and @hand.peril > 0" }',
      '          f: { condition: "@world.now >= 1 and @hand.peril > 0" }',
    ].join('\n');
    const r = await publish({ files: { 'c.yaml': content(extra) } });
    expect(r.diagnostics.filter((d) => d.code === 'lang/hand-name-missing').map((d) => d.line)).toEqual([12, 13]);
  });
});
