/**
 * Annihilator N (CR 702.86): "Whenever this creature attacks, defending player sacrifices N
 * permanents."
 */
import { amountArg, isError, registerKeyword } from './registry.js';

registerKeyword('Annihilator', (keyword, ctx) => {
  const n = amountArg(keyword, ctx);
  if (isError(n)) return n;
  const sacrifice = ctx.svar();
  return {
    triggers: [`Mode$ Attacks | ValidCard$ Card.Self | TriggerZones$ Battlefield | Execute$ ${sacrifice} | TriggerDescription$ Annihilator ${n}`],
    svars: [[sacrifice, `DB$ Sacrifice | Defined$ TriggeredDefendingPlayer | SacValid$ Permanent | Amount$ ${n}`]],
  };
});
