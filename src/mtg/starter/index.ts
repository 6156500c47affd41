/**
 * The starter set of the Magic reference game: about sixty classic cards written by us in
 * Forge's script format, and two 60-card decks, so a game runs out of the box with no download.
 * See docs/mtg/decks.md.
 */
export { STARTER_CARDS, compileStarterCards, starterRegistry } from './registry.js';
export { RED_GREEN_AGGRO, WHITE_BLUE_CONTROL, STARTER_DECKS } from './decks.js';
export type { StarterDeck } from './decks.js';
export { starterCard } from './script.js';
export type { StarterCard } from './script.js';
