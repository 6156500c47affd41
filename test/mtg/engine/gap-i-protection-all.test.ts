// `ProtectionAll` (CR 702.16): every permanent `ValidCards$` names and every player
// `ValidPlayers$` names gains protection until end of turn. Played with real cards of the Forge
// corpus against their Oracle text: needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { passes, playScenario as play } from './scenario.js';

describe('ProtectionAll', needsCorpus('cards'), () => {
  it('Brave the Elements (red chosen): the white Savannah Lions survive Pyroclasm, the green Grizzly Bears do not', () => {
    passes(
      play(
        'p0hand=Brave the Elements;Pyroclasm\np0battlefield=Plains;Mountain;Mountain;Savannah Lions;Grizzly Bears',
        'cast Brave the Elements\n*\nchoose Red\n*\ncast Pyroclasm',
        'me battlefield contains Savannah Lions\nme graveyard contains Grizzly Bears',
      ),
    );
  });
  it('Samite Elder targeting the red Goblin Piker: creatures I control gain protection from red (TargetedCardColor)', () => {
    passes(
      play(
        'p0hand=Pyroclasm\np0battlefield=Mountain;Mountain;Samite Elder;Goblin Piker\np1battlefield=Grizzly Bears',
        'activate Samite Elder targeting Goblin Piker\n*\ncast Pyroclasm',
        'me battlefield contains Samite Elder\nme battlefield contains Goblin Piker\nopponent graveyard contains Grizzly Bears',
      ),
    );
  });
  it('Samite Elder targeting a colourless permanent gives nothing: Pyroclasm kills the Elder', () => {
    passes(
      play(
        'p0hand=Pyroclasm\np0battlefield=Mountain;Mountain;Samite Elder;Ornithopter',
        'activate Samite Elder targeting Ornithopter\n*\ncast Pyroclasm',
        'me graveyard contains Samite Elder\nme graveyard contains Ornithopter',
      ),
    );
  });
  it("Seht's Tiger gives its controller protection from the chosen colour (ValidPlayers$): Flame Rift's damage to me is prevented", () => {
    passes(
      play(
        "p0hand=Seht's Tiger;Flame Rift\np0battlefield=Plains;Plains;Plains;Plains;Mountain;Mountain",
        "cast Seht's Tiger\n*\nchoose Red\n*\ncast Flame Rift",
        'me life eq 20\nopponent life eq 16',
      ),
    );
  });
  // Bolt is cast, and at its target prompt I am not among the targets offered.
  it("under Seht's Tiger's protection from red, Lightning Bolt can't target me (CR 702.16b); from blue, it can", () => {
    const bolt = (colour: string) =>
      play(
        "p0hand=Seht's Tiger;Lightning Bolt\np0battlefield=Plains;Plains;Plains;Plains;Mountain",
        `cast Seht's Tiger\n*\nchoose ${colour}\n*\ncast Lightning Bolt targeting me`,
        'me life eq 20\nme hand contains Lightning Bolt',
      );
    const red = bolt('Red');
    expect(red.reasons).toEqual([expect.stringContaining('Available actions: ["target p2", "target Seht\'s Tiger"]')]);
    expect(bolt('Blue').reasons).toEqual(['line 18: me life eq 20 (me life is 17)', expect.stringContaining('me hand contains Lightning Bolt')]);
  });
});
