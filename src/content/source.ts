/**
 * Content files as text, parsed YAML with positions, and the reporter that turns offsets into
 * `file:line:col` diagnostics. Everything that reads authors' files goes through here, so every
 * problem is reported the same way and none of them throws.
 */
import { CORE_SCHEMA, load, YAMLException } from 'js-yaml';
import { DIAGNOSTIC_CODES, type Diagnostic, type DiagnosticCode, type Place } from './diagnostics.js';
import type { SourceAt } from './bundle.js';

/** Files larger than this are refused: content this size belongs in several files. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;

export interface SourceFile {
  name: string;
  text: string;
  /** Offsets at which each line starts, for offset → line:col. */
  lineStarts: number[];
}

export function sourceFile(name: string, text: string): SourceFile {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return { name, text, lineStarts };
}

/** 1-based line and column of an offset. */
export function lineCol(file: SourceFile, offset: number): { line: number; col: number } {
  const starts = file.lineStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, col: offset - starts[lo]! + 1 };
}

/** Collects diagnostics; knows the files so it can turn offsets into lines and columns. */
export class Reporter {
  readonly diagnostics: Diagnostic[] = [];
  private readonly files = new Map<string, SourceFile>();

  addFile(file: SourceFile): void {
    this.files.set(file.name, file);
  }

  report(code: DiagnosticCode, place: Place, message: string, hint?: string): void {
    const { number, severity } = DIAGNOSTIC_CODES[code];
    const file = this.files.get(place.file);
    const start = file ? lineCol(file, place.start) : { line: 1, col: 1 };
    const end = file ? lineCol(file, Math.max(place.start, place.end)) : start;
    const d: Diagnostic = { code, number, severity, message, file: place.file, line: start.line, col: start.col, endLine: end.line, endCol: end.col };
    if (hint) d.hint = hint;
    this.diagnostics.push(d);
  }

  at(place: Place): SourceAt {
    const file = this.files.get(place.file);
    const { line, col } = file ? lineCol(file, place.start) : { line: 1, col: 1 };
    return { file: place.file, line, col };
  }

  get errorCount(): number {
    return this.diagnostics.filter((d) => d.severity === 'error').length;
  }
}

/**
 * A YAML node with its position. We build these ourselves from the parser's open/close events
 * so that the rest of publish does not depend on one YAML library's node classes.
 */
export type YamlNode =
  | { kind: 'map'; start: number; end: number; pairs: { key: YamlNode; value: YamlNode }[] }
  | { kind: 'seq'; start: number; end: number; items: YamlNode[] }
  | { kind: 'scalar'; start: number; end: number; value: unknown; style: 'plain' | 'double' | 'single' | 'block' };

/** A YAML node together with the file it came from. */
export interface Located {
  file: string;
  node: YamlNode | null;
  /** Where the node is; for a missing value, where its key is. */
  place: Place;
}

export const isMap = (n: YamlNode | null | undefined): n is Extract<YamlNode, { kind: 'map' }> => n?.kind === 'map';
export const isSeq = (n: YamlNode | null | undefined): n is Extract<YamlNode, { kind: 'seq' }> => n?.kind === 'seq';
export const isScalar = (n: YamlNode | null | undefined): n is Extract<YamlNode, { kind: 'scalar' }> => n?.kind === 'scalar';

export function placeOf(file: string, node: YamlNode | null | undefined, fallback?: Place): Place {
  if (node) return { file, start: node.start, end: node.end };
  return fallback ?? { file, start: 0, end: 0 };
}

/**
 * The plain JavaScript value of a node (for free-form author data). Every key becomes an own
 * property, `__proto__` included: assigning `out['__proto__'] = v` would set the object's
 * prototype instead, dropping the author's key (js-yaml itself keeps it the same way). JSON
 * writes and reads such a key as an ordinary one.
 */
