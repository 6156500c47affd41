// Stage 1, fetch: a tar.gz, a directory or a git URL into the cards folder, with cards.lock.
// The git path is exercised against a local repository (file://): tests never use the network.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchCards, readLock, scriptPath, sourceKind } from '../../../src/mtg/cards/index.js';
import { MINI } from './support.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cards-fetch-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function forgeTree(): string {
  const root = join(dir, 'forge');
  mkdirSync(join(root, 'forge-gui/res'), { recursive: true });
  cpSync(join(MINI, 'cardsfolder'), join(root, 'forge-gui/res/cardsfolder'), { recursive: true });
  cpSync(join(MINI, 'tokenscripts'), join(root, 'forge-gui/res/tokenscripts'), { recursive: true });
  writeFileSync(join(root, 'forge-gui/res/cardsfolder/mkzip.sh'), '#!/bin/sh\n');
  return root;
}

function listed(cards: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(cards, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${name.name}` : name.name;
      if (name.isDirectory()) walk(path);
      else out.push(path);
    }
  };
  for (const top of ['cardsfolder', 'tokenscripts']) if (existsSync(join(cards, top))) walk(top);
  return out.sort();
}

const EXPECTED_FILES = 9;

describe('fetchCards', () => {
  it('unpacks a tar.gz (scripts only) and writes cards.lock', () => {
    forgeTree();
    const archive = join(dir, 'cards.tar.gz');
    execFileSync('tar', ['czf', archive, '-C', dir, 'forge']);
    writeFileSync(join(dir, 'LOCK'), 'source=test\ncommit=abc123\nlicense=GPL-3.0\n');
    const cards = join(dir, '.cards');
    const { lock, skipped } = fetchCards({ from: archive, cardsDir: cards });
    expect(skipped).toBe(false);
    expect(lock).toMatchObject({ source: archive, kind: 'tar.gz', ref: 'abc123', licence: 'GPL-3.0', files: EXPECTED_FILES });
    expect(lock.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(listed(cards)).toContain('cardsfolder/s/spark_volley.txt');
    expect(listed(cards)).toContain('tokenscripts/r_1_1_ember_imp.txt');
    expect(listed(cards).some((p) => p.endsWith('mkzip.sh'))).toBe(false);
    expect(readLock(cards)?.lock).toEqual(lock);
    // The same archive again is not unpacked again.
    expect(fetchCards({ from: archive, cardsDir: cards }).skipped).toBe(true);
    expect(fetchCards({ from: archive, cardsDir: cards, force: true }).skipped).toBe(false);
  });

  it('copies a directory, found at a cardsfolder or above one, with the same content hash', () => {
    const tree = forgeTree();
    const a = fetchCards({ from: tree, cardsDir: join(dir, 'a') }).lock;
    const b = fetchCards({ from: join(tree, 'forge-gui/res/cardsfolder'), cardsDir: join(dir, 'b') }).lock;
    expect(a.files).toBe(EXPECTED_FILES);
    expect(b.sha256).toBe(a.sha256);
    expect(a.kind).toBe('dir');
    expect(readFileSync(join(dir, 'a/cardsfolder/s/spark_volley.txt'), 'utf8')).toBe(readFileSync(join(MINI, 'cardsfolder/s/spark_volley.txt'), 'utf8'));
  });

  it('replaces a previous fetch instead of merging with it', () => {
    const cards = join(dir, '.cards');
    fetchCards({ from: forgeTree(), cardsDir: cards });
    writeFileSync(join(cards, 'cardsfolder/s/stale.txt'), 'Name:Stale');
    fetchCards({ from: join(dir, 'forge'), cardsDir: cards });
    expect(existsSync(join(cards, 'cardsfolder/s/stale.txt'))).toBe(false);
  });

  it('does a sparse checkout of a git repository at a ref', () => {
    const repo = join(dir, 'repo');
    cpSync(forgeTree(), repo, { recursive: true });
    writeFileSync(join(repo, 'README.md'), 'not a script\n');
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
    git('init', '--quiet');
    git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'add', '.');
    git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '--quiet', '-m', 'cards');
    git('config', 'uploadpack.allowFilter', 'true');
    git('config', 'uploadpack.allowAnySHA1InWant', 'true');
    const commit = git('rev-parse', 'HEAD');
    const { lock } = fetchCards({ from: `file://${repo}`, ref: commit, cardsDir: join(dir, '.cards') });
    expect(lock).toMatchObject({ kind: 'git', ref: commit, files: EXPECTED_FILES });
    expect(existsSync(join(dir, '.cards/cardsfolder/s/spark_volley.txt'))).toBe(true);
    expect(readdirSync(join(dir, '.cards')).filter((n) => n.startsWith('.git'))).toEqual([]);
  });

  it('refuses sources with no scripts, and paths that climb out', () => {
    expect(() => fetchCards({ from: join(dir, 'nope'), cardsDir: join(dir, 'c') })).toThrow(expect.objectContaining({ code: 'cards/bad-source' }));
    mkdirSync(join(dir, 'empty'));
    expect(() => fetchCards({ from: join(dir, 'empty'), cardsDir: join(dir, 'c') })).toThrow(expect.objectContaining({ code: 'cards/bad-source' }));
    writeFileSync(join(dir, 'bad.tar.gz'), 'not gzip');
    expect(() => fetchCards({ from: join(dir, 'bad.tar.gz'), cardsDir: join(dir, 'c') })).toThrow(expect.objectContaining({ code: 'cards/bad-source' }));
    expect(scriptPath('forge/res/cardsfolder/../../etc/passwd.txt')).toBeUndefined();
    expect(scriptPath('forge/res/cardsfolder/a/x.txt')).toBe('cardsfolder/a/x.txt');
    expect(scriptPath('forge/res/editions/x.txt')).toBeUndefined();
  });

  it('tells sources apart', () => {
    expect(sourceKind('../shared/forge/cardsfolder.tar.gz')).toBe('tar.gz');
    expect(sourceKind('https://github.com/Card-Forge/forge.git')).toBe('git');
    expect(sourceKind('git@github.com:Card-Forge/forge.git')).toBe('git');
    expect(sourceKind('/some/dir')).toBe('dir');
  });
});
