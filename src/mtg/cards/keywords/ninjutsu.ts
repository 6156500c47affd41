/**
 * Ninjutsu (CR 702.49a): "[Cost], Reveal this card from your hand, Return an unblocked attacking
 * creature you control to its owner's hand: Put this card onto the battlefield from your hand
 * tapped and attacking." An ability activated from the hand (`ActivationZone$ Hand`) whose cost
 * returns an unblocked attacker (`Return<1/…>`: an attacker is unblocked only once blockers are
 * declared, CR 509.1h, so it can be activated only then); the card is revealed by moving to the
 * battlefield. `Attacking$ True` puts it into the combat attacking whom the returned creature
 * attacked (CR 702.49c), never declared as an attacker (CR 508.4: no attack triggers).
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Ninjutsu', (keyword) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  return {
    abilities: [
      `AB$ ChangeZone | Cost$ ${cost} Return<1/Creature.attacking+unblocked+YouCtrl> | ActivationZone$ Hand | Origin$ Hand | Destination$ Battlefield | Defined$ Self | Tapped$ True | Attacking$ True | SpellDescription$ Ninjutsu (Return an unblocked attacker you control to hand: put this card onto the battlefield from your hand tapped and attacking.)`,
    ],
  };
});
