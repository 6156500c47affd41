/**
 * The Forge card-script compiler: fetch → parse → link → intrinsics → IR cache → registry →
 * primitives and coverage. See docs/cards.md.
 *
 * **Architecture invariant:** this folder imports nothing from the rest of `src/` except
 * `src/core/*`; the rules engine depends on it, never the other way round.
 */
export { parseScript } from './parse.js';
export type { ParseOptions, ParseResult } from './parse.js';
export { linkCard, abilityTree, valueOf } from './link.js';
export type { AbilityTree } from './link.js';
export { applyIntrinsics } from './intrinsics.js';
export { compileScript, compileDir, corpusDiagnostics, scriptFiles } from './compile.js';
export type { CompiledCorpus, CompileOptions } from './compile.js';
export { cachePath, saveCorpus, loadCachedCorpus, openCorpus } from './cache.js';
export type { OpenOptions } from './cache.js';
export { compilerFingerprint, fingerprintOf } from './fingerprint.js';
export { fetchCards, sourceKind, scriptPath, DEFAULT_SOURCE, DEFAULT_REF } from './fetch.js';
export type { FetchOptions, FetchResult } from './fetch.js';
export { readLock, LOCK_FILE } from './lock.js';
export type { CardsLock } from './lock.js';
export { createCardRegistry, normaliseCardName, parseDeckEntry } from './registry.js';
export { suggestCardNames } from './suggest.js';
export type { CardRegistry, DeckEntry } from './registry.js';
export { facePrimitives, assignPrimitives, costSymbol } from './primitives.js';
export { registerPrimitive, supportedPrimitives, PRIMITIVE_KINDS } from './supported.js';
export { computeCoverage, formatCoverage, isVariantCard, missingPrimitives, VARIANT_TYPES } from './coverage.js';
export type { CoverageReport, CoverageBucket, CoverageFormat, MissingEntry, VariantCount } from './coverage.js';
export { declareParamForms, declareParamReads, isDescriptiveKey, paramReaders, takeCensus, unreadParams } from './census.js';
export type { Census, CensusEntry } from './census.js';
export { expandedKeywords, keywordExpander, registerKeyword, parseKeyword } from './keywords/index.js';
export type { KeywordContext, KeywordExpander, KeywordExpansion, KeywordModule } from './keywords/index.js';
export { formatCard, nodeText } from './show.js';
export { formatDiagnostic, countByCode } from './diagnostics.js';
export type { Diagnostic, DiagnosticCode, Severity } from './diagnostics.js';
export { parseParams, paramValue, splitCost, splitList } from './tokens.js';
export type { Params } from './tokens.js';
export { APIS, TRIGGER_MODE_NAMES, STATIC_MODE_NAMES, REPLACEMENT_EVENT_NAMES, canonical } from './vocabulary.js';
export type {
  AbilityRecord,
  Card,
  Colour,
  Face,
  Keyword,
  KeywordGrant,
  Layout,
  Link,
  LinkRole,
  LinkTarget,
  NodeKind,
  ScriptNode,
  SVarEntry,
  SVarShape,
  TypeLine,
  ValueExpr,
} from './ir.js';
export type { Vocabulary } from './vocabulary.js';
export type { TokenProblem } from './tokens.js';
