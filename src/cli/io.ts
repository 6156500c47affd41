/**
 * What a command may touch: its streams and environment. Commands take an `Io`
 * rather than reaching for `process`, so the same code runs under the binary and in tests.
 */
import type { Readable, Writable } from 'node:stream';

/** A writable stream that may be a terminal. */
export type OutStream = Writable & { isTTY?: boolean; columns?: number };

export interface Io {
  stdout: OutStream;
  stderr: OutStream;
  stdin: Readable & { isTTY?: boolean };
  env: Readonly<Record<string, string | undefined>>;
}

/** Exit codes: a contract with shells and CI. */
export const EXIT = {
  ok: 0,
  /** Content errors, failed checks (`--max-warnings`), a script that failed, a port in use. */
  failed: 1,
  /** An unknown command or flag, a missing argument: usage is printed. */
  usage: 2,
} as const;

/**
 * Colour only on a terminal, and never when `NO_COLOR` is set to anything non-empty
 * (https://no-color.org).
 *
 * @example
 * ```ts
 * const color = useColor(io.stderr, io.env);
 * io.stderr.write(formatDiagnostic(d, sources, color));
 * ```
 */
export function useColor(stream: OutStream, env: Io['env']): boolean {
  return stream.isTTY === true && !env.NO_COLOR;
}

/**
 * Wraps `s` in an SGR colour code when `on`.
 *
 * @example
 * ```ts
 * paint(useColor(io.stderr, io.env), '31', 'error');
 * ```
 */
export function paint(on: boolean, code: string, s: string): string {
  return on ? `\u001b[${code}m${s}\u001b[0m` : s;
}

/**
 * Writes a line (adds the newline).
 *
 * @example
 * ```ts
 * println(io.stdout, 'done');
 * ```
 */
export function println(stream: OutStream, line = ''): void {
  stream.write(`${line}\n`);
}

/**
 * A usage error: the command prints its usage and exits 2.
 *
 * @example
 * ```ts
 * if (runs < 1) throw new UsageError('--runs must be a whole number ≥ 1, got 0');
 * ```
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * What went wrong with a file, in words: Node's messages ("ENOENT: no such file or directory,
 * open 'x'") repeat the code and the path that the caller's own message already names.
 *
 * @example
 * ```ts
 * fsProblem(Object.assign(new Error('…'), { code: 'ENOENT' })); // 'there is no such file'
 * ```
 */
export function fsProblem(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'there is no such file';
    case 'EISDIR':
      return 'it is a folder, not a file';
    case 'ENOTDIR':
      return 'a part of its path is a file, not a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      // An unexpected failure: Node's own message, without a leading "CODE: " it already carries.
      return String((err as Error | null)?.message ?? err).replace(/^[A-Z]+: /, '');
  }
}
