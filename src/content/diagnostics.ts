import type { SourceAt } from './bundle.js';

/**
 * Every diagnostic `publish` can report: a stable namespaced code, its short number (what the CLI
 * prints, `SE012`), and its severity. Codes are a contract: tests and tools match on them.
 */
export const DIAGNOSTIC_CODES = {
  // the files themselves
  'content/yaml-syntax': { number: 'SE001', severity: 'error' },
  'content/not-text': { number: 'SE002', severity: 'error' },
  'content/file-too-large': { number: 'SE003', severity: 'error' },
  'content/too-deep': { number: 'SE004', severity: 'error' },
  'content/no-files': { number: 'SE005', severity: 'error' },
  // the shape of the content
  'content/type': { number: 'SE006', severity: 'error' },
  'content/unknown-key': { number: 'SE007', severity: 'error' },
  'content/duplicate-id': { number: 'SE008', severity: 'error' },
  'content/bad-name': { number: 'SE009', severity: 'error' },
  'content/unknown-template': { number: 'SE010', severity: 'error' },
  'content/unknown-group': { number: 'SE011', severity: 'error' },
  'content/unknown-tag': { number: 'SE013', severity: 'error' },
  'content/unknown-quality': { number: 'SE014', severity: 'error' },
  'content/unknown-stage': { number: 'SE015', severity: 'error' },
  'content/bad-slots': { number: 'SE016', severity: 'error' },
  'content/bad-copies': { number: 'SE017', severity: 'error' },
  'content/shared-copies-without-shared': { number: 'SE018', severity: 'error' },
  'content/bad-redraw': { number: 'SE019', severity: 'error' },
  'content/template-override': { number: 'SE020', severity: 'error' },
  'content/missing': { number: 'SE021', severity: 'error' },
  'content/bad-setting': { number: 'SE022', severity: 'error' },
  // the language
  'lang/syntax': { number: 'SE030', severity: 'error' },
  'lang/bad-character': { number: 'SE031', severity: 'error' },
  'lang/too-deep': { number: 'SE032', severity: 'error' },
  'lang/too-long': { number: 'SE033', severity: 'error' },
  'lang/unknown-name': { number: 'SE012', severity: 'error' },
  'lang/unknown-scope': { number: 'SE034', severity: 'error' },
  'lang/hand-name-missing': { number: 'SE035', severity: 'error' },
  'lang/type': { number: 'SE036', severity: 'error' },
  'lang/not-boolean': { number: 'SE037', severity: 'error' },
  'lang/not-number': { number: 'SE038', severity: 'error' },
  'lang/read-only': { number: 'SE039', severity: 'error' },
  'lang/write-in-condition': { number: 'SE040', severity: 'error' },
  'lang/not-an-effect': { number: 'SE041', severity: 'error' },
  'lang/unknown-function': { number: 'SE042', severity: 'error' },
  'lang/empty': { number: 'SE043', severity: 'error' },
  'lang/hand-in-world-only': { number: 'SE044', severity: 'error' },
  'lang/bad-number': { number: 'SE045', severity: 'error' },
  // the table format (*.table.yaml)
  'table/unknown-seat': { number: 'SE060', severity: 'error' },
  'table/unknown-option': { number: 'SE061', severity: 'error' },
  'table/zone-not-area': { number: 'SE062', severity: 'error' },
  'table/unknown-zone': { number: 'SE063', severity: 'error' },
  'table/not-searchable': { number: 'SE064', severity: 'error' },
  'table/duplicate-card': { number: 'SE065', severity: 'error' },
  // lint: warnings, reported by publish but never failing it
  'lint/undealable-card': { number: 'SW001', severity: 'warning' },
  'lint/constant-condition': { number: 'SW002', severity: 'warning' },
  'lint/unused-world': { number: 'SW003', severity: 'warning' },
  'lint/empty-deck': { number: 'SW004', severity: 'warning' },
} as const satisfies Record<string, { number: string; severity: 'error' | 'warning' }>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;
export type Severity = 'error' | 'warning';

