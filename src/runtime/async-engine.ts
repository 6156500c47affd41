/**
 * The engine over an asynchronous claim store (Redis): the same flows, deals and trace as the
 * synchronous engine, with the calls that ask the store returning promises. `createEngine` makes
 * one when its `claims` is an {@link AsyncClaimStore}; see docs/scaling.md.
 *
 * Two rules keep it exactly as consistent as the synchronous engine:
 * - A flow's state changes only after the store has answered. A store that fails (or refuses)
 *   leaves the flow as it was, publishes no trace and rejects with a `StoryletError`.
 * - Calls on one flow run one after another, in call order (a lane per flow), so a deal never
 *   works from a hand that an unfinished deal or play is about to change. Calls on different
 *   flows overlap; the store keeps their shared claims atomic.
 *
 * Nothing here knows Redis: the browser runtime carries this file, and a game may plug any
 * async store in.
 */
import { describeValue, StoryletError, unknownId } from '../core/errors.js';
import type { AsyncClaimStore, HeldClaim } from './claims.js';
import { decideAsync } from './deal.js';
import { FlowHandle, commitPlay, planPlay } from './flow.js';
import type { DealResult, Flow, PeekResult, PlayOptions, PlayResult } from './flow.js';
import { dropHolding, dropUnkept, flowStoreCall, readSaved } from './flow-store.js';
import type { FlowStore } from './flow-store.js';
import type { LoadedFlow } from './engine.js';
import { resolveInstance } from './scope.js';
import type { Ask } from './scope.js';
import { ENGINE_SNAPSHOT_FORMAT, SNAPSHOT_VERSION, buildFlowSnapshot, readEngineSnapshot, readFlowSnapshot, sharedConflict } from './snapshot.js';
import type { EngineSnapshot, FlowSnapshot } from './snapshot.js';
import { newFlowState } from './state.js';
import type { FlowState, Runtime } from './state.js';
import type { TraceEvent, TraceFilter, TraceListener } from './trace.js';

/**
 * A flow of an {@link AsyncEngine}: `deal`, `peek` and `play` ask the claim store and return
 * promises; everything else reads or writes this flow only and answers at once.
 *
 * @example
 * ```ts
 * const flow = engine.flow('alice');
 * const { dealt } = await flow.deal('cave');
 * await flow.play(dealt[0].id, { hand: 'cave' });
 * ```
 */
export interface AsyncFlow extends Omit<Flow, 'deal' | 'peek' | 'play'> {
  /** As {@link Flow.deal}; resolves once the store has settled the shared claims. */
  deal(hand: string, ask?: Ask): Promise<DealResult>;
  peek(hand: string, ask?: Ask): Promise<PeekResult>;
  /** As {@link Flow.play}; a shared card's claim is given back (or taken) in the store first. */
  play(card: string, options: PlayOptions): Promise<PlayResult>;
}

/** What `renewLeases` did. */
export interface LeaseReport {
  /** Claims whose lease was extended (or taken again after it lapsed, there being room). */
  renewed: number;
  /**
   * Claims that had lapsed and whose copies others hold now: taken out of their hands, since
   * the world no longer counts them (see docs/scaling.md, "Leases").
   */
  lost: HeldClaim[];
}

/**
 * The runtime over an asynchronous claim store. Made by `createEngine(bundle, { claims })` when
 * `claims` is an {@link AsyncClaimStore}.
 *
 * @example
 * ```ts
 * const engine = createEngine(bundle, { seed: 'demo', claims: asyncClaimStore(new MemoryClaimStore()) });
 * await engine.flow('alice').deal('cave');
 * await engine.saveFlow('alice');
 * ```
 */
export interface AsyncEngine {
  flow(id: string): AsyncFlow;
  flows(): string[];
  /** Drops a flow and gives back every shared copy it held. Rejects with `flow/unknown`. */
  removeFlow(id: string): Promise<void>;
  subscribeTrace(listener: TraceListener, filter?: TraceFilter): () => void;
  traceLog(filter?: TraceFilter): TraceEvent[];
  /** Replaces (or creates) the flow the snapshot describes, claiming exactly its shared holdings. */
  restore(snapshot: FlowSnapshot): Promise<AsyncFlow>;
  /** Replaces every flow and the store's whole shared state (every process's claims). */
  restore(snapshot: EngineSnapshot): Promise<void>;
  snapshot(): Promise<EngineSnapshot>;
  taken(): Promise<string[]>;
  saveFlow(id: string): Promise<void>;
  loadFlow(id: string): Promise<LoadedFlow<AsyncFlow>>;
  /**
   * Extends the lease of every shared claim this engine's flows hold. Call it more often than the
   * store's `leaseMs` (`keepLeases` from `storyletengine/redis` runs it on a timer).
   */
  renewLeases(): Promise<LeaseReport>;
}

/**
 * @internal `createEngine` calls this when its claim store is asynchronous.
 *
 * @example
 * ```ts
 * const engine = createAsyncEngine(rt, store, new MemoryFlowStore());
 * ```
 */
