/**
 * Problems the card compiler finds. A script is authors' input: nothing in it may crash the
 * compiler or silently lose an ability, so every problem becomes a {@link Diagnostic} with the
 * file and line it came from, and compilation carries on.
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

/** One problem, anchored at a 1-based line and column of a script file. */
export type Diagnostic = {
  code: DiagnosticCode;
  severity: Severity;
  /** The script's path relative to the cards folder (`l/lightning_bolt.txt`), or as given. */
  file: string;
  line: number;
  column: number;
  message: string;
};

/**
 * Formats a diagnostic the way every tool in the SDK does: `file:line:column  severity code  message`.
 *
 * @example
 * ```ts
 * formatDiagnostic({ code: 'link/missing-svar', severity: 'error', file: 'a/x.txt', line: 4,
 *   column: 20, message: 'SubAbility$ names SVar "DBDraw", which this face does not define' });
 * // 'a/x.txt:4:20  error link/missing-svar  SubAbility$ names SVar "DBDraw", ...'
 * ```
 */
export function formatDiagnostic(d: Diagnostic): string {
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
export function countByCode(diagnostics: Iterable<Diagnostic>): Record<string, number> {
  const counts = new Map<string, number>();
  for (const d of diagnostics) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  const out: Record<string, number> = {};
  for (const code of [...counts.keys()].sort()) out[code] = counts.get(code)!;
  return out;
}

/**
 * A sink that stamps the file on each diagnostic; the stages share one per script.
 *
 * @example
 * ```ts
 * const sink = new DiagnosticSink('a/x.txt');
 * sink.add('parse/orphan-line', 'warning', 7, 1, 'line has no "Key:"');
 * sink.items[0]?.file; // 'a/x.txt'
 * ```
 */
export class DiagnosticSink {
  readonly items: Diagnostic[] = [];
  /**
   * While set, errors are recorded as warnings: used for SVars nothing refers to, which Forge
   * never builds, so a problem inside them cannot break the card (but is still reported).
   */
  demoteErrors = false;
  constructor(readonly file: string) {}

  add(code: DiagnosticCode, severity: Severity, line: number, column: number, message: string): void {
    const level = this.demoteErrors && severity === 'error' ? 'warning' : severity;
    this.items.push({ code, severity: level, file: this.file, line, column, message });
  }
}
