/**
 * Replicate [cost] (CR 702.56a): "As an additional cost to cast this spell, you may pay [cost] any
 * number of times" and "When you cast this spell, if a replicate cost was paid for it, copy it for
 * each time its replicate cost was paid. If the spell has any targets, you may choose new targets
 * for any of the copies." The additional cost is the engine's (src/mtg/engine/optional-costs.ts,
 * asked again after each payment as multikicker is, counted on the spell), so the keyword is given
 * back to the face for it; the cast trigger is written here as storm's (storm.ts), with the
 * intervening "if" (CR 603.4) and the count of payments (`Count$TimesReplicated`).
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Replicate', (keyword, ctx) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  const copy = ctx.svar();
  const count = ctx.svar('count');
  return {
    keywords: [`Replicate:${cost}`],
    triggers: [
      `Mode$ SpellCast | ValidCard$ Card.Self | TriggerZones$ Stack | CheckSVar$ ${count} | SVarCompare$ GE1 | Execute$ ${copy} | TriggerDescription$ Replicate`,
    ],
    svars: [
      [copy, `DB$ CopySpellAbility | Defined$ TriggeredSpellAbility | Amount$ ${count}`],
      [count, 'Count$TimesReplicated'],
    ],
  };
});
