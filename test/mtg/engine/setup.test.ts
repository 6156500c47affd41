// Board set-up (tests, puzzles): tokens on the battlefield at set-up (CR 111), made as the Token
// effect makes them, and spells resolved at set-up (Forge's puzzle `precast`).
import { describe, expect, it } from 'vitest';
import { StoryletError } from '../../../src/core/errors.js';
import { corpusAvailable, realRegistry } from './corpus.js';
import { act, board, find, labels, resolveStack } from './helpers.js';

describe('board set-up: tokens', () => {
  it('makes a token written out, with its characteristics and the battlefield modifiers (CR 111.1)', () => {
    const game = board({
      battlefield: [
        'Test Forest',
        { name: 'Servo', token: { power: 1, toughness: 1, colours: '', types: ['Artifact', 'Creature', 'Servo'] }, tapped: true, counters: { P1P1: 2 } },
        { name: 'Bird', token: { power: 1, toughness: 1, colours: 'WU', types: ['Creature', 'Bird'], keywords: ['Flying'] }, sick: true },
      ],
    });
    const servo = find(game, 'Servo');
    expect(servo).toMatchObject({ token: true, controller: 0, owner: 0, tapped: true, counters: { P1P1: 2 }, power: 3, toughness: 3, colours: [] });
    expect(servo.types).toEqual(['Artifact', 'Creature']);
    expect(servo.subtypes).toEqual(['Servo']);
    const bird = find(game, 'Bird');
    expect(bird).toMatchObject({ token: true, sick: true, colours: ['W', 'U'], keywords: ['Flying'] });
    // A token is on the table like any permanent: the engine's zones and the table agree.
    expect(game.state.zones['battlefield']!.length).toBe(3);
  });

  it('is the same token the Token effect makes', () => {
    const made = board({ battlefield: ['Test Plains'], hand: ['Fx Soldiers'] });
    act(made, 'cast Fx Soldiers');
    resolveStack(made);
    const fromEffect = made.state.objects.find((o) => o?.token)!.token!;
    const game = board({ battlefield: [{ name: 'Soldier', token: { power: 1, toughness: 1, colours: 'W', types: ['Creature', 'Soldier'] } }] });
    const atSetup = game.state.objects.find((o) => o?.token)!.token!;
    // The effect's definition also says where its SVars live (the spell's card): nothing else differs.
    const { svarsFrom: _from, ...rest } = fromEffect;
    expect(atSetup).toEqual(rest);
  });

  it('attaches an Aura to a token by its place in the battlefield list', () => {
    const game = board({
      battlefield: [{ name: 'Spirit', token: { power: 1, toughness: 1, colours: 'W', types: ['Creature', 'Spirit'] } }, { name: 'Test Wings', attachedTo: 0 }],
    });
    expect(find(game, 'Test Wings').attachedTo).toBe(find(game, 'Spirit').id);
    expect(find(game, 'Spirit').keywords).toContain('Flying');
  });

  it('a summoning-sick token cannot attack; one that is not can (CR 302.6)', () => {
    const wolf = (sick: boolean) => ({ name: 'Wolf', token: { power: 2, toughness: 2, colours: 'G', types: ['Creature', 'Wolf'] }, sick });
    const ready = board({ battlefield: [wolf(false)] });
    act(ready, 'attack with Wolf');
    const sick = board({ battlefield: [wolf(true)] });
    expect(find(sick, 'Wolf').sick).toBe(true);
    const offered: string[] = [];
    while (sick.pending() && sick.pending()!.turn === 1) {
      offered.push(...labels(sick));
      sick.choose(0);
    }
    expect(offered.filter((l) => l.startsWith('attack with'))).toEqual([]);
  });

  it('refuses an unknown token script with mtg/bad-config', () => {
    let error: unknown;
    try {
      board({ battlefield: [{ name: 'Nothing', token: { script: 'x_9_9_nothing' } }] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoryletError);
    expect((error as StoryletError).code).toBe('mtg/bad-config');
  });

  it.skipIf(!corpusAvailable)('makes a token from a registry token script: its characteristics are the script\'s', () => {
    const game = board({ battlefield: [{ name: 'c_3_3_a_wurm_deathtouch', token: { script: 'c_3_3_a_wurm_deathtouch' } }], library: ['Forest'] }, { library: ['Forest'] }, { registry });
    const wurm = game.view(0).battlefield[0]!;
    expect(wurm).toMatchObject({ token: true, name: 'Wurm', power: 3, toughness: 3, keywords: ['Deathtouch'] });
  });
});
