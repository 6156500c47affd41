/**
 * Public identities and late-bound faces (issue 15, docs/mtg/network.md). Every copy of a
 * replicated game numbers its objects alike (a deck game's ids are library slots, setup.ts), and
 * a shadow holds, for each object whose face its seat has not been shown, the blank
 * {@link HIDDEN_CARD}: no name, no types, no abilities, so selectors match nothing and offers list
 * nothing. A face is bound when a reveal addressed to the seat arrives, and forgotten when its
 * library is shuffled.
 */
import type { Card, CardRegistry } from '../../cards/index.js';
import { touch, type G } from '../context.js';
import type { GameObject } from '../types.js';

/** The registry name of a face a shadow does not know. No card script can have it (scripts name real cards). */
export const HIDDEN_CARD = '(hidden card)';

/** The blank card behind {@link HIDDEN_CARD}: its face has no name, no cost, no types and no abilities. */
const HIDDEN: Card = {
  name: HIDDEN_CARD,
  file: 'hidden.txt',
  layout: 'normal',
  token: false,
  faces: [
    {
      name: '',
      manaCost: null,
      manaValue: 0,
      colours: [],
      typeLine: '',
      types: { supertypes: [], cardTypes: [], subtypes: [] },
      oracle: '',
      abilities: [],
      triggers: [],
      statics: [],
      replacements: [],
      keywords: [],
      svars: {},
      fields: {},
      primitives: [],
    },
  ],
  fields: {},
  manaValue: 0,
  colours: [],
  primitives: [],
  diagnostics: [],
};

/**
 * The registry a shadow plays with: the game's own, plus {@link HIDDEN_CARD}.
 *
 * @example
 * ```ts
 * shadowRegistry(registry).get(HIDDEN_CARD).faces[0]!.abilities.length; // 0
 * ```
 */
export function shadowRegistry(registry: CardRegistry): CardRegistry {
  return {
    get cards() {
      return registry.cards;
    },
    get tokens() {
      return registry.tokens;
    },
    get duplicates() {
      return registry.duplicates;
    },
    lookup: (name) => (name === HIDDEN_CARD ? HIDDEN : registry.lookup(name)),
    get: (name) => (name === HIDDEN_CARD ? HIDDEN : registry.get(name)),
    face: (name) => (name === HIDDEN_CARD ? { card: HIDDEN, face: HIDDEN.faces[0]! } : registry.face(name)),
    token: (name) => registry.token(name),
  };
}

/**
 * Whether a shadow does not know `o`'s face.
 *
 * @example
 * ```ts
 * isHidden(shadow.state.objects[12]!); // true until p1 is shown card 12
 * ```
 */
export function isHidden(o: GameObject): boolean {
  return o.card === HIDDEN_CARD;
}

/**
 * Gives `o` the face a reveal names (card name and face index): the physical card the golden has
 * at that id. Characteristics read it from now on.
 *
 * @example
 * ```ts
 * bindFace(g, o, 'Lightning Bolt', 0);
 * ```
 */
export function bindFace(g: G, o: GameObject, card: string, face: number): void {
  if (o.card === card && o.face === face) return;
  o.card = card;
  o.face = face;
  touch(g);
}

/**
 * Forgets `o`'s face: a shuffled library's cards (the shadow holds no hidden randomness, so it
 * cannot know where they went).
 *
 * @example
 * ```ts
 * forgetFace(g, o);
 * ```
 */
export function forgetFace(g: G, o: GameObject): void {
  if (o.token || isHidden(o)) return;
  o.card = HIDDEN_CARD;
  o.face = 0;
  touch(g);
}

/**
 * Whether `o` may be chosen by a decision this copy cannot check: in a shadow, a card of the
 * other seat's choice whose face it does not know (a tutor's pool) could be any card, so it is
 * offered; the golden, which checks everything, tests the real face.
 *
 * @example
 * ```ts
 * const pool = seen.filter((o) => mayMatch(g, o, matches));
 * ```
 */
export function mayMatch(g: G, o: GameObject, matches: (o: GameObject) => boolean): boolean {
  return (g.replica?.role === 'shadow' && isHidden(o)) || matches(o);
}
