/**
 * Reading a line a person types, synchronously. The engine asks its controllers synchronously
 * (`choose(view, point): number`), so the terminal controller blocks on standard input like any
 * command-line program waiting for its user. Tests give it lines from an array instead.
 */
import { readSync } from 'node:fs';

/** Where the terminal controller reads its lines; `null` at the end of the input. */
export interface LineSource {
  readLine(): string | null;
}

/**
 * Lines from an array, then the end of the input: for tests and scripted sessions.
 *
 * @example
 * ```ts
 * const input = arrayLines(['1', 'cast lightning bolt', 'quit']);
 * input.readLine(); // '1'
 * ```
 */
export function arrayLines(lines: readonly string[]): LineSource {
  let at = 0;
  return { readLine: () => (at < lines.length ? lines[at++]! : null) };
}

/**
 * Lines from a file descriptor (standard input by default), read synchronously. A descriptor
 * that is non-blocking (`EAGAIN`) is waited on in short sleeps.
 *
 * @example
 * ```ts
 * const input = fdLines(0);
 * const line = input.readLine(); // null once the input ends
 * ```
 */
export function fdLines(fd = 0): LineSource {
  let buffered = '';
  let ended = false;
  const chunk = Buffer.alloc(4096);
  const nap = new Int32Array(new SharedArrayBuffer(4));
  const decoder = new TextDecoder();
  return {
    readLine() {
      for (;;) {
        const nl = buffered.indexOf('\n');
        if (nl >= 0) {
          const line = buffered.slice(0, nl).replace(/\r$/, '');
          buffered = buffered.slice(nl + 1);
          return line;
        }
        if (ended) {
          if (buffered === '') return null;
          const last = buffered;
          buffered = '';
          return last;
        }
        let n: number;
        try {
          n = readSync(fd, chunk, 0, chunk.length, null);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EAGAIN') {
            Atomics.wait(nap, 0, 0, 20);
            continue;
          }
          if (code === 'EOF') n = 0;
          else throw error;
        }
        if (n === 0) ended = true;
        else buffered += decoder.decode(chunk.subarray(0, n), { stream: true });
      }
    },
  };
}
