/**
 * The Magic side's one diagnostic concept. Card scripts, decks and puzzles are authors' input:
 * nothing in them may crash a reader or be silently lost, so every problem becomes a
 * {@link Diagnostic} with a stable code, the file, line and column it came from, and reading
 * carries on. The card compiler, the `.dck` reader and the `.pzl` reader share the type, the
 * {@link formatDiagnostic} format and the {@link DiagnosticSink}; each has its own family of codes
 * ({@link DiagnosticCode} here, `DeckDiagnosticCode`, `PuzzleDiagnosticCode`). It lives with the
 * card compiler because that may import nothing but src/core.
 */

/** How bad a problem is. `error` means the card cannot be played as scripted. */
export type Severity = 'error' | 'warning' | 'info';

/**
 * Every code the compiler emits, namespaced by stage. Codes are stable: tests, baselines and
 * tools match on them, never on the message.
 */
export type DiagnosticCode =
  | 'parse/binary-file'
  | 'parse/invalid-utf8'
  | 'parse/empty-file'
  | 'parse/not-a-card-script'
  | 'parse/orphan-line'
  | 'parse/unknown-field'
  | 'parse/duplicate-field'
  | 'parse/missing-name'
  | 'parse/missing-value'
  | 'parse/extra-alternate'
  | 'parse/alternate-without-mode'
  | 'parse/unknown-layout'
  | 'parse/empty-param'
  | 'parse/param-without-value'
  | 'parse/duplicate-param'
  | 'parse/missing-api'
  | 'parse/unknown-api'
  | 'parse/missing-cost'
  | 'parse/missing-mode'
  | 'parse/unknown-trigger-mode'
  | 'parse/unknown-static-mode'
  | 'parse/missing-event'
  | 'parse/unknown-replacement-event'
  | 'parse/bad-svar'
  | 'parse/duplicate-svar'
  | 'link/missing-svar'
  | 'link/wrong-kind'
  | 'link/svar-cycle'
  | 'link/unreferenced-svar'
  | 'link/keyword-args'
  | 'internal/exception';

/**
 * One problem, anchored at a 1-based line and column of a file. `Diagnostic` alone is the card
 * compiler's; a deck's is `Diagnostic<DeckDiagnosticCode>` (`DeckDiagnostic`), a puzzle's
 * `Diagnostic<PuzzleDiagnosticCode>` (`PuzzleDiagnostic`).
 *
 * @example
 * ```ts
 * const d: Diagnostic = { code: 'parse/orphan-line', severity: 'warning', file: 'a/x.txt', line: 7, column: 1, message: 'line has no "Key:"' };
 * ```
 */
export type Diagnostic<Code extends string = DiagnosticCode> = {
  code: Code;
  severity: Severity;
  /** The file as given to the reader; for a card script, relative to the cards folder (`l/lightning_bolt.txt`). */
  file: string;
  line: number;
  column: number;
  message: string;
  /** For an unknown name (a deck's or a puzzle's card): the nearest known names, closest first. */
  suggestions?: string[];
};

/** A 1-based line and column. */
export type Position = { line: number; column: number };

/**
 * Formats a diagnostic (a card's, a deck's or a puzzle's) the way every tool in the SDK does:
 * `file:line:column  severity code  message`.
 *
 * @example
 * ```ts
 * formatDiagnostic({ code: 'link/missing-svar', severity: 'error', file: 'a/x.txt', line: 4,
 *   column: 20, message: 'SubAbility$ names SVar "DBDraw", which this face does not define' });
 * // 'a/x.txt:4:20  error link/missing-svar  SubAbility$ names SVar "DBDraw", ...'
 * ```
 */
export function formatDiagnostic(d: Diagnostic<string>): string {
  return `${d.file}:${d.line}:${d.column}  ${d.severity} ${d.code}  ${d.message}`;
}

/**
 * Counts diagnostics by code, in code order, so two runs compare as plain JSON.
 *
 * @example
 * ```ts
 * countByCode(diagnostics); // { 'link/missing-svar': 3, 'parse/orphan-line': 1 }
 * ```
 */
export function countByCode(diagnostics: Iterable<Diagnostic<string>>): Record<string, number> {
  const counts = new Map<string, number>();
  for (const d of diagnostics) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  const out: Record<string, number> = {};
  for (const code of [...counts.keys()].sort()) out[code] = counts.get(code)!;
  return out;
}

/**
 * Collects the diagnostics of one file, stamping the file on each: the card compiler's stages
 * share one per script, and the deck and puzzle readers one per file. `Code` is the family of codes
 * the reader may emit.
 *
 * @example
 * ```ts
 * const sink = new DiagnosticSink('a/x.txt');
 * sink.add('parse/orphan-line', 'warning', 7, 1, 'line has no "Key:"');
 * sink.items[0]?.file; // 'a/x.txt'
 * ```
 */
export class DiagnosticSink<Code extends string = DiagnosticCode> {
  readonly items: Diagnostic<Code>[] = [];
  /**
   * While set, errors are recorded as warnings: used for SVars nothing refers to, which Forge
   * never builds, so a problem inside them cannot break the card (but is still reported).
   */
  demoteErrors = false;
  constructor(readonly file: string) {}

  /** Records a problem; `suggestions`, when given, are kept as given (even none). */
  add(code: Code, severity: Severity, line: number, column: number, message: string, suggestions?: string[]): void {
    const level = this.demoteErrors && severity === 'error' ? 'warning' : severity;
    this.items.push({ code, severity: level, file: this.file, line, column, message, ...(suggestions ? { suggestions } : {}) });
  }
  /** Records an error at a position, with the nearest known names when there are any. */
  error(code: Code, at: Position, message: string, suggestions?: string[]): void {
    this.add(code, 'error', at.line, at.column, message, suggestions && suggestions.length > 0 ? suggestions : undefined);
  }
  /** Records a warning at a position. */
  warn(code: Code, at: Position, message: string): void {
    this.add(code, 'warning', at.line, at.column, message);
  }
}
