/**
 * Transmute (CR 702.53): "[cost], Discard this card: Search your library for a card with the same
 * mana value as this card, reveal it, put it into your hand, then shuffle. Transmute only as a
 * sorcery." The mana value is the face's printed one.
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Transmute', (keyword, ctx) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  return {
    abilities: [
      `AB$ ChangeZone | Cost$ ${cost} Discard<1/CARDNAME> | ActivationZone$ Hand | SorcerySpeed$ True | Origin$ Library | Destination$ Hand | ChangeType$ Card.cmcEQ${ctx.face.manaValue} | ChangeNum$ 1 | SpellDescription$ Transmute ${cost}`,
    ],
  };
});
