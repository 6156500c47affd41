// Split second (CR 702.61): while Sudden Shock is on the stack, players can't cast spells or
// activate abilities that aren't mana abilities; mana abilities stay offered (702.61b). Real
// cards from the corpus (skipped without it).
import { describe, expect, it } from 'vitest';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, labels, pick, resolveStack, zone } from './helpers.js';

const LIBRARY = Array.from({ length: 6 }, () => 'Forest');

describe('split second (CR 702.61)', needsCorpus('forge-cards'), () => {
  it('with Sudden Shock on the stack the opponent can only pass or make mana: no Giant Growth to save the Bears', () => {
    const game = board(
      { hand: ['Sudden Shock'], battlefield: ['Mountain', 'Mountain'], library: LIBRARY },
      { hand: ['Giant Growth'], battlefield: ['Forest', 'Grizzly Bears'], library: LIBRARY },
      { registry: realRegistry(), explain: true },
    );
    act(game, 'cast Sudden Shock');
    pick(game, 'target Grizzly Bears');
    // p1 gets priority: Giant Growth is refused (timing), Forest's mana ability is still offered.
    const point = game.pending()!;
    expect(point.seat).toBe(1);
    expect(labels(game).some((l) => l.startsWith('cast Giant Growth'))).toBe(false);
    expect(labels(game).some((l) => l.startsWith('activate Forest'))).toBe(true);
    expect(point.unavailable).toContainEqual(expect.objectContaining({ label: 'cast Giant Growth', reason: 'timing' }));
    resolveStack(game);
    expect(zone(game, 'graveyard-1')).toEqual(['Grizzly Bears']);
  });

  it('once it has resolved, spells can be cast again', () => {
    const game = board(
      { hand: ['Sudden Shock'], battlefield: ['Mountain', 'Mountain'], library: LIBRARY },
      { hand: ['Giant Growth'], battlefield: ['Forest', 'Grizzly Bears'], library: LIBRARY },
      { registry: realRegistry() },
    );
    act(game, 'cast Sudden Shock');
    pick(game, 'target p2');
    resolveStack(game);
    // `act` throws if Giant Growth is never offered.
    act(game, 'cast Giant Growth');
    expect(game.pending()?.kind === 'targets' || game.events.some((e) => e.type === 'SpellCast' && e.name === 'Giant Growth')).toBe(true);
  });
});
