// Scenarios for Devoid, Changeling, Persist, Echo and Unearth (keywords) and Surveil (an effect
// API), with fixture cards from fixtures/keywords2.ts on top of the shared ones.
import { describe, expect, it } from 'vitest';
import type { CardRegistry } from '../../../src/mtg/cards/index.js';
import type { Game } from '../../../src/mtg/engine/index.js';
import { act, board, find, labels, lands, passWhile, pick, registryOf, resolveStack, zone } from './helpers.js';
import { FIXTURE_CARDS } from './fixtures/cards.js';
import { KEYWORD2_CARDS } from './fixtures/keywords2.js';

let registry: CardRegistry | undefined;
function cards(): CardRegistry {
  return (registry ??= registryOf(FIXTURE_CARDS, KEYWORD2_CARDS));
}

function game(p0: Parameters<typeof board>[0], p1: Parameters<typeof board>[1] = {}, more: Parameters<typeof board>[2] = {}): Game {
  return board(p0, p1, { registry: cards(), ...more });
}

function names(g: Game, pile: string): string[] {
  return zone(g, pile);
}

describe('Devoid (CR 702.114)', () => {
  it('a devoid card is colourless on the battlefield despite its black mana cost', () => {
    const g = game({ battlefield: ['Test Void Drone'] });
    expect(find(g, 'Test Void Drone').colours).toEqual([]);
  });

  it('so a "nonblack" spell can target it (and a black creature it cannot)', () => {
    const g = game({ battlefield: [...lands(), 'Test Void Drone', 'Test Sac Outlet'], hand: ['Test Black Doom'] });
    // One legal target is taken without asking: the black Test Sac Outlet is not one.
    act(g, 'cast Test Black Doom');
    resolveStack(g);
    expect(names(g, 'graveyard-0').sort()).toEqual(['Test Black Doom', 'Test Void Drone']);
  });

  it('is colourless in the hand too (a characteristic-defining ability works in every zone, CR 604.3)', () => {
    const g = game({ hand: ['Test Void Drone'] });
    const id = g.state.zones['hand-0']![0]!;
    expect(g.view(0).hand.find((c) => c.id === id)?.colours).toEqual([]);
  });
});

describe('Changeling (CR 702.73)', () => {
  it('a changeling is every creature type: an Elf lord pumps it', () => {
    const g = game({ battlefield: ['Test Elf Lord', 'Test Mimic', 'Test Bear'] });
    expect(find(g, 'Test Mimic').power).toBe(2);
    expect(find(g, 'Test Bear').power).toBe(2);
  });

  it('in every zone, and on a Tribal card: a Tribal changeling in the graveyard is a Goblin card', () => {
    const g = game({ battlefield: [...lands()], hand: ['Test Goblin Recall'], graveyard: ['Test Shifting Word', 'Test Bolt'] });
    // The only Goblin card there, so it is targeted without asking.
    act(g, 'cast Test Goblin Recall');
    resolveStack(g);
    expect(names(g, 'hand-0')).toEqual(['Test Shifting Word']);
    expect(names(g, 'graveyard-0').sort()).toEqual(['Test Bolt', 'Test Goblin Recall']);
  });

  it('a changeling creature card in the graveyard is a Goblin card as well', () => {
    const g = game({ battlefield: [...lands()], hand: ['Test Goblin Recall'], graveyard: ['Test Mimic', 'Test Bear'] });
    act(g, 'cast Test Goblin Recall');
    resolveStack(g);
    expect(names(g, 'hand-0')).toEqual(['Test Mimic']);
  });

  it('but a card without changeling is only its own types', () => {
    const g = game({ battlefield: [...lands()], hand: ['Test Goblin Recall'], graveyard: ['Test Bear'] });
    expect(labels(g).some((l) => l.startsWith('cast Test Goblin Recall'))).toBe(false);
  });
});

