// The async path (issue 5, "an async path that works with either store"): an engine over an
// AsyncClaimStore deals exactly what the synchronous engine deals; a store that fails changes
// nothing; calls on one flow run in call order; flows save and load through a FlowStore.
import fc from 'fast-check';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { StoryletError } from '../../src/core/errors.js';
import type { Bundle } from '../../src/content/bundle.js';
import { MemoryClaimStore, MemoryFlowStore, asyncClaimStore, createEngine } from '../../src/runtime/index.js';
import type { AsyncClaimStore, AsyncEngine, Engine, FlowStore } from '../../src/runtime/index.js';
import { Lanes } from '../../src/runtime/async-engine.js';
import { bundleOf, ids, verdicts } from '../runtime/support/content.js';
import { CONTENT, cmd, transcript } from './support/model.js';
import { rejectsWith } from './support/errors.js';

const GOBLIN = `
boxes:
  wild:
    decks:
      monsters:
        shared: true
        cards:
          goblin: { priority: 1 }
      stones:
        cards:
          pebble: {}
    hands:
      cave: { slots: 2 }
`;

let bundle: Bundle;
beforeAll(async () => {
  bundle = await bundleOf(CONTENT);
});

/** An async store over memory that fails every call while `down` is set. */
function flaky(inner = asyncClaimStore(new MemoryClaimStore())): AsyncClaimStore & { down: boolean; calls: number } {
  const store = { down: false, calls: 0 } as AsyncClaimStore & { down: boolean; calls: number };
  for (const name of ['settle', 'release', 'take', 'taken', 'holders', 'replaceFlow', 'reclaimFlow', 'replaceAll', 'renew'] as const) {
    (store as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      store.calls++;
      if (store.down) throw new Error('connection reset');
      return (inner[name] as (...a: unknown[]) => unknown)(...args);
    };
  }
  (store as { async: true }).async = true;
  return store;
}

describe('createEngine picks the engine from the store', () => {
  it('an AsyncClaimStore makes an AsyncEngine (types and behaviour); the default stays synchronous', async () => {
    const sync = createEngine(bundle, { seed: 's' });
    const async = createEngine(bundle, { seed: 's', claims: asyncClaimStore(new MemoryClaimStore()) });
    expectTypeOf(sync).toEqualTypeOf<Engine>();
    expectTypeOf(async).toEqualTypeOf<AsyncEngine>();
    expect(sync.flow('ann').deal('tavern')).not.toBeInstanceOf(Promise);
    const pending = async.flow('ann').deal('tavern');
    expect(pending).toBeInstanceOf(Promise);
    // `await flow.deal(...)` reads the same with either engine, and deals the same.
    // eslint-disable-next-line @typescript-eslint/await-thenable -- awaiting the sync engine's result is the point
    expect(ids((await pending).dealt)).toEqual(ids((await createEngine(bundle, { seed: 's' }).flow('ann').deal('tavern')).dealt));
  });

  it('a store kept for another bundle is refused: claims/bundle-mismatch', () => {
    const store = { ...asyncClaimStore(new MemoryClaimStore()), bundle: 'not-this-one' };
    expect(() => createEngine(bundle, { seed: 's', claims: store })).toThrowError(expect.objectContaining({ code: 'claims/bundle-mismatch' }));
  });
});

describe('the async engine deals exactly what the synchronous one deals', () => {
  it('random deal/peek/play/advance over three flows: same transcript, same snapshot (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 1, maxLength: 80 }), async (cmds) => {
        const sync = createEngine(bundle, { seed: 'p' });
        const async = createEngine(bundle, { seed: 'p', claims: asyncClaimStore(new MemoryClaimStore()) });
        const a = await transcript(cmds, (id) => sync.flow(id));
        const b = await transcript(cmds, (id) => async.flow(id));
        expect(b).toEqual(a);
        expect(await async.snapshot()).toEqual(sync.snapshot());
      }),
      { numRuns: 300 },
    );
  });

  it('a shared one-shot someone took is `taken` even when a later check would also fail (reference order)', async () => {
    const engine = createEngine(bundle, { seed: 't', claims: asyncClaimStore(new MemoryClaimStore()) });
    const ann = engine.flow('ann');
    const ben = engine.flow('ben');
    ann.setWorld('now', 1);
    const dealt = await ann.deal('tavern');
    expect(ids(dealt.dealt)).toContain('omen');
    await ann.play('omen', { hand: 'tavern' });
    // ben's world has now = 0: omen's condition is false, but taken comes first.
    expect(verdicts((await ben.peek('tavern')).trace).omen).toBe('taken');
    expect(await engine.taken()).toEqual(['omen']);
  });
});

