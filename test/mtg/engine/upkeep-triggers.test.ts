// Upkeep costs are triggered abilities that use the stack (CR 603, 702.24a): a printed
// `UpkeepCost` or `Cumulative upkeep` goes on the stack at the beginning of the upkeep, players
// may respond, and the age counter and the payment happen as it resolves. Real cards from the
// corpus (skipped without it): Whipstitched Zombie (sacrifice unless you pay {B}) and Gallowbraid
// (cumulative upkeep: pay 1 life per age counter).
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, pick, resolveStack, zone } from './helpers.js';

const LIBRARY = Array.from({ length: 6 }, () => 'Swamp');

function upkeep(p0: string[], hand: string[] = [], counters?: Record<string, number>): Game {
  const battlefield = p0.map((name) => (counters && name === 'Gallowbraid' ? { name, counters } : name));
  return board({ battlefield, hand, library: LIBRARY }, { library: LIBRARY }, { registry: realRegistry(), step: 'upkeep' });
}

describe('upkeep costs on the stack (CR 603, 702.24)', needsCorpus('forge-cards'), () => {
  it('Whipstitched Zombie: its upkeep trigger is on the stack before anything is paid', () => {
    const game = upkeep(['Swamp', 'Whipstitched Zombie']);
    expect(game.state.stack.map((i) => i.text)).toEqual(['Whipstitched Zombie trigger']);
    expect(game.pending()?.kind).toBe('priority');
    act(game, 'yes');
    resolveStack(game);
    expect(zone(game, 'battlefield')).toContain('Whipstitched Zombie');
  });

  it('a player can respond: the Zombie bolted in response is gone, and nothing is paid or asked', () => {
    const game = upkeep(['Swamp', 'Mountain', 'Whipstitched Zombie'], ['Lightning Bolt']);
    act(game, 'cast Lightning Bolt');
    pick(game, 'target Whipstitched Zombie');
    const asked: string[] = [];
    for (let i = 0; i < 20 && game.state.stack.length > 0 && game.pending(); i++) {
      asked.push(game.pending()!.kind);
      game.choose(0);
    }
    expect(asked).not.toContain('yes-no');
    expect(zone(game, 'graveyard-0').sort()).toEqual(['Lightning Bolt', 'Whipstitched Zombie']);
  });

  it('Gallowbraid: the age counter is put on as the trigger resolves, then 1 life per counter (CR 702.24a)', () => {
    const game = upkeep(['Swamp', 'Gallowbraid'], [], { AGE: 2 });
    expect(game.state.objects[game.state.zones['battlefield']!.find((id) => game.state.objects[id]!.card === 'Gallowbraid')!]!.counters).toEqual({ AGE: 2 });
    act(game, 'yes');
    resolveStack(game);
    expect(game.state.players[0].life).toBe(17);
    expect(game.events.some((e) => e.type === 'CounterAdded' && e.counter === 'AGE')).toBe(true);
  });
});
