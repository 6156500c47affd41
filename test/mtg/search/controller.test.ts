// The `search` controller (issue 19): deterministic for a seed and a playout budget, in one
// process and across a snapshot and resume; the same decisions whether its model comes from the
// golden game or from its seat's shadow; blind to a change of a card it cannot see; bad budgets
// refused with search/bad-budget. The starter decks, a few turns, small budgets: seconds.
import { describe, expect, it } from 'vitest';
import { StoryletError } from '../../../src/core/errors.js';
import { createController, heuristicSeat, type ControllerSpec } from '../../../src/mtg/controllers/index.js';
import { createGame, forkGame, lazyView, restoreGame, runGame, runReplicated, type Game, type Seat } from '../../../src/mtg/engine/index.js';
import { parse } from '../../../src/mtg/cli/common.js';
import { SEAT_OPTIONS, searchFlags } from '../../../src/mtg/cli/seats.js';
import { searchBudget, searchSeat } from '../../../src/mtg/search/index.js';
import { permuteHiddenFaces } from '../../support/hidden-permute.js';
import { starterCards, starterDecks } from '../controllers/support.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry, targetDecks } from '../engine/corpus.js';

const TURNS = 5;
const registry = starterCards();
const config = (seed: string) => ({ registry, decks: starterDecks(), seed });
const specs = (seed: string): [ControllerSpec, ControllerSpec] => [
  { kind: 'search', seed: `${seed}:p1`, playouts: 4 },
  { kind: 'heuristic', seed: `${seed}:p2` },
];
const seats = (s: [ControllerSpec, ControllerSpec]) => [createController(s[0], { registry }), createController(s[1], { registry })] as const;

/** Plays a starter game with a search seat to the turn limit; its choices. */
function play(seed: string): Game {
  const game = createGame({ ...config(seed), checkpoints: true });
  runGame(game, seats(specs(seed)), { maxTurns: TURNS });
  return game;
}

/** The code of the error `f` throws. */
function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (error) {
    return error instanceof StoryletError ? error.code : 'not a StoryletError';
  }
  return undefined;
}

