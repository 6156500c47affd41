/**
 * What stops an object's activated abilities from being activated (CR 602.5): the hidden keyword
 * "CARDNAME's activated abilities can't be activated." (Arrest grants it) and `CantBeActivated`
 * statics (Pithing Needle, Damping Matrix). One home for both places that activate abilities: the
 * offers (cast.ts, an ability offered as an action) and the automatic payer's mana sources
 * (mana.ts `autoSources`), which taps a source for a cost without offering it first — so Arrest
 * on Llanowar Elves stops the payer too, and Damping Matrix does not.
 */
import type { Seat } from './choice.js';
import { param } from './cards.js';
import type { ActiveStatic } from './statics.js';
import { matchesCard, matchesPlayer, seen } from './select.js';
import type { Chars, GameObject } from './types.js';

/** The hidden keyword that stops every activated ability of its object, mana abilities included. */
export const NO_ACTIVATIONS = "CARDNAME's activated abilities can't be activated.";

/**
 * Whether `seat` may not activate `o`'s activated abilities (its mana abilities, for `mana`), by
 * the keyword or one of `statics` (the active `CantBeActivated` statics). A static written
 * `NonMana$ True` stops only abilities that are not mana abilities (CR 605.1a: "unless they're
 * mana abilities"); one with `AffectedZone$` only the objects in those zones (Ashes of the
 * Abhorrent: cards in graveyards); one with `Activator$` only the players it names (`Opponent`:
 * the static's controller's opponents, Grand Abolisher).
 *
 * @example
 * ```ts
 * activationStopped(seat, elves, chars(g, elves), true, activeStatics(g, 'CantBeActivated')); // true under Arrest
 * ```
 */
export function activationStopped(seat: Seat, o: GameObject, c: Chars, mana: boolean, statics: readonly ActiveStatic[]): boolean {
  if (c.keywords.includes(NO_ACTIVATIONS)) return true;
  for (const s of statics) {
    if (mana && param(s.ref, 'NonMana') === 'True') continue;
    // `AffectedZone$ Graveyard` (Ashes of the Abhorrent: "abilities of cards in graveyards"): only
    // objects in the zones named.
    const zones = param(s.ref, 'AffectedZone');
    if (zones !== undefined && !zones.split(',').some((z) => z.trim().toLowerCase() === o.zone)) continue;
    const activator = param(s.ref, 'Activator');
    if (activator !== undefined && !matchesPlayer(s.run, activator, seat)) continue;
    const vc = param(s.ref, 'ValidCard');
    if (vc === undefined || matchesCard(s.run, vc, seen(s.run, o))) return true;
  }
  return false;
}
