/**
 * The Magic: The Gathering reference game. Today: the Forge card-script compiler and its
 * coverage report (`./cards`). The rules engine, built on the SDK's public entry, comes next.
 *
 * @packageDocumentation
 */
export * from './cards/index.js';
