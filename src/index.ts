/**
 * storyletengine: deal narrative cards out of boxes into hands.
 *
 * This is the public entry. Everything users' code may import is re-exported here; modules
 * not reached from this file are internal.
 *
 * @packageDocumentation
 * @module storyletengine
 */
export { StoryletError } from './core/errors.js';
export { Rng, stableKey } from './core/random.js';
export type { RngState } from './core/random.js';

// Publishing: content in, bundle and diagnostics out.
export { publish, publishFiles } from './content/publish.js';
export type { PublishResult, PublishSource } from './content/publish.js';
export { DIAGNOSTIC_CODES, formatDiagnostic } from './content/diagnostics.js';
export type { Diagnostic, DiagnosticCode, Severity } from './content/diagnostics.js';
export { BUNDLE_FORMAT, BUNDLE_VERSION } from './content/bundle.js';
export type {
  Bundle,
  BoxDecl,
  CardDecl,
  CheckedExpr,
  DeckDecl,
  HandDecl,
  PropertyDecl,
  QualityDecl,
  Redraw,
  SourceAt,
  TagDecl,
  TagGroupDecl,
  Value,
} from './content/bundle.js';
// The syntax trees inside a bundle's checked expressions (plain JSON), so that tools can read them.
export type {
  Expr,
  Effect,
  Type,
  Assign,
  Step,
  NumberLit,
  StringLit,
  BooleanLit,
  NameRef,
  Bare,
  Unary,
  Binary,
  Call,
  Span,
  Scope,
  BinaryOp,
  UnaryOp,
} from './lang/ast.js';

// The runtime: engines, flows, deals, plays, clocks, claims, the trace and snapshots.
export { createEngine, MemoryClaimStore, TraceEvent, VERDICTS, FLOW_SNAPSHOT_FORMAT, ENGINE_SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './runtime/index.js';
export { asyncClaimStore, isAsyncClaimStore, MemoryFlowStore } from './runtime/index.js';
export type {
  AsyncEngine,
  AsyncFlow,
  AsyncEngineOptions,
  LoadedFlow,
  LeaseReport,
  AsyncClaimStore,
  AsyncSettleRequest,
  AsyncSettleResult,
  HeldClaim,
  FlowStore,
  DroppedClaim,
} from './runtime/index.js';
export type {
  Engine,
  EngineOptions,
  Flow,
  DealResult,
  PeekResult,
  PlayOptions,
  PlayResult,
  HandScopeEntry,
  CardView,
  Ask,
  Verdict,
  TraceCard,
  TraceFilter,
  TraceListener,
  HandConditionResult,
  ClaimStore,
  ClaimHolder,
  SettleCandidate,
  SettleRequest,
  SettleResult,
  FlowClaim,
  FlowSnapshot,
  EngineSnapshot,
} from './runtime/index.js';

// The table layer: seats, zones, piles with hidden information, private search.
export { createTable, SEARCH_TIMEOUT_MS, SEARCH_DEFAULTS, AFTER_SEARCH_DEFAULT, VISIBILITY_DEFAULTS } from './table/index.js';
// The table format (*.table.yaml): read one into createTable's options, rewrite one setting in place.
export { readTableFile, setTableSetting, isTableFile } from './content/table-format.js';
export type { TableFileResult, TableSetting, TableDecl, TableZoneDecl, ZoneKind } from './content/table-format.js';
export type {
  Table,
  TableOptions,
  SearchSession,
  SessionStatus,
  SearchHook,
  PileHandle,
  PileOptions,
  Position,
  ZoneOptions,
  SearchPolicy,
  PolicySource,
  TableView,
  PileView,
  TableEvent,
  SearchEvent,
  TableSnapshot,
  Audience,
  After,
  PileKind,
  Visibility,
  CardState,
  PileState,
  ZoneState,
  SessionState,
  SessionEnd,
  TableState,
} from './table/index.js';
