/**
 * Our own scripts for cards the fetched corpus lacks (Chaos Orb, Falling Star, Earthquake
 * Dragon: all in the first target's decks). A registry over a cards folder gets them only where
 * the folder has no card of that name, so a corpus that gains one wins.
 */
import { createCardRegistry, normaliseCardName, type Card, type CardRegistry, type Diagnostic } from '../cards/index.js';
import { compileOwnScripts } from '../starter/script.js';
import { SUPPLEMENT_CARDS } from './cards.js';

export { SUPPLEMENT_CARDS } from './cards.js';

/**
 * Compiles the supplement's scripts (fresh IR on every call).
 *
 * @example
 * ```ts
 * compileSupplement().cards.map((c) => c.name); // ['Chaos Orb', 'Falling Star', 'Earthquake Dragon']
 * ```
 */
export function compileSupplement(): { cards: Card[]; diagnostics: Diagnostic[] } {
  return compileOwnScripts('supplement', SUPPLEMENT_CARDS);
}

/**
 * `cards` with the supplement's cards the list does not already name appended.
 *
 * @example
 * ```ts
 * createCardRegistry({ cards: withSupplement(corpus.cards), tokens: corpus.tokens });
 * ```
 */
export function withSupplement(cards: readonly Card[]): Card[] {
  const names = new Set(cards.map((c) => normaliseCardName(c.name)));
  return [...cards, ...compileSupplement().cards.filter((c) => !names.has(normaliseCardName(c.name)))];
}

/**
 * The registry the game plays with over a compiled cards folder: its cards and tokens, plus the
 * supplement's cards it lacks.
 *
 * @example
 * ```ts
 * const registry = corpusRegistry(openCorpus('.cards').corpus);
 * registry.get('Chaos Orb').file; // 'supplement/c/chaos_orb.txt'
 * ```
 */
export function corpusRegistry(corpus: { cards: readonly Card[]; tokens: readonly Card[] }): CardRegistry {
  return createCardRegistry({ cards: withSupplement(corpus.cards), tokens: [...corpus.tokens] });
}
