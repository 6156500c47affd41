#!/usr/bin/env node
// The clean-clone check (`npm run test:clean-clone`, run by .ci/run): clones this repository's
// HEAD into a fresh temporary folder with no `shared/` beside it (outside git, copies the tree),
// runs `npm test` there, and fails unless every test passes and the run prints exactly one
// `corpora: N tests skipped …` line (test/support/corpora-reporter.ts) and none of the old
// per-file "SKIPPED" warnings. It keeps a test that reads ../shared without `needsCorpus(...)`
// from coming back.
//
// node_modules is a symlink to this checkout's (an `npm ci` there costs about a minute and
// rebuilds better-sqlite3); CLEAN_CLONE_NPM_CI=1 runs `npm ci --offline` instead. Uncommitted
// changes are not in the clone: commit first. The clone is removed when the check passes and
// kept (its path printed) when it fails. Arguments are passed on to vitest (`npm test -- …`),
// e.g. `node test/clean-clone.mjs test/mtg/engine` to check a few files while working.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const TIMEOUT_MS = 30 * 60_000;

function git(...args) {
  const r = spawnSync('git', args, { cwd: REPO, encoding: 'utf8' });
  if (r.status !== 0) fail(`git ${args.join(' ')} failed: ${r.stderr.trim()}`);
  return r.stdout.trim();
}

function fail(message, keep) {
  console.log(`clean-clone: FAILED — ${message}${keep ? ` (the clone is kept at ${keep})` : ''}`);
  process.exit(1);
}

const parent = mkdtempSync(join(tmpdir(), 'se-clean-clone-'));
const clone = join(parent, 'repo');
if (existsSync(join(parent, 'shared'))) fail(`${parent}/shared exists`);
let head = 'a copy of the working tree';
if (spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: REPO, encoding: 'utf8' }).stdout?.trim() === 'true') {
  const sha = git('rev-parse', 'HEAD');
  head = `HEAD ${sha.slice(0, 12)}`;
  if (git('status', '--porcelain', '--untracked-files=no') !== '') console.log('clean-clone: note: uncommitted changes are not in the clone (it checks HEAD)');
  git('clone', '--quiet', '--no-checkout', REPO, clone);
  const checkout = spawnSync('git', ['checkout', '--quiet', '--detach', sha], { cwd: clone, encoding: 'utf8' });
  if (checkout.status !== 0) fail(`git checkout ${sha} failed: ${checkout.stderr.trim()}`, parent);
} else {
  // Not a git checkout (an unpacked tarball, say): copy it without what git ignores at the top.
  const IGNORED = new Set(['node_modules', 'dist', 'coverage', 'test-results', '.cards', '.corpus', '.scratch', '.git']);
  cpSync(REPO, clone, { recursive: true, filter: (src) => !IGNORED.has(relative(REPO, src).split(sep)[0]) });
}

// Nothing may point the clone at the corpora another way.
const env = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
delete env.MTG_FORGE_DIR;

if (process.env.CLEAN_CLONE_NPM_CI === '1') {
  const ci = spawnSync('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: clone, env, encoding: 'utf8', timeout: TIMEOUT_MS });
  if (ci.status !== 0) fail(`npm ci --offline failed: ${(ci.stderr || '').trim().split('\n').slice(-5).join(' / ')}`, parent);
} else {
  symlinkSync(realpathSync(join(REPO, 'node_modules')), join(clone, 'node_modules'), 'dir');
}

console.log(`clean-clone: npm test in ${clone} (${head}, no ../shared)`);
const extra = process.argv.slice(2);
const run = spawnSync('npm', ['test', ...(extra.length > 0 ? ['--', ...extra] : [])], {
  cwd: clone,
  env,
  encoding: 'utf8',
  timeout: TIMEOUT_MS,
  maxBuffer: 256 * 1024 * 1024,
});
const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
const log = join(parent, 'npm-test.log');
writeFileSync(log, output);

const report = join(clone, 'test-results', 'vitest.json');
if (!existsSync(report)) fail(`npm test wrote no report (exit ${run.status ?? run.signal}); see ${log}`, parent);
const r = JSON.parse(readFileSync(report, 'utf8'));
// eslint-disable-next-line no-control-regex
const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
const corpora = lines.filter((l) => /^corpora: \d+ tests? skipped/.test(l));
const old = lines.filter((l) => /SKIPPED/.test(l));

console.log(`clean-clone: ${r.numPassedTests} passed, ${r.numPendingTests} skipped, ${r.numFailedTests} failed, ${r.numFailedTestSuites} file(s) failed`);
for (const l of corpora) console.log(`clean-clone: ${l}`);
const problems = [];
if (run.status !== 0) problems.push(`npm test exited ${run.status ?? run.signal}`);
if (r.numFailedTests > 0 || r.numFailedTestSuites > 0) {
  const failed = r.testResults.flatMap((f) =>
    f.assertionResults.filter((t) => t.status === 'failed').map((t) => `${f.name.replace(clone, '')}: ${t.fullName}`),
  );
  problems.push(`failing without ../shared: ${failed.slice(0, 10).join('; ') || 'a test file failed to load'}`);
}
if (corpora.length !== 1) problems.push(`expected one "corpora: N tests skipped" line, found ${corpora.length}`);
if (old.length > 0) problems.push(`a per-file SKIPPED line is back: ${old[0].trim()}`);
if (problems.length > 0) fail(`${problems.join('; ')}; full output in ${log}`, parent);

rmSync(parent, { recursive: true, force: true });
console.log('clean-clone: passed');
