/**
 * The Magic rules engine. See docs/mtg/engine.md.
 */
export { createGame, forkGame, restoreGame, stateHash } from './game.js';
export { publicHash, publicHashes, publicProjection } from './public-hash.js';
export type { PublicProjection, PublicHashes, Canonical, HiddenObject } from './public-hash.js';
export { runReplicated } from './replica/harness.js';
export type { ReplicatedOptions, ReplicatedResult } from './replica/harness.js';
export { ReplicaDesync } from './replica/shadow.js';
export { GoldenHost, HostRefusal, seatCheck } from './replica/host.js';
export type { Ask, GoldenHostOptions, PublicConfigJson, SeatCheck, WireAnswer } from './replica/host.js';
export { ShadowFollower } from './replica/follower.js';
export type { FollowerOptions } from './replica/follower.js';
export { HIDDEN_CARD } from './replica/identity.js';
export type { SyncEntry, RevealEntry, RandomEntry, DecisionEntry, WireAction } from './replica/sync.js';
export { hiddenFaces, scanForLeaks } from './replica/leak-scan.js';
export type { HiddenFaces, Leak, ScanOptions } from './replica/leak-scan.js';
export type { Game, GameSnapshot, CreateGameOptions, ForkOptions, RestoreOptions, SavedState, SavedOffer } from './game.js';
export { randomController, zeroController, runGame, lazyView } from './controllers.js';
export type { Controller, RunResult } from './controllers.js';
export type { SeatView, CardView, PlayerView } from './view.js';
export type { GameConfig, BoardSetup, SeatSetup, PermanentSetup } from './context.js';
export type { Action, GameEvent } from './log.js';
export type * from './choice.js';
export type { GameState, GameObject, PlayerState, StackItem, Step, Zone, Ref, Lki, Chars, CopyExceptions } from './types.js';
export { STEPS } from './types.js';
export { registerEffect, registeredEffects } from './resolve.js';
export type { EffectFn, EffectContext, ResolveRun } from './resolve.js';
export { registerTriggerMode } from './triggers.js';
// Types the exported ones refer to, so that the API reference can show them (typedoc).
export type {
  Run,
  G,
  Caches,
  CharsTable,
  KeptOffers,
  ReplicaLink,
  PrecastSetup,
  SetupCard,
  SetupCounters,
  SetupLink,
  SetupPermanent,
  TokenSetup,
} from './context.js';
export type { CastHow } from './alt-costs.js';
export type {
  TextChange,
  TokenDef,
  CombatState,
  DelayedTrigger,
  ContinuousEffect,
  PendingTrigger,
  ManaUnit,
  ManaColour,
  Mods,
  TriggerData,
  Duration,
} from './types.js';
export type { Gen } from './ask.js';
export type { PriorityFrame } from './turn.js';
export type { Offer } from './cast.js';
export type { NodeRef, WordSwap } from './cards.js';
export type { TriggerMatcher, TriggerNarrower } from './triggers.js';
