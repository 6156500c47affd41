/**
 * The `.dck` deck reader of the Magic reference game (Forge's deck format). See docs/mtg/decks.md.
 */
export { readDeck, readDeckFile, formatDeckDiagnostic, MAX_COPIES, MAX_DECK_CARDS } from './read.js';
export type { Deck, DeckDiagnostic, DeckDiagnosticCode, DeckLine, DeckSectionName, ReadDeckOptions } from './read.js';
