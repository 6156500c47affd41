/**
 * Storm (CR 702.40a): "When you cast this spell, copy it for each other spell that was cast
 * before it this turn. If the spell has any targets, you may choose new targets for any of the
 * copies." A cast trigger that works on the stack, counting the turn's spells (every player's)
 * less this one, and `CopySpellAbility` of the spell that triggered it.
 */
import { registerKeyword } from './registry.js';

registerKeyword('Storm', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Storm takes no arguments' };
  const copy = ctx.svar();
  const count = ctx.svar('count');
  return {
    triggers: [`Mode$ SpellCast | ValidCard$ Card.Self | TriggerZones$ Stack | Execute$ ${copy} | TriggerDescription$ Storm`],
    svars: [
      [copy, `DB$ CopySpellAbility | Defined$ TriggeredSpellAbility | Amount$ ${count}`],
      [count, 'Count$ThisTurnCast_Card/Minus.1'],
    ],
  };
});
