/**
 * Rebound (CR 702.88a), the part that changes where a resolving spell goes: an instant or sorcery
 * with rebound that was cast from its owner's hand is exiled as it resolves instead of going to
 * the graveyard, and the delayed trigger its keyword names (src/mtg/cards/keywords/rebound.ts:
 * "at the beginning of your next upkeep, you may cast this card from exile without paying its
 * mana cost") is created, remembering the exiled card. A copy, or a spell cast from anywhere
 * else, goes where it would; so does a countered or fizzled one (it did not resolve).
 */
import type { Gen } from './ask.js';
import { keywordOf, nodeKey, tryResolveNode } from './cards.js';
import type { G } from './context.js';
import { chars } from './layers.js';
import { changeZone } from './actions.js';
import { runAbility } from './resolve.js';
import type { GameObject, StackItem } from './types.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:Rebound');

/** The delayed trigger's SVar that the card's rebound names, when the spell rebounds. */
function reboundDelay(g: G, item: StackItem, card: GameObject): string | undefined {
  if (item.copy || item.kind !== 'spell' || card.castFrom !== 'hand') return undefined;
  const c = chars(g, card);
  if (!c.cardTypes.includes('Instant') && !c.cardTypes.includes('Sorcery')) return undefined;
  for (const k of c.keywords) {
    if (!k.startsWith('Rebound')) continue;
    const kw = keywordOf(k);
    if (kw.name === 'Rebound' && kw.args[0]) return kw.args[0].trim();
  }
  return undefined;
}

/**
 * As a spell resolves and would go to the graveyard: if it rebounds, exiles it and creates its
 * delayed trigger; returns whether it did.
 * @example
 * ```ts
 * if (yield* reboundAsItResolves(g, item, card)) return; // exiled, to be cast at the next upkeep
 * ```
 */
export function* reboundAsItResolves(g: G, item: StackItem, card: GameObject): Gen<boolean> {
  const svar = reboundDelay(g, item, card);
  if (svar === undefined) return false;
  // The SVar is the face's that was cast (read before the move resets the face).
  const ref = tryResolveNode(g.registry, nodeKey(card.card, card.face, 'v', svar));
  const [exiled] = yield* changeZone(g, [card], 'exile');
  // A replacement may have sent it elsewhere: then there is nothing to cast from exile.
  if (!exiled || exiled.zone !== 'exile' || !ref) return true;
  yield* runAbility(g, { g, you: item.controller, host: exiled.id, ref }, null);
  return true;
}
