/**
 * Evoke (CR 702.74a): "You may cast this spell by paying [cost] rather than paying its mana cost"
 * and "When this permanent enters, if its evoke cost was paid, its controller sacrifices it." The
 * alternative cost is the engine's (src/mtg/engine/alt-costs.ts, offered as `cast NAME (evoke)`),
 * so the keyword is given back to the face for it; the trigger is written here, as Forge writes
 * it, on the permanent that was cast evoked (`Card.Self+evoked`, an intervening "if", CR 603.4).
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Evoke', (keyword, ctx) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  const sac = ctx.svar('sacrifice');
  return {
    keywords: [`Evoke:${cost}`],
    triggers: [
      `Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self+evoked | Execute$ ${sac} | TriggerDescription$ When CARDNAME enters, if its evoke cost was paid, its controller sacrifices it.`,
    ],
    svars: [[sac, 'DB$ Sacrifice | Defined$ Self']],
  };
});
