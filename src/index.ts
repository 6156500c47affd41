/**
 * storyletengine: deal narrative cards out of boxes into hands.
 *
 * This is the public entry. Everything users' code may import is re-exported here; modules
 * not reached from this file are internal.
 *
 * @packageDocumentation
 */
export { StoryletError } from './core/errors.js';
export { Rng, stableKey } from './core/random.js';
export type { RngState } from './core/random.js';
