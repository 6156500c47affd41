// "Create a token that's a copy of it, except it's a 4/4 black Zombie" (The Scarab God): the
// exceptions are part of the token's copiable values (CR 707.9b), so effects from later layers
// apply on top of them. Real cards of the Forge corpus: needsCorpus('cards').
import { describe, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, playScenario as play } from './scenario.js';

const board = 'p0battlefield=The Scarab God;Swamp;Swamp;Island;Island;Arcane Adaptation|ChosenType:Pirate;Admiral Beckett Brass\np1graveyard=Grizzly Bears';

describe("CopyPermanent's SetPower$, SetColor$ and SetCreatureTypes$ are copiable values (CR 707.9b)", needsCorpus('cards'), () => {
  // Possibility Storm's Ixalan puzzles pair The Scarab God with Arcane Adaptation: the token is a
  // Zombie (its copiable values) and a Pirate (layer 4, Arcane Adaptation), so Admiral Beckett
  // Brass's "other Pirates you control get +1/+1" makes the 4/4 a 5/5.
  it("The Scarab God's 4/4 Zombie copy of Grizzly Bears is a Pirate too under Arcane Adaptation", () => {
    passes(play(board, 'activate The Scarab God targeting Grizzly Bears', 'power eq 5 Grizzly Bears\ntoughness eq 5 Grizzly Bears'));
  });

  it('without Arcane Adaptation the token is a 4/4 the Admiral does not pump: a Zombie, no Pirate', () => {
    passes(
      play(
        board.replace('Arcane Adaptation|ChosenType:Pirate;', ''),
        'activate The Scarab God targeting Grizzly Bears',
        'power eq 4 Grizzly Bears\ntoughness eq 4 Grizzly Bears',
      ),
    );
  });
});
