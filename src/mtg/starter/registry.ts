/**
 * The starter set compiled: the cards the package plays with before anyone fetches Forge's
 * corpus (`mtg cards fetch`), so a fresh install can run a whole game.
 */
import { createCardRegistry, type Card, type CardRegistry, type Diagnostic } from '../cards/index.js';
import { ARTIFACTS } from './artifacts.js';
import { BLACK } from './black.js';
import { BLUE } from './blue.js';
import { GREEN } from './green.js';
import { LANDS } from './lands.js';
import { RED } from './red.js';
import { compileOwnScripts, type StarterCard } from './script.js';
import { WHITE } from './white.js';

/**
 * Every starter card's script, in a fixed order (lands, then by colour, then colourless).
 *
 * @example
 * ```ts
 * STARTER_CARDS.find((c) => c.name === 'Lightning Bolt')?.text.split('\n')[0]; // the Name: line
 * ```
 */
export const STARTER_CARDS: readonly StarterCard[] = [...LANDS, ...WHITE, ...BLUE, ...BLACK, ...RED, ...GREEN, ...ARTIFACTS];

/**
 * Compiles the starter scripts. Each call compiles afresh (a few milliseconds), so callers never
 * share mutable IR.
 *
 * @example
 * ```ts
 * const { cards, diagnostics } = compileStarterCards();
 * cards.length; // 65
 * diagnostics; // [] (the tests hold the starter set to zero diagnostics)
 * ```
 */
export function compileStarterCards(): { cards: Card[]; diagnostics: Diagnostic[] } {
  return compileOwnScripts('starter', STARTER_CARDS);
}

/**
 * A card registry over the starter set, looked up like any registry (`lookup`, `get`, `.dck`
 * spellings).
 *
 * @example
 * ```ts
 * const registry = starterRegistry();
 * registry.get('lightning bolt').faces[0]?.abilities[0]?.head; // 'DealDamage'
 * ```
 */
export function starterRegistry(): CardRegistry {
  return createCardRegistry({ cards: compileStarterCards().cards, tokens: [] });
}
