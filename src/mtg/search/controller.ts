/**
 * The `search` controller (issue 19, docs/mtg/search.md "Playing games"): flat Monte Carlo over
 * determinizations with paired, truncated heuristic playouts, the heuristic's own choice as the
 * prior. At a decision worth searching (candidates.ts) it samples worlds consistent with what its
 * seat knows (determinize.ts), plays the candidates in each world with the same seeds (dropping the
 * ones that fall behind), and takes the candidate with the best mean score (score.ts); the
 * heuristic's choice keeps an edge, wins ties, and is what it plays at every other decision.
 *
 * It is deterministic for a seed and a playout budget (`playouts`): the worlds, the playouts and
 * the tie-breaks are seeded from its seed and the choice count. A time budget (`ms`) plays worlds
 * until the wall clock says stop, so its choices may vary from run to run.
 */
import { StoryletError } from '../../core/errors.js';
import { Rng } from '../../core/random.js';
import type { CardRegistry } from '../cards/index.js';
import { heuristicSeat, type HeuristicState } from '../controllers/heuristic/index.js';
import type { SeatController } from '../controllers/types.js';
import { forkGame, type ChoicePoint, type Game, type SeatView } from '../engine/index.js';
import { candidates } from './candidates.js';
import { seatModel } from './determinize.js';
import { playout, type Horizon } from './playout.js';

/**
 * The playouts a decision gets when the spec gives no budget.
 *
 * @example
 * ```ts
 * createController({ kind: 'search', seed: '1' }, { registry }).spec(); // { ..., playouts: 24 }
 * ```
 */
export const DEFAULT_PLAYOUTS = 24;
/** The largest budgets a spec may ask: ten minutes, a million playouts. */
const MAX_MS = 600_000;
const MAX_PLAYOUTS = 1_000_000;
/**
 * The search's knobs, fixed by measurement (docs/mtg/search.md "Playing games"); `searchSeat`
 * takes other values for experiments and benchmarks. They are no part of a spec.
 */
export type SearchTuning = {
  /** A playout stops at the first decision of turn `now + horizonTurns` (1: the rest of this turn; 2: and the whole next one). */
  horizonTurns: number;
  /** ...or after this many decisions. */
  horizonChoices: number;
  /** The prior's edge: another candidate must beat the heuristic's choice by more than this mean score. */
  priorBonus: number;
  /** A candidate whose mean falls this far behind the leader's plays no more worlds... */
  dropMargin: number;
  /** ...once this many worlds are played (Infinity: no race, every candidate plays every world). */
  dropAfter: number;
  /** Told of every searched decision (benchmarks, experiments); never changes a choice. */
  observe?: (report: SearchReport) => void;
};

/** What one searched decision found, for {@link SearchTuning.observe}. */
export type SearchReport = {
  point: ChoicePoint;
  /** The candidates (option indices), the prior's first, with their mean scores. */
  candidates: Array<{ index: number; mean: number }>;
  worlds: number;
  chosen: number;
};

/**
 * The tuning `search` plays with.
 *
 * @example
 * ```ts
 * searchSeat({ seed: 'x', playouts: 64 }, registry, { ...SEARCH_TUNING, horizonTurns: 2 }); // an experiment
 * ```
 */
export const SEARCH_TUNING: Readonly<SearchTuning> = { horizonTurns: 1, horizonChoices: 120, priorBonus: 0.04, dropMargin: 0.1, dropAfter: 2 };
/** Worlds whose playouts fail (an engine error in a sampled world) before a decision gives up searching. */
const MAX_FAILED_WORLDS = 3;

/** How much a decision may spend: playouts (deterministic) or wall-clock milliseconds (may vary). */
export type SearchBudget = { playouts: number } | { ms: number };

/** What the `search` controller has done, for benchmarks and the curious. */
export type SearchStats = {
  /** Decisions asked of it. */
  decisions: number;
  /** Decisions it searched (the others went to the heuristic: one candidate, or a kind it does not search). */
  searched: number;
  /** Decisions where it chose otherwise than the heuristic would have. */
  overruled: number;
  /** Playouts played, and the decisions made inside them. */
  playouts: number;
  playoutChoices: number;
  /** Worlds dropped because a playout failed, and decisions where no model could be made. */
  failedWorlds: number;
  noModel: number;
  /** Milliseconds spent searching (wall clock; not part of any decision). */
  ms: number;
};

