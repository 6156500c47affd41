// Vitest's global setup (test/vitest.config.ts): fetches Forge's scripts into .cards/ once,
// before any test file is read, whenever the archive is there. Tests that read .cards/ used to
// skip or run depending on whether another file had fetched it first.
import { fetchCards } from '../../src/mtg/cards/index.js';
import { CARDS_DIR, CORPORA, haveCorpus } from './corpora.js';

export function setup(): void {
  // A no-op (one hash of the archive) when .cards/ already holds this archive's scripts.
  if (haveCorpus('forge-cards')) fetchCards({ from: CORPORA['forge-cards'], cardsDir: CARDS_DIR });
}
