/**
 * `createEngine`: a published bundle in, flows out. **API boundary:** users' code starts here.
 *
 * **Architecture invariant:** nothing under src/runtime imports nearley, moo, yaml or the
 * parser/checker (src/lang/parse|check); the engine reads only the bundle. The engine holds no
 * clock and no randomness of its own: every order comes from the seed and stable ids.
 */
import { describeValue, StoryletError, unknownId } from '../core/errors.js';
import type { Bundle } from '../content/bundle.js';
import { createAsyncEngine } from './async-engine.js';
import type { AsyncEngine } from './async-engine.js';
import { MemoryClaimStore, isAsyncClaimStore } from './claims.js';
import type { AsyncClaimStore, ClaimStore } from './claims.js';
import { FlowHandle } from './flow.js';
import type { Flow } from './flow.js';
import { MemoryFlowStore, dropUnkept, flowStoreCall, readSaved, reclaimSync } from './flow-store.js';
import type { DroppedClaim, FlowStore } from './flow-store.js';
import { load } from './load.js';
import { ENGINE_SNAPSHOT_FORMAT, SNAPSHOT_VERSION, buildFlowSnapshot, readEngineSnapshot, readFlowSnapshot, sharedConflict } from './snapshot.js';
import type { EngineSnapshot, FlowSnapshot } from './snapshot.js';
import { newFlowState } from './state.js';
import type { Runtime } from './state.js';
import { TraceHub } from './trace.js';
import type { TraceEvent, TraceFilter, TraceListener } from './trace.js';

/** Options of {@link createEngine}. */
export interface EngineOptions {
  /** Every tie is broken from this seed and stable ids: the same seed deals the same cards. */
  seed: string;
  /** How many trace events the retained log keeps (default 1000; 0 keeps none). */
  traceLimit?: number;
  /**
   * Where shared claims are kept (default: in memory, for this engine's flows). An
   * {@link AsyncClaimStore} (Redis) makes an {@link AsyncEngine}.
   */
  claims?: ClaimStore;
  /** Where `saveFlow` and `loadFlow` keep flows (default: in memory). */
  flows?: FlowStore;
}

/** Options of {@link createEngine} with a claim store that answers through promises. */
export interface AsyncEngineOptions extends Omit<EngineOptions, 'claims'> {
  claims: AsyncClaimStore;
}

/** What `loadFlow` gives back: the flow, and the shared cards it could not have back. */
export interface LoadedFlow<F> {
  flow: F;
  /**
   * Shared cards the saved flow held whose copies are all out now (its claims lapsed while it
   * was not loaded and others were dealt them): they are no longer in its hands.
   */
  dropped: DroppedClaim[];
}

/**
 * The runtime of one bundle: its flows, the trace, snapshots.
 *
 * @example
 * ```ts
 * const engine = createEngine(bundle, { seed: 'demo' });
 * const stop = engine.subscribeTrace((e) => console.log(e.kind, e.handKey), { verdict: 'dealt' });
 * engine.flow('alice').deal('village');
 * stop();
 * ```
 */
export interface Engine {
  /** The flow (playthrough) with this id, created on first use. */
  flow(id: string): Flow;
  /** Ids of every flow, sorted. */
  flows(): string[];
  /** Drops a flow and gives back every shared copy it held. Throws `flow/unknown`. */
  removeFlow(id: string): void;
  /** Streams every deal and peek event (matching `filter`) to `listener`; returns unsubscribe. */
  subscribeTrace(listener: TraceListener, filter?: TraceFilter): () => void;
  /** The retained events, oldest first. */
  traceLog(filter?: TraceFilter): TraceEvent[];
  /** Replaces (or creates) the flow the snapshot describes; returns its handle. */
  restore(snapshot: FlowSnapshot): Flow;
  /** Replaces every flow and the shared state with an engine snapshot's. */
  restore(snapshot: EngineSnapshot): void;
  /** Every flow plus the shared state (the taken set), as plain JSON. */
  snapshot(): EngineSnapshot;
  /** Shared one-shots played by anyone: taken out of the world. */
  taken(): string[];
  /** Writes the flow's snapshot to the flow store. Throws `flow/unknown`, `flows/unavailable`. */
  saveFlow(id: string): Promise<void>;
  /**
   * Replaces (or creates) the flow with the one saved in the flow store, claiming its shared
   * cards again; those the world has no room for any more are dropped and listed. Throws
   * `flow/not-saved`, `snapshot/*` (a corrupt, newer or foreign save) and changes nothing then.
   */
  loadFlow(id: string): Promise<LoadedFlow<Flow>>;
}

/**
 * Loads a published bundle. Throws `bundle/version` for a bundle newer than this runtime,
 * `bundle/malformed` for one it cannot read, `engine/bad-options` for bad options,
 * `claims/bundle-mismatch` for a claim store made for other content.
 *
 * With an {@link AsyncClaimStore} as `claims` (Redis: `storyletengine/redis`) it returns an
 * {@link AsyncEngine}, whose deals, peeks and plays return promises (docs/scaling.md).
 *
 * @example
 * ```ts
 * const { bundle } = await publish({ files: { 'content.yaml': text } });
 * const engine = createEngine(bundle, { seed: 'demo' });
 * const { cards, trace } = engine.flow('alice').deal('village');
 *
 * const shared = createEngine(bundle, { seed: 'demo', claims: createRedisClaimStore({ redis, bundle }) });
 * const { dealt } = await shared.flow('alice').deal('village');
 * ```
 */
