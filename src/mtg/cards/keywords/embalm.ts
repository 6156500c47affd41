/**
 * Embalm (CR 702.128a): "[Cost], Exile this card from your graveyard: Create a token that's a copy
 * of it, except it's a white Zombie [its other types] with no mana cost. Embalm only as a
 * sorcery." Eternalize (CR 702.129a) is the same with "a 4/4 black Zombie". An activated ability
 * of the card in the graveyard whose exile is a cost (CR 602.2), a `CopyPermanent` of the card as
 * it last was, its exceptions written into the token's copiable values (`Embalm$`/`Eternalize$`,
 * CR 707.9b), so a copy of the token is a white (or black 4/4) Zombie too.
 */
import { costArg, isError, registerKeyword, type KeywordExpander } from './registry.js';

function copyFromGraveyard(keyword: 'Embalm' | 'Eternalize', reminder: string): KeywordExpander {
  return (kw) => {
    const cost = costArg(kw);
    if (isError(cost)) return cost;
    return {
      abilities: [
        `AB$ CopyPermanent | Cost$ ${cost} ExileFromGrave<1/CARDNAME> | ActivationZone$ Graveyard | SorcerySpeed$ True | Defined$ Self | ${keyword}$ True | PrecostDesc$ ${keyword} | SpellDescription$ ${keyword} ${cost} (${reminder})`,
      ],
    };
  };
}

registerKeyword(
  'Embalm',
  copyFromGraveyard(
    'Embalm',
    "Exile this card from your graveyard: Create a token that's a copy of it, except it's a white Zombie with no mana cost. Embalm only as a sorcery.",
  ),
);
registerKeyword(
  'Eternalize',
  copyFromGraveyard(
    'Eternalize',
    "Exile this card from your graveyard: Create a token that's a copy of it, except it's a 4/4 black Zombie with no mana cost. Eternalize only as a sorcery.",
  ),
);
