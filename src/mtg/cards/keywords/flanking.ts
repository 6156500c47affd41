/**
 * Flanking (CR 702.25): "Whenever a creature without flanking blocks this creature, the blocking
 * creature gets -1/-1 until end of turn."
 */
import { registerKeyword } from './registry.js';

registerKeyword('Flanking', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Flanking takes no arguments' };
  const pump = ctx.svar();
  return {
    triggers: [
      `Mode$ AttackerBlockedByCreature | ValidCard$ Card.Self | ValidBlocker$ Creature.withoutFlanking | TriggerZones$ Battlefield | Execute$ ${pump} | TriggerDescription$ Flanking`,
    ],
    svars: [[pump, 'DB$ Pump | Defined$ TriggeredBlocker | NumAtt$ -1 | NumDef$ -1']],
  };
});