describe('a store that fails changes nothing', () => {
  it('deal, peek and play reject with claims/unavailable; the flow, the store and the trace log are as before', async () => {
    const store = flaky();
    const engine = createEngine(bundle, { seed: 'f', claims: store });
    const ann = engine.flow('ann');
    await ann.deal('tavern');
    const before = JSON.stringify(ann.snapshot());
    const log = engine.traceLog().length;
    const holders = await store.holders('goblin');
    store.down = true;
    await rejectsWith(ann.deal('market'), 'claims/unavailable');
    await rejectsWith(ann.peek('market'), 'claims/unavailable');
    const shared = ann.hand('tavern').find((c) => ['goblin', 'ticket', 'bread', 'crown'].includes(c.id))!;
    await rejectsWith(ann.play(shared.id, { hand: 'tavern' }), 'claims/unavailable');
    expect(JSON.stringify(ann.snapshot())).toBe(before);
    expect(engine.traceLog()).toHaveLength(log);
    store.down = false;
    expect(await store.holders('goblin')).toEqual(holders);
    // Back up: the very same calls now go through.
    await ann.play(shared.id, { hand: 'tavern' });
    expect(ids(ann.hand('tavern'))).not.toContain(shared.id);
  });

  it('a deal on a flow removed meanwhile records nothing when the store fails', async () => {
    const store = flaky();
    const engine = createEngine(bundle, { seed: 'f', claims: store });
    const ann = engine.flow('ann');
    await engine.removeFlow('ann');
    store.down = true;
    await rejectsWith(ann.deal('tavern'), 'claims/unavailable');
    expect(engine.flows()).toEqual([]);
  });

  it("a store's own StoryletError passes through unchanged", async () => {
    const store = asyncClaimStore(new MemoryClaimStore());
    store.settle = async () => {
      throw new StoryletError('claims/refused', 'no', {});
    };
    const engine = createEngine(bundle, { seed: 'f', claims: store });
    await rejectsWith(engine.flow('ann').deal('tavern'), 'claims/refused');
  });

  it('bad input is refused before the store is asked', async () => {
    const store = flaky();
    const engine = createEngine(bundle, { seed: 'f', claims: store });
    const calls = store.calls;
    await rejectsWith(engine.flow('ann').deal('nowhere'), 'deal/unknown-hand');
    await rejectsWith(engine.flow('ann').play('goblin', { hand: 'tavern' }), 'play/not-in-hand');
    await rejectsWith(engine.removeFlow('nobody'), 'flow/unknown');
    expect(store.calls).toBe(calls);
  });
});