describe('Persist (CR 702.79)', () => {
  it('returns with a -1/-1 counter the first time it dies, and stays dead the second', () => {
    const g = game({ battlefield: [...lands(), 'Test Persister'], hand: ['Test Bolt', 'Test Bolt'] });
    act(g, 'cast Test Bolt');
    pick(g, 'target Test Persister');
    resolveStack(g);
    const back = find(g, 'Test Persister');
    expect(back.counters).toEqual({ M1M1: 1 });
    expect([back.power, back.toughness]).toEqual([1, 1]);
    act(g, 'cast Test Bolt');
    pick(g, 'target Test Persister');
    resolveStack(g);
    expect(names(g, 'graveyard-0')).toContain('Test Persister');
    expect(g.view(0).battlefield.some((c) => c.name === 'Test Persister')).toBe(false);
  });

  it('does not return a card that left the graveyard before the trigger resolved (CR 400.7)', () => {
    const g = game({ battlefield: [...lands(), 'Test Persister'], hand: ['Test Bolt', 'Test Grave Snatch'] });
    act(g, 'cast Test Bolt');
    pick(g, 'target Test Persister');
    g.choose(0); // Bolt resolves; the persist trigger goes on the stack
    expect(g.state.stack.length).toBe(1);
    act(g, 'cast Test Grave Snatch');
    pick(g, 'target Test Persister');
    resolveStack(g);
    expect(names(g, 'exile')).toEqual(['Test Persister']);
    expect(g.view(0).battlefield.some((c) => c.name === 'Test Persister')).toBe(false);
  });
});

describe('Echo (CR 702.30)', () => {
  it('at the first upkeep after it came under your control: pay, and it is never asked again', () => {
    const g = game({ battlefield: ['Test Forest', 'Test Forest', 'Test Forest', 'Test Forest'], hand: ['Test Echo Beast'] });
    act(g, 'cast Test Echo Beast');
    resolveStack(g);
    act(g, 'yes');
    expect(g.state.turn).toBe(3);
    passWhile(g, (x) => x.state.turn < 5);
    expect(find(g, 'Test Echo Beast').name).toBe('Test Echo Beast');
    expect(g.state.players[0].pool).toEqual([]);
  });

  it('unpaid, it is sacrificed', () => {
    const g = game({ battlefield: ['Test Forest', 'Test Forest'], hand: ['Test Echo Beast'] });
    act(g, 'cast Test Echo Beast');
    resolveStack(g);
    act(g, 'no');
    expect(g.state.turn).toBe(3);
    expect(names(g, 'graveyard-0')).toContain('Test Echo Beast');
  });
});

describe('Unearth (CR 702.84)', () => {
  it('returns from the graveyard at sorcery speed with haste, and is exiled at the end step', () => {
    const g = game({ battlefield: [...lands()], graveyard: ['Test Digger'] });
    act(g, 'activate Test Digger');
    resolveStack(g);
    expect(find(g, 'Test Digger').keywords).toContain('Haste');
    act(g, 'attack with Test Digger');
    passWhile(g, (x) => x.state.turn === 1 && x.state.step !== 'cleanup');
    expect(g.state.players[1].life).toBe(18);
    expect(names(g, 'exile')).toContain('Test Digger');
  });

  it('if it would leave the battlefield otherwise, it is exiled instead', () => {
    const g = game({ battlefield: [...lands()], graveyard: ['Test Digger'], hand: ['Test Bounce'] });
    act(g, 'activate Test Digger');
    resolveStack(g);
    act(g, 'cast Test Bounce');
    resolveStack(g);
    expect(names(g, 'exile')).toContain('Test Digger');
    expect(names(g, 'hand-0')).not.toContain('Test Digger');
  });

  it('only at sorcery speed, and only from the graveyard', () => {
    const g = game({ battlefield: [...lands(), 'Test Digger'], graveyard: ['Test Digger'] }, {}, { step: 'upkeep' } as never);
    expect(labels(g).some((l) => l.startsWith('activate Test Digger'))).toBe(false);
  });
});

describe('Surveil (CR 701.42)', () => {
  it('puts the chosen cards into the graveyard and keeps the rest on top', () => {
    const g = game({ battlefield: [...lands()], hand: ['Test Peek'], library: ['Test Bear', 'Test Ogre', 'Test Giant'] });
    act(g, 'cast Test Peek');
    resolveStack(g);
    pick(g, 'put Test Bear into your graveyard');
    pick(g, 'keep Test Ogre on top');
    expect(names(g, 'graveyard-0')).toContain('Test Bear');
    expect(names(g, 'library-0').slice(0, 2)).toEqual(['Test Ogre', 'Test Giant']);
  });
});
