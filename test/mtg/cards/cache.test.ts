// Stage 5, the IR cache: named by the compiler's fingerprint, tied to the cards.lock it was
// compiled against, written atomically, and never read when stale.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cachePath,
  compileDir,
  compilerFingerprint,
  fetchCards,
  fingerprintOf,
  loadCachedCorpus,
  openCorpus,
  saveCorpus,
} from '../../../src/mtg/cards/index.js';
import { MINI, REPO } from './support.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cards-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the compiler fingerprint', () => {
  it('is the hash of the compiler sources, and changes when any of them changes', () => {
    const copy = join(dir, 'compiler');
    cpSync(join(REPO, 'src/mtg/cards'), copy, { recursive: true });
    const before = fingerprintOf(copy, '.ts');
    expect(before).toBe(compilerFingerprint());
    expect(before).toMatch(/^[0-9a-f]{16}$/);
    writeFileSync(join(copy, 'keywords', 'prowess.ts'), '// changed\n', { flag: 'a' });
    expect(fingerprintOf(copy, '.ts')).not.toBe(before);
  });
});

describe('the IR cache', () => {
  it('round-trips a compiled corpus', () => {
    const cards = join(dir, '.cards');
    fetchCards({ from: MINI, cardsDir: cards });
    const first = openCorpus(cards);
    expect(first.from).toBe('compiled');
    expect(first.path).toBe(cachePath(cards));
    expect(existsSync(first.path)).toBe(true);
    const second = openCorpus(cards);
    expect(second.from).toBe('cache');
    expect(second.corpus).toEqual(JSON.parse(JSON.stringify(first.corpus)));
  });

  it('is not read after a refetch changes cards.lock', () => {
    const cards = join(dir, '.cards');
    fetchCards({ from: MINI, cardsDir: cards });
    openCorpus(cards);
    expect(loadCachedCorpus(cards)).toBeDefined();
    fetchCards({ from: MINI, cardsDir: cards, ref: 'another-ref' });
    expect(loadCachedCorpus(cards)).toBeUndefined();
    expect(openCorpus(cards).from).toBe('compiled');
  });

  it('is not read when another compiler wrote it, and old caches are pruned to two', () => {
    const cards = join(dir, '.cards');
    fetchCards({ from: MINI, cardsDir: cards });
    const corpus = compileDir(cards);
    for (const fp of ['0000000000000001', '0000000000000002', '0000000000000003']) saveCorpus(cards, { ...corpus, fingerprint: fp });
    expect(loadCachedCorpus(cards)).toBeUndefined();
    saveCorpus(cards, corpus);
    const caches = readdirSync(cards).filter((n) => n.startsWith('ir-'));
    expect(caches).toHaveLength(3);
    expect(caches).toContain(`ir-${compilerFingerprint()}.json.gz`);
  });

  it('ignores a corrupt cache file', () => {
    const cards = join(dir, '.cards');
    fetchCards({ from: MINI, cardsDir: cards });
    writeFileSync(cachePath(cards), 'not gzip');
    expect(loadCachedCorpus(cards)).toBeUndefined();
    expect(openCorpus(cards).from).toBe('compiled');
  });

  it('refuses to compile a folder with no scripts', () => {
    expect(() => openCorpus(join(dir, 'nothing'))).toThrow(expect.objectContaining({ code: 'cards/not-fetched' }));
  });
});
