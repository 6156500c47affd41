/**
 * Outlast (CR 702.107): "[cost], {T}: Put a +1/+1 counter on this creature. Outlast only as a
 * sorcery."
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Outlast', (keyword) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  return {
    abilities: [
      `AB$ PutCounter | Cost$ ${cost} T | Defined$ Self | CounterType$ P1P1 | CounterNum$ 1 | SorcerySpeed$ True | SpellDescription$ Outlast ${cost}`,
    ],
  };
});
