/**
 * "You may look at …" and "play with … revealed" (Forge's `MayLookAt$` on a `Mode$ Continuous`
 * static): the cards the static's `Affected$` matches in the zones its `AffectedZone$` names
 * (default the battlefield) are shown to the seats it names — `You`, the static's controller
 * (Vizier of the Menagerie's "you may look at the top card of your library any time", a card
 * exiled face down with Bane Alley Broker), or `Player`, every player (Courser of Kruphix's
 * "play with the top card of your library revealed", CR 701.16a). A seat that is shown a card
 * learns it through the usual reveal point (library-top.ts `showCards`, zones.ts `logReveal`), so
 * a replicated copy and the logs sent to that seat hear of it, and the other seat does not.
 *
 * It is checked with the state-based actions, so before any player gets priority (CR 117.5) the
 * permitted seats know each card the static lets them see — a new top card as soon as one is
 * drawn or milled and the game settles. Within one resolution (between two choices of the same
 * effect) a new top card is not shown until the effect is done. A library is looked at from its
 * top card only when the selector names `TopLibrary` (every corpus form does); otherwise all of it.
 */
import type { Seat } from './choice.js';
import { param } from './cards.js';
import type { G } from './context.js';
import { activeStaticsWith } from './statics.js';
import { matchesCard, seen } from './select.js';
import { showCards } from './effects/library-top.js';
import { SEAT_NAMES } from './zones.js';
import type { GameObject } from './types.js';
import { declareParamForms, declareParamReads } from '../cards/index.js';

declareParamReads('engine:may-look-at', ['MayLookAt'], ['static']);
// `You` and `Player` are the values the corpus writes; any other is not given (and not counted).
declareParamForms('engine:may-look-at', 'static', 'Continuous', 'MayLookAt', (v) => v === 'You' || v === 'Player');

const PILES: Record<string, readonly string[]> = {
  Battlefield: ['battlefield'],
  Library: ['library-0', 'library-1'],
  Exile: ['exile'],
  Graveyard: ['graveyard-0', 'graveyard-1'],
  Hand: ['hand-0', 'hand-1'],
};

/**
 * Shows each card a `MayLookAt$` static lets a player see to that player (once: a seat that knows
 * a card is not shown it again).
 *
 * @example
 * ```ts
 * lookAtPermitted(g); // with the state-based actions: Courser's top card is revealed to both seats
 * ```
 */
export function lookAtPermitted(g: G): void {
  for (const s of activeStaticsWith(g, 'Continuous', 'MayLookAt')) {
    const who = param(s.ref, 'MayLookAt');
    if (who === undefined) continue;
    const seats: Seat[] = who === 'You' ? [s.controller] : who === 'Player' ? [0, 1] : [];
    const selector = param(s.ref, 'Affected');
    if (seats.length === 0 || selector === undefined) continue;
    const topOnly = selector.includes('TopLibrary');
    const shown: GameObject[] = [];
    for (const zone of (param(s.ref, 'AffectedZone') ?? 'Battlefield').split(',')) {
      for (const pile of PILES[zone.trim()] ?? []) {
        const ids = g.s.zones[pile]!;
        for (const id of pile.startsWith('library-') && topOnly ? ids.slice(0, 1) : ids) {
          const o = g.s.objects[id]!;
          if (seats.every((seat) => o.known[seat])) continue;
          if (matchesCard(s.run, selector, seen(s.run, o))) shown.push(o);
        }
      }
    }
    showCards(g, shown, seats);
    // A card exiled face down is hidden on the table from all but those who may look at it (CR
    // 406.3); the seat now allowed sees its face there, and may go on looking at it while it
    // stays in exile (zones.ts forgets it as it leaves).
    const names = seats.map((seat) => SEAT_NAMES[seat]);
    for (const o of shown) if (o.faceDown && o.zone === 'exile') g.table.reveal(o.tid, names);
  }
}
