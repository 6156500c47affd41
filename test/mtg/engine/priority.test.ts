// Priority and the stack (CR 117, 405, 608), casting (CR 601.2), mana abilities (CR 605), and the
// "why can't I cast this?" reasons of priority decisions.
import { describe, expect, it } from 'vitest';
import { createGame } from '../../../src/mtg/engine/index.js';
import { act, board, find, fixtureRegistry, labels, lands, passWhile, pick, resolveStack, zone } from './helpers.js';

describe('priority and the stack', () => {
  it('lets the opponent respond; the last spell cast resolves first (CR 405.5, 608.1)', () => {
    const game = board({ battlefield: [...lands(), 'Test Bear'], hand: ['Test Growth'] }, { battlefield: lands(), hand: ['Test Bolt'] });
    act(game, 'cast Test Bolt');
    pick(game, 'target Test Bear');
    // p1 responds to the Bolt with Growth: the Bear survives.
    act(game, 'cast Test Growth');
    resolveStack(game);
    expect(find(game, 'Test Bear').damage).toBe(3);
    expect(zone(game, 'graveyard-0')).toContain('Test Growth');
    expect(zone(game, 'battlefield').length).toBeGreaterThan(0);
  });

  it('keeps priority with the player who acted (CR 117.3c)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt', 'Test Bolt'] });
    act(game, 'cast Test Bolt');
    pick(game, 'target p2');
    expect(game.pending()?.seat).toBe(0);
    expect(labels(game)).toContain('cast Test Bolt');
  });

  it('a mana ability does not use the stack; the mana stays in the pool until the step ends (CR 605.3, 500.4)', () => {
    const game = board({ battlefield: ['Test Mountain', 'Test Forest'] });
    act(game, 'activate Test Mountain');
    expect(game.state.stack).toEqual([]);
    expect(game.view(0).players[0].manaPool).toBe('R');
    passWhile(game, (g) => g.state.step === 'main1');
    expect(game.view(0).players[0].manaPool).toBe('');
  });

  it("a set-up's persistent mana never empties, through steps and turns, and goes once spent", () => {
    const game = board({ hand: ['Test Bolt'], persistentMana: ['R', 'G'], manaPool: ['U'] });
    expect(game.view(0).players[0].manaPool).toBe('URG');
    passWhile(game, (g) => g.state.step === 'main1');
    expect(game.view(0).players[0].manaPool).toBe('RG');
    passWhile(game, (g) => g.state.turn === 1 || g.state.step !== 'main1');
    expect(game.view(0).players[0].manaPool).toBe('RG');
    passWhile(game, (g) => g.state.turn === 2 || g.state.step !== 'main1');
    act(game, 'cast Test Bolt');
    pick(game, 'target p2');
    resolveStack(game);
    expect(game.view(0).players[1].life).toBe(17);
    expect(game.view(0).players[0].manaPool).toBe('G');
  });

  it('uses floating mana before tapping lands', () => {
    const game = board({ battlefield: ['Test Mountain', 'Test Mountain'], hand: ['Test Bolt'] });
    act(game, 'activate Test Mountain');
    act(game, 'cast Test Bolt');
    pick(game, 'target p2');
    expect(game.view(0).battlefield.filter((c) => c.tapped)).toHaveLength(1);
  });

  it('fizzles a spell whose only target became illegal (CR 608.2b)', () => {
    const game = board({ battlefield: [...lands(), 'Test Bear'], hand: ['Test Recall'] }, { battlefield: lands(), hand: ['Test Bolt'] });
    act(game, 'cast Test Bolt');
    pick(game, 'target Test Bear');
    act(game, 'cast Test Recall');
    resolveStack(game);
    expect(zone(game, 'hand-0')).toContain('Test Bear');
    expect(game.events.some((e) => e.type === 'Countered' && e.name === 'Test Bolt' && e.fizzled)).toBe(true);
  });

  it('does not ask a decision with one option: the only target is chosen for you', () => {
    const game = board({ battlefield: lands(), hand: ['Test Slay'] }, { battlefield: ['Test Bear'] });
    act(game, 'cast Test Slay');
    expect(game.pending()?.kind).toBe('priority');
    resolveStack(game);
    expect(zone(game, 'graveyard-1')).toContain('Test Bear');
  });

  it('pays {X}: X is chosen from what the player can pay (CR 107.3, 601.2b)', () => {
    const game = board({ battlefield: ['Test Mountain', 'Test Mountain', 'Test Mountain'], hand: ['Test Blast'] });
    act(game, 'cast Test Blast');
    expect(labels(game)).toEqual(['X = 2', 'X = 1', 'X = 0']);
    pick(game, 'X = 2');
    pick(game, 'target p2');
    resolveStack(game);
    expect(game.state.players[1].life).toBe(18);
  });

  it('offers an activated ability with a tap cost only when the permanent is untapped and not sick (CR 602, 302.6)', () => {
    const game = board({ battlefield: [{ name: 'Test Pinger', sick: true }, 'Test Mountain'] }, {}, { explain: true });
    expect(labels(game)).not.toContain('activate Test Pinger: T: CARDNAME deals 1 damage to any target.');
    expect(game.explain().find((u) => u.card.name === 'Test Pinger')?.reason).toBe('summoning-sick');
  });

  it('lets a player pay a cost by hand with `pay` choices when the seat asks for it', () => {
    const game = createGame({
      registry: fixtureRegistry(),
      seed: 'pay',
      payment: ['ask', 'auto'],
      setup: {
        players: [
          { battlefield: ['Test Mountain', 'Test Forest', 'Test Mountain'], hand: ['Test Ogre'], library: ['Test Forest'] },
          { library: ['Test Forest'] },
        ],
      },
    });
    act(game, 'cast Test Ogre');
    expect(game.pending()?.kind).toBe('pay');
    expect(labels(game)[0]).toBe('pay {2}{R} automatically');
    pick(game, 'tap Test Forest for G');
    pick(game, 'pay {2}{R} automatically');
    expect(
      game
        .view(0)
        .battlefield.filter((c) => c.tapped)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Test Forest', 'Test Mountain', 'Test Mountain']);
  });
});

describe('why a card or ability is not offered', () => {
  it('gives the first reason for each card in hand (timing, no mana, no target, land drop)', () => {
    const game = board(
      { battlefield: ['Test Mountain'], hand: ['Test Giant', 'Test Slay', 'Test Forest', 'Test Insight'], landsPlayed: 1 },
      {},
      { explain: true },
    );
    const why = Object.fromEntries(game.pending()!.unavailable!.map((u) => [u.card.name, u.reason]));
    expect(why).toEqual({ 'Test Giant': 'no-mana', 'Test Slay': 'no-target', 'Test Forest': 'land-drop', 'Test Insight': 'no-mana' });
  });

  it('says "timing" for a sorcery-speed card when the stack is not empty (CR 307.1)', () => {
    const game = board({ battlefield: lands(), hand: ['Test Bolt', 'Test Bear'] }, {}, { explain: true });
    act(game, 'cast Test Bolt');
    pick(game, 'target p2');
    const why = game.pending()!.unavailable!.find((u) => u.card.name === 'Test Bear');
    expect(why?.reason).toBe('timing');
  });
});
