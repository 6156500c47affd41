/**
 * Bushido N (CR 702.45): "Whenever this creature blocks or becomes blocked, it gets +N/+N until
 * end of turn." Two triggers sharing one Pump.
 */
import { amountArg, isError, registerKeyword } from './registry.js';

registerKeyword('Bushido', (keyword, ctx) => {
  const n = amountArg(keyword, ctx);
  if (isError(n)) return n;
  const pump = ctx.svar();
  const plus = /^\d+$/.test(n) ? `+${n}` : n;
  return {
    triggers: [
      `Mode$ Blocks | ValidCard$ Card.Self | TriggerZones$ Battlefield | Execute$ ${pump} | TriggerDescription$ Bushido ${n}`,
      `Mode$ AttackerBlocked | ValidCard$ Card.Self | TriggerZones$ Battlefield | Execute$ ${pump} | Secondary$ True | TriggerDescription$ Bushido ${n}`,
    ],
    svars: [[pump, `DB$ Pump | Defined$ Self | NumAtt$ ${plus} | NumDef$ ${plus}`]],
  };
});
