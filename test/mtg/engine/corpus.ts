// The real corpus for the engine's corpus tests: Forge's card scripts (GPL-3.0, fetched into the
// git-ignored .cards/) and the DeepScry decks (extracted into the git-ignored .corpus/). Tests
// that need them skip, visibly, when ../shared/forge or ../shared/deepscry is absent.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { corpusRegistry, fetchCards, openCorpus, readDeckFile, type CardRegistry, type Deck } from '../../../src/mtg/index.js';
import { readTar } from '../../../src/mtg/cards/tar.js';
import { REPO, SHARED_FORGE } from './helpers.js';

const FORGE = process.env.MTG_FORGE_DIR ?? SHARED_FORGE;
const CARDS_ARCHIVE = join(FORGE, 'cardsfolder.tar.gz');
const DEEPSCRY = join(REPO, '..', 'shared', 'deepscry', 'decks.tar.gz');
const CORPUS = join(REPO, '.corpus');

/** Whether the shared corpus is there. */
export const corpusAvailable = existsSync(CARDS_ARCHIVE) && existsSync(DEEPSCRY);
if (!corpusAvailable) console.warn(`engine corpus tests SKIPPED: ${CARDS_ARCHIVE} or ${DEEPSCRY} is absent`);

let registry: CardRegistry | undefined;

/** The compiled real corpus (fetched into .cards/ when needed). */
export function realRegistry(): CardRegistry {
  if (registry) return registry;
  if (!existsSync(join(REPO, '.cards', 'cardsfolder'))) fetchCards({ from: CARDS_ARCHIVE, cardsDir: join(REPO, '.cards') });
  registry = corpusRegistry(openCorpus(join(REPO, '.cards')).corpus);
  return registry;
}

/** The folders of the first target: the 1994–1995 championship decks and the old-school decks. */
export const TARGET_FOLDERS = ['championship/1994', 'championship/1995', 'old_school', 'old_school2'];

function extractDecks(): string {
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
  const root = extractDecks();
  const reg = realRegistry();
  const out: Deck[] = [];
  for (const folder of TARGET_FOLDERS) {
    const dir = join(root, folder);
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.dck')).sort()) out.push(readDeckFile(join(dir, f), reg));
  }
  return out;
}
