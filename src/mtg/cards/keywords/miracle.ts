/**
 * Miracle [cost] (CR 702.94a): "You may reveal this card from your hand as you draw it if it's the
 * first card you've drawn this turn. When you reveal this card this way, you may cast it by paying
 * [cost] rather than its mana cost." Written here as a `Drawn` trigger of the card in its owner's
 * hand marked `Miracle$ True` (only the first card drawn this turn sets it off, triggers.ts; the
 * reveal is asked as it would go on the stack, src/mtg/engine/miracle.ts), whose effect may cast
 * it (a `Play` the engine gives the miracle cost by its origin, alt-costs.ts). The keyword is given
 * back to the face for that cost.
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Miracle', (keyword, ctx) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  const cast = ctx.svar('cast');
  return {
    keywords: [`Miracle:${cost}`],
    triggers: [
      `Mode$ Drawn | ValidCard$ Card.Self | Miracle$ True | TriggerZones$ Hand | Execute$ ${cast} | TriggerDescription$ Miracle: when you reveal CARDNAME as you draw it, the first card you drew this turn, you may cast it by paying its miracle cost rather than its mana cost.`,
    ],
    svars: [[cast, 'DB$ Play | Defined$ Self | Optional$ True']],
  };
});
