/**
 * A seat's model of a game: a copy that holds only what the seat may know, with every face it may
 * not see sampled (a **determinization**, the usual move of information-set search). The
 * searching controller forks this model, never the game it is handed.
 *
 * What the seat may know is what the public projection says it may see (public-hash.ts
 * `faceVisible`): every public zone, its own hand, the cards it was shown and not shuffled away
 * since, its own face-down permanents. Everything else — the opponent's hand, both libraries'
 * contents and order, the opponent's face-down cards — gets a face drawn from what the seat can
 * know is left: the owner's decklist (both decklists are public: docs/mtg/search.md) minus the
 * cards of that owner the seat sees now. The draw uses the caller's seeded stream, and so do the
 * model's own random streams (the game's and the table's): the model's coin flips and shuffles
 * tell nothing of the real ones.
 *
 * **Architecture invariant:** the model is a function of the seat's projection and the caller's
 * stream. It never reads a face the seat may not see: the golden game and the seat's shadow
 * (which holds the blank `HIDDEN_CARD` for those faces) give the same model
 * (test/mtg/search/determinize.test.ts).
 */
import { StoryletError } from '../../core/errors.js';
import { Rng } from '../../core/random.js';
import type { CardRegistry } from '../cards/index.js';
import { touch } from '../engine/context.js';
import { forkGame, restoreGame } from '../engine/game.js';
import { faceVisible, publicHash } from '../engine/public-hash.js';
import { HIDDEN_CARD, shadowRegistry } from '../engine/replica/identity.js';
import type { Action, ChoicePoint, Game, GameObject, Seat } from '../engine/index.js';

/** Options of {@link determinize} and {@link seatModel}. */
export type DeterminizeOptions = {
  /**
   * Check the model against the game: the seat's public hash of both must agree. A model made
   * away from a priority decision is replayed from the game's last checkpoint, and a shadow's
   * replay can part from its shadow (a random number its feed gave it); the check catches that.
   * Costs two public hashes. {@link seatModel} checks its first world only.
   */
  check?: boolean;
};

/** A decision of the action log: what a replay from a checkpoint answers. */
type Recorded = Extract<Action, { type: 'ChoicePoint' }>;

/** Where a seat's worlds start: a game at a priority decision to fork, and the choices to replay after it. */
type Base = { game: Game; replay: Recorded[] | null };

/**
 * Seat `seat`'s worlds at the decision `game` waits for: each call of the result deals one
 * ({@link determinize} with that stream). What every world shares — away from a priority
 * decision, the game at its last checkpoint — is made once, here.
 *
 * @throws StoryletError `search/no-model` when the game is over, or keeps no checkpoint away
 * from a priority decision.
 * @example
 * ```ts
 * const worlds = seatModel(game, 0);
 * const a = worlds(new Rng('w0'));
 * const b = worlds(new Rng('w1')); // another deal of the faces p1 cannot see
 * ```
 */
export function seatModel(game: Game, seat: Seat, options: DeterminizeOptions = {}): (rng: Rng) => Game {
  const want = game.pending();
  if (!want) throw new StoryletError('search/no-model', 'the game is over: there is no decision to search');
  const base = baseOf(game, seat);
  const deal = dealOf(game, seat);
  let check = options.check === true;
  return (rng) => {
    const model = worldFrom(base, want, seat);
    rebind(model, deal, rng);
    if (check && publicHash(model, seat) !== publicHash(game, seat)) {
      throw new StoryletError('search/no-model', `p${seat + 1}'s model of the game parted from the game while it was replayed to this decision`, { seat });
    }
    check = false;
    return model;
  };
}