describe('search controller', () => {
  it('makes the same choices for the same seed and playouts, and searches', () => {
    const a = play('det-1');
    const b = play('det-1');
    expect(b.choices).toEqual(a.choices);
    expect(b.stateHash()).toBe(a.stateHash());
    const p1 = searchSeat({ seed: 'det-1:p1', playouts: 4 }, registry);
    runGame(createGame({ ...config('det-1'), checkpoints: true }), [p1, heuristicSeat('det-1:p2', registry)], { maxTurns: TURNS });
    expect(p1.stats.searched).toBeGreaterThan(5);
    expect(p1.stats.playouts).toBeGreaterThanOrEqual(p1.stats.searched * 2);
  });

  it('goes on after a snapshot and resume exactly as the uninterrupted game', () => {
    const whole = play('resume-1');
    const game = createGame({ ...config('resume-1'), checkpoints: true });
    const first = seats(specs('resume-1'));
    runGame(game, first, { maxChoices: Math.floor(whole.choices.length / 2) });
    // What a session snapshot stores: the game and each seat's spec (the search's prior memory in it).
    const saved = JSON.parse(JSON.stringify({ game: game.snapshot(), seats: [first[0].spec(), first[1].spec()] })) as {
      game: ReturnType<Game['snapshot']>;
      seats: [ControllerSpec, ControllerSpec];
    };
    const resumed = restoreGame(saved.game, registry);
    runGame(resumed, seats(saved.seats), { maxTurns: TURNS });
    expect(resumed.choices).toEqual(whole.choices);
    expect(resumed.stateHash()).toBe(whole.stateHash());
  });

  it('decides the same on its seat’s shadow as on the golden game', () => {
    let overruled = 0;
    for (const seed of ['ii-1', 'ii-2']) {
      // No edge for the prior: the search overrules it on any difference, so the decisions
      // compared are the search's own, not only the heuristic's.
      const make = () => [searchSeat({ seed: `${seed}:p1`, playouts: 4 }, registry, { priorBonus: 0 }), heuristicSeat(`${seed}:p2`, registry)] as const;
      const alone = createGame({ ...config(seed), checkpoints: true });
      runGame(alone, make(), { maxTurns: TURNS });
      const both = make();
      const replicated = runReplicated(config(seed), both, { maxTurns: TURNS });
      expect(replicated.golden.actions).toEqual(alone.actions);
      expect(replicated.golden.stateHash()).toBe(alone.stateHash());
      // It searched on its shadow: a model was made at every decision it searched.
      const stats = both[0].stats;
      expect(stats.searched).toBeGreaterThan(5);
      expect(stats.noModel).toBe(0);
      overruled += stats.overruled;
    }
    expect(overruled).toBeGreaterThan(0);
  });

  it('is blind to the cards it cannot see: the opponent’s hand and the libraries reshuffled, the same decision', () => {
    const game = createGame({ ...config('blind-1'), checkpoints: true });
    const opponent = heuristicSeat('blind-1:p2', registry);
    let compared = 0;
    for (let point = game.pending(); point && game.state.turn <= 6; point = game.pending()) {
      const seat: Seat = 0;
      if (point.seat === seat) {
        const spec: ControllerSpec = { kind: 'search', seed: 'blind', playouts: 4 };
        const decide = (model: Game) => {
          const c = createController(spec, { registry });
          const index = c.choose(lazyView(model, seat), model.pending()!, model);
          return { index, searched: (c as ReturnType<typeof searchSeat>).stats.searched };
        };
        const here = decide(game);
        if (here.searched > 0) {
          const other = forkGame(game);
          expect(permuteHiddenFaces(other, seat, compared + 1)).toBeGreaterThan(0);
          expect(decide(other)).toEqual(here);
          compared++;
        }
        game.choose(here.index);
      } else game.choose(opponent.choose(lazyView(game, point.seat), point));
    }
    expect(compared).toBeGreaterThan(3);
  });

  it('plays as its prior, the heuristic, when no model is handed to it', () => {
    const game = createGame(config('prior-1'));
    const search = searchSeat({ seed: 'prior', playouts: 4 }, registry);
    const heuristic = heuristicSeat('prior/prior', registry);
    for (let point = game.pending(); point && game.state.turn <= 3; point = game.pending()) {
      const view = lazyView(game, point.seat);
      const expected = heuristic.choose(view, point);
      expect(search.choose(view, point)).toBe(expected);
      game.choose(expected);
    }
    expect(search.stats.searched).toBe(0);
  });

  it('refuses a bad budget with search/bad-budget, from a spec or the command line', () => {
    expect(searchBudget({})).toEqual({ playouts: 24 });
    expect(searchBudget({ ms: 100 })).toEqual({ ms: 100 });
    for (const bad of [{ ms: 0 }, { ms: 2.5 }, { playouts: -1 }, { playouts: '8' }, { ms: 100, playouts: 8 }]) {
      expect(codeOf(() => searchBudget(bad))).toBe('search/bad-budget');
      expect(codeOf(() => createController({ kind: 'search', seed: 's', ...bad } as ControllerSpec, { registry }))).toBe('search/bad-budget');
    }
    const flags = (args: string[]) => searchFlags(parse(args, SEAT_OPTIONS));
    expect(flags(['--search-playouts', '64'])).toEqual({ playouts: 64 });
    expect(flags(['--search-ms', '100'])).toEqual({ ms: 100 });
    expect(flags([])).toEqual({});
    for (const bad of [
      ['--search-ms', 'fast'],
      ['--search-playouts', '0'],
      ['--search-ms', '100', '--search-playouts', '8'],
    ]) {
      expect(codeOf(() => flags(bad))).toBe('search/bad-budget');
    }
    expect(codeOf(() => createController({ kind: 'search', seed: 's', state: { nonsense: true } } as unknown as ControllerSpec, { registry }))).toBe(
      'mtg/bad-controller',
    );
  });
});

describe('search controller on the championship decks', needsCorpus('forge-cards', 'deepscry-decks'), () => {
  it('decides the same on its seat’s shadow as on the golden game (tutors, Lotus, Vise and all)', () => {
    const real = realRegistry();
    const decks = targetDecks().filter((d) => d.file.includes('championship'));
    let searched = 0;
    for (const [i, j, seat] of [
      [0, 5, 0],
      [6, 2, 1],
    ] as const) {
      const seed = `ii-championship-${i}-${j}`;
      const cfg = { registry: real, decks: [decks[i]!.main, decks[j]!.main] as [string[], string[]], seed };
      const make = () => {
        const s = searchSeat({ seed: `${seed}:search`, playouts: 4 }, real, { priorBonus: 0 });
        const h = heuristicSeat(`${seed}:heuristic`, real);
        return { s, pair: (seat === 0 ? [s, h] : [h, s]) as [typeof s | typeof h, typeof s | typeof h] };
      };
      const alone = createGame({ ...cfg, checkpoints: true });
      runGame(alone, make().pair, { maxTurns: 6 });
      const both = make();
      const replicated = runReplicated(cfg, both.pair, { maxTurns: 6 });
      expect(replicated.golden.actions).toEqual(alone.actions);
      expect(both.s.stats.noModel).toBe(0);
      searched += both.s.stats.searched;
    }
    expect(searched).toBeGreaterThan(10);
  });
});
