// The controllers' common contract: each is a pure function of its spec (state included), the
// view and the choice point, so rebuilding one from its spec mid-game changes nothing.
import { describe, expect, it } from 'vitest';
import { StoryletError } from '../../../src/core/errors.js';
import {
  controllerKind,
  createController,
  fixedSeat,
  heuristicSeat,
  randomSeat,
  replaySeat,
  zeroSeat,
  type ControllerSpec,
  type SeatController,
} from '../../../src/mtg/controllers/index.js';
import { restoreGame, runGame, type Game } from '../../../src/mtg/engine/index.js';
import { boardGame, starterCards, starterGame } from './support.js';

/** Plays `game` to the end (or `limit` choices), rebuilding both controllers from their specs every `every` choices. */
function play(game: Game, seats: [SeatController, SeatController], every = 0, limit = 5000): void {
  const registry = starterCards();
  for (let n = 0; game.pending() && n < limit; n++) {
    if (every > 0 && n % every === 0) {
      seats = [createController(seats[0].spec(), { registry }), createController(seats[1].spec(), { registry })];
    }
    const point = game.pending()!;
    game.choose(seats[point.seat].choose(game.view(point.seat), point));
  }
}

describe('controllers', () => {
  it('random and heuristic are pure functions of their seed and the game: the same game twice', () => {
    const hashes = [0, 1].map(() => {
      const game = starterGame(11);
      runGame(game, [randomSeat('a'), heuristicSeat('b', starterCards())], { maxTurns: 200 });
      return game.stateHash();
    });
    expect(hashes[0]).toBe(hashes[1]);
  });

  it('plays the same game when every controller is rebuilt from its spec every few choices', () => {
    const registry = starterCards();
    const straight = starterGame(5);
    play(straight, [heuristicSeat('h', registry), randomSeat('r')]);
    const rebuilt = starterGame(5);
    play(rebuilt, [heuristicSeat('h', registry), randomSeat('r')], 7);
    expect(rebuilt.choices).toEqual(straight.choices);
    expect(rebuilt.stateHash()).toBe(straight.stateHash());
  });

  it('zero always answers 0 and says so in its spec', () => {
    const game = starterGame(1);
    const z = zeroSeat();
    expect(z.choose(game.view(0), game.pending()!)).toBe(0);
    expect(z.spec()).toEqual({ kind: 'zero' });
  });

  it('fixed plays its script, carries its cursor in its spec, and reports when it runs out', () => {
    const game = starterGame(2);
    const p1 = fixedSeat('keep; PASS_UNTIL turn=3');
    expect(p1.exhausted!(game.view(0))).toBe(false);
    const point = game.pending()!;
    expect(point.seat).toBe(0);
    expect(point.options[p1.choose(game.view(0), point)]!.action.verb).toBe('keep');
    const spec = p1.spec();
    expect(spec).toMatchObject({ kind: 'fixed', script: 'keep; PASS_UNTIL turn=3', state: { cursor: 1 } });
    const again = createController(spec, { registry: starterCards() });
    expect(again.spec()).toEqual(spec);
  });

  it('fixed: a command that matches nothing throws input/no-match, naming the available actions', () => {
    const game = boardGame({ hand: ['Mountain'] });
    const p1 = fixedSeat('cast fireball');
    const point = game.pending()!;
    expect(point.kind).toBe('priority');
    let caught: unknown;
    try {
      p1.choose(game.view(0), point);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StoryletError);
    expect((caught as StoryletError).code).toBe('input/no-match');
    expect((caught as StoryletError).details['available']).toEqual(['play Mountain']);
  });

  it('replay replays a recorded game exactly, for both seats, from one list', () => {
    const registry = starterCards();
    const recorded = starterGame(9);
    runGame(recorded, [heuristicSeat('x', registry), randomSeat('y')], { maxTurns: 200 });
    const again = starterGame(9);
    const both = replaySeat(recorded.choices);
    runGame(again, [both, both]);
    expect(again.stateHash()).toBe(recorded.stateHash());
    expect(again.winner).toBe(recorded.winner);
  });

  it('replay hands over to its successor when the list runs out, and says it ran out when it has none', () => {
    const registry = starterCards();
    const recorded = starterGame(4);
    runGame(recorded, [heuristicSeat('x', registry), heuristicSeat('y', registry)], { maxChoices: 30 });
    const prefix = recorded.choices.slice(0, 30);
    const game = starterGame(4);
    const seats: [SeatController, SeatController] = [replaySeat(prefix, heuristicSeat('x', registry)), replaySeat(prefix, heuristicSeat('y', registry))];
    runGame(game, seats, { maxChoices: 30 });
    expect(game.choices).toEqual(prefix);
    // Past the list with no successor: exhausted, and asking is an error.
    const bare = replaySeat(prefix);
    const point = game.pending()!;
    expect(bare.exhausted!(game.view(point.seat))).toBe(true);
    expect(() => bare.choose(game.view(point.seat), point)).toThrow(expect.objectContaining({ code: 'mtg/replay-exhausted' }));
    expect(seats[0].spec()).toMatchObject({ kind: 'replay', then: { kind: 'heuristic', seed: 'x' } });
  });

  it('replay refuses a recorded answer the decision does not have (the game went another way)', () => {
    const game = starterGame(1);
    const bad = replaySeat([7]);
    expect(() => bad.choose(game.view(0), game.pending()!)).toThrow(expect.objectContaining({ code: 'mtg/replay-diverged' }));
  });

  it('createController refuses specs that are not one, a tui without a terminal, and a foreign heuristic state', () => {
    const registry = starterCards();
    expect(() => createController({ kind: 'mcts' } as unknown as ControllerSpec, { registry })).toThrow(
      expect.objectContaining({ code: 'mtg/bad-controller' }),
    );
    expect(() => createController({ kind: 'tui' }, { registry })).toThrow(expect.objectContaining({ code: 'mtg/no-terminal' }));
    expect(() => createController({ kind: 'heuristic', seed: '1', state: { lastTarget: 'x' } } as unknown as ControllerSpec, { registry })).toThrow(
      expect.objectContaining({ code: 'mtg/bad-controller' }),
    );
    expect(() => createController({ kind: 'fixed', script: 'cats bolt' }, { registry })).toThrow(expect.objectContaining({ code: 'input/syntax' }));
  });

  it('reads controller kinds case-insensitively and suggests the nearest for a typo', () => {
    expect(controllerKind('Heuristic')).toBe('heuristic');
    expect(() => controllerKind('heuristc')).toThrow(
      expect.objectContaining({ code: 'mtg/unknown-controller', message: expect.stringContaining('"heuristic"') }),
    );
  });

  it('a snapshot of a game played by controllers resumes into the same game with the same controllers', () => {
    const registry = starterCards();
    const seats: [SeatController, SeatController] = [heuristicSeat('p', registry), randomSeat('q')];
    const full = starterGame(21);
    play(full, seats);
    const half = starterGame(21);
    const halfSeats: [SeatController, SeatController] = [heuristicSeat('p', registry), randomSeat('q')];
    play(half, halfSeats, 0, 60);
    const snapshot = JSON.parse(JSON.stringify({ game: half.snapshot(), seats: halfSeats.map((s) => s.spec()) })) as {
      game: ReturnType<Game['snapshot']>;
      seats: ControllerSpec[];
    };
    const resumed = restoreGame(snapshot.game, registry);
    play(resumed, [createController(snapshot.seats[0]!, { registry }), createController(snapshot.seats[1]!, { registry })]);
    expect(resumed.choices).toEqual(full.choices);
    expect(resumed.stateHash()).toBe(full.stateHash());
  });
});
