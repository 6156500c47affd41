/**
 * Provoke (CR 702.39a): "Whenever this creature attacks, you may choose to have target creature
 * defending player controls block this creature this combat if able. If you do, untap that
 * creature." An attack trigger whose "you may" is asked as it resolves (`OptionalDecider$`), an
 * `Untap` of the target and the engine's `MustBlock` requirement (CR 509.1c) of that creature for
 * this one (both happen when you do, so their order changes nothing); each instance triggers
 * separately (CR 702.39b).
 */
import { registerKeyword } from './registry.js';

registerKeyword('Provoke', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Provoke takes no arguments' };
  const untap = ctx.svar('untap');
  const block = ctx.svar('block');
  return {
    triggers: [`Mode$ Attacks | ValidCard$ Card.Self | TriggerZones$ Battlefield | OptionalDecider$ You | Execute$ ${untap} | TriggerDescription$ Provoke`],
    svars: [
      [untap, `DB$ Untap | ValidTgts$ Creature.DefenderCtrl | TgtPrompt$ Select target creature defending player controls | SubAbility$ ${block}`],
      [block, 'DB$ MustBlock | Defined$ Targeted | DefinedAttacker$ Self'],
    ],
  };
});
