// Shared by the mtg bench and fuzz scripts: the compiled real corpus and the DeepScry decks,
// from the built package (dist/). Forge's scripts and the decks are fetched or extracted into the
// git-ignored .cards/ and .corpus/ folders.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { corpusRegistry as withSupplement, fetchCards, openCorpus, readDeckFile } from '../../dist/mtg/index.js';
import { readTar } from '../../dist/mtg/cards/tar.js';

export const repo = fileURLToPath(new URL('../../', import.meta.url));
const forge = process.env.MTG_FORGE_DIR ?? `${repo}../shared/forge`;
const deepscry = `${repo}../shared/deepscry/decks.tar.gz`;

/** The registry of the real corpus, or null (with a message) when it is not there. */
export function corpusRegistry() {
  const archive = join(forge, 'cardsfolder.tar.gz');
  if (!existsSync(join(repo, '.cards', 'cardsfolder'))) {
    if (!existsSync(archive)) return null;
    fetchCards({ from: archive, cardsDir: join(repo, '.cards') });
  }
  return withSupplement(openCorpus(join(repo, '.cards')).corpus);
}

/** Every .dck under the given folders of the DeepScry decks (all of them by default). */
export function decks(registry, folders = ['']) {
  const root = join(repo, '.corpus', 'deepscry', 'decks');
  if (!existsSync(join(root, 'championship'))) {
    if (!existsSync(deepscry)) return [];
    for (const file of readTar(gunzipSync(readFileSync(deepscry)))) {
      const path = join(repo, '.corpus', file.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.data);
    }
  }
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.dck')) {
        const deck = readDeckFile(p, registry);
        // Cards Forge lacks (Chaos Orb) are left out; a deck needs 40 cards to be worth a game.
        if (deck.main.length >= 40) out.push(deck);
      }
    }
  };
  for (const f of folders) if (existsSync(join(root, f))) walk(join(root, f));
  return out;
}
