/**
 * Content for the commands: publish a folder (printing its diagnostics the way compilers do), or
 * read a bundle a previous `publish -o` wrote.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLE_FORMAT, type Bundle } from '../content/bundle.js';
import { formatDiagnostic, type Diagnostic } from '../content/diagnostics.js';
import { publish } from '../node.js';
import { EXIT, useColor, type Io, type OutStream } from './io.js';

/** A publish whose diagnostics name files by their path from the working folder. */
export interface Published {
  ok: boolean;
  bundle?: Bundle;
  diagnostics: Diagnostic[];
  /** Keyed like the diagnostics' `file`. */
  sources: Record<string, string>;
}

/**
 * Publishes `dir`. Diagnostics from publish name files relative to the content folder; here they
 * are re-based onto `dir` so that `examples/village/village.yaml:14:23` can be clicked in a
 * terminal or an editor.
 *
 * @example
 * ```ts
 * const r = await publishDir('examples/village');
 * if (!r.ok) printDiagnostics(io.stderr, r, { color: false });
 * ```
 */
export async function publishDir(dir: string): Promise<Published> {
  const r = await publish({ dir });
  const rebase = (file: string): string =>
    // Problems with the folder itself name the folder, or "(content)" when it has no files.
    file === dir || file.startsWith('(') ? file : join(dir, file);
  const sources: Record<string, string> = {};
  for (const [file, text] of Object.entries(r.sources)) sources[rebase(file)] = text;
  const diagnostics = r.diagnostics.map((d) => ({ ...d, file: rebase(d.file) }));
  return r.ok ? { ok: true, bundle: r.bundle, diagnostics, sources } : { ok: false, diagnostics, sources };
}

/**
 * Prints diagnostics compiler-style (with a code frame), then a count.
 *
 * @example
 * ```ts
 * printDiagnostics(io.stderr, published, { color: useColor(io.stderr, io.env), warnings: true });
 * ```
 */
export function printDiagnostics(out: OutStream, r: Pick<Published, 'diagnostics' | 'sources'>, options: { color: boolean; warnings?: boolean }): void {
  const shown = options.warnings ? r.diagnostics : r.diagnostics.filter((d) => d.severity === 'error');
  for (const d of shown) out.write(`${formatDiagnostic(d, r.sources, options.color)}\n\n`);
}

/**
 * "2 errors, 1 warning".
 *
 * @example
 * ```ts
 * println(io.stdout, `${dir}: ${countLine(r.diagnostics)}`);
 * ```
 */
export function countLine(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  return `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
}

/** The outcome of {@link loadBundle}: a bundle, or the exit code to leave with. */
export type Loaded = { bundle: Bundle; exit?: undefined } | { bundle?: undefined; exit: number };

/**
 * A bundle from a content folder (published now; errors are printed and exit 1) or from a bundle
 * file written by `storyletengine publish`.
 *
 * @example
 * ```ts
 * const loaded = await loadBundle('examples/village', io);
 * if (loaded.exit !== undefined) return loaded.exit;
 * const engine = createEngine(loaded.bundle, { seed });
 * ```
 */
export async function loadBundle(path: string, io: Io): Promise<Loaded> {
  let isFile = false;
  try {
    isFile = (await stat(path)).isFile();
  } catch {
    // A missing folder is reported by publish, like every other content problem; a missing
    // `x.json` was meant as a bundle file, so say that rather than "cannot read the content folder".
    if (/\.json$/i.test(path)) {
      io.stderr.write(`${path}: there is no such file; give a bundle file written by \`storyletengine publish -o FILE\`, or a content folder\n`);
      return { exit: EXIT.failed };
    }
  }
  if (isFile) {
    let bundle: unknown;
    try {
      bundle = JSON.parse(await readFile(path, 'utf8'));
    } catch (err) {
      io.stderr.write(`${path}: not a bundle: ${(err as Error).message}\n`);
      return { exit: EXIT.failed };
    }
    if (typeof bundle !== 'object' || bundle === null || (bundle as { format?: unknown }).format !== BUNDLE_FORMAT) {
      io.stderr.write(
        `${path}: not a bundle (its "format" is not ${JSON.stringify(BUNDLE_FORMAT)}); give a content folder or a file written by \`storyletengine publish\`\n`,
      );
      return { exit: EXIT.failed };
    }
    return { bundle: bundle as Bundle };
  }
  const r = await publishDir(path);
  if (!r.ok || !r.bundle) {
    printDiagnostics(io.stderr, r, { color: useColor(io.stderr, io.env) });
    io.stderr.write(`${path}: ${countLine(r.diagnostics)}; nothing was run\n`);
    return { exit: EXIT.failed };
  }
  return { bundle: r.bundle };
}
