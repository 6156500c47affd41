/**
 * Adapt N (CR 701.46a): "If this permanent has no +1/+1 counters on it, put N +1/+1 counters on
 * it." Written `K:Adapt:N:cost`, an activated ability with that cost (Forge's CardFactoryUtil makes
 * the same `PutCounter`); `Adapt$ True` makes `PutCounter` skip a permanent that has a +1/+1
 * counter as the ability resolves, so the ability can still be activated then and does nothing.
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Adapt', (keyword) => {
  const n = keyword.args[0];
  if (n === undefined || !/^\d+$/.test(n)) return { error: 'Adapt needs an amount and a cost: Adapt:<N>:<cost>' };
  const cost = costArg(keyword, 1);
  if (isError(cost)) return cost;
  return {
    abilities: [`AB$ PutCounter | Cost$ ${cost} | Defined$ Self | CounterType$ P1P1 | CounterNum$ ${n} | Adapt$ True | SpellDescription$ Adapt ${n}`],
  };
});
