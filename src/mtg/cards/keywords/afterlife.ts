/**
 * Afterlife N (CR 702.135a): "When this permanent is put into a graveyard from the battlefield,
 * create N 1/1 white and black Spirit creature tokens with flying." A dies trigger (CR 603.6c,
 * 700.4) whose token is written inline, as the corpus writes its Spirits (this corpus ships no
 * token scripts for them).
 */
import { amountArg, isError, registerKeyword } from './registry.js';

registerKeyword('Afterlife', (keyword, ctx) => {
  const n = amountArg(keyword, ctx);
  if (isError(n)) return n;
  const make = ctx.svar('token');
  return {
    triggers: [
      `Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Card.Self | Execute$ ${make} | TriggerDescription$ Afterlife ${n} (When this creature dies, create ${n} 1/1 white and black Spirit creature token(s) with flying.)`,
    ],
    svars: [
      [
        make,
        `DB$ Token | TokenAmount$ ${n} | TokenName$ Spirit | TokenTypes$ Creature,Spirit | TokenColors$ White,Black | TokenPower$ 1 | TokenToughness$ 1 | TokenKeywords$ Flying | TokenOwner$ You`,
      ],
    ],
  };
});
