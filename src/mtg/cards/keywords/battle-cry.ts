/**
 * Battle cry (CR 702.91): "Whenever this creature attacks, each other attacking creature gets
 * +1/+0 until end of turn."
 */
import { registerKeyword } from './registry.js';

registerKeyword('Battle cry', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Battle cry takes no arguments' };
  const pump = ctx.svar();
  return {
    triggers: [`Mode$ Attacks | ValidCard$ Card.Self | TriggerZones$ Battlefield | Execute$ ${pump} | TriggerDescription$ Battle cry`],
    svars: [[pump, 'DB$ PumpAll | ValidCards$ Creature.attacking+Other | NumAtt$ +1']],
  };
});