describe('calls on one flow run in call order', () => {
  it('two deals into one hand without awaiting never overfill it; the second sees the first', async () => {
    const engine = createEngine(bundle, { seed: 'l', claims: asyncClaimStore(new MemoryClaimStore()) });
    const sync = createEngine(bundle, { seed: 'l' });
    const ann = engine.flow('ann');
    const [a, b] = await Promise.all([ann.deal('market'), ann.deal('market')]);
    expect(ids(a.dealt)).toEqual(ids(sync.flow('ann').deal('market').dealt));
    expect(b.dealt).toEqual([]);
    expect(ann.hand('market')).toHaveLength(2);
  });

  it('the same card played twice at once: the first play wins, the second is play/not-in-hand', async () => {
    const engine = createEngine(bundle, { seed: 'l', claims: asyncClaimStore(new MemoryClaimStore()) });
    const ann = engine.flow('ann');
    const { dealt } = await ann.deal('tavern');
    const card = dealt[0]!.id;
    const results = await Promise.allSettled([ann.play(card, { hand: 'tavern' }), ann.play(card, { hand: 'tavern' })]);
    expect(results[0].status).toBe('fulfilled');
    expect(results[1].status).toBe('rejected');
    expect(((results[1] as PromiseRejectedResult).reason as StoryletError).code).toBe('play/not-in-hand');
  });

  it('different flows overlap: a slow store answer for one flow does not hold another back', async () => {
    const inner = asyncClaimStore(new MemoryClaimStore());
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const store: AsyncClaimStore = {
      ...inner,
      settle: async (r) => {
        if (r.holder.flow === 'ann') await gate;
        return inner.settle(r);
      },
    };
    const engine = createEngine(bundle, { seed: 'l', claims: store });
    const slow = engine.flow('ann').deal('tavern');
    const fast = await engine.flow('ben').deal('tavern');
    expect(fast.dealt.length).toBeGreaterThan(0);
    release();
    await slow;
  });
});

describe('saveFlow and loadFlow', () => {
  const engines = {
    sync: (flows: FlowStore, claims = new MemoryClaimStore()) => createEngine(bundle, { seed: 'sv', flows, claims }),
    async: (flows: FlowStore, claims = new MemoryClaimStore()) => createEngine(bundle, { seed: 'sv', flows, claims: asyncClaimStore(claims) }),
  };

  for (const [name, make] of Object.entries(engines)) {
    it(`${name}: save, a new engine, load: the same snapshot and the same next deal`, async () => {
      const flows = new MemoryFlowStore();
      const first = make(flows);
      const ann = first.flow('ann');
      ann.setWorld('now', 2);
      await ann.deal('tavern');
      await ann.play(ann.hand('tavern')[0]!.id, { hand: 'tavern' });
      await ann.deal('square', { npc: 'elder' });
      await first.saveFlow('ann');
      const next = await ann.deal('tavern');

      const second = make(flows);
      const { flow, dropped } = await second.loadFlow('ann');
      expect(dropped).toEqual([]);
      const again = await flow.deal('tavern');
      expect(ids(again.dealt)).toEqual(ids(next.dealt));
      expect(again.trace.cards).toEqual(next.trace.cards);
    });

    it(`${name}: a saved shared card whose copies others hold now is dropped and listed`, async () => {
      const goblin = await bundleOf(GOBLIN);
      const flows = new MemoryFlowStore();
      const claims = new MemoryClaimStore();
      const engine =
        name === 'sync' ? createEngine(goblin, { seed: 'g', flows, claims }) : createEngine(goblin, { seed: 'g', flows, claims: asyncClaimStore(claims) });
      const ann = engine.flow('ann');
      await ann.deal('cave');
      expect(ids(ann.hand('cave'))).toEqual(['goblin', 'pebble']);
      await engine.saveFlow('ann');
      await engine.removeFlow('ann');
      await engine.flow('ben').deal('cave');
      const { flow, dropped } = await engine.loadFlow('ann');
      expect(dropped).toEqual([{ card: 'goblin', hand: 'cave' }]);
      expect(ids(flow.hand('cave'))).toEqual(['pebble']);
      expect(claims.holders('goblin')).toEqual([{ flow: 'ben', hand: 'cave' }]);
    });

    it(`${name}: unknown, corrupt, newer, foreign or misfiled saves are typed errors and change nothing`, async () => {
      const flows = new MemoryFlowStore();
      const engine = make(flows);
      const ann = engine.flow('ann');
      await ann.deal('tavern');
      const before = JSON.stringify(ann.snapshot());
      await rejectsWith(engine.loadFlow('nobody'), 'flow/not-saved');
      await rejectsWith(engine.saveFlow('nobody'), 'flow/unknown');
      await flows.save('ann', '{"format": "storyletengine/flow", "vers');
      await rejectsWith(engine.loadFlow('ann'), 'snapshot/malformed');
      const good = JSON.parse(before);
      await flows.save('ann', JSON.stringify({ ...good, format: 'something/else' }));
      await rejectsWith(engine.loadFlow('ann'), 'snapshot/malformed');
      await flows.save('ann', JSON.stringify({ ...good, version: 99 }));
      await rejectsWith(engine.loadFlow('ann'), 'snapshot/version');
      await flows.save('ann', JSON.stringify({ ...good, bundle: 'other' }));
      await rejectsWith(engine.loadFlow('ann'), 'snapshot/bundle-mismatch');
      await flows.save('ann', JSON.stringify({ ...good, flow: 'ben' }));
      await rejectsWith(engine.loadFlow('ann'), 'snapshot/malformed');
      await flows.save('ann', JSON.stringify({ ...good, hands: [{ hand: 'tavern', ask: {}, holds: ['no_such_card'] }] }));
      await rejectsWith(engine.loadFlow('ann'), 'snapshot/malformed');
      expect(JSON.stringify(ann.snapshot())).toBe(before);
    });

    it(`${name}: a flow store that fails is flows/unavailable`, async () => {
      const broken: FlowStore = {
        save: async () => {
          throw new Error('disk full');
        },
        load: async () => {
          throw new Error('disk gone');
        },
        list: async () => [],
        remove: async () => false,
      };
      const engine = make(broken);
      await engine.flow('ann').deal('tavern');
      await rejectsWith(engine.saveFlow('ann'), 'flows/unavailable');
      await rejectsWith(engine.loadFlow('ann'), 'flows/unavailable');
    });
  }
});

