/**
 * Vanishing N (CR 702.63a): "This permanent enters with N time counters on it", "At the
 * beginning of your upkeep, if there is a time counter on it, remove a time counter from it" and
 * "When the last time counter is removed from it, sacrifice it." The counters it enters with are
 * the engine's `etbCounter` keyword (CR 614.1c). Simplified: the sacrifice is part of the upkeep
 * ability's resolution rather than a trigger of its own, so no player can act between the last
 * counter's removal and the sacrifice, and removing the last counter another way does not
 * sacrifice it.
 */
import { amountArg, isError, registerKeyword } from './registry.js';

registerKeyword('Vanishing', (keyword, ctx) => {
  const n = amountArg(keyword, ctx);
  if (isError(n)) return n;
  const remove = ctx.svar('remove');
  const sac = ctx.svar('sacrifice');
  const time = ctx.svar('counters');
  return {
    keywords: [`etbCounter:TIME:${n}`],
    triggers: [
      `Mode$ Phase | Phase$ Upkeep | ValidPlayer$ You | TriggerZones$ Battlefield | IsPresent$ Card.Self+counters_GE1_TIME | Execute$ ${remove} | TriggerDescription$ Vanishing ${n}`,
    ],
    svars: [
      [remove, `DB$ RemoveCounter | Defined$ Self | CounterType$ TIME | CounterNum$ 1 | SubAbility$ ${sac}`],
      [sac, `DB$ Sacrifice | Defined$ Self | ConditionCheckSVar$ ${time} | ConditionSVarCompare$ EQ0`],
      [time, 'Count$CardCounters.TIME'],
    ],
  };
});
