/**
 * Parsing one `Key$ value | ...` text into a {@link ScriptNode}: an ability (`AB$`/`SP$`/`ST$`/
 * `DB$`), a trigger (`Mode$`), a static (`Mode$`) or a replacement (`Event$`). Used for A:, T:,
 * S: and R: lines, for SVar bodies and for the lines keyword modules synthesise, so all of them
 * are checked the same way.
 */
import { declareParamReads } from './census.js';
import type { DiagnosticSink } from './diagnostics.js';
import type { AbilityRecord, NodeKind, ScriptNode } from './ir.js';
import { parseParams, paramValue, type Params } from './tokens.js';
import { APIS, REPLACEMENT_EVENT_NAMES, STATIC_MODE_NAMES, TRIGGER_MODE_NAMES, canonical, type Vocabulary } from './vocabulary.js';

// The head keys select the node's primitive; the compiler consumes them entirely.
declareParamReads('compiler:parse', ['AB', 'SP', 'ST', 'DB'], ['ability']);
declareParamReads('compiler:parse', ['Mode'], ['trigger', 'static']);
declareParamReads('compiler:parse', ['Event'], ['replacement']);

/** Where a node's text sits, so diagnostics point into the script. */
export type NodeSite = { line: number; column: number; sink: DiagnosticSink };

// Forge looks for the record keys in this order (AbilityFactory.AbilityRecordType.getRecordType).
const RECORDS: readonly AbilityRecord[] = ['AB', 'SP', 'ST', 'DB'];

/**
 * The ability record of a parameter map, if it has one.
 *
 * @example
 * ```ts
 * abilityRecord({ DB: 'Draw' }); // 'DB'
 * ```
 */
export function abilityRecord(params: Params): AbilityRecord | undefined {
  for (const r of RECORDS) if (paramValue(params, r) !== undefined) return r;
  return undefined;
}

function reportTokenProblems(site: NodeSite, problems: ReturnType<typeof parseParams>['problems']): void {
  for (const p of problems) {
    const column = site.column + p.offset;
    if (p.kind === 'empty-param') {
      site.sink.add('parse/empty-param', 'warning', site.line, column, `empty parameter between "|" separators`);
    } else if (p.kind === 'param-without-value') {
      site.sink.add('parse/param-without-value', 'warning', site.line, column, `parameter "${p.key}" has no "$": write "${p.key}$ <value>"`);
    } else {
      site.sink.add('parse/duplicate-param', 'warning', site.line, column, `parameter "${p.key}$" is given twice; the last value wins, as in Forge`);
    }
  }
}

function lookupHead(
  params: Params,
  key: string,
  vocab: Vocabulary,
  site: NodeSite,
  missing: 'parse/missing-mode' | 'parse/missing-event',
  unknown: 'parse/unknown-trigger-mode' | 'parse/unknown-static-mode' | 'parse/unknown-replacement-event',
  what: string,
): string {
  const raw = paramValue(params, key);
  if (raw === undefined || raw === '') {
    site.sink.add(missing, 'error', site.line, site.column, `${what} has no ${key}$`);
    return '';
  }
  const name = canonical(vocab, raw);
  if (name === undefined) {
    site.sink.add(unknown, 'error', site.line, site.column, `unknown ${what} ${key.toLowerCase()} "${raw}"`);
    return raw;
  }
  return name;
}

/**
 * Parses `text` as a node of `kind`. Never throws: problems go to `site.sink`, and the node is
 * returned even when its head is missing or unknown, so nothing is silently dropped.
 *
 * @example
 * ```ts
 * const sink = new DiagnosticSink('x.txt');
 * parseNode('ability', 'SP$ Draw | Cost$ U | NumCards$ 1', { line: 3, column: 3, sink }).head; // 'Draw'
 * ```
 */
export function parseNode(kind: NodeKind, text: string, site: NodeSite, extra: Partial<ScriptNode> = {}): ScriptNode {
  const { params, problems } = parseParams(text);
  reportTokenProblems(site, problems);
  const record = kind === 'ability' ? abilityRecord(params) : undefined;
  const node: ScriptNode = { kind, ...(record ? { record } : {}), head: '', params, line: site.line, links: [], ...extra };
  if (kind === 'ability') {
    if (record === undefined) {
      site.sink.add('parse/missing-api', 'error', site.line, site.column, 'ability has no AB$, SP$, ST$ or DB$ naming its API');
      return node;
    }
    const raw = paramValue(params, record)!;
    const api = canonical(APIS, raw);
    if (api === undefined) {
      site.sink.add('parse/unknown-api', 'error', site.line, site.column, `unknown API "${raw}" in ${record}$`);
      node.head = raw;
    } else {
      node.head = api;
    }
    // Forge refuses to build an AB or SP without a cost (AbilityFactory.parseAbilityCost).
    if ((record === 'AB' || record === 'SP') && paramValue(params, 'Cost') === undefined) {
      site.sink.add('parse/missing-cost', 'error', site.line, site.column, `${record}$ ability has no Cost$`);
    }
  } else if (kind === 'trigger') {
    node.head = lookupHead(params, 'Mode', TRIGGER_MODE_NAMES, site, 'parse/missing-mode', 'parse/unknown-trigger-mode', 'trigger');
  } else if (kind === 'static') {
    node.head = lookupHead(params, 'Mode', STATIC_MODE_NAMES, site, 'parse/missing-mode', 'parse/unknown-static-mode', 'static ability');
  } else {
    node.head = lookupHead(params, 'Event', REPLACEMENT_EVENT_NAMES, site, 'parse/missing-event', 'parse/unknown-replacement-event', 'replacement');
  }
  return node;
}
