#!/usr/bin/env node
/**
 * The `storyletengine` binary (package.json `bin`). Everything happens in {@link runCli}; this
 * file only connects it to the process.
 */
import { runCli } from './run.js';

// `storyletengine links ... | head` closes the pipe early; that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env });
// exitCode rather than exit(): let pending writes to a pipe finish first. Long-running commands
// (board, an interactive play) resolve only when they are done.
process.exitCode = code;
