/**
 * "You may play that card" (Forge's `MayPlay$ True` on a `Mode$ Continuous` static): the static's
 * controller may play the cards its `Affected$` matches in the zones its `AffectedZone$` names
 * (exile, graveyards), as if they were in hand: a land as the turn's land play (CR 305.1-305.2),
 * a spell with its normal timing and costs (CR 601.2, 307.1). Act on Impulse, Abbot of Keral Keep,
 * Chandra, Pyromaster: an effect that remembers the exiled cards and grants them. Playing one moves
 * it through the usual reveal points (zones.ts), like a card cast from hand.
 *
 * `MayPlayWithoutManaCost$ True` (Intet's "you may play that card without paying its mana cost",
 * Omniscience's "you may cast spells from your hand without paying their mana costs"): the
 * permission is to cast it that way only (CR 118.9, X is 0: 107.3b), with its normal timing; from a
 * hand, where the card could be cast anyway, it is a way of its own beside the ordinary one.
 *
 * `MayPlayIgnoreType$ True` (Hostage Taker, Gonti: "and you may spend mana as though it were mana
 * of any type to cast that spell", CR 609.4b): the card's cost is paid as Vizier of the
 * Menagerie's are ({@link ignoresManaType}; cast.ts anyTypeCost).
 *
 * Not given (the static grants nothing, so no card is offered a way its text does not say):
 * statics with a modifier the engine does not read (`MayPlayLimit$`, `MayPlayAltManaCost$`, `MayPlayWithFlash$`, `MayPlayIgnoreColor$`,
 * `MayPlayCardOwner$`, `MayPlayDontGrantZonePermissions$`: those cards are not counted faithful),
 * and cards in a library or a hand (hidden zones: who may see what is the replicas' question) or
 * face down in exile.
 */
import type { Seat } from './choice.js';
import { param, type NodeRef } from './cards.js';
import type { G } from './context.js';
import { activeStaticsWith } from './statics.js';
import { matchesCard, seen } from './select.js';
import type { GameObject } from './types.js';
import { declareParamReads } from '../cards/index.js';

declareParamReads('engine:may-play', ['MayPlay', 'MayPlayWithoutManaCost', 'MayPlayIgnoreType'], ['static']);

const MODIFIERS = ['MayPlayLimit', 'MayPlayAltManaCost', 'MayPlayWithFlash', 'MayPlayIgnoreColor', 'MayPlayCardOwner', 'MayPlayDontGrantZonePermissions'];

/** Whether the static says more than "may play" (a loop over the list, so the census test sees each key read). */
function modified(ref: NodeRef): boolean {
  for (const k of MODIFIERS) if (param(ref, k) !== undefined) return true;
  return false;
}

const PILES: Record<string, readonly string[]> = { Exile: ['exile'], Graveyard: ['graveyard-0', 'graveyard-1'] };
const FREE_PILES: Record<string, readonly string[]> = { ...PILES, Hand: ['hand-0', 'hand-1'] };

/** A card a static lets a player play from outside the hand, or cast from anywhere without paying its mana cost (`free`). */
export type MayPlay = { o: GameObject; free: boolean };

/**
 * The cards `seat` may play now by a `MayPlay$` static, in zone order: those outside the hand, and
 * those anywhere a static lets them cast without paying the mana cost (`free`). A card is listed
 * once for each of the two.
 *
 * @example
 * ```ts
 * mayPlayCards(g, 0); // [{ o: the Forest Act on Impulse exiled, free: false }]
 * ```
 */
export function mayPlayCards(g: G, seat: Seat): MayPlay[] {
  const out: MayPlay[] = [];
  for (const s of activeStaticsWith(g, 'Continuous', 'MayPlay')) {
    if (s.controller !== seat || param(s.ref, 'MayPlay') !== 'True') continue;
    if (modified(s.ref)) continue;
    const selector = param(s.ref, 'Affected');
    if (selector === undefined) continue;
    const free = param(s.ref, 'MayPlayWithoutManaCost') === 'True';
    for (const zone of (param(s.ref, 'AffectedZone') ?? '').split(',')) {
      for (const pile of (free ? FREE_PILES : PILES)[zone.trim()] ?? []) {
        // Only its own hand: a hand is a hidden zone, and casting from another's is not given.
        if (pile.startsWith('hand-') && pile !== `hand-${seat}`) continue;
        for (const id of g.s.zones[pile]!) {
          const o = g.s.objects[id]!;
          // A card exiled face down may be played as the permission says (CR 406.3a: Gonti's).
          if (out.some((m) => m.o === o && m.free === free)) continue;
          if (matchesCard(s.run, selector, seen(s.run, o))) out.push({ o, free });
        }
      }
    }
  }
  return out;
}

/**
 * Whether a `MayPlay$` static of `seat`'s that lets them cast `o` where it is also lets them spend
 * mana as though it were mana of any type to cast it (`MayPlayIgnoreType$ True`, CR 609.4b:
 * Hostage Taker's exiled card). Asked of a card outside the hand and the stack only.
 *
 * @example
 * ```ts
 * ignoresManaType(g, 0, exiledByHostageTaker); // true
 * ```
 */
export function ignoresManaType(g: G, seat: Seat, o: GameObject): boolean {
  if (o.zone === 'hand' || o.zone === 'stack' || o.zone === 'battlefield') return false;
  for (const s of activeStaticsWith(g, 'Continuous', 'MayPlay')) {
    if (s.controller !== seat || param(s.ref, 'MayPlayIgnoreType') !== 'True' || modified(s.ref)) continue;
    const selector = param(s.ref, 'Affected');
    if (selector === undefined) continue;
    const zones = (param(s.ref, 'AffectedZone') ?? '').split(',');
    if (!zones.some((z) => (PILES[z.trim()] ?? []).includes(pileOf(o)))) continue;
    if (matchesCard(s.run, selector, seen(s.run, o))) return true;
  }
  return false;
}

function pileOf(o: GameObject): string {
  return o.zone === 'graveyard' ? `graveyard-${o.owner}` : o.zone;
}
