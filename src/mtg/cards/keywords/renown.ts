/**
 * Renown N (CR 702.112a): "When this creature deals combat damage to a player, if it isn't
 * renowned, put N +1/+1 counters on it and it becomes renowned." The intervening "if" is checked
 * as it triggers (`IsPresent$`) and again as it resolves (CR 603.4): `PutCounter` with `Renown$
 * True` does nothing to a creature already renowned, so of two instances only the first counts
 * (CR 702.112c). Renowned is a designation on the object that ends when it leaves the
 * battlefield (CR 702.112b).
 */
import { amountArg, isError, registerKeyword } from './registry.js';

registerKeyword('Renown', (keyword, ctx) => {
  const n = amountArg(keyword, ctx);
  if (isError(n)) return n;
  const put = ctx.svar();
  return {
    triggers: [
      `Mode$ DamageDone | ValidSource$ Card.Self | ValidTarget$ Player | CombatDamage$ True | IsPresent$ Card.Self+IsNotRenowned | Execute$ ${put} | TriggerDescription$ Renown ${n}`,
    ],
    svars: [[put, `DB$ PutCounter | Defined$ Self | CounterType$ P1P1 | CounterNum$ ${n} | Renown$ True`]],
  };
});
