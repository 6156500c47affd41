// Public ids are library slots (issue 15, docs/mtg/network.md): a deck game's objects are made
// after the opening order is fixed, top first, so an id says nothing of its face; a library
// shuffle rebinds the faces to the ids, which keep their slots, and makes each a new object.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/random.js';
import { createGame, type Game } from '../../../../src/mtg/engine/index.js';
import { checkZones, pileId, shuffleLibrary } from '../../../../src/mtg/engine/zones.js';
import { spellDeck } from '../fixtures/cards.js';
import { fixtureRegistry } from '../helpers.js';

const deckGame = (deckSeed: string, seed = 's'): Game =>
  createGame({ registry: fixtureRegistry(), decks: [spellDeck('R'), spellDeck('G')], seed, deckSeed, strict: true });

/** The ids of a pile, and the names of the cards in them. */
const pile = (game: Game, p: string) => ({
  ids: [...game.state.zones[p]!],
  names: game.state.zones[p]!.map((id) => game.state.objects[id]!.card),
});

describe('public ids are library slots', () => {
  it('the same decks under any deck seed lay out the same ids; only the faces differ', () => {
    const a = deckGame('one');
    const b = deckGame('two');
    for (const p of ['hand-0', 'library-0', 'hand-1', 'library-1']) expect(pile(a, p).ids).toEqual(pile(b, p).ids);
    expect(pile(a, 'library-0').names).not.toEqual(pile(b, 'library-0').names);
    // Seat 1's objects come after seat 0's, each library numbered top first (the hand drew slots 1–7).
    const n = spellDeck('R').length;
    expect([...pile(a, 'hand-0').ids].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pile(a, 'library-0').ids).toEqual(Array.from({ length: n - 7 }, (_, i) => i + 8));
    expect(pile(a, 'library-1').ids[0]).toBe(n + 8);
  });

  it('topOfLibrary puts the named cards in the first slots', () => {
    const game = createGame({
      registry: fixtureRegistry(),
      decks: [spellDeck('R'), spellDeck('G')],
      seed: 's',
      topOfLibrary: [[spellDeck('R').at(-1)!], []],
    });
    expect(game.state.objects[1]!.card).toBe(fixtureRegistry().get(spellDeck('R').at(-1)!).name);
  });

  it('a shuffle keeps the ids in their slots and moves the faces with the table, each a new object (CR 400.7)', () => {
    const game = deckGame('x');
    const g = game.internals;
    const lib = pileId('library', 0);
    const before = pile(game, lib);
    const incs = before.ids.map((id) => game.state.objects[id]!.inc);
    const faceOf = new Map(before.ids.map((id) => [game.state.objects[id]!.tid, game.state.objects[id]!.card]));
    shuffleLibrary(g, 0);
    const after = pile(game, lib);
    expect(after.ids).toEqual(before.ids);
    expect(after.names).not.toEqual(before.names);
    expect([...after.names].sort()).toEqual([...before.names].sort());
    // Each slot holds the physical card the table's permutation put there.
    const cards = g.table.pile(lib).cards;
    after.ids.forEach((id, i) => {
      const o = game.state.objects[id]!;
      expect(o.tid).toBe(cards[i]);
      expect(o.card).toBe(faceOf.get(cards[i]!));
      expect(o.inc).toBe(incs[i]! + 1);
      expect(o.known).toEqual([false, false]);
    });
    checkZones(g);
  });

  it('the opening order is the deck stream permutation of the decklist, as before ids named slots', () => {
    // Shuffling line numbers with `<deckSeed>/decks` is how the order was always drawn: same cards, same places.
    const names = spellDeck('R').map((n) => fixtureRegistry().get(n).name);
    const lines = new Rng('z/decks').shuffle(names.map((_, i) => i));
    const game = deckGame('z');
    const library = [...[...game.state.zones['hand-0']!].reverse(), ...game.state.zones['library-0']!];
    expect(library.map((id) => game.state.objects[id]!.card)).toEqual(lines.map((i) => names[i]));
  });
});