export function createAsyncEngine(rt: Runtime, store: AsyncClaimStore, flows: FlowStore): AsyncEngine {
  const { program } = rt;
  const lanes = new Lanes();
  // Shared one-shots this engine has seen taken. Taken is for good (only restoring a whole engine
  // snapshot resets it), so deals report these at once and ask the store about the others only.
  const knownTaken = new Set<string>();
  const learn = (taken: string[]): string[] => {
    for (const t of taken) knownTaken.add(t);
    return taken;
  };
  const handles = new Map<string, AsyncFlowHandle>();
  const handle = (id: string): AsyncFlowHandle => {
    let h = handles.get(id);
    if (!h) handles.set(id, (h = new AsyncFlowHandle(rt, store, lanes, knownTaken, id)));
    return h;
  };
  const sortedIds = (): string[] => [...rt.flows.keys()].sort(byCodeUnits);

  const restore = async (snapshot: FlowSnapshot | EngineSnapshot): Promise<AsyncFlow | undefined> => {
    const format = typeof snapshot === 'object' && snapshot !== null ? (snapshot as { format?: unknown }).format : undefined;
    if (format === ENGINE_SNAPSHOT_FORMAT) {
      const { taken, flows: read } = readEngineSnapshot(program, snapshot);
      const claims = read.flatMap((f) => f.shared.map((c) => ({ ...c, flow: f.state.id })));
      await lanes.runAll(async () => {
        if (!(await claimsCall(() => store.replaceAll(taken, claims)))) throw sharedConflict();
        knownTaken.clear();
        learn(taken);
        rt.flows.clear();
        for (const f of read) rt.flows.set(f.state.id, f.state);
      });
      return undefined;
    }
    const { state, shared } = readFlowSnapshot(program, snapshot);
    return lanes.run(state.id, async () => {
      if (!(await claimsCall(() => store.replaceFlow(state.id, shared)))) throw sharedConflict(state.id);
      rt.flows.set(state.id, state);
      return handle(state.id);
    });
  };

  return {
    flow(id) {
      if (typeof id !== 'string' || id === '') throw new StoryletError('flow/bad-id', `a flow id is a non-empty string; got ${describeValue(id)}`, { id });
      if (!rt.flows.has(id)) rt.flows.set(id, newFlowState(program, id));
      return handle(id);
    },
    flows: sortedIds,
    removeFlow(id) {
      if (typeof id !== 'string' || !rt.flows.has(id)) return Promise.reject(unknownFlow(id, sortedIds()));
      return lanes.run(id, async () => {
        if (!rt.flows.has(id)) throw unknownFlow(id, sortedIds());
        await claimsCall(() => store.replaceFlow(id, []));
        rt.flows.delete(id);
      });
    },
    subscribeTrace(listener, filter) {
      return rt.hub.subscribe(listener, filter);
    },
    traceLog(filter) {
      return rt.hub.log(filter);
    },
    restore: restore as AsyncEngine['restore'],
    async snapshot() {
      const taken = learn(await claimsCall(() => store.taken()));
      // Built after the await, in one synchronous step: every flow as it is now.
      const list = sortedIds().map((id) => buildFlowSnapshot(program, rt.flows.get(id)!));
      return { format: ENGINE_SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, bundle: program.bundle.hash, taken, flows: list };
    },
    async taken() {
      return learn(await claimsCall(() => store.taken()));
    },
    saveFlow(id) {
      if (typeof id !== 'string' || !rt.flows.has(id)) return Promise.reject(unknownFlow(id, sortedIds()));
      return lanes.run(id, async () => {
        const state = rt.flows.get(id);
        if (!state) throw unknownFlow(id, sortedIds());
        const text = JSON.stringify(buildFlowSnapshot(program, state));
        await flowStoreCall(() => flows.save(id, text));
      });
    },
    loadFlow(id) {
      if (typeof id !== 'string' || id === '')
        return Promise.reject(new StoryletError('flow/bad-id', `a flow id is a non-empty string; got ${describeValue(id)}`, { id }));
      return lanes.run(id, async () => {
        const read = readSaved(program, id, await flowStoreCall(() => flows.load(id)));
        // Reconciliation: the store's claims for this flow become exactly what the save holds,
        // less what others hold now. Claims of a deal that crashed before the save are gone.
        const kept = await claimsCall(() => store.reclaimFlow(id, read.shared));
        const dropped = dropUnkept(program, read, kept);
        rt.flows.set(id, read.state);
        return { flow: handle(id), dropped };
      });
    },
    renewLeases() {
      return lanes.runAll(async () => {
        const claims: HeldClaim[] = [];
        for (const id of sortedIds()) claims.push(...sharedHoldings(rt.flows.get(id)!));
        if (claims.length === 0) return { renewed: 0, lost: [] };
        const held = await claimsCall(() => store.renew(claims));
        const lost = claims.filter((_, i) => !held[i]);
        for (const c of lost) {
          const state = rt.flows.get(c.flow);
          if (state) dropHolding(program, state, c.card, c.hand);
        }
        return { renewed: claims.length - lost.length, lost };
      });
    },
  };
}

