/**
 * Dethrone (CR 702.105a): "Whenever this creature attacks the player with the most life or tied
 * for most life, put a +1/+1 counter on this creature." `Player.withMostLife` includes a tie; each
 * instance triggers separately (CR 702.105b), as each expansion writes its own trigger.
 */
import { registerKeyword } from './registry.js';

registerKeyword('Dethrone', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Dethrone takes no arguments' };
  const counter = ctx.svar();
  return {
    triggers: [
      `Mode$ Attacks | ValidCard$ Card.Self | Attacked$ Player.withMostLife | TriggerZones$ Battlefield | Execute$ ${counter} | TriggerDescription$ Dethrone`,
    ],
    svars: [[counter, 'DB$ PutCounter | Defined$ Self | CounterType$ P1P1 | CounterNum$ 1']],
  };
});