/**
 * A copy of `game` for seat `seat` that holds only what the seat may know: faces hidden from it
 * are drawn with `rng` from its owner's decklist minus the cards the seat sees; the copy's own
 * random streams are seeded from `rng`; its logs keep only what the rules read (the steps begun).
 * The copy keeps no checkpoints: fork it only at a priority decision, or make another.
 *
 * `game` is the one the seat's controller was handed (the golden game when one engine plays
 * both seats, the seat's shadow in a replicated game); the result is the same either way. Away
 * from a priority decision `game` must keep checkpoints (`createGame`'s `checkpoints`; a
 * shadow's `checkpoints` option): the copy is its last checkpoint replayed to this decision.
 *
 * @throws StoryletError `search/no-model` when the game is over, or a copy cannot be made at this
 * decision (no checkpoint, or, with `check`, a replay that parted from the game).
 * @example
 * ```ts
 * const world = determinize(game, 0, new Rng('search/7'));
 * world.choose(1); // try a line in a world consistent with what p1 knows
 * ```
 */
export function determinize(game: Game, seat: Seat, rng: Rng, options: DeterminizeOptions = {}): Game {
  return seatModel(game, seat, options)(rng);
}

/**
 * At a priority decision the game itself (a fork is an exact copy). Elsewhere its last
 * checkpoint, restored from its snapshot, and the decisions its action log recorded since: a
 * fork of the game would replay its choice list, which in a shadow holds the other seat's
 * decisions it was asked with one option and the golden with more (a plain copy does not ask
 * those), and lacks the ones the golden did not ask.
 */
function baseOf(game: Game, seat: Seat): Base {
  const point = game.pending()!;
  if (point.kind === 'priority' && game.internals.priority) return { game, replay: null };
  const snap = game.snapshot();
  const saved = snap.state;
  if (!saved || !saved.resume) {
    throw new StoryletError(
      'search/no-model',
      `p${seat + 1}'s model of the game cannot be made at this ${point.kind} decision: the game keeps no checkpoint before it (make it with checkpoints: true)`,
      { seat },
    );
  }
  let restored: Game;
  try {
    // The checkpoint alone: its state, none of the choices after it (and so no hash to reach).
    restored = restoreGame({ ...snap, choices: snap.choices.slice(0, saved.at), stateHash: undefined as unknown as string }, game.internals.registry);
  } catch (error) {
    throw new StoryletError(
      'search/no-model',
      `p${seat + 1}'s model of the game could not be made here: ${error instanceof Error ? error.message : String(error)}`,
      {
        seat,
      },
    );
  }
  const replay = game.actions.slice(saved.actions.length).filter((a): a is Recorded => a.type === 'ChoicePoint');
  return { game: restored, replay };
}

/** A copy of the base brought to the decision `want`, its faces not rebound yet. */
function worldFrom(base: Base, want: ChoicePoint, seat: Seat): Game {
  const model = forkGame(base.game, { checkpoints: false });
  if (!base.replay) return model;
  const parted = (why: string): never => {
    throw new StoryletError('search/no-model', `p${seat + 1}'s model of the game parted from the game while it was replayed to this decision: ${why}`, {
      seat,
    });
  };
  let i = 0;
  for (let p = model.pending(); p && !(i === base.replay.length && samePoint(p, want)); p = model.pending()) {
    const e = base.replay[i];
    if (e && e.seat === p.seat && e.kind === p.kind && e.options === p.options.length) {
      model.choose(e.chosen);
      i++;
    } else if (e && e.options === 1)
      i++; // asked (and recorded) by a shadow, answered unasked by a plain copy
    else if (p.options.length === 1)
      model.choose(0); // asked by the copy, unrecorded by a shadow (the golden did not ask it)
    else parted(`it waits at p${p.seat + 1}'s ${p.kind} decision with ${p.options.length} options`);
  }
  if (!model.pending() || !samePoint(model.pending()!, want)) parted('it did not reach the decision');
  return model;
}

function samePoint(a: ChoicePoint, b: ChoicePoint): boolean {
  return a.seat === b.seat && a.kind === b.kind && a.turn === b.turn && a.phase === b.phase && a.options.length === b.options.length && a.prompt === b.prompt;
}

/**
 * What every world of one decision deals alike, read once from the game: the faces the seat sees
 * (by id), the ids it sees none of, per owner, and what each owner's decklist has left for them;
 * the log entries the rules read and the count of choices.
 */
type Deal = {
  seen: Array<{ id: number; card: string; face: number }>;
  hidden: [number[], number[]];
  /** Registry names, sorted; null in a deck-less game (a board set-up), whose hidden faces are blank. */
  pools: [string[], string[]] | null;
  fill: [string, string];
  steps: Action[];
  choices: number;
};

