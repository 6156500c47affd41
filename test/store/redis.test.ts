// The Redis claim store against a real redis-server (issue 5): shared claims, `sharedCopies` and
// shared one-shots hold across engines that share only Redis (as separate processes do); it deals
// exactly what the in-memory store deals; leases lapse and are renewed as docs/scaling.md says;
// a Redis that fails changes nothing; scripts run from Redis's cache; keys stay in their namespace.
import fc from 'fast-check';
import type { Redis } from 'ioredis';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bundle } from '../../src/content/bundle.js';
import { MemoryClaimStore, MemoryFlowStore, createEngine } from '../../src/runtime/index.js';
import type { AsyncEngine } from '../../src/runtime/index.js';
import { createRedisClaimStore, keepLeases } from '../../src/store/redis/index.js';
import type { RedisClaimStoreOptions } from '../../src/store/redis/index.js';
import { bundleOf, ids, verdicts } from '../runtime/support/content.js';
import { CONTENT, cmd, transcript } from './support/model.js';
import { useRedis } from './support/redis.js';
import type { RedisServer } from './support/redis.js';
import { rejectsWith } from './support/errors.js';

const WORLD = `
boxes:
  wild:
    decks:
      monsters:
        shared: true
        cards:
          goblin: {}
      prizes:
        cards:
          golden_ticket: { shared: true, copies: 1, sharedCopies: 5 }
      legends:
        cards:
          dragon: { shared: true, redraw: never }
    hands:
      cave: { slots: 3 }
      hills: { slots: 3 }
`;

const redisServer = useRedis();
let server: RedisServer;
let redisA: Redis;
let redisB: Redis;
let world: Bundle;
let model: Bundle;
let namespaces = 0;

beforeAll(async () => {
  world = await bundleOf(WORLD);
  model = await bundleOf(CONTENT);
});
beforeEach(() => {
  if (server) return;
  server = redisServer();
  redisA = server.client();
  redisB = server.client();
});

/** Two engines sharing one world through Redis, each with its own connection, as two processes would. */
function twoProcesses(bundle: Bundle, options: Partial<RedisClaimStoreOptions> = {}, seed = 'r'): [AsyncEngine, AsyncEngine] {
  const namespace = `t${++namespaces}`;
  const make = (redis: Redis) => createEngine(bundle, { seed, claims: createRedisClaimStore({ redis, bundle, namespace, ...options }) });
  return [make(redisA), make(redisB)];
}

describe('shared cards across processes (reference, "Copies and claims")', () => {
  it('one goblin in the whole world: claimed-elsewhere in the other process until it is played', async () => {
    const [a, b] = twoProcesses(world);
    expect(ids((await a.flow('alice').deal('cave')).dealt)).toContain('goblin');
    const bob = await b.flow('bob').deal('cave');
    expect(ids(bob.dealt)).not.toContain('goblin');
    expect(verdicts(bob.trace).goblin).toBe('claimed-elsewhere');
    await a.flow('alice').play('goblin', { hand: 'cave' });
    expect(ids((await b.flow('bob').deal('cave')).dealt)).toContain('goblin');
  });

  it('five golden tickets, one to a customer: five flows across two processes, the sixth waits', async () => {
    const [a, b] = twoProcesses(world);
    const flows = ['f1', 'f2', 'f3', 'f4', 'f5'];
    for (const [i, id] of flows.entries()) {
      const { dealt } = await (i % 2 ? a : b).flow(id).deal('cave');
      expect(ids(dealt)).toContain('golden_ticket');
    }
    const sixth = await a.flow('f6').deal('cave');
    expect(verdicts(sixth.trace).golden_ticket).toBe('claimed-elsewhere');
    await b.flow('f1').play('golden_ticket', { hand: 'cave' });
    expect(ids((await a.flow('f6').deal('cave')).dealt)).toContain('golden_ticket');
  });

  it('a shared one-shot played in one process is taken in every other', async () => {
    const [a, b] = twoProcesses(world);
    await a.flow('alice').deal('cave');
    await a.flow('alice').play('dragon', { hand: 'cave' });
    expect(verdicts((await b.flow('bob').peek('hills')).trace).dragon).toBe('taken');
    expect(await b.taken()).toEqual(['dragon']);
  });

  it('two processes dealing the last copy at the same instant: exactly one gets it', async () => {
    for (let round = 0; round < 20; round++) {
      const [a, b] = twoProcesses(world);
      const [x, y] = await Promise.all([a.flow('alice').deal('cave'), b.flow('bob').deal('cave')]);
      const got = [x, y].filter((r) => ids(r.dealt).includes('goblin'));
      expect(got).toHaveLength(1);
      const other = got[0] === x ? y : x;
      expect(verdicts(other.trace).goblin).toBe('claimed-elsewhere');
    }
  });

  it('random play split over two processes deals exactly what one in-memory engine deals (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 1, maxLength: 50 }), async (cmds) => {
        const memory = createEngine(model, { seed: 'p', claims: new MemoryClaimStore() });
        const [a, b] = twoProcesses(model, {}, 'p');
        // ann and cat play in one process, ben in the other.
        const expected = await transcript(cmds, (id) => memory.flow(id));
        const got = await transcript(cmds, (id) => (id === 'ben' ? b : a).flow(id));
        expect(got).toEqual(expected);
        const snap = memory.snapshot();
        expect(await a.taken()).toEqual(snap.taken);
        for (const card of ['goblin', 'ticket', 'bread', 'relic']) {
          const store = createRedisClaimStore({ redis: redisA, bundle: model, namespace: `t${namespaces}` });
          expect(await store.holders(card)).toEqual(new MemoryClaimStoreView(memory).holders(card));
        }
      }),
      { numRuns: 100 },
    );
  });
});

