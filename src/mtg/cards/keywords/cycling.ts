/**
 * Cycling (CR 702.29): "[cost], Discard this card: Draw a card", activated from the hand.
 * `Cycling$ True` marks the ability as cycling, which Forge records in code, so `Cycled`
 * triggers can recognise it.
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Cycling', (keyword) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  return {
    abilities: [`AB$ Draw | Cost$ ${cost} Discard<1/CARDNAME> | ActivationZone$ Hand | NumCards$ 1 | Cycling$ True | SpellDescription$ Cycling ${cost}`],
  };
});
