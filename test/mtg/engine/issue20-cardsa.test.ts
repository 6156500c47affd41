// Keywords of issue 20's list A played with real cards against their Oracle text: what the one-card
// puzzles (test/puzzles/corpus/kw-*.pzl) cannot assert, such as a token's colour, types and mana
// cost. Needs the fetched Forge corpus (.cards/cardsfolder): needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import type { CardRegistry } from '../../../src/mtg/cards/index.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { CARDS_DIR, haveCorpus, needsCorpus } from '../../support/corpora.js';
import { act, board, resolveStack, zone } from './helpers.js';

const registry: CardRegistry | null = haveCorpus('cards') ? puzzleRegistry(CARDS_DIR) : null;

function tokensNamed(g: ReturnType<typeof board>, name: string) {
  return g.view(0).battlefield.filter((c) => c.name === name && c.token);
}

describe('keywords of issue 20, list A', needsCorpus('cards'), () => {
  it("Embalm (CR 702.128a): Sacred Cat's token is a white Zombie Cat with no mana cost, and a copy of it is too (CR 707.9b)", () => {
    const plains = ['Plains', 'Plains', 'Island', 'Island', 'Island'];
    const g = board(
      { battlefield: plains, graveyard: ['Sacred Cat'], hand: ['Cackling Counterpart'], library: ['Plains', 'Plains'] },
      { library: ['Island', 'Island'] },
      { registry: registry! },
    );
    act(g, 'activate Sacred Cat');
    resolveStack(g);
    expect(zone(g, 'exile')).toEqual(['Sacred Cat']);
    const [cat] = tokensNamed(g, 'Sacred Cat');
    expect(cat).toMatchObject({ colours: ['W'], subtypes: ['Cat', 'Zombie'], manaCost: null, power: 1, toughness: 1 });
    expect(cat!.keywords).toContain('Lifelink');
    // Cackling Counterpart copies the token: the exceptions are its copiable values.
    act(g, 'cast Cackling Counterpart');
    resolveStack(g);
    const copies = tokensNamed(g, 'Sacred Cat');
    expect(copies).toHaveLength(2);
    for (const c of copies) expect(c).toMatchObject({ colours: ['W'], subtypes: ['Cat', 'Zombie'], manaCost: null });
  });

  it("Eternalize (CR 702.129a): Champion of Wits' token is a 4/4 black Zombie Naga Wizard with no mana cost", () => {
    const islands = Array.from({ length: 7 }, () => 'Island');
    const g = board(
      { battlefield: islands, graveyard: ['Champion of Wits'], library: ['Island', 'Island', 'Island', 'Island'] },
      { library: ['Island', 'Island'] },
      { registry: registry! },
    );
    act(g, 'activate Champion of Wits');
    resolveStack(g);
    const [champion] = tokensNamed(g, 'Champion of Wits');
    expect(champion).toMatchObject({ colours: ['B'], subtypes: ['Naga', 'Wizard', 'Zombie'], manaCost: null, power: 4, toughness: 4 });
  });
});
