#!/usr/bin/env node
// Re-records test/puzzles/goldens/*.golden.log from our puzzles (npm run puzzles:bless).
// Review the diff before committing: a changed log is a changed game.
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['vitest', 'run', '--config', 'test/vitest.config.ts', 'test/mtg/puzzles/run.test.ts', '-t', 'golden'], {
  stdio: 'inherit',
  env: { ...process.env, BLESS_PUZZLES: '1' },
});
process.exitCode = result.status ?? 1;
