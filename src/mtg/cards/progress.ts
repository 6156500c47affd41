/**
 * A progress bar for long compiles, drawn on a terminal stream (stderr) and silent elsewhere, so
 * piped output and CI logs stay clean.
 */

/** The part of a stream the bar needs. */
export type ProgressStream = { isTTY?: boolean; write(chunk: string): unknown; columns?: number };

/**
 * A `(done, total)` callback that redraws a bar on `stream` when it is a TTY (at most once per
 * percent), and finishes the line at `done === total`; a no-op on other streams.
 *
 * @example
 * ```ts
 * compileDir('.cards', { onProgress: progressBar(process.stderr, 'compiling') });
 * ```
 */
export function progressBar(stream: ProgressStream, label: string): (done: number, total: number) => void {
  if (!stream.isTTY) return () => {};
  let last = -1;
  return (done, total) => {
    const pct = total === 0 ? 100 : Math.floor((100 * done) / total);
    if (pct === last && done !== total) return;
    last = pct;
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - label.length - 30));
    const filled = Math.round((width * pct) / 100);
    stream.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${pct}%`);
    if (done === total) stream.write('\n');
  };
}