/** A `search` controller: a seat controller with its statistics. */
export interface SearchSeat extends SeatController {
  readonly stats: SearchStats;
}

/**
 * Reads a budget as a spec or the command line gives it: at most one of `ms` and `playouts`, each
 * a whole number from 1; neither means {@link DEFAULT_PLAYOUTS} playouts.
 *
 * @throws StoryletError `search/bad-budget` naming what was wrong.
 * @example
 * ```ts
 * searchBudget({ playouts: 64 }); // { playouts: 64 }
 * searchBudget({}); // { playouts: 24 }
 * searchBudget({ ms: 100, playouts: 8 }); // throws search/bad-budget: give one of them
 * ```
 */
export function searchBudget(given: { ms?: unknown; playouts?: unknown }): SearchBudget {
  const { ms, playouts } = given;
  if (ms !== undefined && playouts !== undefined)
    throw new StoryletError('search/bad-budget', 'a search budget is milliseconds or playouts a decision, not both: give --search-ms or --search-playouts', {
      ms,
      playouts,
    });
  const whole = (v: unknown, what: string, max: number): number => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > max)
      throw new StoryletError('search/bad-budget', `${what} must be a whole number from 1 to ${max}; got ${JSON.stringify(v)}`, { value: v });
    return v;
  };
  if (ms !== undefined) return { ms: whole(ms, 'the search time a decision (ms)', MAX_MS) };
  return { playouts: playouts === undefined ? DEFAULT_PLAYOUTS : whole(playouts, 'the playouts a decision', MAX_PLAYOUTS) };
}

/** The `search` controller's spec fields besides its kind. */
export type SearchSpecFields = { seed: string; ms?: number; playouts?: number; state?: HeuristicState };

/**
 * A `search` controller. It searches only when handed its seat's model (`choose`'s third
 * argument: `runGame`, `runReplicated`, the `mtg` commands and the network client hand it);
 * without one it plays as its prior, the heuristic.
 *
 * @throws StoryletError `search/bad-budget` for a budget {@link searchBudget} refuses;
 * `mtg/bad-controller` for a saved heuristic state it did not write.
 * @example
 * ```ts
 * const p1 = searchSeat({ seed: '7:p1', playouts: 32 }, registry);
 * runGame(createGame({ registry, decks, seed: 7, checkpoints: true }), [p1, heuristicSeat('7:p2', registry)]);
 * p1.stats.searched; // decisions it searched
 * ```
 */
export function searchSeat(fields: SearchSpecFields, registry: CardRegistry, tuning: Partial<SearchTuning> = {}): SearchSeat {
  const knobs: SearchTuning = { ...SEARCH_TUNING, ...tuning };
  const seed = String(fields.seed);
  const budget = searchBudget({
    ...(fields.ms !== undefined ? { ms: fields.ms } : {}),
    ...(fields.playouts !== undefined ? { playouts: fields.playouts } : {}),
  });
  const prior = heuristicSeat(`${seed}/prior`, registry, fields.state);
  const stats: SearchStats = { decisions: 0, searched: 0, overruled: 0, playouts: 0, playoutChoices: 0, failedWorlds: 0, noModel: 0, ms: 0 };
  const memory = (): HeuristicState => (prior.spec() as { state: HeuristicState }).state;
  return {
    kind: 'search',
    name: 'search',
    forks: true,
    stats,
    choose(view, point, model) {
      stats.decisions++;
      const before = memory();
      const first = prior.choose(view, point);
      if (!model || !model.pending()) return first;
      const cands = candidates(registry, view, point, first);
      if (cands.length < 2) return first;
      const started = performance.now();
      const best = weigh({ game: model, view, point, cands, seed, registry, memory: before, budget, stats, knobs });
      stats.ms += performance.now() - started;
      stats.searched++;
      if (best !== first) stats.overruled++;
      return best;
    },
    spec: () => ({
      kind: 'search',
      seed,
      ...('ms' in budget ? { ms: budget.ms } : { playouts: budget.playouts }),
      state: memory(),
    }),
  };
}

/** What one search needs. */
type Weighing = {
  game: Game;
  view: SeatView;
  point: ChoicePoint;
  cands: number[];
  seed: string;
  registry: CardRegistry;
  memory: HeuristicState;
  budget: SearchBudget;
  stats: SearchStats;
  knobs: SearchTuning;
};