export function toJS(node: YamlNode | null): unknown {
  if (node === null) return null;
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'seq') return node.items.map(toJS);
  const out: Record<string, unknown> = {};
  for (const p of node.pairs) {
    const key = String(p.key.kind === 'scalar' ? p.key.value : '');
    const value = toJS(p.value);
    if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    else out[key] = value;
  }
  return out;
}

/**
 * A YAML alias (`*name`) arrives as a scalar node whose value is the anchored value itself, so an
 * alias of a map or a list is a "scalar" holding an object: only a card's `data` takes those.
 */
export function isAliasedCollection(node: YamlNode | null | undefined): boolean {
  return node?.kind === 'scalar' && node.value !== null && typeof node.value === 'object';
}

/**
 * Parses one file's text into its YAML root, reporting syntax errors, binary input and sizes.
 * JSON is YAML, so `.json` files go through the same parser. Returns null when nothing usable
 * came out of the file.
 *
 * js-yaml builds plain values; its listener tells us where each node opens and closes, and from
 * those events we build the positioned tree (keys and values of a map arrive in turn).
 */
export function parseYaml(file: SourceFile, rep: Reporter): Located | null {
  const whole: Place = { file: file.name, start: 0, end: Math.min(file.text.length, 1) };
  if (file.text.length > MAX_FILE_BYTES) {
    rep.report(
      'content/file-too-large',
      whole,
      `this file is ${(file.text.length / 1048576).toFixed(1)} MiB; the limit is ${MAX_FILE_BYTES / 1048576} MiB per file`,
      'split the content into several files: they are merged',
    );
    return null;
  }
  const bad = file.text.indexOf('\u0000');
  if (bad >= 0) {
    rep.report(
      'content/not-text',
      { file: file.name, start: bad, end: bad + 1 },
      'this file is not text (it holds a NUL byte)',
      'content files must be YAML or JSON text',
    );
    return null;
  }
  const text = file.text;
  const stack: { start: number; children: YamlNode[] }[] = [];
  let root: YamlNode | null = null;
  /** Where the first document's content starts (a later document replaces `root`). */
  let firstStart: number | undefined;
  // Collections whose children cannot be paired up: see the check in the listener.
  const misread: number[] = [];
  const listener = (event: string, state: { position: number; kind: string | null; result: unknown }) => {
    if (event === 'open') {
      let start = state.position;
      while (start < text.length && (text[start] === ' ' || text[start] === '\t' || text[start] === '\n' || text[start] === '\r')) start++;
      stack.push({ start, children: [] });
      return;
    }
    const frame = stack.pop();
    if (!frame) return;
    const end = Math.max(frame.start, state.position);
    const only = frame.children.length === 1 ? frame.children[0]! : undefined;
    let node: YamlNode;
    if (only && only.kind === (state.kind === 'mapping' ? 'map' : state.kind === 'sequence' ? 'seq' : '') && only.start === frame.start && only.end === end) {
      // Wherever a block mapping could start, js-yaml first reads a node as its would-be key; when
      // no `:` follows, that node is the value itself and arrives wrapped in a second open/close
      // (a file that is one flow map, as every JSON file is; a `[...]` on a line of its own).
      node = only;
    } else if (state.kind === 'mapping') {
      // A key written without a value (`{ a, b: 1 }`, `? a`) reports no node for the value, so the
      // children no longer alternate key, value: compare with the keys js-yaml itself found.
      const keys = state.result !== null && typeof state.result === 'object' ? Object.keys(state.result).length : 0;
      if (frame.children.length !== 2 * keys) misread.push(frame.start);
      const pairs: { key: YamlNode; value: YamlNode }[] = [];
      for (let i = 0; i + 1 < frame.children.length; i += 2) pairs.push({ key: frame.children[i]!, value: frame.children[i + 1]! });
      node = { kind: 'map', start: frame.start, end, pairs };
    } else if (state.kind === 'sequence') {
      // `[x, y: z]` holds a one-pair map that reports no node of its own.
      if (Array.isArray(state.result) && frame.children.length !== state.result.length) misread.push(frame.start);
      node = { kind: 'seq', start: frame.start, end, items: frame.children };
    } else {
      const c = text[frame.start];
      const style = c === '"' ? 'double' : c === "'" ? 'single' : c === '|' || c === '>' ? 'block' : 'plain';
      node = { kind: 'scalar', start: frame.start, end: trimEnd(text, frame.start, end), value: state.result ?? null, style };
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else {
      firstStart ??= node.start;
      root = node;
    }
  };
  try {
    // YAML 1.2's core schema: js-yaml's default adds YAML 1.1 types (a plain 2024-01-01 becomes a
    // Date, !!binary a Buffer, `<<` merges) that are not JSON and cannot travel in a bundle.
    load(text, { listener, filename: file.name, json: false, schema: CORE_SCHEMA });
  } catch (err) {
    if (err instanceof YAMLException) {
      let at = err.mark?.position ?? 0;
      if (!err.mark && /single document/.test(err.reason)) {
        // Raised after reading the whole stream, with no position: point at the second document's
        // marker, the first `---` after where the first document's content starts.
        const marker = /^---(?=[ \t\r\n]|$)/gm;
        marker.lastIndex = firstStart ?? 1;
        at = marker.exec(text)?.index ?? 0;
      }
      const duplicate = /duplicated mapping key/.test(err.reason);
      if (/nesting exceeded maxDepth/.test(err.reason)) {
        // js-yaml stops at its depth limit (100) rather than overflow the stack.
        rep.report(
          'content/too-deep',
          { file: file.name, start: at, end: at + 1 },
          'this file nests more than 100 levels deep here',
          'content is a few levels deep; flatten this value or split it up',
        );
        return null;
      }
      rep.report(
        duplicate ? 'content/duplicate-id' : 'content/yaml-syntax',
        { file: file.name, start: at, end: at + 1 },
        duplicate ? 'a key is written twice in the same map' : `YAML syntax error: ${err.reason}`,
        duplicate ? 'every id is declared once; rename or merge the two' : undefined,
      );
    } else {
      // The parser recurses per nesting level; absurdly nested input overflows the stack.
      const tooDeep = err instanceof RangeError;
      rep.report(
        tooDeep ? 'content/too-deep' : 'content/yaml-syntax',
        whole,
        tooDeep ? 'this file nests too deeply to read' : `this file could not be read as YAML: ${String((err as Error)?.message ?? err)}`,
      );
    }
    return null;
  }
  if (misread.length > 0) {
    for (const at of misread) {
      rep.report(
        'content/yaml-syntax',
        { file: file.name, start: at, end: at + 1 },
        'a key without a value, or a `key: value` pair inside a list, cannot be read here',
        'write every entry of a map as `key: value` (`key: null` for nothing), and put a pair inside a list in braces: `[x, { y: z }]`',
      );
    }
    return null;
  }
  const top = root as YamlNode | null;
  if (top === null || (top.kind === 'scalar' && top.value === null)) return { file: file.name, node: null, place: whole };
  return { file: file.name, node: top, place: placeOf(file.name, top) };
}

/** Scalars' close events can fall after trailing blanks; keep spans on the text itself. */
function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end;
}

