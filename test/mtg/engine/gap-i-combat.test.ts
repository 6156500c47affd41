// "You may have CARDNAME assign its combat damage as though it weren't blocked." (Thorn Elemental,
// Rhox, Lone Wolf; Predatory Focus grants it to your creatures for the turn): as a blocked creature
// assigns its combat damage (CR 510.1c), its controller may assign all of it to the player or
// planeswalker it attacks instead. Played with real cards of the Forge corpus: needsCorpus('cards').
import { describe, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, playScenario } from './scenario.js';

/** Runs a one-turn puzzle from its [state] lines, the two players' scripts and assertions. */
const play = (state: string, p0: string, p1: string, assertions: string) => playScenario(state, p0, assertions, p1);

describe("as though it weren't blocked: Thorn Elemental", needsCorpus('cards'), () => {
  it('blocked by a Wall of Wood, it may deal its 7 damage to the defending player; the wall is dealt none', () => {
    const r = play(
      'p0battlefield=Thorn Elemental\np1battlefield=Wall of Wood',
      'attack Thorn Elemental\n*\nchoose unblocked',
      'Wall of Wood blocks Thorn Elemental',
      'opponent life eq 13\nopponent battlefield contains Wall of Wood',
    );
    passes(r);
  });
  it('or assign it to the blocker as usual', () => {
    passes(
      play(
        'p0battlefield=Thorn Elemental\np1battlefield=Wall of Wood',
        'attack Thorn Elemental\n*\nchoose blockers',
        'Wall of Wood blocks Thorn Elemental',
        'opponent life eq 20\nopponent graveyard contains Wall of Wood',
      ),
    );
  });
  it('its blocker removed from combat (the Wall bounced after blocking), it is still blocked yet may deal its damage to the player (its ruling)', () => {
    passes(
      play(
        'p0battlefield=Thorn Elemental;Island;Island\np0hand=Boomerang\np1battlefield=Wall of Wood',
        'attack Thorn Elemental\nPASS_UNTIL phase=declareBlockers\ncast Boomerang targeting Wall of Wood\n*\nchoose unblocked',
        'Wall of Wood blocks Thorn Elemental',
        'opponent life eq 13\nopponent hand contains Wall of Wood',
      ),
    );
  });
  it('unblocked, it deals its damage as usual', () => {
    passes(play('p0battlefield=Thorn Elemental\np1battlefield=Wall of Wood', 'attack Thorn Elemental', '', 'opponent life eq 13'));
  });
});

describe("Predatory Focus: your creatures may assign their combat damage this turn as though they weren't blocked", needsCorpus('cards'), () => {
  it('cast before combat, the blocked Grizzly Bears deal their 2 to the player', () => {
    passes(
      play(
        'p0battlefield=Grizzly Bears;Forest;Forest;Forest;Forest;Forest\np0hand=Predatory Focus\np1battlefield=Wall of Wood',
        'cast Predatory Focus\nattack Grizzly Bears\n*\nchoose unblocked',
        'Wall of Wood blocks Grizzly Bears',
        'opponent life eq 18',
      ),
    );
  });
});
