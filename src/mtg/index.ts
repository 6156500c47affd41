/**
 * The Magic: The Gathering reference game, built on the SDK's public entry: the Forge card-script
 * compiler and its coverage report (`./cards`), the fixed-input language (`./input`), the `.dck`
 * reader (`./decks`), the starter card set (`./starter`), our scripts for cards the corpus lacks
 * (`./supplement`), the puzzle format and runner
 * (`./puzzles`), the controllers (`./controllers`), the searching AI (`./search`) and the rules
 * engine (`./engine`).
 *
 * @packageDocumentation
 * @module storyletengine/mtg
 */
export * from './cards/index.js';
export * from './input/index.js';
export * from './decks/index.js';
export * from './starter/index.js';
export * from './supplement/index.js';
export * from './puzzles/index.js';
export * from './controllers/index.js';
export * from './search/index.js';
export * from './engine/index.js';