/**
 * Reads a {@link Deal} from the game: the faces the seat may see, and, for every other object,
 * what its owner's decklist has left once the cards the seat sees are taken out.
 */
function dealOf(game: Game, seat: Seat): Deal {
  const g = game.internals;
  const seen: Deal['seen'] = [];
  const hidden: Deal['hidden'] = [[], []];
  const names: [string[], string[]] = [[], []];
  for (const o of g.s.objects) {
    if (!o || o.effect) continue;
    if (faceVisible(o, seat) && o.card !== HIDDEN_CARD) {
      seen.push({ id: o.id, card: o.card, face: o.face });
      if (!o.token) names[o.owner].push(o.card);
    } else if (!o.token) hidden[o.owner].push(o.id);
  }
  const decks = g.config.decks;
  const pools = decks ? ([unseen(g.registry, decks[0], names[0]), unseen(g.registry, decks[1], names[1])] as [string[], string[]]) : null;
  const fill: [string, string] = decks ? [mostCommon(g.registry, decks[0]), mostCommon(g.registry, decks[1])] : [HIDDEN_CARD, HIDDEN_CARD];
  // The rules read only the Step entries (how often a step began this turn); the rest of the log
  // names cards the other seat was shown, and each choice's index says how many options it had.
  const steps = g.actions.filter((a) => a.type === 'Step');
  return { seen, hidden, pools, fill, steps, choices: game.choices.length };
}

/**
 * Makes `model` hold only what the seat may know: the faces it sees as the game has them (a
 * replayed shadow's copy binds none), the others dealt from the pools with `rng`, fresh random
 * streams, the logs cut to what the rules read, the choices reduced to their count.
 */
function rebind(model: Game, deal: Deal, rng: Rng): void {
  const g = model.internals;
  const objects = g.s.objects;
  for (const f of deal.seen) {
    const o = objects[f.id]!;
    if (o.card !== f.card || o.face !== f.face) {
      o.card = f.card;
      o.face = f.face;
    }
  }
  if (!deal.pools) g.registry = shadowRegistry(g.registry);
  for (const owner of [0, 1] as Seat[]) {
    const pool = deal.pools ? rng.shuffle(deal.pools[owner].slice()) : [];
    deal.hidden[owner].forEach((id, i) => blank(objects[id]!, pool[i] ?? deal.fill[owner]));
  }
  // Fresh streams: the real ones' positions would tell the model the real coin flips and shuffles.
  const seed = `${rng.int(2 ** 31)}`;
  g.rng = new Rng(`${seed}/game`);
  const table = g.table.snapshot();
  table.rng = new Rng(`${seed}/table`).state();
  g.table.restore(table);
  g.actions = deal.steps.slice();
  g.events = [];
  g.choices = new Array<number>(deal.choices).fill(0);
  touch(g);
}

/** Puts `name`'s front face on a hidden object, with nothing a face would have brought. */
function blank(o: GameObject, name: string): void {
  o.card = name;
  o.face = 0;
  o.copyOf = null;
  delete o.textChanges;
}

/** The decklist minus the cards seen, as a sorted list (registry names): what is left to draw. */
function unseen(registry: CardRegistry, deck: readonly string[], seen: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const n of deck) {
    const name = registry.get(n).name;
    left.set(name, (left.get(name) ?? 0) + 1);
  }
  for (const name of seen) {
    const n = left.get(name);
    if (n !== undefined) left.set(name, n - 1);
  }
  const out: string[] = [];
  for (const name of [...left.keys()].sort()) for (let i = 0; i < left.get(name)!; i++) out.push(name);
  return out;
}

/** The decklist's most frequent card (the first by name among equals): what fills a pool run dry. */
function mostCommon(registry: CardRegistry, deck: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const n of deck) {
    const name = registry.get(n).name;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  let best = '';
  let most = 0;
  for (const name of [...counts.keys()].sort()) {
    if (counts.get(name)! > most) {
      best = name;
      most = counts.get(name)!;
    }
  }
  return best;
}
