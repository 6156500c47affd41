// Licence and layering boundaries. Forge's scripts are GPL-3.0 and this package is MIT: no card
// script may ever be tracked by git (only the hand-written fixtures, each marked as such and named
// unlike any real card). And the compiler imports nothing from the rest of src/ but src/core.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { readTar } from '../../../src/mtg/cards/tar.js';
import { REPO } from './support.js';
import { CORPORA, needsCorpus } from '../../support/corpora.js';
import { importsOf, repoPath, resolveImport, sourceFiles } from '../../support/imports.js';

const ARCHIVE = CORPORA['forge-cards'];

const FIXTURE_DIR = 'test/mtg/cards/fixtures/';
const MARKER = '# Hand-written fixture for storyletengine tests; not from Forge.';

function tracked(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' }).split('\0').filter(Boolean);
}

/** A Forge card script's shape: a Name: line and a Types: line at the start of lines. */
function looksLikeCardScript(text: string): boolean {
  return /^Name:/m.test(text) && /^Types:/m.test(text);
}

describe('no card script is tracked by git', () => {
  const files = tracked();

  it('tracks nothing under .cards/, cardsfolder/ or tokenscripts/ outside the fixtures', () => {
    const bad = files.filter(
      (f) => !f.startsWith(FIXTURE_DIR) && (f.startsWith('.cards/') || f.split('/').some((s) => s === 'cardsfolder' || s === 'tokenscripts')),
    );
    expect(bad).toEqual([]);
  });

  it('tracks no file shaped like a card script, except marked fixtures', () => {
    const bad: string[] = [];
    for (const f of files) {
      const path = join(REPO, f);
      if (!existsSync(path) || statSync(path).size > 1_000_000) continue;
      const text = readFileSync(path, 'utf8');
      if (text.includes('\0') || !looksLikeCardScript(text)) continue;
      if (f.startsWith(FIXTURE_DIR) && text.startsWith(MARKER)) continue;
      bad.push(f);
    }
    expect(bad).toEqual([]);
  });

  it('keeps .cards/ git-ignored', () => {
    expect(execFileSync('git', ['check-ignore', '.cards/cardsfolder/a/x.txt'], { cwd: REPO, encoding: 'utf8' }).trim()).toBe('.cards/cardsfolder/a/x.txt');
  });

  it('names no fixture like a real card', needsCorpus('forge-cards'), () => {
    // Read from the archive itself, not .cards/, which the corpus test may be replacing meanwhile.
    const real = new Set<string>();
    for (const file of readTar(gunzipSync(readFileSync(ARCHIVE)))) {
      for (const m of file.data.toString('utf8').matchAll(/^Name:(.*)$/gm)) real.add(m[1]!.trim().toLowerCase());
    }
    expect(real.size).toBeGreaterThan(18_000);
    const clashes: string[] = [];
    for (const f of files.filter((x) => x.startsWith(FIXTURE_DIR) && x.endsWith('.txt'))) {
      for (const m of readFileSync(join(REPO, f), 'utf8').matchAll(/^Name:(.*)$/gm)) {
        if (real.has(m[1]!.trim().toLowerCase())) clashes.push(`${f}: ${m[1]}`);
      }
    }
    expect(clashes).toEqual([]);
  });
});

describe('the compiler depends on nothing but src/core', () => {
  it('imports only its own modules, src/core and node builtins', () => {
    const root = join(REPO, 'src/mtg/cards');
    const core = join(REPO, 'src/core');
    const bad: string[] = [];
    for (const file of sourceFiles('src/mtg/cards')) {
      // Every kind counts here, type-only and dynamic too: the compiler must build alone.
      for (const { spec } of importsOf(file)) {
        if (spec.startsWith('node:')) continue;
        const target = resolveImport(file, spec);
        if (!target || (!target.startsWith(root + '/') && !target.startsWith(core + '/'))) bad.push(`${repoPath(file)} → ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