/** One key/value of a YAML map. */
export interface Entry {
  key: string;
  keyPlace: Place;
  value: Located;
}

/**
 * The entries of a map node, in order. A node that is not a map is reported (`what` names it,
 * e.g. "the card goblin_rumour") and gives no entries; an empty value gives none silently.
 */
export function entries(loc: Located, rep: Reporter, what: string): Entry[] {
  const { node, file } = loc;
  if (node === null || (isScalar(node) && node.value === null)) return [];
  if (!isMap(node)) {
    rep.report('content/type', loc.place, `${what} should be a map of keys to values, not ${describeNode(node)}`);
    return [];
  }
  const out: Entry[] = [];
  for (const pair of node.pairs) {
    const keyNode = pair.key;
    const keyPlace = placeOf(file, keyNode, loc.place);
    if (!isScalar(keyNode) || (typeof keyNode.value !== 'string' && typeof keyNode.value !== 'number' && typeof keyNode.value !== 'boolean')) {
      rep.report('content/type', keyPlace, `a key in ${what} should be a plain name`);
      continue;
    }
    // An empty value (`key:`) arrives as a null scalar at the key's end; point at the key instead.
    const valueNode = isScalar(pair.value) && pair.value.value === null ? null : pair.value;
    out.push({ key: String(keyNode.value), keyPlace, value: { file, node: valueNode, place: placeOf(file, valueNode, keyPlace) } });
  }
  return out;
}

