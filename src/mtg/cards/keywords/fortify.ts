/**
 * Fortify (CR 702.67): "[cost]: Attach to target land you control. Fortify only as a sorcery."
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Fortify', (keyword) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  return {
    abilities: [
      `AB$ Attach | Cost$ ${cost} | ValidTgts$ Land.YouCtrl | TgtPrompt$ Select target land you control | SorcerySpeed$ True | Fortify$ True | SpellDescription$ Fortify ${cost}`,
    ],
  };
});
