/**
 * Extort (CR 702.101a): "Whenever you cast a spell, you may pay {W/B}. If you do, each opponent
 * loses 1 life and you gain life equal to the total life lost this way." A cast trigger whose
 * effect has a cost, asked as it resolves (CR 603.5); with one opponent the life gained is 1.
 */
import { registerKeyword } from './registry.js';

registerKeyword('Extort', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Extort takes no arguments' };
  const drain = ctx.svar();
  const gain = ctx.svar('gain');
  return {
    triggers: [`Mode$ SpellCast | ValidActivatingPlayer$ You | TriggerZones$ Battlefield | Execute$ ${drain} | TriggerDescription$ Extort`],
    svars: [
      [drain, `AB$ LoseLife | Cost$ W/B | Defined$ Player.Opponent | LifeAmount$ 1 | SubAbility$ ${gain}`],
      [gain, 'DB$ GainLife | Defined$ You | LifeAmount$ 1'],
    ],
  };
});
