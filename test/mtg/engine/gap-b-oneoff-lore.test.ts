// Living Lore's power and toughness, the exiled card's mana value (a characteristic-defining
// ability, CR 604.3, 613.4a: `Count$RememberedCardManaCost`), its "you may cast the exiled card"
// that forgets the card once cast (`ForgetRemembered$`), and Howl of the Horde's effect whose
// trigger fires once only (`OneOff$ True`, CR 603.7c). Real cards of the Forge corpus: needsCorpus('cards').
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { runPuzzle } from '../../../src/mtg/puzzles/run.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { CARDS_DIR, CORPUS_DIR, haveCorpus, needsCorpus } from '../../support/corpora.js';
import { passes, playScenario as play } from './scenario.js';

describe('Living Lore: its P/T is the mana value of the card it exiled', needsCorpus('cards'), () => {
  it('exiling Howl of the Horde (mana value 3) as it enters, it is a 3/3', () => {
    passes(
      play(
        'p0hand=Living Lore\np0graveyard=Howl of the Horde\np0battlefield=Island;Island;Island;Island',
        'cast Living Lore',
        'power eq 3 Living Lore\ntoughness eq 3 Living Lore\nme exile contains Howl of the Horde\nme graveyard count eq 0',
      ),
    );
  });
  it('dealing combat damage, it is sacrificed and the exiled Howl of the Horde cast free; raid copies the Shock twice', () => {
    passes(
      play(
        'p0exile=Howl of the Horde|Id:1\np0hand=Shock\np0battlefield=Living Lore|RememberedCards:1;Mountain',
        'attack Living Lore\npass\npass\npass\nyes\nyes\nPASS_UNTIL phase=main2\ncast Shock targeting opponent',
        'opponent life eq 11\nme graveyard contains Living Lore\nme graveyard contains Howl of the Horde',
      ),
    );
  });
});

describe("Living Lore set up on the battlefield: its 'as it enters' exile runs, as in Forge's set-up", needsCorpus('cards'), () => {
  it('with Howl of the Horde in the graveyard (PC_022416), it exiles it and is a 3/3', () => {
    passes(play('p0graveyard=Howl of the Horde\np0battlefield=Living Lore', '', 'power eq 3 Living Lore\nme exile contains Howl of the Horde'));
  });
  it('linked by the set-up to what it remembers, it exiles nothing more', () => {
    passes(
      play(
        'p0exile=Howl of the Horde|Id:1\np0graveyard=Lightning Bolt\np0battlefield=Living Lore|RememberedCards:1',
        '',
        'power eq 3 Living Lore\nme graveyard contains Lightning Bolt',
      ),
    );
  });
});

describe('Howl of the Horde: its effect copies the next instant or sorcery only', needsCorpus('cards'), () => {
  it('a Shock cast in response to the copy trigger is not copied: 2 + 2 + 2 damage', () => {
    passes(
      play(
        'p0hand=Howl of the Horde;Shock;Shock\np0battlefield=Mountain;Mountain;Mountain;Mountain;Mountain',
        'cast Howl of the Horde\npass\ncast Shock targeting opponent\ncast Shock targeting opponent',
        'opponent life eq 14',
      ),
    );
  });
  it('after an attack (raid) a second effect copies the same spell again: 2 + 2 + 2 damage', () => {
    passes(
      play(
        'p0hand=Howl of the Horde;Shock\np0battlefield=Raging Goblin;Mountain;Mountain;Mountain;Mountain',
        'attack Raging Goblin\nPASS_UNTIL phase=main2\ncast Howl of the Horde\npass\ncast Shock targeting opponent',
        'opponent life eq 13',
      ),
    );
  });
});

// Forge's puzzle PC_022416 ("Win this turn. Living Lore has exiled a Howl of the Horde"): its file
// puts Howl of the Horde in the graveyard, which Forge's set-up has Living Lore exile. The line:
// rally (first strike, haste), attack with everything, turn the unblocked Chasm Guide into a Frog
// (no first strike as the first damage step begins, CR 510.4), Living Lore's first-strike damage
// casts Howl (raid: two effects), and Brute Strength and its two copies make the Frog 10/4.
const PC_022416 = join(CORPUS_DIR, 'forge', 'forge-gui', 'res', 'puzzle', 'PC_022416.pzl');
describe('PC_022416 (He Who Hesitates)', { skip: !haveCorpus('cards') || !existsSync(PC_022416) }, () => {
  it('is won with Living Lore casting the Howl of the Horde it exiled at set-up', () => {
    const script = [
      'cast Makindi Aeronaut',
      'pass',
      'choose Kor Bladewhirl',
      'pass',
      'pass',
      'attack Kor Bladewhirl',
      'attack Scaldkin',
      'attack Chasm Guide',
      'attack Living Lore',
      'attack Makindi Aeronaut',
      'done',
      'cast Turn to Frog targeting Chasm Guide',
      'pass',
      'pass',
      'pass',
      'yes',
      'yes',
      'pass',
      'cast Brute Strength targeting Chasm Guide',
      'choose Howl of the Horde Effect 1',
      'pass',
      'no',
      'pass',
      'pass',
      'no',
      'pass',
      'pass',
      'pass',
    ].join('\n');
    const registry = puzzleRegistry(CARDS_DIR);
    const puzzle = readPuzzle(`${readFileSync(PC_022416, 'utf8')}\n[p0_script]\n${script}\n`, 'PC_022416.pzl', registry);
    passes(runPuzzle(puzzle, { registry, seed: 1 }));
  });
});
