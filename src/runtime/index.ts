/**
 * The storylet runtime: load a published bundle, deal and peek cards into hands, play them, watch
 * the trace, snapshot and restore flows, save and load them. See docs/deal-mechanics.md for the
 * rules and docs/scaling.md for shared cards across processes (the async engine).
 *
 * **API boundary:** everything users may import from the runtime is exported here.
 *
 * @example
 * ```ts
 * import { createEngine } from 'storyletengine/runtime';
 * const engine = createEngine(bundle, { seed: 'demo' });
 * const flow = engine.flow('alice');
 * const { cards, trace } = flow.deal('village');
 * ```
 *
 * @packageDocumentation
 * @module storyletengine/runtime
 */
export { createEngine } from './engine.js';
export type { Engine, EngineOptions, AsyncEngineOptions, LoadedFlow } from './engine.js';
export type { AsyncEngine, AsyncFlow, LeaseReport } from './async-engine.js';
export type { Flow, DealResult, PeekResult, PlayOptions, PlayResult, HandScopeEntry } from './flow.js';
export type { CardView } from './load.js';
export type { Ask } from './scope.js';
export { TraceEvent, VERDICTS } from './trace.js';
export type { Verdict, TraceCard, TraceFilter, TraceListener, HandConditionResult } from './trace.js';
export { MemoryClaimStore, asyncClaimStore, isAsyncClaimStore } from './claims.js';
export type {
  ClaimStore,
  ClaimHolder,
  SettleCandidate,
  SettleRequest,
  SettleResult,
  FlowClaim,
  AsyncClaimStore,
  AsyncSettleRequest,
  AsyncSettleResult,
  HeldClaim,
} from './claims.js';
export { MemoryFlowStore } from './flow-store.js';
export type { FlowStore, DroppedClaim } from './flow-store.js';
export { FLOW_SNAPSHOT_FORMAT, ENGINE_SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './snapshot.js';
export type { FlowSnapshot, EngineSnapshot } from './snapshot.js';
