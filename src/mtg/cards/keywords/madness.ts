/**
 * Madness [cost] (CR 702.35a): "If a player would discard this card, that player discards it, but
 * exiles it instead of putting it into their graveyard" and "When this card is exiled this way,
 * its owner may cast it by paying [cost] rather than paying its mana cost. If that player doesn't,
 * they put this card into their graveyard." The exile instead of the graveyard is the engine's
 * (actions.ts `discard`, reading the keyword given back here); the trigger is written here: on
 * the discard of this card, from exile, its owner may cast it for its madness cost (a `Play` the
 * engine gives the keyword's cost by its origin, src/mtg/engine/alt-costs.ts), else it goes to the
 * graveyard (only if it is still in exile).
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Madness', (keyword, ctx) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  const cast = ctx.svar('cast');
  const grave = ctx.svar('graveyard');
  return {
    keywords: [`Madness:${cost}`],
    triggers: [
      `Mode$ Discarded | ValidCard$ Card.Self | TriggerZones$ Exile | Execute$ ${cast} | TriggerDescription$ When CARDNAME is exiled this way, its owner may cast it by paying its madness cost rather than its mana cost. If that player doesn't, they put it into their graveyard.`,
    ],
    svars: [
      [cast, `DB$ Play | Defined$ Self | Optional$ True | SubAbility$ ${grave}`],
      [grave, 'DB$ ChangeZone | Defined$ Self | Origin$ Exile | Destination$ Graveyard'],
    ],
  };
});
