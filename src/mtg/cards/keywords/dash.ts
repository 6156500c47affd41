/**
 * Dash (CR 702.109a): "You may cast this card by paying [cost] rather than its mana cost," "If
 * this spell's dash cost was paid, return the permanent this spell becomes to its owner's hand at
 * the beginning of the next end step," and "As long as this permanent's dash cost was paid, it has
 * haste." The alternative cost is the engine's (src/mtg/engine/alt-costs.ts, offered as
 * `cast NAME (dash)`), so the keyword is given back to the face for it. Haste is a static ability
 * of the permanent that was dashed (`Card.Self+dashed`). The return is written as an end-step
 * trigger with an intervening "if" (CR 603.4) of the dashed permanent: it triggers at the first
 * end step after the permanent enters, which is "the next end step", and the permanent leaves then.
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Dash', (keyword, ctx) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  const ret = ctx.svar('return');
  return {
    keywords: [`Dash:${cost}`],
    statics: ['Mode$ Continuous | Affected$ Card.Self+dashed | AddKeyword$ Haste | Description$ As long as its dash cost was paid, CARDNAME has haste.'],
    triggers: [
      `Mode$ Phase | Phase$ End of Turn | TriggerZones$ Battlefield | IsPresent$ Card.Self+dashed | Execute$ ${ret} | TriggerDescription$ If its dash cost was paid, return CARDNAME to its owner's hand at the beginning of the next end step.`,
    ],
    svars: [[ret, 'DB$ ChangeZone | Defined$ Self | Origin$ Battlefield | Destination$ Hand']],
  };
});
