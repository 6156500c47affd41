// The reference, "Reading the trace": every deal and peek emits one event listing each card the
// engine considered with its verdict and reason; subscribeTrace streams it and a retained log
// keeps it. The issue: streaming costs nothing when nobody subscribes; the log is a bounded ring.
import { EventEmitter } from 'eventemitter3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VERDICTS } from '../../src/runtime/index.js';
import type { TraceEvent } from '../../src/runtime/index.js';
import { engineOf, expectCode } from './support/content.js';

const CONTENT = `
world: { hot: false }
tagGroups:
  npc: { tags: { elder: {}, smith: {} } }
boxes:
  b:
    decks:
      d:
        cards:
          one: { priority: 2 }
          two: { priority: 1 }
          three: {}
          elder_only: { tags: { npc: elder } }
    hands:
      h: { slots: 2, condition: "not @world.hot" }
      talk: { choose: [npc], slots: 4 }
`;

afterEach(() => vi.restoreAllMocks());

describe('events (reference: "Every deal and peek emits a trace event")', () => {
  it('one event per deal and per peek, naming the flow, hand, instance, box and turn', async () => {
    const { engine } = await engineOf(CONTENT);
    const flow = engine.flow('alice');
    flow.advance('b', 2);
    const deal = flow.deal('h').trace;
    const peek = flow.peek('talk', { npc: 'elder' }).trace;
    expect(engine.traceLog()).toEqual([deal, peek]);
    expect(deal).toMatchObject({ kind: 'deal', flow: 'alice', hand: 'h', handKey: 'h', ask: {}, box: 'b', turn: 2 });
    expect(peek).toMatchObject({ kind: 'peek', flow: 'alice', hand: 'talk', handKey: 'talk{npc=elder}', ask: { npc: 'elder' } });
  });

  it('lists every card with its verdict, reason, rank, priority and specificity', async () => {
    const { engine } = await engineOf(CONTENT);
    const { trace } = engine.flow('alice').deal('h');
    expect(trace.cards.map(({ id, verdict, rank, priority }) => ({ id, verdict, rank, priority }))).toEqual([
      { id: 'one', verdict: 'dealt', rank: 1, priority: 2 },
      { id: 'two', verdict: 'dealt', rank: 2, priority: 1 },
      { id: 'three', verdict: 'capped', rank: 3, priority: 0 },
      { id: 'elder_only', verdict: 'tags', rank: undefined, priority: 0 },
    ]);
    for (const c of trace.cards) {
      expect(c.reason.length).toBeGreaterThan(0);
      expect(typeof c.specificity).toBe('number');
    }
  });

  it('a peek lists what it shows as `listed`', async () => {
    const { engine } = await engineOf(CONTENT);
    const { trace } = engine.flow('alice').peek('h');
    expect(trace.cards.map((c) => c.verdict)).toEqual(['listed', 'listed', 'capped', 'tags']);
  });

  it('an event whose hand condition failed lists no cards', async () => {
    const { engine } = await engineOf(CONTENT);
    const flow = engine.flow('alice');
    flow.setWorld('hot', true);
    const { trace } = flow.deal('h');
    expect(trace.cards).toEqual([]);
    expect(engine.traceLog({ kind: 'deal' })).toEqual([trace]);
  });

  it('serialises as plain JSON with its cards', async () => {
    const { engine } = await engineOf(CONTENT);
    const { trace } = engine.flow('alice').deal('h');
    const json = JSON.parse(JSON.stringify(trace));
    expect(json.cards).toHaveLength(4);
    expect(json).toMatchObject({ kind: 'deal', flow: 'alice', handKey: 'h' });
  });

  it("the verdict names are exactly the reference's", () => {
    expect([...VERDICTS].sort()).toEqual([
      'capped',
      'claimed',
      'claimed-elsewhere',
      'condition',
      'cooldown',
      'dealt',
      'deck-gate',
      'listed',
      'priority',
      'tags',
      'taken',
    ]);
  });
});