/** @internal What `engine.flow(id)` returns on an async engine. */
class AsyncFlowHandle implements AsyncFlow {
  private readonly local: FlowHandle;

  constructor(
    private readonly rt: Runtime,
    private readonly store: AsyncClaimStore,
    private readonly lanes: Lanes,
    private readonly knownTaken: Set<string>,
    readonly id: string,
  ) {
    this.local = new FlowHandle(rt, id);
  }

  deal(hand: string, ask?: Ask): Promise<DealResult> {
    return this.lanes.run(this.id, async () => {
      const { state, fresh } = this.state();
      const inst = resolveInstance(this.rt.program, this.rt.instances, hand, ask);
      const { picked, event } = await decideAsync(this.rt, (r) => claimsCall(() => this.store.settle(r)), this.knownTaken, state, inst, 'deal');
      if (fresh) this.rt.flows.set(this.id, state);
      const held = state.hands.get(inst.key)?.held ?? [];
      return { cards: held.map((c) => c.view), dealt: picked.map((c) => c.view), trace: event };
    });
  }

  peek(hand: string, ask?: Ask): Promise<PeekResult> {
    return this.lanes.run(this.id, async () => {
      const inst = resolveInstance(this.rt.program, this.rt.instances, hand, ask);
      const { picked, event } = await decideAsync(this.rt, (r) => claimsCall(() => this.store.settle(r)), this.knownTaken, this.state().state, inst, 'peek');
      return { cards: picked.map((c) => c.view), trace: event };
    });
  }

  play(card: string, options: PlayOptions): Promise<PlayResult> {
    return this.lanes.run(this.id, async () => {
      const plan = planPlay(this.rt, this.id, card, options);
      if (plan.card.oneShotShared) {
        await claimsCall(() => this.store.take(plan.card.id, plan.holder));
        this.knownTaken.add(plan.card.id);
      } else if (plan.card.shared) await claimsCall(() => this.store.release(plan.card.id, plan.holder));
      return commitPlay(plan);
    });
  }

  hand(hand: string, ask?: Ask) {
    return this.local.hand(hand, ask);
  }
  advance(box: string, n?: number) {
    return this.local.advance(box, n);
  }
  turn(box: string) {
    return this.local.turn(box);
  }
  setWorld(name: string, value: Parameters<Flow['setWorld']>[1]) {
    this.local.setWorld(name, value);
  }
  getWorld(name: string) {
    return this.local.getWorld(name);
  }
  handScope(hand: string, ask?: Ask) {
    return this.local.handScope(hand, ask);
  }
  snapshot() {
    return this.local.snapshot();
  }

  /** The flow's state; a flow removed meanwhile starts afresh, recorded only once the store agreed. */
  private state(): { state: FlowState; fresh: boolean } {
    const s = this.rt.flows.get(this.id);
    return s ? { state: s, fresh: false } : { state: newFlowState(this.rt.program, this.id), fresh: true };
  }
}

/** Every shared card a flow's hands hold, hand by hand in key order. */
function sharedHoldings(state: FlowState): HeldClaim[] {
  const out: HeldClaim[] = [];
  for (const key of [...state.hands.keys()].sort(byCodeUnits)) {
    for (const card of state.hands.get(key)!.held) {
      if (card.shared) out.push({ flow: state.id, card: card.id, hand: key, limit: card.sharedCopies });
    }
  }
  return out;
}

/**
 * Calls the claim store, turning anything it throws that is not a `StoryletError` into
 * `claims/unavailable`.
 *
 * @example
 * ```ts
 * const taken = await claimsCall(() => store.taken());
 * ```
 */
export async function claimsCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof StoryletError) throw err;
    const cause = err instanceof Error ? err.message : String(err);
    throw new StoryletError('claims/unavailable', `the claim store did not answer (${cause}); this flow was not changed`, { cause });
  }
}

/**
 * One queue of calls per flow, plus calls that need every flow at rest (an engine restore,
 * renewing leases). A call starts when the one before it on its lane has settled, whether it
 * resolved or rejected.
 *
 * @example
 * ```ts
 * const lanes = new Lanes();
 * await Promise.all([lanes.run('alice', deal1), lanes.run('alice', deal2)]); // one after the other
 * ```
 */
export class Lanes {
  private readonly tails = new Map<string, Promise<unknown>>();
  private barrier: Promise<unknown> = Promise.resolve();

  run<T>(key: string, call: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? this.barrier;
    const result = before.then(call);
    const tail = result.then(noop, noop);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  runAll<T>(call: () => Promise<T>): Promise<T> {
    const before = Promise.all([this.barrier, ...this.tails.values()]);
    // Later calls on any lane wait for this one: they find no tail and queue on the barrier.
    this.tails.clear();
    const result = before.then(call);
    this.barrier = result.then(noop, noop);
    return result;
  }
}

function noop(): void {}

function unknownFlow(id: unknown, known: string[]): StoryletError {
  try {
    unknownId('flow/unknown', 'flow', id, known);
  } catch (err) {
    return err as StoryletError;
  }
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
