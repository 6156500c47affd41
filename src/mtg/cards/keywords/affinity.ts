/**
 * Affinity for [text] (CR 702.41a): "This spell costs {1} less to cast for each [text] you
 * control." A cost-reducing static of the card itself that works wherever it is cast from
 * (`EffectZone$ All`), counting the permanents of that type its owner controls (CR 601.2f).
 */
import { registerKeyword } from './registry.js';

registerKeyword('Affinity', (keyword, ctx) => {
  const type = keyword.args[0];
  if (type === undefined || !/^[A-Za-z][A-Za-z.+-]*$/.test(type)) return { error: 'Affinity needs a type: Affinity:<Type>' };
  const count = ctx.svar('count');
  return {
    statics: [`Mode$ ReduceCost | ValidCard$ Card.Self | Type$ Spell | Amount$ ${count} | EffectZone$ All | Description$ Affinity for ${type}`],
    svars: [[count, `Count$Valid ${type}.YouCtrl`]],
  };
});
