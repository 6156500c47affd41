/**
 * Reinforce N (CR 702.77a): "[cost], Discard this card: Put N +1/+1 counters on target creature",
 * an ability activated from the hand, at instant speed like any activated ability (CR 602.2,
 * 702.77b). Written `K:Reinforce:N:cost`; N may be X, paid with the cost
 * (`K:Reinforce:X:X W W`, Swell of Courage), as Monstrosity's is.
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Reinforce', (keyword) => {
  const n = keyword.args[0];
  if (n === undefined || !/^(\d+|X)$/.test(n)) return { error: 'Reinforce needs an amount and a cost: Reinforce:<N or X>:<cost>' };
  const cost = costArg(keyword, 1);
  if (isError(cost)) return cost;
  return {
    abilities: [
      `AB$ PutCounter | Cost$ ${cost} Discard<1/CARDNAME> | ActivationZone$ Hand | ValidTgts$ Creature | TgtPrompt$ Select target creature | CounterType$ P1P1 | CounterNum$ ${n} | SpellDescription$ Reinforce ${n}`,
    ],
  };
});
