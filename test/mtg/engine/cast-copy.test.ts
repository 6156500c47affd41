// Casting a copy of a card (CR 707.12): Isochron Scepter's "copy the exiled card. If you do, you may
// cast the copy without paying its mana cost" (`Play`'s `CopyCard$ True`). The copy is made where
// the card is and cast; the card stays in exile, so the Scepter can copy it again. Real cards of
// the Forge corpus: needsCorpus('cards').
import { describe, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, playScenario as play } from './scenario.js';

const lands = 'Mountain;Mountain;Mountain;Mountain;Mountain';
const scepter = (more = '') => `p0battlefield=Isochron Scepter|Id:9|Imprinting:8;${lands}${more}\np0exile=Lightning Bolt|Id:8|ExiledWith:9`;
const copyBolt = 'activate Isochron Scepter\npass\nyes\ntarget p2';

describe('casting a copy of a card', needsCorpus('cards'), () => {
  it('Isochron Scepter: the copy of Lightning Bolt deals 3, and the Bolt stays imprinted in exile', () => {
    passes(play(scepter(), copyBolt, 'opponent life eq 17\nme exile contains Lightning Bolt\nme graveyard count eq 0'));
  });

  it('the Scepter copies the same card again once it untaps', () => {
    passes(
      play(
        scepter(';Mountain;Voltaic Key'),
        `${copyBolt}\npass\nactivate Voltaic Key\ntarget Isochron Scepter\npass\n${copyBolt}`,
        'opponent life eq 14\nme exile contains Lightning Bolt',
      ),
    );
  });

  it("Chandra, Pyromaster's -7: three copies of one exiled Lightning Bolt, each cast", () => {
    passes(
      play(
        'p0battlefield=Chandra, Pyromaster|Counters:LOYALTY=7\np0library=Lightning Bolt;Island;Island;Island',
        `activate Chandra, Pyromaster[3]\n${'yes\ntarget p2\n'.repeat(3)}`,
        'opponent life eq 11\nme exile contains Lightning Bolt',
      ),
    );
  });
});