/** One problem found in content, with where it is and how to fix it. */
export interface Diagnostic {
  code: DiagnosticCode;
  /** The short number of the code (`SE012`), for compiler-style output. */
  number: string;
  severity: Severity;
  message: string;
  file: string;
  /** 1-based line and column of the start of the culprit. */
  line: number;
  col: number;
  /** 1-based line and column just past the culprit (same line for most). */
  endLine: number;
  endCol: number;
  /** A hint on how to fix it, when there is a concrete one ("did you mean @hand.peril?"). */
  hint?: string;
}

/** Where a diagnostic points: a file and a span of 0-based offsets into it. */
export interface Place {
  file: string;
  start: number;
  end: number;
}

/**
 * Formats diagnostics the way compilers do: `file:line:col  error SE012 lang/unknown-name  message`,
 * then the source line and a caret under the culprit. `sources` maps file names to their text.
 */
export function formatDiagnostic(d: Diagnostic, sources?: Readonly<Record<string, string>>, color = false): string {
  const paint = (code: string, s: string) => (color ? `\u001b[${code}m${s}\u001b[0m` : s);
  const sev = d.severity === 'error' ? paint('31;1', 'error') : paint('33;1', 'warning');
  const head = `${paint('1', `${d.file}:${d.line}:${d.col}`)}  ${sev} ${d.number} ${d.code}  ${d.message}`;
  const text = sources?.[d.file];
  if (text === undefined) return d.hint ? `${head}\n      = ${d.hint}` : head;
  const fullLine = text.split('\n')[d.line - 1]?.replace(/\r$/, '') ?? '';
  const gutter = String(d.line).length + 1;
  const { shown, from, to } = frameWindow(fullLine, d.col - 1);
  // The caret stays under the same character of the cut line, and ends where the cut line does.
  const startsAt = Math.max(0, d.col - 1 - from) + (from > 0 ? 1 : 0);
  const width = Math.max(1, Math.min((d.endLine === d.line ? d.endCol : fullLine.length + 1) - d.col, to - (d.col - 1)));
  const caret = ' '.repeat(startsAt) + paint(d.severity === 'error' ? '31' : '33', '^'.repeat(width));
  const lines = [
    head,
    `${' '.repeat(gutter)} |`,
    `${String(d.line).padStart(gutter)} | ${shown}`,
    `${' '.repeat(gutter)} | ${caret}${d.hint ? ` ${d.hint}` : ''}`,
  ];
  return lines.join('\n');
}

/** The widest source line a code frame shows, ellipses included: a screen, not a minified file. */
export const MAX_FRAME_WIDTH = 100;
/** How much of the line before the culprit a cut frame keeps, for context. */
const FRAME_LEAD = 30;

/**
 * The part of a source line a code frame shows: all of it when it fits, else at most
 * {@link MAX_FRAME_WIDTH} characters around `at` (0-based) with `…` where it was cut. A one-line
 * JSON file would otherwise print itself whole under every diagnostic in it. `from`/`to` are the
 * kept slice of the line.
 */
function frameWindow(line: string, at: number): { shown: string; from: number; to: number } {
  if (line.length <= MAX_FRAME_WIDTH) return { shown: line, from: 0, to: line.length };
  const col = Math.min(Math.max(0, at), line.length);
  let from = Math.max(0, Math.min(col - FRAME_LEAD, line.length - (MAX_FRAME_WIDTH - 1)));
  let to = Math.min(line.length, from + MAX_FRAME_WIDTH - (from > 0 ? 1 : 0));
  if (to < line.length) to--;
  if (col >= to) {
    // Only when the culprit is the end of the line itself: keep it in view.
    from = Math.max(0, line.length - (MAX_FRAME_WIDTH - 1));
    to = line.length;
  }
  return { shown: `${from > 0 ? '…' : ''}${line.slice(from, to)}${to < line.length ? '…' : ''}`, from, to };
}

export type { SourceAt };