describe('leases on a store without them', () => {
  it('renewLeases over memory renews every held shared claim and loses none', async () => {
    const engine = createEngine(bundle, { seed: 'r', claims: asyncClaimStore(new MemoryClaimStore()) });
    await engine.flow('ann').deal('tavern');
    await engine.flow('ben').deal('tavern');
    const held = [...engine.flow('ann').hand('tavern'), ...engine.flow('ben').hand('tavern')].filter((c) => c.deck === 'world').length;
    expect(await engine.renewLeases()).toEqual({ renewed: held, lost: [] });
  });
});

describe('taken is for good, until a whole engine snapshot is restored', () => {
  it('a taken one-shot is reported at once on later deals; restoring an engine snapshot from before brings it back', async () => {
    const goblin = await bundleOf(`
boxes:
  wild:
    decks:
      legends:
        shared: true
        cards:
          dragon: { redraw: never }
    hands:
      lair: {}
`);
    const engine = createEngine(goblin, { seed: 't', claims: asyncClaimStore(new MemoryClaimStore()) });
    const before = await engine.snapshot();
    await engine.flow('ann').deal('lair');
    await engine.flow('ann').play('dragon', { hand: 'lair' });
    expect(verdicts((await engine.flow('ben').peek('lair')).trace).dragon).toBe('taken');
    await engine.restore(before);
    expect(await engine.taken()).toEqual([]);
    expect(ids((await engine.flow('ben').deal('lair')).dealt)).toEqual(['dragon']);
  });
});

describe('Lanes', () => {
  it('runs calls on one key in call order, other keys alongside, and runAll once every lane is at rest', async () => {
    const lanes = new Lanes();
    const order: string[] = [];
    const step = (name: string, ms: number) => () => new Promise<void>((r) => setTimeout(() => (order.push(name), r()), ms));
    const all = [
      lanes.run('a', step('a1', 30)),
      lanes.run('a', step('a2', 1)),
      lanes.run('b', step('b1', 5)),
      lanes.runAll(step('all', 1)),
      lanes.run('b', step('b2', 1)),
      lanes
        .run('a', async () => {
          throw new Error('a3 fails');
        })
        .catch(() => order.push('a3 failed')),
      lanes.run('a', step('a4', 1)),
    ];
    await Promise.all(all);
    // After the barrier, lane b's timer and lane a's failure run alongside; a4 still waits for a3.
    expect(order).toEqual(['b1', 'a1', 'a2', 'all', 'a3 failed', 'b2', 'a4']);
  });
});
