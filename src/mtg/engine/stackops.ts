/**
 * Taking things off the stack: a resolved or countered spell goes to its owner's graveyard (CR
 * 608.2n, 701.5a), a resolved bought-back one to its owner's hand (CR 702.27a); a copy ceases to
 * exist (CR 707.10a).
 */
import type { Gen } from './ask.js';
import { maybeObj, type G } from './context.js';
import { changeZone, lkiOf } from './actions.js';
import { raise } from './triggers.js';
import { boughtBack } from './optional-costs.js';
import { reboundAsItResolves } from './rebound.js';
import { aftermathFaces, EXILED_FROM_STACK } from './alt-costs.js';
import type { Ref, StackItem, Zone } from './types.js';

/**
 * Removes an item from the stack; a spell card (not a copy) still on the stack goes to `dest`, or
 * to its owner's hand when it resolved (`how.resolved`) with buyback paid.
 *
 * @example
 * ```ts
 * yield* removeStackCard(g, item); // a resolved sorcery goes to the graveyard
 * ```
 */
export function* removeStackCard(g: G, item: StackItem, dest: Zone = 'graveyard', how: { resolved?: boolean } = {}): Gen<void> {
  g.s.stack = g.s.stack.filter((s) => s !== item);
  if (item.kind !== 'spell' || item.copy) return;
  const card = maybeObj(g, item.source);
  if (!card || card.zone !== 'stack' || card.inc !== item.sourceInc) return;
  // Aftermath (CR 702.127a): the half cast from a graveyard is exiled whenever it would leave the stack.
  if (card.castFrom === 'graveyard' && aftermathFaces(g, card).includes(card.face)) dest = 'exile';
  // Flashback and jump-start (CR 702.34a, 702.133a): a spell cast that way is exiled instead of going anywhere else.
  if (card.castWay !== undefined && EXILED_FROM_STACK.has(card.castWay)) dest = 'exile';
  // "If that card would be put into your graveyard this turn, exile it instead" (Torrential
  // Gearhulk, Goblin Dark-Dwellers: a replacement effect, CR 614.1a), for the spell it cast.
  if (dest === 'graveyard' && card.exileIfToGraveyard === g.s.turn) dest = 'exile';
  // Rebound (CR 702.88a) too: a resolving spell cast from hand is exiled instead.
  if (how.resolved === true && dest === 'graveyard' && (yield* reboundAsItResolves(g, item, card))) return;
  // Buyback (CR 702.27a) applies only as the spell resolves: one that fizzled (CR 608.2b) or was
  // countered did not resolve, so it still goes to the graveyard.
  yield* changeZone(g, [card], how.resolved === true && dest === 'graveyard' && boughtBack(g, item, card) ? 'hand' : dest);
}

/**
 * Counters a spell or ability (CR 701.5): it is removed from the stack.
 *
 * @example
 * ```ts
 * yield* counterItem(g, item, 'exile');
 * ```
 */
export function* counterItem(g: G, item: StackItem, dest: Zone = 'graveyard', cause: Ref | null = null): Gen<void> {
  const card = maybeObj(g, item.source);
  g.events.push({ type: 'Countered', seat: item.controller, card: item.source, name: item.text, fizzled: false });
  const lki = card && item.kind === 'spell' ? lkiOf(g, card) : null;
  yield* removeStackCard(g, item, dest);
  if (lki) raise(g, { mode: 'Countered', card: lki, player: item.controller, cause });
}
