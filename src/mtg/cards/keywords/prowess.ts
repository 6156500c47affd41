/**
 * Prowess (CR 702.108): "Whenever you cast a noncreature spell, this creature gets +1/+1 until end
 * of turn." Expanded, as Forge does, into a SpellCast trigger with a Pump.
 */
import { registerKeyword } from './registry.js';

registerKeyword('Prowess', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Prowess takes no arguments' };
  const pump = ctx.svar();
  return {
    triggers: [
      `Mode$ SpellCast | ValidCard$ Card.nonCreature | ValidActivatingPlayer$ You | TriggerZones$ Battlefield | Execute$ ${pump} | TriggerDescription$ Prowess`,
    ],
    svars: [[pump, 'DB$ Pump | Defined$ Self | NumAtt$ +1 | NumDef$ +1']],
  };
});
