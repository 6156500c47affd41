/**
 * Conspire (CR 702.78a): "As an additional cost to cast this spell, you may tap two untapped
 * creatures you control that each share a color with it" and "When you cast this spell, if its
 * conspire cost was paid, copy it. If the spell has any targets, you may choose new targets for the
 * copy." The additional cost is the engine's (src/mtg/engine/optional-costs.ts, recorded on the
 * spell), so the keyword is given back to the face for it; the cast trigger is written here, with
 * the intervening "if" (CR 603.4) read as `Count$Conspired`.
 */
import { registerKeyword } from './registry.js';

registerKeyword('Conspire', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Conspire takes no arguments' };
  const copy = ctx.svar();
  const paid = ctx.svar('paid');
  return {
    keywords: ['Conspire'],
    triggers: [
      `Mode$ SpellCast | ValidCard$ Card.Self | TriggerZones$ Stack | CheckSVar$ ${paid} | SVarCompare$ GE1 | Execute$ ${copy} | TriggerDescription$ Conspire`,
    ],
    svars: [
      [copy, 'DB$ CopySpellAbility | Defined$ TriggeredSpellAbility'],
      [paid, 'Count$Conspired'],
    ],
  };
});
