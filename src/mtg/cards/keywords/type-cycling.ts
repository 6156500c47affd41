/**
 * Typecycling (CR 702.29e): "[cost], Discard this card: Search your library for a [type] card,
 * reveal it, put it into your hand, then shuffle." Forge writes it `TypeCycling:<type>:<cost>`.
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('TypeCycling', (keyword) => {
  const type = keyword.args[0];
  if (type === undefined || type === '') return { error: 'TypeCycling needs a type: TypeCycling:<type>:<cost>' };
  const cost = costArg(keyword, 1);
  if (isError(cost)) return cost;
  return {
    abilities: [
      `AB$ ChangeZone | Cost$ ${cost} Discard<1/CARDNAME> | ActivationZone$ Hand | Origin$ Library | Destination$ Hand | ChangeType$ ${type} | ChangeNum$ 1 | Cycling$ True | SpellDescription$ ${type}cycling ${cost}`,
    ],
  };
});