describe('subscribeTrace (reference: "subscribeTrace streams it")', () => {
  it('streams each event to a subscriber until it unsubscribes', async () => {
    const { engine } = await engineOf(CONTENT);
    const seen: TraceEvent[] = [];
    const stop = engine.subscribeTrace((e) => seen.push(e));
    const a = engine.flow('alice').deal('h').trace;
    const b = engine.flow('alice').peek('talk').trace;
    stop();
    stop();
    engine.flow('alice').peek('h');
    expect(seen).toEqual([a, b]);
  });

  it('filters by flow, hand, box, kind, card and verdict', async () => {
    const { engine } = await engineOf(CONTENT);
    const got: Record<string, string[]> = {};
    const listen = (name: string, filter: object) => {
      got[name] = [];
      engine.subscribeTrace((e) => got[name]!.push(`${e.kind}:${e.flow}:${e.handKey}`), filter);
    };
    listen('bob', { flow: 'bob' });
    listen('talk', { hand: 'talk' });
    listen('peeks', { kind: 'peek' });
    listen('dealtOne', { card: 'one', verdict: 'dealt' });
    listen('anyTags', { verdict: 'tags' });
    listen('box', { box: 'b' });
    engine.flow('alice').deal('h');
    engine.flow('bob').peek('talk', { npc: 'elder' });
    engine.flow('bob').deal('h');
    expect(got.bob).toEqual(['peek:bob:talk{npc=elder}', 'deal:bob:h']);
    expect(got.talk).toEqual(['peek:bob:talk{npc=elder}']);
    expect(got.peeks).toEqual(['peek:bob:talk{npc=elder}']);
    expect(got.dealtOne).toEqual(['deal:alice:h', 'deal:bob:h']);
    expect(got.anyTags).toEqual(['deal:alice:h', 'deal:bob:h']);
    expect(got.box).toHaveLength(3);
  });

  it('a listener that throws neither fails the deal nor silences the other listeners; its error is reported apart', async () => {
    const { engine } = await engineOf(CONTENT);
    const reported: (() => void)[] = [];
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((cb) => void reported.push(cb));
    const seen: string[] = [];
    engine.subscribeTrace(() => {
      throw new Error('listener bug');
    });
    engine.subscribeTrace((e) => seen.push(e.handKey));
    const { dealt } = engine.flow('alice').deal('h');
    expect(dealt).toHaveLength(2);
    expect(seen).toEqual(['h']);
    expect(reported).toHaveLength(1);
    expect(() => reported[0]!()).toThrow('listener bug');
  });

  it('refuses an unknown filter key or verdict with trace/bad-filter', async () => {
    const { engine } = await engineOf(CONTENT);
    expectCode(() => engine.subscribeTrace(() => {}, { verdict: 'nope' as never }), 'trace/bad-filter');
    expectCode(() => engine.traceLog({ flw: 'a' } as never), 'trace/bad-filter');
    // A verdict no JSON can spell (a BigInt) is still a trace/bad-filter, not a TypeError from
    // building the message.
    expectCode(() => engine.subscribeTrace(() => {}, { verdict: 3n as never }), 'trace/bad-filter');
  });

  it('nothing is emitted when nobody subscribes', async () => {
    const { engine } = await engineOf(CONTENT);
    const emit = vi.spyOn(EventEmitter.prototype, 'emit');
    engine.flow('alice').deal('h');
    engine.flow('alice').peek('h');
    expect(emit).not.toHaveBeenCalled();
    const stop = engine.subscribeTrace(() => {});
    engine.flow('alice').peek('h');
    expect(emit).toHaveBeenCalledTimes(1);
    stop();
    engine.flow('alice').peek('h');
    expect(emit).toHaveBeenCalledTimes(1);
  });
});

describe('traceLog (reference: "a retained log keeps it")', () => {
  it('keeps the latest traceLimit events, oldest first', async () => {
    const { engine } = await engineOf(CONTENT, { traceLimit: 3 });
    const flow = engine.flow('alice');
    const events = Array.from({ length: 5 }, (_, i) => flow.peek(i % 2 ? 'h' : 'talk').trace);
    expect(engine.traceLog()).toEqual(events.slice(2));
    expect(engine.traceLog({ hand: 'talk' })).toEqual([events[2], events[4]]);
  });

  it('traceLimit 0 keeps nothing; deals still return their trace', async () => {
    const { engine } = await engineOf(CONTENT, { traceLimit: 0 });
    const { trace } = engine.flow('alice').deal('h');
    expect(trace.cards).toHaveLength(4);
    expect(engine.traceLog()).toEqual([]);
  });
});
