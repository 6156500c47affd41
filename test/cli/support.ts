/**
 * Runs the real `storyletengine` binary (dist/cli/main.js, built by `npm test` before vitest)
 * and compares output with golden files.
 *
 * Golden files live in test/fixtures/cli/; re-record them all with
 *   UPDATE_GOLDEN=1 npx vitest run --config test/vitest.config.ts test/cli
 * and review the diff.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { expect } from 'vitest';

export const ROOT = resolve(new URL('../..', import.meta.url).pathname);
export const BIN = resolve(ROOT, 'dist/cli/main.js');
export const FIXTURES = 'test/fixtures/cli';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment without anything that would change colour or locale-dependent output. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(NO_COLOR|FORCE_COLOR|NODE_OPTIONS)$/.test(k)) env[k] = v;
  return { ...env, ...extra };
}

/**
 * Spawns `node dist/cli/main.js ...args` in the repository root, feeding `input` to stdin.
 *
 * @example
 * ```ts
 * const r = await cli(['lint', 'examples/village']);
 * expect(r.code).toBe(0);
 * ```
 */
export function cli(args: string[], options: { input?: string; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<RunResult> {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first (npm test does)`);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: options.env ?? cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Compares `actual` with a golden file (or writes it when UPDATE_GOLDEN is set). */
export function golden(file: string, actual: string): void {
  const path = resolve(ROOT, FIXTURES, file);
  if (process.env.UPDATE_GOLDEN) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
  }
  if (!existsSync(path)) throw new Error(`golden file ${path} is missing; record it with UPDATE_GOLDEN=1`);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

/** Any ANSI escape: colour must never reach a pipe. */
// eslint-disable-next-line no-control-regex -- ESC is the character looked for
export const ANSI = /\u001b\[/;
