// The search's model of a game (src/mtg/search/determinize.ts): a copy holding only what its seat
// may know, every other face sampled from the decklists minus the cards the seat sees. The model
// must be a function of the seat's projection and the caller's stream: the golden game and the
// seat's shadow give the same model, and a change to a face the seat cannot see changes nothing.
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../../src/core/hash.js';
import { Rng } from '../../../src/core/random.js';
import { StoryletError } from '../../../src/core/errors.js';
import { createGame, forkGame, randomController, runGame, runReplicated, type Controller, type Game, type Seat } from '../../../src/mtg/engine/index.js';
import { faceVisible, publicHash } from '../../../src/mtg/engine/public-hash.js';
import { HIDDEN_CARD } from '../../../src/mtg/engine/replica/identity.js';
import { determinize } from '../../../src/mtg/search/index.js';
import { permuteHiddenFaces } from '../../support/hidden-permute.js';
import { starterCards, starterDecks } from '../controllers/support.js';

/**
 * A model as a comparable digest: its whole state but the table's card ids (a physical card's
 * name on the table, which a shadow numbers by its own shuffles), and its random streams.
 */
function digest(model: Game): string {
  const state = JSON.stringify(model.state, (k, v: unknown) => (k === 'tid' || k === 'lastController' ? undefined : v));
  const table = model.internals.table.snapshot();
  return contentHash(`${state}|${JSON.stringify(model.internals.rng.state())}|${JSON.stringify(table.rng)}|${model.choices.join(',')}`);
}

/** Plays a starter game with random seats up to `choices` decisions (no further than the game goes). */
function gameAt(seed: string, choices: number): Game {
  const game = createGame({ registry: starterCards(), decks: starterDecks(), seed, checkpoints: true });
  runGame(game, [randomController(`${seed}a`), randomController(`${seed}b`)], { maxChoices: choices });
  return game;
}

/** The names a seat cannot see in `game`, per owner, sorted: what the sampler may deal. */
function hiddenNames(game: Game, seat: Seat): [string[], string[]] {
  const out: [string[], string[]] = [[], []];
  for (const o of game.state.objects) if (o && !o.token && !o.effect && !faceVisible(o, seat)) out[o.owner].push(o.card);
  return [out[0].sort(), out[1].sort()];
}

describe('determinize', () => {
  it('keeps every face the seat sees and agrees with the game on the seat’s projection', () => {
    for (const at of [12, 40, 90]) {
      const game = gameAt(`keep-${at}`, at);
      const seat = game.pending()!.seat;
      const model = determinize(game, seat, new Rng('k'));
      expect(publicHash(model, seat)).toBe(publicHash(game, seat));
      for (const o of game.state.objects) if (o && faceVisible(o, seat)) expect(model.state.objects[o.id]!.card).toBe(o.card);
      expect(model.pending()).toEqual(game.pending());
      expect(model.choices.length).toBe(game.choices.length);
    }
  });

  it('deals the hidden faces from the decklists minus the cards the seat sees', () => {
    const game = gameAt('deal', 60);
    const seat = game.pending()!.seat;
    const model = determinize(game, seat, new Rng('d'));
    // Every id keeps its owner and zone; the hidden faces are a reshuffle of the same multiset
    // (the starter decks' lists are exactly the cards in play, so nothing is left over).
    expect(hiddenNames(model, seat)).toEqual(hiddenNames(game, seat));
    expect(model.state.zones).toEqual(game.state.zones);
    expect(model.state.objects.some((o) => o?.card === HIDDEN_CARD)).toBe(false);
  });

  it('is a function of the seed: the same stream gives the same model, another another', () => {
    const game = gameAt('seed', 50);
    const seat = game.pending()!.seat;
    expect(digest(determinize(game, seat, new Rng('a')))).toBe(digest(determinize(game, seat, new Rng('a'))));
    expect(digest(determinize(game, seat, new Rng('a')))).not.toBe(digest(determinize(game, seat, new Rng('b'))));
  });

  it('never reads a face the seat may not see: permuting them changes no model', () => {
    for (const at of [20, 70]) {
      const game = gameAt(`perm-${at}`, at);
      const seat = game.pending()!.seat;
      const copy = forkGame(game);
      expect(permuteHiddenFaces(copy, seat, 11)).toBeGreaterThan(0);
      expect(digest(determinize(copy, seat, new Rng('p')))).toBe(digest(determinize(game, seat, new Rng('p'))));
    }
  });

  it('makes the same model from the seat’s shadow as from the golden game, at every decision', () => {
    const seed = 'shadow-1';
    const config = { registry: starterCards(), decks: starterDecks(), seed };
    const limit = { maxTurns: 14 };
    // A controller that records a model digest at each of its decisions (from the first priority
    // decision on: before it no checkpoint exists to replay a model from), then plays at random.
    const recording = (log: string[], name: string): Controller => {
      const random = randomController(name);
      return {
        name: 'recorder',
        forks: true,
        choose(view, point, model) {
          if (view.turn >= 1 && point.kind !== 'mulligan' && point.kind !== 'bottom')
            log.push(`${view.choiceCount}:${digest(determinize(model!, view.seat, new Rng(`r${view.choiceCount}`), { check: point.kind !== 'priority' }))}`);
          return random.choose(view, point);
        },
      };
    };
    const fromGolden: [string[], string[]] = [[], []];
    runGame(createGame({ ...config, checkpoints: true }), [recording(fromGolden[0], 'a'), recording(fromGolden[1], 'b')], limit);
    const fromShadow: [string[], string[]] = [[], []];
    runReplicated(config, [recording(fromShadow[0], 'a'), recording(fromShadow[1], 'b')], limit);
    expect(fromGolden[0].length).toBeGreaterThan(20);
    expect(fromShadow).toEqual(fromGolden);
  });

  it('refuses a game that is over with search/no-model', () => {
    const game = gameAt('over', 100_000);
    expect(game.pending()).toBeNull();
    expect(() => determinize(game, 0, new Rng('x'))).toThrow(StoryletError);
    try {
      determinize(game, 0, new Rng('x'));
    } catch (error) {
      expect((error as StoryletError).code).toBe('search/no-model');
    }
  });
});
