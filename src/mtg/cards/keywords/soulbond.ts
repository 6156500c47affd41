/**
 * Soulbond (CR 702.95a): "When this creature enters, if you control both this creature and
 * another creature and both are unpaired, you may pair this creature with another unpaired
 * creature you control for as long as both remain creatures on the battlefield under your
 * control" and "Whenever another creature you control enters, if you control both that creature
 * and this one and both are unpaired, you may pair that creature with this creature ...". Two
 * enters triggers with the intervening "if" (CR 603.4, `IsPresent$`, checked again as they
 * resolve), optional (`OptionalDecider$ You`), whose `Bond` (effects/bond.ts) pairs the two; the
 * card's own statics read `Paired` and `PairedWith` (select.ts).
 */
import { registerKeyword } from './registry.js';

registerKeyword('Soulbond', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Soulbond takes no arguments' };
  const self = ctx.svar('self');
  const other = ctx.svar('other');
  return {
    triggers: [
      `Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self+unpaired | IsPresent$ Creature.Other+YouCtrl+unpaired | OptionalDecider$ You | Execute$ ${self} | TriggerDescription$ Soulbond (You may pair this creature with another unpaired creature when either enters. They remain paired for as long as you control both of them.)`,
      `Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Creature.Other+YouCtrl+unpaired | TriggerZones$ Battlefield | IsPresent$ Card.Self+Creature+unpaired | OptionalDecider$ You | Execute$ ${other} | TriggerDescription$ Soulbond: you may pair the creature that entered with CARDNAME.`,
    ],
    svars: [
      [self, 'DB$ Bond | Defined$ Self | ValidCards$ Creature.Other+YouCtrl+unpaired'],
      [other, 'DB$ Bond | Defined$ TriggeredCard | ValidCards$ Card.Self'],
    ],
  };
});
