/**
 * The simulation's progress bar: on stderr, and only on a terminal, so piped output and CI logs
 * stay clean.
 */
import type { OutStream } from '../io.js';

/**
 * A bar that repaints itself in place at most every `every` ticks.
 *
 * @example
 * ```ts
 * const bar = progressBar(process.stderr, 100);
 * bar.tick(); bar.done();
 * ```
 */
export function progressBar(stream: OutStream, total: number): { tick(): void; done(): void } {
  if (!stream.isTTY || total === 0) return { tick() {}, done() {} };
  let n = 0;
  const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 30));
  const paint = () => {
    const filled = Math.round((n / total) * width);
    stream.write(`\rsimulating [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${n}/${total} runs`);
  };
  const every = Math.max(1, Math.floor(total / 100));
  paint();
  return {
    tick() {
      n++;
      if (n % every === 0 || n === total) paint();
    },
    done() {
      stream.write('\r\u001b[2K');
    },
  };
}
