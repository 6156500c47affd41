/**
 * Rampage N (CR 702.23a): "Whenever this creature becomes blocked, it gets +N/+N until end of turn
 * for each creature blocking it beyond the first." The bonus is counted once, as the trigger
 * resolves (CR 702.23b, 608.2h): the blockers then, less one, never below zero.
 */
import { amountArg, isError, registerKeyword } from './registry.js';

registerKeyword('Rampage', (keyword, ctx) => {
  const n = amountArg(keyword, ctx);
  if (isError(n)) return n;
  const pump = ctx.svar('pump');
  const bonus = ctx.svar('bonus');
  return {
    triggers: [
      `Mode$ AttackerBlocked | ValidCard$ Card.Self | Execute$ ${pump} | TriggerDescription$ Rampage ${n} (Whenever this creature becomes blocked, it gets +${n}/+${n} until end of turn for each creature blocking it beyond the first.)`,
    ],
    svars: [
      [pump, `DB$ Pump | Defined$ Self | NumAtt$ +${bonus} | NumDef$ +${bonus}`],
      [bonus, `TriggerCount$NumBlockers/Minus.1/LimitMin.0/Times.${n}`],
    ],
  };
});
