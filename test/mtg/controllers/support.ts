// Shared helpers for the controller tests: registries, decks and board setups.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openCorpus, type CardRegistry } from '../../../src/mtg/cards/index.js';
import { corpusRegistry } from '../../../src/mtg/supplement/index.js';
import { readDeck } from '../../../src/mtg/decks/index.js';
import { createGame, type Game, type SeatSetup } from '../../../src/mtg/engine/index.js';
import { RED_GREEN_AGGRO, WHITE_BLUE_CONTROL, starterRegistry } from '../../../src/mtg/starter/index.js';
import { CARDS_DIR, CORPUS_DIR } from '../../support/corpora.js';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

let starter: CardRegistry | undefined;
/** The starter set's registry, compiled once per test file. */
export function starterCards(): CardRegistry {
  return (starter ??= starterRegistry());
}

/** The two starter decks as card lists. */
export function starterDecks(): [string[], string[]] {
  const r = starterCards();
  return [readDeck(RED_GREEN_AGGRO.text, RED_GREEN_AGGRO.file, r).main, readDeck(WHITE_BLUE_CONTROL.text, WHITE_BLUE_CONTROL.file, r).main];
}

/** A game between the starter decks. */
export function starterGame(seed: string | number): Game {
  return createGame({ registry: starterCards(), decks: starterDecks(), seed });
}

/** A game from a board setup with the starter cards: main phase 1 of turn 3, p1 active. */
export function boardGame(
  p1: SeatSetup,
  p2: SeatSetup = {},
  more: { step?: 'main1' | 'declareAttackers' | 'beginCombat'; active?: 0 | 1; seed?: string } = {},
): Game {
  const library = Array.from({ length: 20 }, () => 'Island');
  return createGame({
    registry: starterCards(),
    seed: more.seed ?? 'board',
    setup: {
      turn: 3,
      active: more.active ?? 0,
      step: more.step ?? 'main1',
      players: [
        { library, ...p1 },
        { library, ...p2 },
      ],
    },
  });
}

/**
 * The championship decks of 1994 and 1995 from the DeepScry corpus, extracted into `.corpus/`,
 * read with the fetched Forge corpus (`.cards/`) and our supplement (Chaos Orb, which Forge's
 * corpus lacks); null when either is absent.
 */
export function championship(): { registry: CardRegistry; decks: Array<{ name: string; main: string[] }> } | null {
  const cards = CARDS_DIR;
  const dir = `${CORPUS_DIR}/deepscry/decks/championship`;
  if (!existsSync(`${cards}/cardsfolder`) || !existsSync(dir)) return null;
  const registry = corpusRegistry(openCorpus(cards).corpus);
  const decks = ['1994', '1995'].flatMap((year) =>
    readdirSync(`${dir}/${year}`)
      .filter((f) => f.endsWith('.dck'))
      .sort()
      .map((f) => {
        const deck = readDeck(readFileSync(`${dir}/${year}/${f}`, 'utf8'), f, registry);
        const unknown = deck.diagnostics.filter((d) => d.code === 'deck/unknown-card').map((d) => d.message);
        if (unknown.length > 0) throw new Error(`${f}: unknown cards: ${unknown.join('; ')}`);
        return { name: deck.name, main: deck.main };
      }),
  );
  return { registry, decks };
}