/** The items of a sequence node; a scalar stands for a one-item list when `allowSingle`. */
export function items(loc: Located, rep: Reporter, what: string, allowSingle = false): Located[] {
  const { node, file } = loc;
  if (node === null) return [];
  if (isSeq(node)) return node.items.map((n) => ({ file, node: n, place: placeOf(file, n, loc.place) }));
  if (allowSingle && isScalar(node)) return [loc];
  rep.report('content/type', loc.place, `${what} should be a list, not ${describeNode(node)}`);
  return [];
}

/** A scalar's value, or undefined (reported) when the node is not a scalar. */
export function scalar(loc: Located, rep: Reporter, what: string): unknown {
  if (loc.node === null) return null;
  if (!isScalar(loc.node) || isAliasedCollection(loc.node)) {
    rep.report('content/type', loc.place, `${what} should be a single value, not ${describeNode(loc.node)}`);
    return undefined;
  }
  return loc.node.value;
}

export function describeNode(node: YamlNode | null): string {
  if (node === null) return 'nothing';
  if (isMap(node)) return 'a map';
  if (isSeq(node)) return 'a list';
  const v = node.value;
  if (v === null) return 'nothing';
  if (typeof v === 'object') return `${Array.isArray(v) ? 'a list' : 'a map'} given through an alias (aliases stand for values only in a card's data)`;
  if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (typeof v === 'number' && !Number.isFinite(v)) return `the number ${String(v)}, which JSON cannot hold`;
  return `${typeof v} ${String(v)}`;
}

/** Reports every key not in `allowed`, suggesting the nearest allowed one. */
export function checkKeys(
  list: Entry[],
  allowed: readonly string[],
  rep: Reporter,
  what: string,
  nearest: (w: string, c: readonly string[]) => string | undefined,
): void {
  for (const e of list) {
    if (allowed.includes(e.key)) continue;
    const near = nearest(e.key, allowed);
    rep.report(
      'content/unknown-key',
      e.keyPlace,
      `unknown key \`${e.key}\` in ${what}`,
      near ? `did you mean \`${near}\`?` : `allowed keys: ${allowed.join(', ')}`,
    );
  }
}

/**
 * Maps an offset in a scalar's value to an offset in the file. Plain and simply quoted scalars map
 * one to one; for block scalars and escapes the value's characters are aligned greedily with the
 * raw text, which is exact for `|` blocks and close for folded ones.
 */
export function valueOffsetMapper(file: SourceFile, loc: Located): (i: number) => number {
  const node = loc.node;
  if (!isScalar(node) || typeof node.value !== 'string') return () => loc.place.start;
  const value = node.value;
  const { start, end, style } = node;
  const raw = file.text.slice(start, end);
  if (style === 'plain' && raw === value) return (i) => start + i;
  if ((style === 'double' || style === 'single') && raw.slice(1, -1) === value) return (i) => start + 1 + i;
  let j = 0;
  if (style === 'block') j = raw.indexOf('\n') + 1;
  else if (style === 'double' || style === 'single') j = 1;
  const map = new Array<number>(value.length + 1);
  for (let i = 0; i < value.length; i++) {
    let k = j;
    while (k < raw.length && raw[k] !== value[i]) k++;
    if (k < raw.length) j = k;
    map[i] = start + j;
    if (k < raw.length) j++;
  }
  map[value.length] = start + j;
  return (i) => map[Math.min(Math.max(i, 0), value.length)]!;
}
