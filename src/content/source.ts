/**
 * Content files as text, parsed YAML with positions, and the reporter that turns offsets into
 * `file:line:col` diagnostics. Everything that reads authors' files goes through here, so every
 * problem is reported the same way and none of them throws.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, Scalar, type Node as YamlNode } from 'yaml';
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

/** A YAML node together with the file it came from. */
export interface Located {
  file: string;
  node: YamlNode | null;
  /** Where the node is; for a missing value, where its key is. */
  place: Place;
}

export function placeOf(file: string, node: YamlNode | null | undefined, fallback?: Place): Place {
  const r = node?.range;
  if (r) return { file, start: r[0], end: r[1] };
  return fallback ?? { file, start: 0, end: 0 };
}

/**
 * Parses one file's text into its YAML root, reporting syntax errors, binary input and sizes.
 * JSON is YAML, so `.json` files go through the same parser. Returns null when nothing usable
 * came out of the file.
 */
export function parseYaml(file: SourceFile, rep: Reporter): Located | null {
  const whole: Place = { file: file.name, start: 0, end: Math.min(file.text.length, 1) };
  if (file.text.length > MAX_FILE_BYTES) {
    rep.report('content/file-too-large', whole, `this file is ${(file.text.length / 1048576).toFixed(1)} MiB; the limit is ${MAX_FILE_BYTES / 1048576} MiB per file`, 'split the content into several files: they are merged');
    return null;
  }
  const bad = file.text.indexOf('\u0000');
  if (bad >= 0) {
    rep.report('content/not-text', { file: file.name, start: bad, end: bad + 1 }, 'this file is not text (it holds a NUL byte)', 'content files must be YAML or JSON text');
    return null;
  }
  const lineCounter = new LineCounter();
  let doc;
  try {
    doc = parseDocument(file.text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  } catch (err) {
    // The YAML library recurses per nesting level; absurdly nested input overflows the stack.
    const tooDeep = err instanceof RangeError;
    rep.report(tooDeep ? 'content/too-deep' : 'content/yaml-syntax', whole, tooDeep ? 'this file nests too deeply to read' : `this file could not be read as YAML: ${String((err as Error)?.message ?? err)}`);
    return null;
  }
  if (doc.errors.length > 0) {
    for (const e of doc.errors) {
      const [start, end] = e.pos;
      rep.report('content/yaml-syntax', { file: file.name, start, end }, `YAML syntax error: ${firstLine(e.message)}`);
    }
    return null;
  }
  const contents = doc.contents as YamlNode | null;
  if (contents === null || (isScalar(contents) && contents.value === null)) return { file: file.name, node: null, place: whole };
  return { file: file.name, node: contents, place: placeOf(file.name, contents) };
}

function firstLine(s: string): string {
  return s.split('\n')[0]!.trim();
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
  for (const pair of node.items) {
    const keyNode = pair.key as YamlNode | null;
    const keyPlace = placeOf(file, keyNode, loc.place);
    if (!isScalar(keyNode) || (typeof keyNode.value !== 'string' && typeof keyNode.value !== 'number' && typeof keyNode.value !== 'boolean')) {
      rep.report('content/type', keyPlace, `a key in ${what} should be a plain name`);
      continue;
    }
    const valueNode = (pair.value ?? null) as YamlNode | null;
    out.push({ key: String(keyNode.value), keyPlace, value: { file, node: valueNode, place: placeOf(file, valueNode, keyPlace) } });
  }
  return out;
}

/** The items of a sequence node; a scalar stands for a one-item list when `allowSingle`. */
export function items(loc: Located, rep: Reporter, what: string, allowSingle = false): Located[] {
  const { node, file } = loc;
  if (node === null) return [];
  if (isSeq(node)) return node.items.map((n) => ({ file, node: n as YamlNode, place: placeOf(file, n as YamlNode, loc.place) }));
  if (allowSingle && isScalar(node)) return [loc];
  rep.report('content/type', loc.place, `${what} should be a list, not ${describeNode(node)}`);
  return [];
}

/** A scalar's value, or undefined (reported) when the node is not a scalar. */
export function scalar(loc: Located, rep: Reporter, what: string): unknown {
  if (loc.node === null) return null;
  if (!isScalar(loc.node)) {
    rep.report('content/type', loc.place, `${what} should be a single value, not ${describeNode(loc.node)}`);
    return undefined;
  }
  return loc.node.value;
}

export function describeNode(node: YamlNode | null): string {
  if (node === null) return 'nothing';
  if (isMap(node)) return 'a map';
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) {
    const v = node.value;
    if (v === null) return 'nothing';
    if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
    return `${typeof v} ${String(v)}`;
  }
  return 'an alias';
}

/** Reports every key not in `allowed`, suggesting the nearest allowed one. */
export function checkKeys(list: Entry[], allowed: readonly string[], rep: Reporter, what: string, nearest: (w: string, c: readonly string[]) => string | undefined): void {
  for (const e of list) {
    if (allowed.includes(e.key)) continue;
    const near = nearest(e.key, allowed);
    rep.report('content/unknown-key', e.keyPlace, `unknown key \`${e.key}\` in ${what}`, near ? `did you mean \`${near}\`?` : `allowed keys: ${allowed.join(', ')}`);
  }
}

/**
 * Maps an offset in a scalar's value to an offset in the file. Plain and simply quoted scalars map
 * one to one; for block scalars and escapes the value's characters are aligned greedily with the
 * raw text, which is exact for `|` blocks and close for folded ones.
 */
export function valueOffsetMapper(file: SourceFile, loc: Located): (i: number) => number {
  const node = loc.node;
  if (!isScalar(node) || !node.range || typeof node.value !== 'string') return () => loc.place.start;
  const value = node.value;
  const [start, end] = node.range;
  const raw = file.text.slice(start, end);
  const type = node.type;
  if (type === Scalar.PLAIN && raw === value) return (i) => start + i;
  if ((type === Scalar.QUOTE_DOUBLE || type === Scalar.QUOTE_SINGLE) && raw.slice(1, -1) === value) return (i) => start + 1 + i;
  let j = 0;
  if (type === Scalar.BLOCK_LITERAL || type === Scalar.BLOCK_FOLDED) j = raw.indexOf('\n') + 1;
  else if (type === Scalar.QUOTE_DOUBLE || type === Scalar.QUOTE_SINGLE) j = 1;
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
