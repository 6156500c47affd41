// CR 616.1: when several replacement effects would modify one event, the affected object's
// controller (or the affected player) chooses which applies first; the others are then checked
// again (616.1f). Real cards: Gravebane Zombie ("if it would die, put it on top of its owner's
// library instead") under Rest in Peace ("if a card would be put into a graveyard from anywhere,
// exile it instead"), the classic case. Skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { FixedController } from '../../../src/mtg/input/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, labels, pick, resolveStack, zone } from './helpers.js';

function movesOf(game: Game): string[] {
  return game.events.flatMap((e) => (e.type === 'ZoneChanged' && e.name === 'Gravebane Zombie' ? [`${e.from}>${e.to}`] : []));
}

const LIBRARY = Array.from({ length: 6 }, () => 'Forest');

function boltTheZombie(p1Battlefield: string[]): Game {
  const game = board(
    { hand: ['Lightning Bolt'], battlefield: ['Mountain'], library: LIBRARY },
    { battlefield: p1Battlefield, library: LIBRARY },
    { registry: realRegistry() },
  );
  act(game, 'cast Lightning Bolt');
  if (game.pending()?.kind === 'targets') pick(game, 'target Gravebane Zombie');
  resolveStack(game);
  return game;
}

describe('the order of replacement effects (CR 616.1)', needsCorpus('forge-cards'), () => {
  it("the dying creature's controller is asked which applies first; option 0 is the earliest timestamp", () => {
    const game = boltTheZombie(['Gravebane Zombie', 'Rest in Peace']);
    const point = game.pending()!;
    expect(point.kind).toBe('order-replacements');
    expect(point.seat).toBe(1);
    expect(labels(game)).toEqual([
      "Gravebane Zombie: If Gravebane Zombie would die, put Gravebane Zombie on top of its owner's library instead.",
      'Rest in Peace: If a card or token would be put into a graveyard from anywhere, exile it instead.',
    ]);
    game.choose(0);
    // On top of the library; Rest in Peace no longer applies: it is not going to a graveyard (616.1f).
    expect(movesOf(game)).toEqual(['battlefield>library']);
    expect(zone(game, 'exile')).not.toContain('Gravebane Zombie');
  });

  it('choosing Rest in Peace first exiles it', () => {
    const game = boltTheZombie(['Gravebane Zombie', 'Rest in Peace']);
    pick(game, 'Rest in Peace');
    expect(movesOf(game)).toEqual(['battlefield>exile']);
    expect(zone(game, 'library-1')).not.toContain('Gravebane Zombie');
  });

  it('the timestamp order is option 0 either way: Rest in Peace first when it came first', () => {
    const game = boltTheZombie(['Rest in Peace', 'Gravebane Zombie']);
    expect(labels(game)[0]).toMatch(/^Rest in Peace/);
  });

  it('nothing is asked when one effect applies', () => {
    const game = boltTheZombie(['Gravebane Zombie']);
    expect(game.actions.some((a) => a.type === 'ChoicePoint' && a.kind === 'order-replacements')).toBe(false);
    expect(movesOf(game)).toEqual(['battlefield>library']);
  });

  it('fixed inputs: `choose rest in peace` answers it', () => {
    const game = board(
      { hand: ['Lightning Bolt'], battlefield: ['Mountain'], library: LIBRARY },
      { battlefield: ['Gravebane Zombie', 'Rest in Peace'], library: LIBRARY },
      { registry: realRegistry() },
    );
    act(game, 'cast Lightning Bolt');
    if (game.pending()?.kind === 'targets') pick(game, 'target Gravebane Zombie');
    const p2 = FixedController.fromText('*; choose rest in peace');
    for (let i = 0; i < 50 && game.pending() && !p2.exhausted; i++) {
      const point = game.pending()!;
      game.choose(point.seat === 1 ? p2.choose(null, point) : 0);
    }
    expect(p2.exhausted).toBe(true);
    expect(zone(game, 'exile')).toContain('Gravebane Zombie');
  });
});
