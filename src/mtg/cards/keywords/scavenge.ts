/**
 * Scavenge (CR 702.97a): "[Cost], Exile this card from your graveyard: Put a number of +1/+1
 * counters equal to the power of the card you exiled on target creature. Activate only as a
 * sorcery." An activated ability of the card in the graveyard (ActivationZone$), its exile a cost
 * (so it cannot be responded to by removing the card, CR 602.2), the number the exiled card's
 * power: the card in exile is the same card, its printed power what it had (CR 702.97a says the
 * power of the card exiled, read as it last existed in the graveyard, which no effect changes).
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Scavenge', (keyword, ctx) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  const power = ctx.svar('power');
  return {
    abilities: [
      `AB$ PutCounter | Cost$ ${cost} ExileFromGrave<1/CARDNAME> | ActivationZone$ Graveyard | SorcerySpeed$ True | ValidTgts$ Creature | TgtPrompt$ Select target creature | CounterType$ P1P1 | CounterNum$ ${power} | PrecostDesc$ Scavenge | SpellDescription$ Scavenge ${cost} (Exile this card from your graveyard: Put a number of +1/+1 counters equal to its power on target creature. Scavenge only as a sorcery.)`,
    ],
    svars: [[power, 'Count$CardPower']],
  };
});
