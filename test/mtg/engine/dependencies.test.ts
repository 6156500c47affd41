// Dependencies between continuous effects (CR 613.8) with real cards from the corpus (skipped
// without it): within a layer an effect that depends on another (applying the other changes
// whether it exists or what it applies to, 613.8a) applies after it, whatever the timestamps
// (613.8b); otherwise timestamp order (613.7). The games are strict: the characteristics cache is
// checked against a fresh computation at every decision.
import { describe, expect, it } from 'vitest';
import { createGame, type Game } from '../../../src/mtg/engine/index.js';
import type { BoardSetup, CardView } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { passWhile } from './helpers.js';

const LIBRARY = Array.from({ length: 10 }, () => 'Plains');

/** A strict game whose permanents have timestamps in the order they are listed. */
function strict(p0: string[], p1: string[] = []): Game {
  const setup: BoardSetup = {
    players: [
      { battlefield: p0, library: LIBRARY },
      { battlefield: p1, library: LIBRARY },
    ],
  };
  return createGame({ registry: realRegistry(), seed: 'deps', strict: true, setup });
}

function card(game: Game, name: string): CardView {
  const c = game.view(0).battlefield.find((x) => x.name === name);
  if (!c) throw new Error(`${name} is not on the battlefield`);
  return c;
}

describe('dependencies between continuous effects (CR 613.8)', needsCorpus('forge-cards'), () => {
  for (const order of [
    ['Urborg, Tomb of Yawgmoth', 'Blood Moon'],
    ['Blood Moon', 'Urborg, Tomb of Yawgmoth'],
  ]) {
    it(`Blood Moon and Urborg (${order[0]} first): Urborg's effect depends on Blood Moon, which takes its ability (305.7), so Urborg is a Mountain and no land is a Swamp`, () => {
      const game = strict([...order, 'Forest']);
      const urborg = card(game, 'Urborg, Tomb of Yawgmoth');
      expect(urborg.subtypes).toEqual(['Mountain']);
      expect(card(game, 'Forest').subtypes).toEqual(['Forest']);
      // It has the Mountain's intrinsic mana ability (305.6): it taps for {R}.
      const point = game.pending()!;
      expect(point.options.some((o) => o.label.startsWith('activate Urborg, Tomb of Yawgmoth') && o.label.includes('{R}'))).toBe(true);
    });
  }

  it('Urborg alone: each land is a Swamp in addition to its other types', () => {
    const game = strict(['Urborg, Tomb of Yawgmoth', 'Forest']);
    expect(card(game, 'Forest').subtypes).toEqual(['Forest', 'Swamp']);
  });

  it('Mycosynth Lattice and March of the Machines (March older): March depends on the Lattice, which changes what it applies to, so every land becomes a 0/0 artifact creature and dies', () => {
    const game = strict(['March of the Machines', 'Forest', 'Mycosynth Lattice']);
    passWhile(game, (g) => g.state.zones['graveyard-0']!.length === 0 && g.state.turn < 2);
    const gone = game.state.zones['graveyard-0']!.map((id) => game.state.objects[id]!.card);
    expect(gone).toContain('Forest');
    // The Lattice itself (mana value 6) is a 6/6 artifact creature; March (4) a 4/4.
    expect([card(game, 'Mycosynth Lattice').power, card(game, 'Mycosynth Lattice').toughness]).toEqual([6, 6]);
    expect(card(game, 'March of the Machines').types).toContain('Creature');
  });

  it("Humility takes Lord of Atlantis's ability in layer 6 before its effect starts, whatever the timestamps (613.8a, 613.6): the Merfolk is a 1/1 without islandwalk", () => {
    const game = strict(['Lord of Atlantis', 'Merfolk of the Pearl Trident', 'Humility']);
    const merfolk = card(game, 'Merfolk of the Pearl Trident');
    expect([merfolk.power, merfolk.toughness]).toEqual([1, 1]);
    expect(merfolk.keywords).toEqual([]);
  });

  it('Opalescence and Humility, Humility newer: Humility is a creature and sets every creature, itself included, to 1/1 after Opalescence (613.7)', () => {
    const game = strict(['Opalescence', 'Humility', 'Grizzly Bears']);
    expect([card(game, 'Humility').power, card(game, 'Humility').toughness]).toEqual([1, 1]);
    expect([card(game, 'Grizzly Bears').power, card(game, 'Grizzly Bears').toughness]).toEqual([1, 1]);
  });

  it('Opalescence and Humility, Opalescence newer: Humility is a 4/4 (its mana value) and the Bears 1/1; Humility has lost its own ability but its effect, started in layer 6, goes on in 7b (613.6)', () => {
    const game = strict(['Humility', 'Opalescence', 'Grizzly Bears']);
    expect([card(game, 'Humility').power, card(game, 'Humility').toughness]).toEqual([4, 4]);
    expect([card(game, 'Grizzly Bears').power, card(game, 'Grizzly Bears').toughness]).toEqual([1, 1]);
  });
});
