/**
 * Fading N (CR 702.32a): "This permanent enters with N fade counters on it" and "At the
 * beginning of your upkeep, remove a fade counter from this permanent. If you can't, sacrifice
 * the permanent." The counters it enters with are the engine's `etbCounter` keyword (CR 614.1c);
 * the upkeep trigger sacrifices it when it has no fade counter, and otherwise removes one.
 */
import { amountArg, isError, registerKeyword } from './registry.js';

registerKeyword('Fading', (keyword, ctx) => {
  const n = amountArg(keyword, ctx);
  if (isError(n)) return n;
  const sac = ctx.svar('sacrifice');
  const remove = ctx.svar('remove');
  const fade = ctx.svar('counters');
  return {
    keywords: [`etbCounter:FADE:${n}`],
    triggers: [`Mode$ Phase | Phase$ Upkeep | ValidPlayer$ You | TriggerZones$ Battlefield | Execute$ ${sac} | TriggerDescription$ Fading ${n}`],
    svars: [
      [sac, `DB$ Sacrifice | Defined$ Self | ConditionCheckSVar$ ${fade} | ConditionSVarCompare$ EQ0 | SubAbility$ ${remove}`],
      [remove, `DB$ RemoveCounter | Defined$ Self | CounterType$ FADE | CounterNum$ 1 | ConditionCheckSVar$ ${fade} | ConditionSVarCompare$ GE1`],
      [fade, 'Count$CardCounters.FADE'],
    ],
  };
});