/** Who holds a card in an in-memory engine, worked out from its flows' snapshots. */
class MemoryClaimStoreView {
  constructor(private readonly engine: ReturnType<typeof createEngine>) {}
  holders(card: string): { flow: string; hand: string }[] {
    const snap = (this.engine as { snapshot(): import('../../src/runtime/index.js').EngineSnapshot }).snapshot();
    const out: { flow: string; hand: string }[] = [];
    for (const f of snap.flows) {
      for (const h of f.hands) {
        if (!h.holds.includes(card)) continue;
        const asks = Object.entries(h.ask).sort(([x], [y]) => (x < y ? -1 : 1));
        out.push({ flow: f.flow, hand: asks.length ? `${h.hand}{${asks.map(([g, t]) => `${g}=${t}`).join(',')}}` : h.hand });
      }
    }
    return out.sort((x, y) => (x.flow < y.flow ? -1 : x.flow > y.flow ? 1 : x.hand < y.hand ? -1 : x.hand > y.hand ? 1 : 0));
  }
}

describe('leases (docs/scaling.md, "Leases")', () => {
  /** A clock the test moves by hand, shared by both "processes". */
  function handClock() {
    let t = 1_000_000;
    return { now: () => t, set: (v: number) => (t = v), at: () => t };
  }

  it('a claim nobody renews lapses after leaseMs and its copy returns to the world', async () => {
    const clock = handClock();
    const [a, b] = twoProcesses(world, { leaseMs: 1000, clock: clock.now });
    await a.flow('alice').deal('cave');
    clock.set(clock.at() + 999);
    expect(verdicts((await b.flow('bob').deal('cave')).trace).goblin).toBe('claimed-elsewhere');
    clock.set(clock.at() + 1);
    expect(ids((await b.flow('bob').deal('cave')).dealt)).toContain('goblin');
  });

  it('renewing keeps a claim past leaseMs; a renewal after the copy went elsewhere loses it and takes it out of the hand', async () => {
    const clock = handClock();
    const [a, b] = twoProcesses(world, { leaseMs: 1000, clock: clock.now });
    await a.flow('alice').deal('cave');
    clock.set(clock.at() + 900);
    const renewed = await a.renewLeases();
    expect(renewed.lost).toEqual([]);
    expect(renewed.renewed).toBeGreaterThanOrEqual(1);
    clock.set(clock.at() + 900);
    expect(verdicts((await b.flow('bob').deal('cave')).trace).goblin).toBe('claimed-elsewhere');
    // alice's process stalls past her lease; bob is dealt the goblin; her next renewal loses it.
    clock.set(clock.at() + 1000);
    expect(ids((await b.flow('bob').deal('hills')).dealt)).toContain('goblin');
    const late = await a.renewLeases();
    expect(late.lost).toContainEqual({ flow: 'alice', card: 'goblin', hand: 'cave', limit: 1 });
    expect(ids(a.flow('alice').hand('cave'))).not.toContain('goblin');
  });

  it('a lapsed claim nobody else took is taken again by the renewal', async () => {
    const clock = handClock();
    const [a] = twoProcesses(world, { leaseMs: 1000, clock: clock.now });
    await a.flow('alice').deal('cave');
    clock.set(clock.at() + 5000);
    expect((await a.renewLeases()).lost).toEqual([]);
    expect(ids(a.flow('alice').hand('cave'))).toContain('goblin');
  });

  it("a deal whose answer never reached its process leaves a claim nobody holds: it lapses, and the flow's next load drops it at once", async () => {
    const clock = handClock();
    const bundle = world;
    const namespace = `t${++namespaces}`;
    const store = createRedisClaimStore({ redis: redisA, bundle, namespace, leaseMs: 1000, clock: clock.now });
    const flows = new MemoryFlowStore();
    const a = createEngine(bundle, { seed: 'r', claims: store, flows });
    a.flow('alice');
    await a.saveFlow('alice');
    // The store committed a deal for alice; her process died before it heard back.
    await store.settle({ holder: { flow: 'alice', hand: 'cave' }, candidates: [{ card: 'goblin', limit: 1 }], fill: 1, commit: true, oneShots: [] });
    expect(await store.holders('goblin')).toEqual([{ flow: 'alice', hand: 'cave' }]);
    // Reconciliation: loading alice's last save makes her claims exactly what the save holds.
    const b = createEngine(bundle, { seed: 'r', claims: createRedisClaimStore({ redis: redisB, bundle, namespace, leaseMs: 1000, clock: clock.now }), flows });
    await b.loadFlow('alice');
    expect(await store.holders('goblin')).toEqual([]);
    // And without a load, the lease does it.
    await store.settle({ holder: { flow: 'alice', hand: 'cave' }, candidates: [{ card: 'goblin', limit: 1 }], fill: 1, commit: true, oneShots: [] });
    clock.set(clock.at() + 1000);
    expect(await store.holders('goblin')).toEqual([]);
    expect(ids((await b.flow('bob').deal('cave')).dealt)).toContain('goblin');
  });

  it('keepLeases renews on a timer: the claim outlives its lease while it runs, and lapses once stopped', async () => {
    const [a, b] = twoProcesses(world, { leaseMs: 200 });
    await a.flow('alice').deal('cave');
    const lost: unknown[] = [];
    const stop = keepLeases(a, { everyMs: 50, onLost: (l) => lost.push(...l) });
    await new Promise((r) => setTimeout(r, 500));
    expect(verdicts((await b.flow('bob').deal('cave')).trace).goblin).toBe('claimed-elsewhere');
    stop();
    await new Promise((r) => setTimeout(r, 300));
    expect(ids((await b.flow('bob').deal('cave')).dealt)).toContain('goblin');
    expect(lost).toEqual([]);
  });

  it('leases run on Redis TIME when no clock is given', async () => {
    const [a, b] = twoProcesses(world, { leaseMs: 150 });
    await a.flow('alice').deal('cave');
    expect(verdicts((await b.flow('bob').deal('cave')).trace).goblin).toBe('claimed-elsewhere');
    await new Promise((r) => setTimeout(r, 250));
    expect(ids((await b.flow('bob').deal('cave')).dealt)).toContain('goblin');
  });
});

