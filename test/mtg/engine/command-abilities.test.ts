// An effect in the command zone with activated abilities (CR 114.4): Channel's "until end of turn,
// any time you could activate a mana ability, you may pay 1 life. If you do, add {C}", written in
// Forge as an `Effect` with `Abilities$` whose abilities work from the command zone. Real cards of
// the Forge corpus: needsCorpus('cards').
import { describe, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, playScenario as play } from './scenario.js';

const board = 'p0hand=Channel;Lava Axe\np0battlefield=Forest;Forest;Mountain';

describe("an effect's activated abilities in the command zone", needsCorpus('cards'), () => {
  it("Channel: four times 1 life for {C}, and the Mountain's {R}, cast Lava Axe", () => {
    passes(
      play(
        board,
        ['cast Channel', 'pass', ...Array(4).fill('activate Channel Effect'), 'cast Lava Axe targeting opponent'].join('\n'),
        'life eq 16\nopponent life eq 15',
      ),
    );
  });

  it("Channel's {X} form: X life at once for X colourless mana", () => {
    passes(play(board, 'cast Channel\npass\nactivate Channel Effect[2]\nchoose 4\ncast Lava Axe targeting opponent', 'life eq 16\nopponent life eq 15'));
  });

  it("only the effect's owner is offered its abilities", () => {
    // The opponent's Mountain gives it a choice, so it is asked at each priority.
    passes(
      play(
        `${board}\np1battlefield=Mountain`,
        'cast Channel\npass\nactivate Channel Effect\npass',
        'life eq 19',
        'pass\nexpect-offered activate Mountain\nexpect-refused activate Channel Effect\npass',
      ),
    );
  });
});
