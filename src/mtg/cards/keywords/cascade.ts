/**
 * Cascade (CR 702.85a): "When you cast this spell, exile cards from the top of your library until
 * you exile a nonland card whose mana value is less than this spell's mana value. You may cast
 * that card without paying its mana cost if the resulting spell's mana value is less than this
 * spell's mana value. Then put all cards exiled this way that weren't cast on the bottom of your
 * library in a random order." A cast trigger that works on the stack (as Storm's does), written
 * as Forge writes it: `DigUntil` exiling every card it reveals (the one found remembered, the
 * others imprinted), an optional free cast of the remembered card from exile (its mana value checked again, as the rule's newer wording asks), then what is still
 * in exile goes to the bottom in a random order. The mana value compared is the spell's as it was
 * cast (its last-known information, CR 702.85a, so a countered cascade spell still cascades).
 */
import { registerKeyword } from './registry.js';

registerKeyword('Cascade', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Cascade takes no arguments' };
  const mv = ctx.svar('mv');
  const dig = ctx.svar('exile');
  const cast = ctx.svar('cast');
  const bottom = ctx.svar('bottom');
  const forget = ctx.svar('forget');
  return {
    triggers: [
      `Mode$ SpellCast | ValidCard$ Card.Self | TriggerZones$ Stack | Execute$ ${dig} | TriggerDescription$ Cascade (When you cast this spell, exile cards from the top of your library until you exile a nonland card that costs less. You may cast it without paying its mana cost. Put the exiled cards on the bottom in a random order.)`,
    ],
    svars: [
      [mv, 'TriggeredCard$CardManaCost'],
      [
        dig,
        `DB$ DigUntil | Defined$ You | Amount$ 1 | Valid$ Card.nonLand+cmcLT${mv} | FoundDestination$ Exile | RevealedDestination$ Exile | RememberFound$ True | ImprintRevealed$ True | SubAbility$ ${cast}`,
      ],
      [cast, `DB$ Play | Valid$ Card.IsRemembered+cmcLT${mv} | ValidZone$ Exile | WithoutManaCost$ True | Optional$ True | SubAbility$ ${bottom}`],
      [
        bottom,
        `DB$ ChangeZoneAll | ChangeType$ Card.IsRemembered,Card.IsImprinted | Origin$ Exile | Destination$ Library | LibraryPosition$ -1 | RandomOrder$ True | SubAbility$ ${forget}`,
      ],
      [forget, 'DB$ Cleanup | ClearRemembered$ True | ClearImprinted$ True'],
    ],
  };
});
