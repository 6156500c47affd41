/**
 * Exalted (CR 702.83): "Whenever a creature you control attacks alone, that creature gets +1/+1
 * until end of turn."
 */
import { registerKeyword } from './registry.js';

registerKeyword('Exalted', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Exalted takes no arguments' };
  const pump = ctx.svar();
  return {
    triggers: [`Mode$ Attacks | ValidCard$ Creature.YouCtrl | Alone$ True | TriggerZones$ Battlefield | Execute$ ${pump} | TriggerDescription$ Exalted`],
    svars: [[pump, 'DB$ Pump | Defined$ TriggeredAttacker | NumAtt$ +1 | NumDef$ +1']],
  };
});
