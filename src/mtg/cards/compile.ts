/**
 * The stages run together: parse → link → intrinsics → primitives, for one script
 * ({@link compileScript}) or for a fetched cards folder in sorted path order ({@link compileDir}),
 * so the output is byte-identical run to run.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from './diagnostics.js';
import { compilerFingerprint } from './fingerprint.js';
import { applyIntrinsics } from './intrinsics.js';
import type { Card } from './ir.js';
import { linkCard } from './link.js';
import { parseScript, type ParseOptions } from './parse.js';
import { assignPrimitives } from './primitives.js';

/**
 * Compiles one script. Never throws: even a bug in the compiler becomes an `internal/exception`
 * diagnostic for this file, so one bad script cannot stop a corpus.
 *
 * @example
 * ```ts
 * const { card } = compileScript('g/grizzly_bears.txt', 'Name:Grizzly Bears\nManaCost:1 G\nTypes:Creature Bear\nPT:2/2');
 * card?.primitives; // []
 * ```
 */
export function compileScript(file: string, source: string | Uint8Array, options: ParseOptions = {}): { card?: Card; diagnostics: Diagnostic[] } {
  try {
    const { card, diagnostics } = parseScript(file, source, options);
    if (!card) return { diagnostics };
    linkCard(card);
    for (const face of card.faces) applyIntrinsics(face, file);
    assignPrimitives(card);
    // In script order, whichever stage found them (Array.prototype.sort is stable).
    card.diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
    return { card, diagnostics: card.diagnostics };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return {
      diagnostics: [{ code: 'internal/exception', severity: 'error', file, line: 1, column: 1, message: `compiler bug: ${message}` }],
    };
  }
}

/** A compiled cards folder: what the IR cache holds. */
export type CompiledCorpus = {
  /** Bumped when the cache's top-level layout changes. */
  format: 1;
  /** The compiler that produced it (fingerprint.ts). */
  fingerprint: string;
  /** sha256 of the cards.lock it was compiled against, or null when there was none. */
  lockSha256: string | null;
  /** Script files read. */
  files: number;
  cards: Card[];
  tokens: Card[];
  /** Diagnostics of files that produced no card (empty, binary, not a script). */
  rejected: Diagnostic[];
};

/** Options for {@link compileDir}. */
export type CompileOptions = {
  /** Called after each file with (files done, files in all). */
  onProgress?: (done: number, total: number) => void;
  lockSha256?: string | null;
};

/** The script folders under a fetched cards folder, and whether their scripts are tokens. */
const FOLDERS: ReadonlyArray<readonly [string, boolean]> = [
  ['cardsfolder', false],
  ['tokenscripts', true],
];

function listScripts(root: string, relative = ''): string[] {
  const out: string[] = [];
  const dir = join(root, relative);
  for (const name of readdirSync(dir)) {
    const rel = relative === '' ? name : `${relative}/${name}`;
    if (statSync(join(root, rel)).isDirectory()) out.push(...listScripts(root, rel));
    else if (name.toLowerCase().endsWith('.txt')) out.push(rel);
  }
  return out;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The script files of a cards folder, as `[path relative to the folder, is a token]`, sorted by
 * code units (never by locale, so every machine agrees). Reads `cardsfolder/` and `tokenscripts/`
 * when present, else treats `dir` itself as a cards folder.
 *
 * @example
 * ```ts
 * scriptFiles('.cards'); // [['cardsfolder/a/abandon_hope.txt', false], ..., ['tokenscripts/voja.txt', true]]
 * ```
 */
export function scriptFiles(dir: string): Array<[string, boolean]> {
  const found: Array<[string, boolean]> = [];
  let structured = false;
  for (const [folder, token] of FOLDERS) {
    let isDir: boolean;
    try {
      isDir = statSync(join(dir, folder)).isDirectory();
    } catch {
      isDir = false;
    }
    if (!isDir) continue;
    structured = true;
    for (const rel of listScripts(join(dir, folder))) found.push([`${folder}/${rel}`, token]);
  }
  if (!structured) for (const rel of listScripts(dir)) found.push([rel, false]);
  return found.sort((a, b) => byCodeUnits(a[0], b[0]));
}

/**
 * Compiles every script of a cards folder. Paths in the IR and in diagnostics are relative to
 * `dir`.
 *
 * @example
 * ```ts
 * const corpus = compileDir('.cards', { onProgress: (done, total) => bar(done, total) });
 * corpus.cards.length; // 18294 for the pinned corpus
 * ```
 */
export function compileDir(dir: string, options: CompileOptions = {}): CompiledCorpus {
  const files = scriptFiles(dir);
  const corpus: CompiledCorpus = {
    format: 1,
    fingerprint: compilerFingerprint(),
    lockSha256: options.lockSha256 ?? null,
    files: files.length,
    cards: [],
    tokens: [],
    rejected: [],
  };
  files.forEach(([rel, token], index) => {
    let source: Uint8Array;
    try {
      source = readFileSync(join(dir, rel));
    } catch (error) {
      corpus.rejected.push({ code: 'internal/exception', severity: 'error', file: rel, line: 1, column: 1, message: `cannot read: ${String(error)}` });
      return;
    }
    const { card, diagnostics } = compileScript(rel, source, { token });
    if (!card) corpus.rejected.push(...diagnostics);
    else (token ? corpus.tokens : corpus.cards).push(card);
    options.onProgress?.(index + 1, files.length);
  });
  return corpus;
}

/**
 * Every diagnostic of a compiled corpus: the cards', the tokens' and the rejected files'.
 *
 * @example
 * ```ts
 * countByCode(corpusDiagnostics(corpus)); // { 'link/missing-svar': 12, ... }
 * ```
 */
export function corpusDiagnostics(corpus: CompiledCorpus): Diagnostic[] {
  return [...corpus.cards.flatMap((c) => c.diagnostics), ...corpus.tokens.flatMap((c) => c.diagnostics), ...corpus.rejected];
}
