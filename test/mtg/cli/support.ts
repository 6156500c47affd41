// Spawning the built `mtg` command (dist/mtg/cli.js) as users run it, in a scratch working
// directory (no .cards/ there, so games use the starter set unless told otherwise). `npm test`
// builds first; run `npx tsc -p tsconfig.build.json` before running these files on their own.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const CLI = join(REPO, 'dist/mtg/cli.js');
export const RG = 'starter/red_green_aggro.dck';
export const WU = 'starter/white_blue_control.dck';

function newest(dir: string, ext: string): number {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const s = statSync(path);
    if (s.isDirectory()) t = Math.max(t, newest(path, ext));
    else if (name.endsWith(ext)) t = Math.max(t, s.mtimeMs);
  }
  return t;
}

/** Throws unless dist/ holds a build of the CLI at least as new as its sources. */
export function requireBuild(): void {
  if (!existsSync(join(REPO, 'dist/mtg/cli/tui.js')))
    throw new Error('dist/mtg/cli is not built: run `npx tsc -p tsconfig.build.json` (npm test builds first)');
  for (const part of ['cli', 'controllers', 'agentplay']) {
    const src = newest(join(REPO, 'src/mtg', part), '.ts');
    const out = newest(join(REPO, 'dist/mtg', part), '.js');
    if (src > out) throw new Error(`dist/mtg/${part} is older than src/mtg/${part}: run \`npx tsc -p tsconfig.build.json\` (npm test builds first)`);
  }
}

export type Run = { code: number; stdout: string; stderr: string };

/** Runs `mtg <args>` in `cwd`, with `input` on standard input. */
export function mtg(cwd: string, args: string[], input = ''): Run {
  const env: Record<string, string> = { ...(process.env as Record<string, string>) };
  delete env['NO_COLOR'];
  delete env['FORCE_COLOR'];
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', input, env, timeout: 60_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** A scratch working directory, removed by the returned function. */
export function scratch(): { dir: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mtg-cli-'));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

export function sha(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The non-empty lines of a text. */
export function lines(text: string): string[] {
  return text.split('\n').filter((l) => l !== '');
}
