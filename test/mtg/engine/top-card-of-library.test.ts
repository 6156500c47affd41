// A static's `TopCardOfLibraryIs$` ("as long as the top card of your library is ..."), on the real
// card: Mul Daya Channelers, +3/+3 while the top card of its controller's library is a creature
// card, and "{T}: Add two mana of any one color" while it is a land card. Needs the fetched corpus
// (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { board, find, labels, passUntil } from './helpers.js';

function game(library: string[], opponentLibrary: string[] = ['Grizzly Bears', 'Grizzly Bears']): Game {
  return board({ battlefield: ['Mul Daya Channelers'], library }, { library: opponentLibrary }, { registry: realRegistry() });
}

const manaAbility = (g: Game) => labels(g).some((l) => l.startsWith('activate Mul Daya Channelers'));

describe('TopCardOfLibraryIs$: Mul Daya Channelers', needsCorpus('forge-cards'), () => {
  it('a creature card on top: 5/5, no mana ability', () => {
    const g = game(['Grizzly Bears', 'Forest']);
    const c = find(g, 'Mul Daya Channelers');
    expect([c.power, c.toughness]).toEqual([5, 5]);
    expect(manaAbility(g)).toBe(false);
  });

  it('a land card on top: 2/2 with the mana ability', () => {
    const g = game(['Forest', 'Grizzly Bears']);
    const c = find(g, 'Mul Daya Channelers');
    expect([c.power, c.toughness]).toEqual([2, 2]);
    expect(manaAbility(g)).toBe(true);
  });

  it("only its controller's library counts, and it follows the top card as cards are drawn", () => {
    const g = game(['Forest', 'Grizzly Bears', 'Island'], ['Grizzly Bears', 'Grizzly Bears', 'Grizzly Bears']);
    expect(find(g, 'Mul Daya Channelers').power).toBe(2);
    // Turn 2 (the opponent's) then turn 3: my draw takes the Forest; the Bears are on top.
    passUntil(g, 'main1', 3);
    expect(find(g, 'Mul Daya Channelers').power).toBe(5);
  });

  it('an empty library: neither', () => {
    const g = game([]);
    const c = find(g, 'Mul Daya Channelers');
    expect([c.power, c.toughness]).toEqual([2, 2]);
    expect(manaAbility(g)).toBe(false);
  });
});
