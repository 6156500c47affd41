// An Aura that enters the battlefield other than by resolving as an Aura spell, by an effect that
// does not say what it enchants, is attached to what its controller chooses as it enters (CR
// 303.4f). Real cards of the Forge corpus: needsCorpus('cards').
import { describe, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, playScenario as play } from './scenario.js';

describe('an Aura put onto the battlefield without its spell (CR 303.4f)', needsCorpus('cards'), () => {
  // Copy Enchantment's ruling: "If Copy Enchantment enters as a copy of an Aura, you choose
  // something for it to enchant as it enters." Inquest Gamer's Dead Man's Hand #02 turns on it.
  it('Copy Enchantment entering as a copy of Pacifism enchants the creature its controller chooses', () => {
    passes(
      play(
        'p0hand=Copy Enchantment\np0battlefield=Island;Island;Island;Pacifism|Attaching:5\np1battlefield=Grizzly Bears|Id:5;Hill Giant|Id:6',
        'cast Copy Enchantment\n*\nchoose Pacifism\nchoose Hill Giant',
        'attached Pacifism to Hill Giant\nattached Pacifism to Grizzly Bears\nme battlefield count eq 5',
      ),
    );
  });

  // Replenish: "Return all enchantment cards from your graveyard to the battlefield. (Auras with
  // nothing to enchant remain in your graveyard.)" The returned Pacifism enchants the one creature.
  it('Replenish returns Pacifism attached to a creature', () => {
    passes(
      play(
        'p0hand=Replenish\np0graveyard=Pacifism;Glorious Anthem\np0battlefield=Plains;Plains;Plains;Plains\np1battlefield=Grizzly Bears',
        'cast Replenish',
        'attached Pacifism to Grizzly Bears\nbattlefield contains Glorious Anthem\ngraveyard count eq 1',
      ),
    );
  });
});
