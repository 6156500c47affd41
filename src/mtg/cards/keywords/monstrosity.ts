/**
 * Monstrosity N (CR 701.37a): "[cost]: If this permanent isn't monstrous, put N +1/+1 counters on
 * it and it becomes monstrous." Written `K:Monstrosity:N:cost`; N may be X, paid with the cost
 * (`K:Monstrosity:X:X G G G`). `PutCounter` with `Monstrosity$ True` checks and sets the
 * designation and raises `BecomeMonstrous` (CR 701.37b).
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Monstrosity', (keyword) => {
  const n = keyword.args[0];
  if (n === undefined || !/^(\d+|X)$/.test(n)) return { error: 'Monstrosity needs an amount and a cost: Monstrosity:<N or X>:<cost>' };
  const cost = costArg(keyword, 1);
  if (isError(cost)) return cost;
  return {
    abilities: [
      `AB$ PutCounter | Cost$ ${cost} | Defined$ Self | CounterType$ P1P1 | CounterNum$ ${n} | Monstrosity$ True | SpellDescription$ Monstrosity ${n}`,
    ],
  };
});
