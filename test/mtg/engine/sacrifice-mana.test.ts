// The automatic payer sacrifices a mana source whose ability sacrifices it (Black Lotus, Lotus
// Petal, a Treasure with {T}; Tinder Wall without) only when nothing else pays the cost: a spell
// that needs it is offered and cast in one action, and one that lands pay leaves it alone. Real
// cards of the Forge corpus: needsCorpus('cards').
import { describe, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, playScenario as play } from './scenario.js';

describe('sources that are sacrificed for mana, paid automatically', needsCorpus('cards'), () => {
  it('Shivan Dragon with three Mountains and Black Lotus: the Lotus makes what the lands cannot', () => {
    passes(
      play(
        'p0hand=Shivan Dragon\np0battlefield=Mountain;Mountain;Mountain;Black Lotus',
        'expect-offered cast Shivan Dragon\ncast Shivan Dragon',
        'me battlefield contains Shivan Dragon\nme graveyard contains Black Lotus',
      ),
    );
  });

  it('Grizzly Bears with two Forests and Lotus Petal: the lands pay and the Petal stays', () => {
    passes(
      play(
        'p0hand=Grizzly Bears\np0battlefield=Forest;Forest;Lotus Petal',
        'cast Grizzly Bears',
        'me battlefield contains Lotus Petal\nme graveyard count eq 0',
      ),
    );
  });

  it('a summoning-sick Tinder Wall is sacrificed for {R}{R}: it does not tap', () => {
    passes(
      play(
        'p0hand=Lightning Bolt\np0battlefield=Tinder Wall|SummonSick',
        'cast Lightning Bolt targeting p2',
        'opponent life eq 17\nme graveyard contains Tinder Wall',
      ),
    );
  });
});
