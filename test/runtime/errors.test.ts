// The issue, "Bad input": unknown hand/box/card/flow ids, playing a card the hand does not hold, a
// malformed snapshot, a bundle from a newer format version: a StoryletError with a `code` that
// names the id and the known alternatives; state is unchanged after any refused call.
import { beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/runtime/index.js';
import type { Bundle } from '../../src/content/bundle.js';
import type { Engine, Flow, TraceEvent } from '../../src/runtime/index.js';
import { bundleOf, expectCode } from './support/content.js';

const CONTENT = `
world: { now: 0, raining: false, mood: "fine", dread: { quality: haunting, start: calm } }
qualities:
  haunting: [calm, uneasy, haunted]
tagGroups:
  zone:
    properties: { peril: 0 }
    tags: { forest: {}, village: {} }
  npc: { tags: { elder: {}, smith: {} } }
handTemplates:
  talk: { tags: { zone: village }, choose: [npc], slots: 2 }
boxes:
  village:
    decks:
      d:
        cards:
          gossip: {}
          fight: { tags: { zone: forest }, effects: ["@hand.peril = @hand.peril + 1"] }
    hands:
      square: { template: talk }
      forest_path: { tags: { zone: forest }, slots: 2 }
`;

let bundle: Bundle;
let engine: Engine;
let flow: Flow;
let events: TraceEvent[];
let before: string;

beforeEach(async () => {
  bundle = await bundleOf(CONTENT);
  engine = createEngine(bundle, { seed: 's' });
  flow = engine.flow('alice');
  flow.deal('forest_path');
  events = [];
  engine.subscribeTrace((e) => events.push(e));
  before = JSON.stringify(engine.snapshot());
});

/** Refused: the right code, no trace event, and the engine's whole state as it was. */
function refused(fn: () => unknown, code: string) {
  const err = expectCode(fn, code);
  expect(events).toEqual([]);
  expect(JSON.stringify(engine.snapshot())).toBe(before);
  return err;
}

describe('unknown ids name the id and the known alternatives', () => {
  it('deal/unknown-hand from deal, peek, hand, play and handScope', () => {
    const err = refused(() => flow.deal('sqare'), 'deal/unknown-hand');
    expect(err.details).toMatchObject({ id: 'sqare', known: ['square', 'forest_path'] });
    expect(err.message).toContain('did you mean "square"');
    refused(() => flow.peek('nowhere'), 'deal/unknown-hand');
    refused(() => flow.hand('nowhere'), 'deal/unknown-hand');
    refused(() => flow.handScope('nowhere'), 'deal/unknown-hand');
    refused(() => flow.play('fight', { hand: 'nowhere' }), 'deal/unknown-hand');
    refused(() => flow.deal(42 as never), 'deal/unknown-hand');
  });

  it('deal/unknown-box from advance and turn', () => {
    const err = refused(() => flow.advance('vilage'), 'deal/unknown-box');
    expect(err.details).toMatchObject({ id: 'vilage', known: ['village'] });
    refused(() => flow.turn('nowhere'), 'deal/unknown-box');
  });

  it('play/unknown-card', () => {
    const err = refused(() => flow.play('fihgt', { hand: 'forest_path' }), 'play/unknown-card');
    expect(err.details).toMatchObject({ id: 'fihgt', known: ['gossip', 'fight'] });
  });

  it('world/unknown-name from setWorld and getWorld', () => {
    const err = refused(() => flow.setWorld('nwo', 1), 'world/unknown-name');
    expect(err.details).toMatchObject({ id: 'nwo', known: ['now', 'raining', 'mood', 'dread'] });
    refused(() => flow.getWorld('nope'), 'world/unknown-name');
  });

  it('flow/unknown from removeFlow; flow/bad-id from flow', () => {
    const err = refused(() => engine.removeFlow('bob'), 'flow/unknown');
    expect(err.details).toMatchObject({ id: 'bob', known: ['alice'] });
    refused(() => engine.flow(''), 'flow/bad-id');
    refused(() => engine.flow(7 as never), 'flow/bad-id');
  });
});

describe('bad asks (runtime decision: only groups the hand leaves open, with tags of that group)', () => {
  it('deal/bad-ask for a group the hand does not leave open, naming the open ones', () => {
    const err = refused(() => flow.deal('square', { weather: 'rain' }), 'deal/bad-ask');
    expect(err.details).toMatchObject({ hand: 'square', group: 'weather', known: ['npc'] });
  });

  it('deal/bad-ask for a tag not in the group, naming its tags', () => {
    const err = refused(() => flow.peek('square', { npc: 'wizard' }), 'deal/bad-ask');
    expect(err.details).toMatchObject({ group: 'npc', tag: 'wizard', known: ['elder', 'smith'] });
  });

  it('deal/bad-ask for a pinned group with another tag; the same tag is allowed', () => {
    refused(() => flow.deal('square', { zone: 'forest' }), 'deal/bad-ask');
    expect(() => flow.hand('square', { zone: 'village' })).not.toThrow();
  });

  it('deal/bad-ask for an ask that is not an object', () => {
    refused(() => flow.deal('square', 'npc=elder' as never), 'deal/bad-ask');
  });
});

describe('plays', () => {
  it('play/not-in-hand names what the hand holds', () => {
    const err = refused(() => flow.play('fight', { hand: 'square', ask: { npc: 'elder' } }), 'play/not-in-hand');
    expect(err.details).toMatchObject({ id: 'fight', hand: 'square{npc=elder}', known: [] });
    const bob = engine.flow('bob'); // created on first use: that is a change, made before the refusal
    before = JSON.stringify(engine.snapshot());
    refused(() => bob.play('fight', { hand: 'forest_path' }), 'play/not-in-hand');
  });

  it('play/bad-options without the hand', () => {
    refused(() => flow.play('fight', undefined as never), 'play/bad-options');
  });

  it('clock/bad-amount for a play advance or a box advance that is not a whole number >= 0', () => {
    refused(() => flow.play('fight', { hand: 'forest_path', advance: -1 }), 'clock/bad-amount');
    refused(() => flow.advance('village', 1.5), 'clock/bad-amount');
    refused(() => flow.advance('village', -2), 'clock/bad-amount');
  });

  it('play/effect-failed when an effect writes a read-only name (a bundle the checker did not see)', () => {
    const tampered = structuredClone(bundle);
    const card = tampered.cards.find((c) => c.id === 'fight')!;
    const stmt = card.effects[0]!.statements[0]!;
    if (stmt.kind !== 'assign') throw new Error('expected an assignment');
    stmt.target = { ...stmt.target, name: 'zone' };
    stmt.value = { kind: 'bare', name: 'village', span: stmt.value.span, resolved: { kind: 'tag', group: 'zone' } };
    engine = createEngine(tampered, { seed: 's' });
    flow = engine.flow('alice');
    flow.deal('forest_path');
    events = [];
    before = JSON.stringify(engine.snapshot());
    const err = refused(() => flow.play('fight', { hand: 'forest_path' }), 'play/effect-failed');
    expect(err.message).toMatch(/read-only/);
  });
});

describe('world values', () => {
  it('world/type for a value of the wrong type, a stage off the ladder, a non-finite number', () => {
    refused(() => flow.setWorld('raining', 'yes'), 'world/type');
    refused(() => flow.setWorld('now', Number.NaN), 'world/type');
    refused(() => flow.setWorld('now', Infinity), 'world/type');
    const err = refused(() => flow.setWorld('dread', 'terrified'), 'world/type');
    expect(err.message).toContain('calm, uneasy, haunted');
    flow.setWorld('dread', 'uneasy');
    expect(flow.getWorld('dread')).toBe('uneasy');
  });

  it('world/type, not a TypeError from building the message, for values JSON cannot write', () => {
    // JSON.stringify throws on a BigInt and on a cycle: the message names them another way.
    const err = refused(() => flow.setWorld('now', 3n as never), 'world/type');
    expect(err.message).toContain('got 3n');
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    refused(() => flow.setWorld('now', loop as never), 'world/type');
    refused(() => flow.setWorld('now', undefined as never), 'world/type');
    refused(() => flow.setWorld('now', Symbol('x') as never), 'world/type');
  });
});

describe("every message about a caller's value is built without throwing", () => {
  it('BigInt ids, asks and amounts get their own codes', () => {
    refused(() => flow.deal(3n as never), 'deal/unknown-hand');
    refused(() => flow.deal('square', 3n as never), 'deal/bad-ask');
    refused(() => flow.advance('village', 3n as never), 'clock/bad-amount');
    refused(() => flow.play(3n as never, { hand: 'square' }), 'play/unknown-card');
    refused(() => engine.flow(3n as never), 'flow/bad-id');
    expectCode(() => createEngine(bundle, { seed: 's', traceLimit: 3n as never }), 'engine/bad-options');
  });
});

describe('bundles', () => {
  it('bundle/version for a bundle newer than this runtime', () => {
    const err = expectCode(() => createEngine({ ...bundle, version: 99 }, { seed: 's' }), 'bundle/version');
    expect(err.details).toMatchObject({ version: 99, supported: 1 });
  });

  it('bundle/malformed for something that is not a bundle, or a damaged one', () => {
    expectCode(() => createEngine(null as never, { seed: 's' }), 'bundle/malformed');
    expectCode(() => createEngine({ ...bundle, format: 'other' } as never, { seed: 's' }), 'bundle/malformed');
    expectCode(() => createEngine({ ...bundle, cards: 'x' } as never, { seed: 's' }), 'bundle/malformed');
    const unknownName = structuredClone(bundle);
    unknownName.cards[0]!.condition = {
      source: '@world.gone > 1',
      ast: {
        kind: 'binary',
        op: '>',
        span: { start: 0, end: 1 },
        left: { kind: 'name', scope: 'world', name: 'gone', span: { start: 0, end: 1 } },
        right: { kind: 'number', value: 1, span: { start: 0, end: 1 } },
      },
    };
    const err = expectCode(() => createEngine(unknownName, { seed: 's' }), 'bundle/malformed');
    expect(err.message).toContain('@world.gone');
    const orphan = structuredClone(bundle);
    orphan.boxes[0]!.decks[0]!.cards.push('ghost');
    expectCode(() => createEngine(orphan, { seed: 's' }), 'bundle/malformed');
  });

  it('engine/bad-options without a seed or with a bad traceLimit', () => {
    expectCode(() => createEngine(bundle, {} as never), 'engine/bad-options');
    expectCode(() => createEngine(bundle, { seed: 's', traceLimit: -1 }), 'engine/bad-options');
  });

  it('trace/bad-listener for a listener that is not a function', () => {
    refused(() => engine.subscribeTrace('log' as never), 'trace/bad-listener');
  });
});
