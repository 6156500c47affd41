#!/usr/bin/env node
/**
 * The `storyletengine` binary (package.json `bin`). Everything happens in {@link runCli}; this
 * file only connects it to the process.
 */
import { runCli } from './run.js';

const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env });
// exitCode rather than exit(): let pending writes to a pipe finish first. Long-running commands
// (board, an interactive play) resolve only when they are done.
process.exitCode = code;