describe('a Redis that fails changes nothing', () => {
  it('deal, peek and play reject with claims/unavailable and leave the flow and Redis as they were', async () => {
    const namespace = `t${++namespaces}`;
    const client = server.client({ enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await new Promise((r) => client.once('ready', r));
    const store = createRedisClaimStore({ redis: client, bundle: world, namespace });
    const engine = createEngine(world, { seed: 'r', claims: store });
    const alice = engine.flow('alice');
    await alice.deal('cave');
    const before = JSON.stringify(alice.snapshot());
    const events = engine.traceLog().length;
    const watcher = createRedisClaimStore({ redis: redisA, bundle: world, namespace });
    const holders = await watcher.holders('goblin');
    client.disconnect();
    await rejectsWith(alice.deal('hills'), 'claims/unavailable');
    await rejectsWith(alice.peek('hills'), 'claims/unavailable');
    await rejectsWith(alice.play('goblin', { hand: 'cave' }), 'claims/unavailable');
    await rejectsWith(engine.removeFlow('alice'), 'claims/unavailable');
    expect(JSON.stringify(alice.snapshot())).toBe(before);
    expect(engine.traceLog()).toHaveLength(events);
    expect(engine.flows()).toEqual(['alice']);
    expect(await watcher.holders('goblin')).toEqual(holders);
  });

  it('an error Redis answers with is claims/refused', async () => {
    const namespace = `t${++namespaces}`;
    const store = createRedisClaimStore({ redis: redisA, bundle: world, namespace });
    // A key of the wrong type where the taken set belongs makes SISMEMBER fail inside the script.
    await redisA.set(`${store.prefix}taken`, 'not a set');
    const engine = createEngine(world, { seed: 'r', claims: store });
    const alice = engine.flow('alice');
    await rejectsWith(alice.deal('cave'), 'claims/refused');
    expect(alice.hand('cave')).toEqual([]);
  });
});

/** The commands clients sent to Redis while `fn` ran (not those scripts ran inside Redis). */
async function watchCommands(fn: () => Promise<unknown>): Promise<string[]> {
  const monitor = await server.client().monitor();
  const sent: string[] = [];
  monitor.on('monitor', (_time: string, args: string[], source: string) => {
    if (source !== 'lua') sent.push(String(args[0]).toLowerCase());
  });
  await fn();
  // The monitor's feed may trail the replies a little.
  await new Promise((r) => setTimeout(r, 50));
  monitor.disconnect();
  return sent;
}

describe('scripts, keys and namespaces', () => {
  it('every operation runs from the script cache (EVALSHA); after SCRIPT FLUSH the next call loads it again', async () => {
    const [a] = twoProcesses(world);
    await a.flow('alice').deal('cave');
    const sent = await watchCommands(() => a.flow('alice').deal('hills'));
    expect(sent).toEqual(['evalsha']);
    await redisA.script('FLUSH');
    // Redis forgot the script: the call is refused with NOSCRIPT and sent once in full.
    expect(await watchCommands(() => a.flow('alice').play('goblin', { hand: 'cave' }))).toEqual(['evalsha', 'eval']);
    expect(
      await watchCommands(() =>
        a
          .flow('bob')
          .play('goblin', { hand: 'cave' })
          .catch(() => undefined),
      ),
    ).toEqual([]);
    expect(await watchCommands(() => a.flow('carol').deal('cave'))).toEqual(['evalsha', 'eval']);
    expect(await watchCommands(() => a.flow('dave').deal('cave'))).toEqual(['evalsha']);
  });

  it('one deal is one round trip, however many shared cards it settles', async () => {
    const [a] = twoProcesses(world);
    const sent = await watchCommands(() => a.flow('alice').deal('cave'));
    expect(sent).toEqual(['evalsha']);
  });

  it('keys live under the namespace and the bundle hash; two namespaces are two worlds', async () => {
    const one = createRedisClaimStore({ redis: redisA, bundle: world, namespace: 'eu-1' });
    const two = createRedisClaimStore({ redis: redisA, bundle: world, namespace: 'us-1' });
    expect(one.prefix).toBe(`storylet:{eu-1:${world.hash}}:`);
    const a = createEngine(world, { seed: 'r', claims: one });
    const b = createEngine(world, { seed: 'r', claims: two });
    expect(ids((await a.flow('alice').deal('cave')).dealt)).toContain('goblin');
    expect(ids((await b.flow('bob').deal('cave')).dealt)).toContain('goblin');
    const keys = await redisA.keys('storylet:{eu-1*');
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) expect(k.startsWith(one.prefix)).toBe(true);
  });

  it('bad options are claims/bad-options; a store for another bundle is claims/bundle-mismatch', async () => {
    const bad = (o: object) => () => createRedisClaimStore({ redis: redisA, bundle: world, ...o });
    for (const o of [{ namespace: 'a{b}' }, { namespace: '' }, { leaseMs: 0 }, { journal: -1 }, { redis: {} }, { bundle: {} }]) {
      expect(bad(o)).toThrowError(expect.objectContaining({ code: 'claims/bad-options' }));
    }
    const store = createRedisClaimStore({ redis: redisA, bundle: model });
    expect(() => createEngine(world, { seed: 'r', claims: store })).toThrowError(expect.objectContaining({ code: 'claims/bundle-mismatch' }));
  });

  it('restoring an engine snapshot replaces the shared state of the namespace; over the limit is snapshot/shared-conflict', async () => {
    const [a, b] = twoProcesses(world);
    await a.flow('alice').deal('cave');
    await a.flow('alice').play('dragon', { hand: 'cave' });
    const snap = await a.snapshot();
    await b.flow('bob').deal('hills');
    await b.restore(snap);
    expect(await a.taken()).toEqual(['dragon']);
    expect(verdicts((await a.flow('carol').deal('cave')).trace).goblin).toBe('claimed-elsewhere');
    const twice = structuredClone(snap);
    twice.flows.push({ ...structuredClone(snap.flows[0]!), flow: 'zed' });
    await rejectsWith(b.restore(twice), 'snapshot/shared-conflict');
  });
});
