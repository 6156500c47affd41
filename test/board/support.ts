/**
 * Starts the real `storyletengine board` binary on a free loopback port (port 0; the real port is
 * read from its first line) and stops it after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, cleanEnv, ROOT } from '../cli/support.js';

export interface RunningBoard {
  url: string;
  proc: ChildProcess;
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/**
 * @example
 * ```ts
 * const board = await startBoardProcess('examples/village');
 * await fetch(`${board.url}api/state`);
 * await board.stop();
 * ```
 */
export function startBoardProcess(dir: string, args: string[] = []): Promise<RunningBoard> {
  const proc = spawn(process.execPath, [BIN, 'board', dir, '--port', '0', ...args], { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`the board did not start: ${out}${err}`));
    }, 15_000);
    proc.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: m[1]!,
        proc,
        stderr: () => err,
        async stop() {
          if (proc.exitCode === null) proc.kill('SIGTERM');
          return exited;
        },
      });
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the board exited (${code}) before starting: ${out}${err}`));
    });
  });
}

/** A scratch copy of a content folder, to edit while a Board watches it. */
export function copyContent(dir: string): string {
  const to = mkdtempSync(join(tmpdir(), 'se-board-content-'));
  cpSync(join(ROOT, dir), to, { recursive: true, filter: (src) => !src.endsWith('.mjs') });
  return to;
}

/** Polls `check` until it returns a value, or fails after `ms`. */
export async function until<T>(check: () => Promise<T | undefined>, ms = 10_000, what = 'the condition'): Promise<T> {
  const end = performance.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
