// What the agent-play tests share: running a session's reproducer as a user would.
import { spawnSync } from 'node:child_process';
import type { Run } from '../cli/support.js';

/** Runs `script` (a reproduce.sh) with `sh` from the folder `where`. */
export function reproduce(script: string, where: string): Run {
  const r = spawnSync('sh', [script], { cwd: where, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Runs one shell command line (a bug report's reproducer) from the folder `where`. */
export function shell(command: string, where: string): Run {
  const r = spawnSync('sh', ['-c', command], { cwd: where, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
