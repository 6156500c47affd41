// Board set-up (tests, puzzles): tokens on the battlefield at set-up (CR 111), made as the Token
// effect makes them, and spells resolved at set-up (Forge's puzzle `precast`).
import { describe, expect, it } from 'vitest';
import { StoryletError } from '../../../src/core/errors.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';
import { act, board, find, labels, passUntil, resolveStack, zone } from './helpers.js';

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
      battlefield: [
        { name: 'Spirit', token: { power: 1, toughness: 1, colours: 'W', types: ['Creature', 'Spirit'] } },
        { name: 'Test Wings', attachedTo: 0 },
      ],
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

  it("makes a token from a registry token script: its characteristics are the script's", needsCorpus('forge-cards'), () => {
    const registry = realRegistry();
    const game = board(
      { battlefield: [{ name: 'c_3_3_a_wurm_deathtouch', token: { script: 'c_3_3_a_wurm_deathtouch' } }], library: ['Forest'] },
      { library: ['Forest'] },
      { registry },
    );
    const wurm = game.view(0).battlefield[0]!;
    expect(wurm).toMatchObject({ token: true, name: 'Wurm', power: 3, toughness: 3, keywords: ['Deathtouch'] });
  });
});

describe('board set-up: precast spells and abilities', () => {
  const zoneNames = (game: ReturnType<typeof board>, pile: string) => game.state.zones[pile]!.map((id) => game.state.objects[id]!.card);

  it("resolves a card's first spell ability for its player before the first decision; the card stays out of the game", () => {
    const game = board({ battlefield: ['Test Plains'] }, {}, { precast: [{ seat: 0, card: 'Fx Soldiers' }] });
    expect(game.pending()?.kind).toBe('priority');
    expect(
      game
        .view(0)
        .battlefield.filter((c) => c.token && c.controller === 0)
        .map((c) => c.name),
    ).toEqual(['Soldier', 'Soldier']);
    expect(game.state.stack).toEqual([]);
    expect([...zoneNames(game, 'hand-0'), ...zoneNames(game, 'graveyard-0'), ...zoneNames(game, 'exile')]).toEqual([]);
    expect(zoneNames(game, 'void')).toEqual(['Fx Soldiers']);
  });

  it('takes its target from the set-up: a permanent by its place, or a player', () => {
    const game = board(
      {},
      { battlefield: ['Test Forest', 'Test Bear'] },
      {
        precast: [
          { seat: 0, card: 'Test Bolt', target: { seat: 1, index: 1 } },
          { seat: 1, card: 'Test Bolt', target: { player: 0 } },
        ],
      },
    );
    expect(zoneNames(game, 'graveyard-1')).toEqual(['Test Bear']);
    expect(game.state.players[0].life).toBe(17);
  });

  it("runs an SVar of a set-up permanent with it as the host (ExecuteScript), and a numbered ability (Forge counts a permanent's spell as 0)", () => {
    const game = board(
      { battlefield: ['Test Elder'], library: ['Test Forest', 'Test Forest'] },
      { battlefield: ['Test Bear'] },
      {
        precast: [
          { seat: 0, host: { seat: 0, index: 0 }, ability: 'trigdraw' },
          { seat: 0, card: 'Test Pinger', ability: 1, target: { player: 1 } },
        ],
      },
    );
    expect(zoneNames(game, 'hand-0')).toEqual(['Test Forest']);
    expect(game.state.players[1].life).toBe(19);
  });

  it("puts a permanent card's spell onto the battlefield (CR 608.3), an Aura attached to its target", () => {
    const game = board(
      { battlefield: ['Test Bear'] },
      {},
      {
        precast: [
          { seat: 0, card: 'Test Hawk' },
          { seat: 0, card: 'Test Wings', target: { seat: 0, index: 0 } },
        ],
      },
    );
    expect(find(game, 'Test Hawk').controller).toBe(0);
    expect(find(game, 'Test Wings').attachedTo).toBe(find(game, 'Test Bear').id);
  });

  it('refuses what it cannot do with mtg/bad-config: an unknown SVar, an ability out of range, an Aura with no permanent', () => {
    const code = (precast: NonNullable<Parameters<typeof board>[2]>['precast']) => {
      try {
        board({ battlefield: ['Test Bear'] }, {}, { precast });
      } catch (e) {
        return (e as StoryletError).code;
      }
      return 'none';
    };
    expect(code([{ seat: 0, card: 'Test Elder', ability: 'Nope' }])).toBe('mtg/bad-config');
    expect(code([{ seat: 0, card: 'Test Pinger', ability: 2 }])).toBe('mtg/bad-config');
    expect(code([{ seat: 0, card: 'Test Wings', target: { player: 1 } }])).toBe('mtg/bad-config');
  });

  it('replays: a game with precasts restores from its snapshot to the same state', async () => {
    const { restoreGame } = await import('../../../src/mtg/engine/index.js');
    const game = board({ battlefield: ['Test Plains'] }, {}, { precast: [{ seat: 0, card: 'Fx Soldiers' }] });
    game.choose(0);
    const again = restoreGame(game.snapshot(), game.internals.registry);
    expect(again.stateHash()).toBe(game.stateHash());
  });
});

describe('board set-up: players', () => {
  it('gives players their counters other than poison (CR 122.1), seen by both seats', () => {
    const game = board({ counters: { energy: 3, EXPERIENCE: 1 }, poison: 2 }, { counters: { ENERGY: 0 } });
    expect(game.state.players[0].counters).toEqual({ ENERGY: 3, EXPERIENCE: 1 });
    expect(game.state.players[0].poison).toBe(2);
    expect(game.state.players[1].counters).toBeUndefined();
    expect(game.view(1).players[0].counters).toEqual({ ENERGY: 3, EXPERIENCE: 1 });
  });
});

