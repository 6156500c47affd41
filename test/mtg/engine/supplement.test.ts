// Our scripts for the cards of the first target's decks that Forge's corpus lacks
// (src/mtg/supplement): each plays as its comment in src/mtg/supplement/cards.ts says.
import { describe, expect, it } from 'vitest';
import { createCardRegistry } from '../../../src/mtg/cards/index.js';
import { compileStarterCards } from '../../../src/mtg/starter/index.js';
import { compileSupplement, corpusRegistry, withSupplement } from '../../../src/mtg/supplement/index.js';
import { act, board, find, labels, pick, resolveStack, zone } from './helpers.js';

const registry = createCardRegistry({ cards: [...compileStarterCards().cards, ...compileSupplement().cards], tokens: [] });
const forests = (n: number): string[] => Array.from({ length: n }, () => 'Forest');
const mountains = (n: number): string[] => Array.from({ length: n }, () => 'Mountain');
const library = Array.from({ length: 5 }, () => 'Island');

describe('the supplement', () => {
  it('compiles with no diagnostics, and never shadows a card the corpus has', () => {
    const { cards, diagnostics } = compileSupplement();
    expect(diagnostics).toEqual([]);
    expect(cards.map((c) => c.name)).toEqual(['Chaos Orb', 'Falling Star', 'Earthquake Dragon']);
    const corpusOrb = { ...cards[0]!, file: 'c/chaos_orb.txt' };
    const merged = withSupplement([corpusOrb]);
    expect(merged.filter((c) => c.name === 'Chaos Orb').map((c) => c.file)).toEqual(['c/chaos_orb.txt']);
    expect(corpusRegistry({ cards: [], tokens: [] }).get('Falling Star').file).toBe('supplement/f/falling_star.txt');
  });

  it('Chaos Orb: {1}, {T}: destroys the nontoken permanent it is aimed at, then itself', () => {
    const game = board({ library, battlefield: ['Chaos Orb', ...mountains(1)] }, { library, battlefield: ['Serra Angel', 'Island'] }, { registry });
    act(game, 'activate Chaos Orb');
    pick(game, 'target Serra Angel');
    resolveStack(game);
    expect(zone(game, 'graveyard-1')).toContain('Serra Angel');
    expect(zone(game, 'graveyard-0')).toContain('Chaos Orb');
  });

  // A fourth Mountain keeps seat 0 with something to do, so the game stops after the spell resolves.
  it('Falling Star: 3 damage to the creature it lands on, which is tapped if it survives', () => {
    const small = board({ library, hand: ['Falling Star'], battlefield: mountains(4) }, { library, battlefield: ['Grizzly Bears'] }, { registry });
    act(small, 'cast Falling Star');
    resolveStack(small);
    expect(zone(small, 'graveyard-1')).toContain('Grizzly Bears');
    const big = board({ library, hand: ['Falling Star'], battlefield: mountains(4) }, { library, battlefield: ['Serra Angel'] }, { registry });
    act(big, 'cast Falling Star');
    resolveStack(big);
    expect(find(big, 'Serra Angel').tapped).toBe(true);
    expect(find(big, 'Serra Angel').damage).toBe(3);
  });

  it('Earthquake Dragon: costs {X} less for the mana value of your Dragons, and comes back from the graveyard', () => {
    const alone = board({ library, hand: ['Earthquake Dragon'], battlefield: forests(1) }, { library }, { registry });
    expect(labels(alone).some((l) => l.startsWith('cast Earthquake Dragon'))).toBe(false);
    // A Dragon of mana value 15 on the battlefield takes all 14 generic off the cost (CR 601.2f).
    const pair = board({ library, hand: ['Earthquake Dragon'], battlefield: ['Earthquake Dragon', ...forests(1)] }, { library }, { registry });
    act(pair, 'cast Earthquake Dragon');
    resolveStack(pair);
    expect(pair.view(0).battlefield.filter((c) => c.name === 'Earthquake Dragon')).toHaveLength(2);
    const yard = board({ library, graveyard: ['Earthquake Dragon'], battlefield: forests(4) }, { library }, { registry });
    act(yard, 'activate Earthquake Dragon');
    // The cost's choices (which mana, which land to sacrifice): any will do.
    while (yard.pending() && yard.pending()!.kind !== 'priority') yard.choose(0);
    resolveStack(yard);
    expect(zone(yard, 'hand-0')).toContain('Earthquake Dragon');
    expect(zone(yard, 'graveyard-0')).toEqual(['Forest']);
  });
});
