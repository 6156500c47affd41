/**
 * Unearth (CR 702.84): "[cost]: Return this card from your graveyard to the battlefield. It gains
 * haste. Exile it at the beginning of the next end step. If it would leave the battlefield, exile
 * it instead of putting it anywhere else. Activate only as a sorcery." Forge marks its ChangeZone
 * `Unearth$ True` and does the rest in code; here the rest is written out in ordinary lines, as
 * Forge writes Whip of Erebos: haste for good, a delayed end-step trigger that exiles that very
 * object (a new object after another zone change is left alone, CR 400.7), and an effect whose
 * replacement sends it to exile from the battlefield instead of anywhere else (CR 614.1a), which
 * ends once it has left.
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Unearth', (keyword, ctx) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  const haste = ctx.svar('haste');
  const later = ctx.svar('later');
  const exileLater = ctx.svar('exileLater');
  const guard = ctx.svar('guard');
  const replace = ctx.svar('replace');
  const exileNow = ctx.svar('exileNow');
  const forget = ctx.svar('forget');
  return {
    abilities: [
      `AB$ ChangeZone | Cost$ ${cost} | Defined$ Self | Origin$ Graveyard | Destination$ Battlefield | ActivationZone$ Graveyard | SorcerySpeed$ True | RememberChanged$ True | SubAbility$ ${haste} | PrecostDesc$ Unearth | SpellDescription$ Unearth ${cost}`,
    ],
    svars: [
      [haste, `DB$ Pump | Defined$ Remembered | KW$ Haste | Duration$ Permanent | SubAbility$ ${later}`],
      [
        later,
        `DB$ DelayedTrigger | Mode$ Phase | Phase$ End of Turn | RememberObjects$ Remembered | Execute$ ${exileLater} | SubAbility$ ${guard} | TriggerDescription$ Exile it at the beginning of the next end step.`,
      ],
      [exileLater, 'DB$ ChangeZone | Defined$ DelayTriggerRememberedLKI | Origin$ Battlefield | Destination$ Exile'],
      [guard, `DB$ Effect | RememberObjects$ Remembered | ReplacementEffects$ ${replace} | Duration$ UntilHostLeavesPlay | SubAbility$ ${forget}`],
      [
        replace,
        `Event$ Moved | ValidCard$ Card.IsRemembered | Origin$ Battlefield | ExcludeDestination$ Exile | ReplaceWith$ ${exileNow} | Description$ If it would leave the battlefield, exile it instead of putting it anywhere else.`,
      ],
      [exileNow, 'DB$ ChangeZone | Defined$ ReplacedCard | Origin$ Battlefield | Destination$ Exile'],
      [forget, 'DB$ Cleanup | ClearRemembered$ True'],
    ],
  };
});
