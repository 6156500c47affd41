/**
 * Graft N (CR 702.58a): "This permanent enters with N +1/+1 counters on it" and "Whenever another
 * creature enters, if this permanent has a +1/+1 counter on it, you may move a +1/+1 counter from
 * this permanent onto that creature." The counters are the engine's etbCounter (CR 614.1c); the
 * "if" is an intervening if (CR 603.4), checked as it triggers (IsPresent$ of the trigger) and
 * again as it resolves (the move's condition).
 */
import { amountArg, isError, registerKeyword } from './registry.js';

registerKeyword('Graft', (keyword, ctx) => {
  const n = amountArg(keyword, ctx);
  if (isError(n)) return n;
  if (!/^\d+$/.test(n)) return { error: `Graft:${n} needs a number of counters` };
  const move = ctx.svar('move');
  return {
    keywords: [`etbCounter:P1P1:${n}`],
    triggers: [
      `Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Creature.Other | TriggerZones$ Battlefield | IsPresent$ Card.Self+counters_GE1_P1P1 | OptionalDecider$ You | Execute$ ${move} | TriggerDescription$ Graft ${n} (Whenever another creature enters, you may move a +1/+1 counter from this onto it.)`,
    ],
    svars: [
      [
        move,
        `DB$ MoveCounter | Source$ Self | Defined$ TriggeredCard | CounterType$ P1P1 | CounterNum$ 1 | ConditionDefined$ Self | ConditionPresent$ Card.counters_GE1_P1P1`,
      ],
    ],
  };
});