export function createEngine(bundle: Bundle, options: AsyncEngineOptions): AsyncEngine;
export function createEngine(bundle: Bundle, options: EngineOptions): Engine;
export function createEngine(bundle: Bundle, options: EngineOptions | AsyncEngineOptions): Engine | AsyncEngine;
export function createEngine(bundle: Bundle, options: EngineOptions | AsyncEngineOptions): Engine | AsyncEngine {
  if (typeof options !== 'object' || options === null || typeof options.seed !== 'string') {
    throw new StoryletError('engine/bad-options', 'createEngine needs a seed: createEngine(bundle, { seed: "demo" })', {});
  }
  const limit = options.traceLimit ?? 1000;
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw new StoryletError(
      'engine/bad-options',
      `traceLimit is how many events the log keeps: a whole number >= 0; got ${describeValue(options.traceLimit)}`,
      {},
    );
  }
  const program = load(bundle);
  const claims = options.claims;
  if (isAsyncClaimStore(claims) && claims.bundle !== undefined && claims.bundle !== program.bundle.hash) {
    throw new StoryletError(
      'claims/bundle-mismatch',
      `the claim store keeps the claims of bundle ${describeValue(claims.bundle)}, but the engine runs bundle ${describeValue(program.bundle.hash)}: make the store with the same bundle`,
      {
        store: claims.bundle,
        engine: program.bundle.hash,
      },
    );
  }
  const flows = options.flows ?? new MemoryFlowStore();
  const size = Math.max(1, program.largestBox);
  const rt: Runtime = {
    program,
    seed: options.seed,
    store: isAsyncClaimStore(claims) ? NO_SYNC_STORE : (claims ?? new MemoryClaimStore()),
    hub: new TraceHub(limit),
    flows: new Map(),
    instances: new Map(),
    scratch: { pos: new Int32Array(size), priority: new Float64Array(size), tie: new Float64Array(size), specificity: new Float64Array(size) },
  };
  if (isAsyncClaimStore(claims)) return createAsyncEngine(rt, claims, flows);
  const handles = new Map<string, FlowHandle>();
  const handle = (id: string): FlowHandle => {
    let h = handles.get(id);
    if (!h) handles.set(id, (h = new FlowHandle(rt, id)));
    return h;
  };

  return {
    flow(id) {
      if (typeof id !== 'string' || id === '') throw new StoryletError('flow/bad-id', `a flow id is a non-empty string; got ${describeValue(id)}`, { id });
      if (!rt.flows.has(id)) rt.flows.set(id, newFlowState(program, id));
      return handle(id);
    },
    flows() {
      return [...rt.flows.keys()].sort(byCodeUnits);
    },
    removeFlow(id) {
      const state = typeof id === 'string' ? rt.flows.get(id) : undefined;
      if (!state) unknownId('flow/unknown', 'flow', id, [...rt.flows.keys()].sort(byCodeUnits));
      rt.store.replaceFlow(id, []);
      rt.flows.delete(id);
    },
    subscribeTrace(listener, filter) {
      return rt.hub.subscribe(listener, filter);
    },
    traceLog(filter) {
      return rt.hub.log(filter);
    },
    restore: ((snapshot: FlowSnapshot | EngineSnapshot): Flow | undefined => {
      const format = typeof snapshot === 'object' && snapshot !== null ? (snapshot as { format?: unknown }).format : undefined;
      if (format === ENGINE_SNAPSHOT_FORMAT) {
        const { taken, flows } = readEngineSnapshot(program, snapshot);
        const claims = flows.flatMap((f) => f.shared.map((c) => ({ ...c, flow: f.state.id })));
        if (!rt.store.replaceAll(taken, claims)) throw sharedConflict();
        rt.flows.clear();
        for (const f of flows) rt.flows.set(f.state.id, f.state);
        return undefined;
      }
      const { state, shared } = readFlowSnapshot(program, snapshot);
      if (!rt.store.replaceFlow(state.id, shared)) throw sharedConflict(state.id);
      rt.flows.set(state.id, state);
      return handle(state.id);
    }) as Engine['restore'],
    snapshot() {
      const flows = [...rt.flows.keys()].sort(byCodeUnits).map((id) => buildFlowSnapshot(program, rt.flows.get(id)!));
      return { format: ENGINE_SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, bundle: program.bundle.hash, taken: rt.store.taken(), flows };
    },
    taken() {
      return rt.store.taken();
    },
    async saveFlow(id) {
      const state = typeof id === 'string' ? rt.flows.get(id) : undefined;
      if (!state) unknownId('flow/unknown', 'flow', id, [...rt.flows.keys()].sort(byCodeUnits));
      // The snapshot is taken now, before the store is awaited: later calls are not in it.
      const text = JSON.stringify(buildFlowSnapshot(program, state));
      await flowStoreCall(() => flows.save(id, text));
    },
    async loadFlow(id) {
      if (typeof id !== 'string' || id === '') throw new StoryletError('flow/bad-id', `a flow id is a non-empty string; got ${describeValue(id)}`, { id });
      const read = readSaved(program, id, await flowStoreCall(() => flows.load(id)));
      // From here on nothing is awaited, so no other call can slip in before the flow is back.
      const dropped = dropUnkept(program, read, reclaimSync(rt.store, id, read.shared));
      rt.flows.set(id, read.state);
      return { flow: handle(id), dropped };
    },
  };
}

/** An async engine never asks its runtime's synchronous store: the deal path defers to the async one. */
const NO_SYNC_STORE: ClaimStore = new Proxy({} as ClaimStore, {
  get() {
    throw new Error('internal: an async engine asked the synchronous claim store');
  },
});

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
