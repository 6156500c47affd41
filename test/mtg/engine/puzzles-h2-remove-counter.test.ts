// `RemoveCounter` with the two counter "kinds" that are not counter names: `All` (Vampire
// Hexmage: every counter of every kind) and `Any` (Thrull Parasite: N counters in all, the
// controller choosing the kind of each). The engine used to read `All` as a counter named "All",
// so Vampire Hexmage removed nothing (puzzle api-remove-counter-vampire-hexmage.pzl).
import { describe, expect, it } from 'vitest';
import type { CardRegistry } from '../../../src/mtg/cards/index.js';
import type { Game } from '../../../src/mtg/engine/index.js';
import { FIXTURE_CARDS } from './fixtures/cards.js';
import { EFFECT_CARDS } from './fixtures/effects.js';
import { act, board, find, labels, lands, pick, registryOf, resolveStack } from './helpers.js';

const MINE: Record<string, string[]> = {
  'H2 Vault': ['Name:H2 Vault', 'ManaCost:1', 'Types:Artifact'],
  'H2 Hexer': [
    'Name:H2 Hexer',
    'ManaCost:1',
    'Types:Artifact',
    'A:AB$ RemoveCounter | Cost$ 1 | ValidTgts$ Permanent | CounterType$ All | CounterNum$ All | SpellDescription$ Remove all counters from target permanent.',
  ],
  'H2 Picker': [
    'Name:H2 Picker',
    'ManaCost:1',
    'Types:Artifact',
    'A:AB$ RemoveCounter | Cost$ 1 | ValidTgts$ Permanent | CounterType$ Any | CounterNum$ 2 | SpellDescription$ Remove two counters from target permanent.',
  ],
  'H2 Drainer': [
    'Name:H2 Drainer',
    'ManaCost:1',
    'Types:Artifact',
    'A:AB$ RemoveCounter | Cost$ 1 | ValidTgts$ Permanent | CounterType$ CHARGE | CounterNum$ All | SpellDescription$ Remove all charge counters from target permanent.',
  ],
};

function registry(): CardRegistry {
  return registryOf(FIXTURE_CARDS, EFFECT_CARDS, MINE);
}

/** A board with `tool` and an H2 Vault holding `counters`, seat 0 to act. */
function vaultWith(tool: string, counters: Record<string, number>): Game {
  const game = board({ battlefield: [...lands(), tool, 'H2 Vault'] }, {}, { registry: registry() });
  game.internals.s.objects.find((o) => o?.card === 'H2 Vault')!.counters = { ...counters };
  return game;
}

describe('RemoveCounter: CounterType$ All and Any', () => {
  it('All removes every counter of every kind (Vampire Hexmage)', () => {
    const game = vaultWith('H2 Hexer', { CHARGE: 2, STORAGE: 3 });
    act(game, 'activate H2 Hexer');
    pick(game, 'target H2 Vault');
    resolveStack(game);
    expect(find(game, 'H2 Vault').counters).toEqual({});
  });
  it('Any removes N counters in all, the controller choosing the kind of each', () => {
    const game = vaultWith('H2 Picker', { CHARGE: 2, STORAGE: 3 });
    act(game, 'activate H2 Picker');
    pick(game, 'target H2 Vault');
    resolveStack(game);
    expect(labels(game)).toEqual(['a CHARGE counter', 'a STORAGE counter']);
    pick(game, 'a STORAGE counter');
    pick(game, 'a STORAGE counter');
    resolveStack(game);
    expect(find(game, 'H2 Vault').counters).toEqual({ CHARGE: 2, STORAGE: 1 });
  });
  it('Any asks nothing when there is one kind, and stops when the counters run out', () => {
    const game = vaultWith('H2 Picker', { CHARGE: 3 });
    act(game, 'activate H2 Picker');
    pick(game, 'target H2 Vault');
    resolveStack(game);
    expect(find(game, 'H2 Vault').counters).toEqual({ CHARGE: 1 });
  });
  it('a named kind with CounterNum$ All takes all of that kind only', () => {
    const game = vaultWith('H2 Drainer', { CHARGE: 2, STORAGE: 3 });
    act(game, 'activate H2 Drainer');
    pick(game, 'target H2 Vault');
    resolveStack(game);
    expect(find(game, 'H2 Vault').counters).toEqual({ STORAGE: 3 });
  });
});
