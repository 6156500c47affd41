/**
 * Soulshift N (CR 702.46): "When this creature dies, you may return target Spirit card with mana
 * value N or less from your graveyard to your hand."
 */
import { amountArg, isError, registerKeyword } from './registry.js';

registerKeyword('Soulshift', (keyword, ctx) => {
  const n = amountArg(keyword, ctx);
  if (isError(n)) return n;
  const back = ctx.svar();
  return {
    triggers: [
      `Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Card.Self | OptionalDecider$ You | Execute$ ${back} | TriggerDescription$ Soulshift ${n}`,
    ],
    svars: [
      [
        back,
        `DB$ ChangeZone | Origin$ Graveyard | Destination$ Hand | ValidTgts$ Spirit.YouOwn+cmcLE${n} | TgtPrompt$ Select target Spirit card with mana value ${n} or less in your graveyard`,
      ],
    ],
  };
});
