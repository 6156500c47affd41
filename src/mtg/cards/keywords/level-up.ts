/**
 * Level up (CR 702.87): "[cost]: Put a level counter on this. Level up only as a sorcery."
 * The level-dependent abilities are the script's own statics.
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Level up', (keyword) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  return {
    abilities: [
      `AB$ PutCounter | Cost$ ${cost} | Defined$ Self | CounterType$ LEVEL | CounterNum$ 1 | SorcerySpeed$ True | SpellDescription$ Level up ${cost}`,
    ],
  };
});