describe('board set-up: other starting steps, combat in progress, choices made', () => {
  const steps = (game: ReturnType<typeof board>) => game.actions.filter((a) => a.type === 'Step').map((a) => `${a.turn}:${a.step}`);

  it("starting in the untap step untaps the active player's permanents without beginning another turn (CR 502)", () => {
    const game = board(
      { battlefield: [{ name: 'Test Bear', tapped: true }] },
      { battlefield: [{ name: 'Test Ogre', tapped: true }] },
      { turn: 3, step: 'untap' },
    );
    expect(find(game, 'Test Bear').tapped).toBe(false);
    expect(find(game, 'Test Ogre').tapped).toBe(true);
    expect(steps(game)[0]).toBe('3:untap');
    expect(game.state.turn).toBe(3);
  });

  it('starting in the cleanup step runs cleanup: discard to seven, damage wears off (CR 514.1–514.2), then the next turn', () => {
    const hand = Array.from({ length: 9 }, () => 'Test Forest');
    const game = board({ hand, battlefield: [{ name: 'Test Giant', damage: 3 }] }, {}, { step: 'cleanup' });
    expect(game.pending()?.kind).toBe('discard');
    game.choose(0);
    game.choose(0);
    expect(game.state.zones['hand-0']!.length).toBe(7);
    expect(find(game, 'Test Giant').damage).toBe(0);
    expect(steps(game).slice(0, 2)).toEqual(['1:cleanup', '2:untap']);
  });

  it('a set-up attacker in declare blockers: the defender blocks it, and damage follows (CR 509, 510)', () => {
    const game = board({ battlefield: [{ name: 'Test Giant', tapped: true, attacking: true }] }, { battlefield: ['Test Bear'] }, { step: 'declareBlockers' });
    expect(game.state.combat?.attackers.map((a) => a.defender)).toEqual([1]);
    expect(labels(game)).toContain('Test Bear blocks Test Giant');
    game.choose(0);
    passUntil(game, 'main2');
    expect(game.state.players[1].life).toBe(15);
  });

  it('set-up blocks are declared already: from combat damage the blocked attacker deals its damage to its blockers (CR 510.1)', () => {
    const game = board(
      {
        battlefield: [
          { name: 'Test Giant', attacking: true },
          { name: 'Test Ogre', attacking: true },
        ],
      },
      {
        battlefield: [
          { name: 'Test Bear', blocking: 0 },
          { name: 'Test Wall', blocking: 0 },
        ],
      },
      { step: 'combatDamage' },
    );
    // p1 divides the Giant's 5 among its blockers (CR 510.1c); option 0 is the automatic division.
    expect(game.pending()?.kind).toBe('damage-assignment');
    game.choose(0);
    const dealt = game.events.flatMap((e) => (e.type === 'DamageDealt' ? [`${e.sourceName}>${e.target}:${e.amount}`] : []));
    // In set-up order: 2 to the Bear (lethal), the rest to the Wall; the Ogre is unblocked.
    expect(dealt).toEqual(['Test Giant>Test Bear:2', 'Test Giant>Test Wall:3', 'Test Ogre>p2:3', 'Test Bear>Test Giant:2']);
    expect(game.state.players[1].life).toBe(17);
    expect(zone(game, 'graveyard-1')).toEqual(['Test Bear']);
  });

  it('starting in declare attackers with set-up attackers does not ask for attackers again', () => {
    const game = board({ battlefield: [{ name: 'Test Bear', attacking: true }, 'Test Ogre'] }, {}, { step: 'declareAttackers' });
    expect(game.pending()?.kind).toBe('priority');
    passUntil(game, 'main2');
    expect(game.state.players[1].life).toBe(18);
  });

  it('starting in the end of combat step, the set-up combat ends with it (CR 511.3)', () => {
    const game = board({ battlefield: [{ name: 'Test Bear', attacking: true }] }, {}, { step: 'endCombat' });
    passUntil(game, 'main2');
    expect(game.state.combat).toBeNull();
    expect(game.state.players[1].life).toBe(20);
  });

  it('refuses a combat the step cannot have, or a blocker of a creature that is not attacking, with mtg/bad-config', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as StoryletError).code;
      }
      return null;
    };
    expect(code(() => board({ battlefield: [{ name: 'Test Bear', attacking: true }] }, {}, { step: 'main1' }))).toBe('mtg/bad-config');
    expect(code(() => board({ battlefield: ['Test Bear'] }, { battlefield: [{ name: 'Test Ogre', blocking: 0 }] }, { step: 'combatDamage' }))).toBe(
      'mtg/bad-config',
    );
    expect(code(() => board({}, { battlefield: [{ name: 'Test Ogre', attacking: true }] }, { step: 'declareBlockers' }))).toBe('mtg/bad-config');
  });

  it("a chosen colour, type or name at set-up is the permanent's choice, as if made as it entered", () => {
    const game = board({
      battlefield: [{ name: 'Fx Prism', chosen: { colour: 'Green' } }, { name: 'Fx Banner', chosen: { type: 'Bear' } }, 'Test Bear', 'Test Ogre'],
    });
    expect(find(game, 'Test Bear')).toMatchObject({ power: 3, toughness: 3 });
    expect(find(game, 'Test Ogre')).toMatchObject({ power: 3, toughness: 2 });
    const named = board({ hand: ['Test Bolt'], battlefield: ['Test Mountain', { name: 'Fx Namer', chosen: { name: 'Test Bolt' } }] });
    expect(labels(named).filter((l) => l.startsWith('cast'))).toEqual([]);
  });
});
