/**
 * Afflict N (CR 702.130a): "Whenever this creature becomes blocked, defending player loses N
 * life."
 */
import { amountArg, isError, registerKeyword } from './registry.js';

registerKeyword('Afflict', (keyword, ctx) => {
  const n = amountArg(keyword, ctx);
  if (isError(n)) return n;
  const lose = ctx.svar();
  return {
    triggers: [`Mode$ AttackerBlocked | ValidCard$ Card.Self | TriggerZones$ Battlefield | Execute$ ${lose} | TriggerDescription$ Afflict ${n}`],
    svars: [[lose, `DB$ LoseLife | Defined$ DefendingPlayer | LifeAmount$ ${n}`]],
  };
});