/**
 * Plays the candidates in world after world (the same world and seeds for each, so their scores
 * differ only by the candidate) until the budget is spent, and returns the candidate with the best
 * mean score; the first candidate, the prior's choice, keeps a small edge and wins ties. The
 * candidates race: one that falls behind the leader by {@link SearchTuning.dropMargin} after
 * {@link SearchTuning.dropAfter} worlds plays no more, so the budget goes to the ones in contention
 * (the prior always plays on). Every candidate still in the race has played every world so far:
 * their means stay paired.
 */
function weigh(w: Weighing): number {
  const { game, view, point, cands, stats, knobs } = w;
  const seat = view.seat;
  const horizon: Horizon = { untilTurn: game.state.turn + knobs.horizonTurns, maxChoices: knobs.horizonChoices };
  const totals = cands.map(() => 0);
  const plays = cands.map(() => 0);
  const alive = cands.map(() => true);
  const started = performance.now();
  const limit = 'playouts' in w.budget ? w.budget.playouts : Infinity;
  const key = `${w.seed}/${view.choiceCount}`;
  let done = 0;
  let failed = 0;
  let used = 0;
  let deal: (rng: Rng) => Game;
  try {
    // Away from a priority decision the model is replayed from a checkpoint: its first world is checked.
    deal = seatModel(game, seat, { check: point.kind !== 'priority' });
  } catch (error) {
    if (!(error instanceof StoryletError && error.code === 'search/no-model')) throw error;
    stats.noModel++;
    return cands[0]!;
  }
  // At a priority decision a dealt world is forked for each candidate (a fork is an exact copy,
  // and cheaper than dealing the same world again); elsewhere a world cannot be forked (the copy
  // keeps no checkpoint), so the same world is dealt again for each.
  const forkable = point.kind === 'priority';
  for (let i = 0; failed < MAX_FAILED_WORLDS; i++) {
    const racing = cands.map((_, k) => k).filter((k) => alive[k]);
    // At least one world; then only whole worlds that fit the playouts left.
    if (done > 0 && used + racing.length > limit) break;
    const scores: number[] = [];
    try {
      const dealt = forkable ? deal(new Rng(`${key}/world${i}`)) : null;
      for (const [n, k] of racing.entries()) {
        const last = n === racing.length - 1;
        const world = dealt ? (last ? dealt : forkGame(dealt, { checkpoints: false })) : deal(new Rng(`${key}/world${i}`));
        const seeds: [string, string] = [`${key}/world${i}/p1`, `${key}/world${i}/p2`];
        const r = playout(world, cands[k]!, { registry: w.registry, seat, seeds, memory: w.memory, horizon });
        scores.push(r.score);
        used++;
        stats.playouts++;
        stats.playoutChoices += r.choices;
      }
    } catch (error) {
      if (error instanceof StoryletError && error.code === 'search/no-model') {
        stats.noModel++;
        return cands[0]!;
      }
      // An engine failure inside a sampled world says nothing about the real one: the world is dropped.
      failed++;
      stats.failedWorlds++;
      continue;
    }
    racing.forEach((k, n) => {
      totals[k]! += scores[n]!;
      plays[k]!++;
    });
    done++;
    if (done >= knobs.dropAfter) {
      const lead = Math.max(...racing.map((k) => totals[k]!)) / done;
      for (const k of racing) if (k !== 0 && totals[k]! / done < lead - knobs.dropMargin) alive[k] = false;
    }
    if ('ms' in w.budget && performance.now() - started >= w.budget.ms) break;
    // The prior alone in the race: it is the choice.
    if (alive.filter(Boolean).length === 1) break;
  }
  if (done === 0) return cands[0]!;
  let best = 0;
  let top = totals[0]! / done + knobs.priorBonus;
  for (let k = 1; k < cands.length; k++) {
    const mean = totals[k]! / done;
    if (alive[k] && mean > top) {
      best = k;
      top = mean;
    }
  }
  knobs.observe?.({ point, candidates: cands.map((index, k) => ({ index, mean: totals[k]! / Math.max(1, plays[k]!) })), worlds: done, chosen: cands[best]! });
  return cands[best]!;
}
