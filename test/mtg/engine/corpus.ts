// The real corpus for the engine's corpus tests: Forge's card scripts (GPL-3.0, fetched into the
// git-ignored .cards/) and the DeepScry decks (extracted into the git-ignored .corpus/). Tests
// that read them declare it with needsCorpus('forge-cards'[, 'deepscry-decks']) from
// test/support/corpora.ts, which skips them (and counts the skip) when ../shared is absent.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { corpusRegistry, fetchCards, openCorpus, readDeckFile, type CardRegistry, type Deck } from '../../../src/mtg/index.js';
import { readTar } from '../../../src/mtg/cards/tar.js';
import { CARDS_DIR, CORPORA, CORPUS_DIR as CORPUS, requireCorpus } from '../../support/corpora.js';

const CARDS_ARCHIVE = CORPORA['forge-cards'];
const DEEPSCRY = CORPORA['deepscry-decks'];

let registry: CardRegistry | undefined;

/** The compiled real corpus (fetched into .cards/ when needed); the test needs 'forge-cards'. */
export function realRegistry(): CardRegistry {
  if (registry) return registry;
  requireCorpus('forge-cards');
  if (!existsSync(join(CARDS_DIR, 'cardsfolder'))) fetchCards({ from: CARDS_ARCHIVE, cardsDir: CARDS_DIR });
  registry = corpusRegistry(openCorpus(CARDS_DIR).corpus);
  return registry;
}

/** The folders of the first target: the 1994–1995 championship decks and the old-school decks. */
export const TARGET_FOLDERS = ['championship/1994', 'championship/1995', 'old_school', 'old_school2'];

/** Unpacks the DeepScry decks into .corpus/ (once), returning their root folder. */
export function extractDecks(): string {
  const root = join(CORPUS, 'deepscry', 'decks');
  if (existsSync(join(root, 'championship'))) return root;
  for (const file of readTar(gunzipSync(readFileSync(DEEPSCRY)))) {
    const path = join(CORPUS, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.data);
  }
  return root;
}

/** The target decks, read with the real registry (cards Forge lacks are left out of `main`). */
export function targetDecks(): Deck[] {
  requireCorpus('deepscry-decks');
  const root = extractDecks();
  const reg = realRegistry();
  const out: Deck[] = [];
  for (const folder of TARGET_FOLDERS) {
    const dir = join(root, folder);
    for (const f of readdirSync(dir)
      .filter((x) => x.endsWith('.dck'))
      .sort())
      out.push(readDeckFile(join(dir, f), reg));
  }
  return out;
}
