// Amplify (CR 702.38a): "As this object enters, reveal any number of cards from your hand that
// share a creature type with it. This permanent enters with N +1/+1 counters on it for each card
// revealed this way." Played with real cards of the Forge corpus: needsCorpus('cards').
import { describe, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, playScenario as play } from './scenario.js';

const SWAMPS = 'Swamp;Swamp;Swamp;Swamp;Swamp;Swamp;Swamp';

describe('Amplify: Zombie Brute (Amplify 1, Zombie)', needsCorpus('cards'), () => {
  it('revealing two Zombies (not the Island) it enters with two +1/+1 counters; the cards stay in hand', () => {
    const r = play(
      `p0hand=Zombie Brute;Gravedigger;Walking Corpse;Grizzly Bears\np0battlefield=${SWAMPS}`,
      'cast Zombie Brute\n*\nchoose Gravedigger\nchoose Walking Corpse',
      'counters P1P1 eq 2 Zombie Brute\npower eq 7 Zombie Brute\nme hand contains Gravedigger\nme hand contains Walking Corpse',
    );
    passes(r);
  });
  it('revealing one and stopping (done): one counter', () => {
    passes(
      play(
        `p0hand=Zombie Brute;Gravedigger;Walking Corpse\np0battlefield=${SWAMPS}`,
        'cast Zombie Brute\n*\nchoose Gravedigger\ndone',
        'counters P1P1 eq 1 Zombie Brute',
      ),
    );
  });
  it('with no Zombie in hand it asks nothing and enters as a 5/4', () => {
    passes(play(`p0hand=Zombie Brute;Grizzly Bears\np0battlefield=${SWAMPS}`, 'cast Zombie Brute', 'counters P1P1 eq 0 Zombie Brute\npower eq 5 Zombie Brute'));
  });
});
