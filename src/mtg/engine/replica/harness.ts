/**
 * `runReplicated` (issue 15, docs/mtg/network.md): a golden engine and one shadow per seat, in
 * process, with no network. The golden records each seat's sync stream as it plays; each shadow
 * is given only its own stream; each seat's controller decides on its own shadow (its view and
 * its point), and its decision crosses to the golden and to the other shadow by public ids.
 * Every copy's public hash is compared with the golden's after every decision (and the seat's
 * private part with that seat's shadow); any disagreement ends the game with `DESYNC DETECTED`.
 */
import { StoryletError } from '../../../core/errors.js';
import type { ChoicePoint, Seat } from '../choice.js';
import { opponent } from '../context.js';
import { lazyView, type Controller, type RunResult } from '../controllers.js';
import type { CreateGameOptions, Game } from '../game.js';
import { publicHash } from '../public-hash.js';
import { ShadowFollower } from './follower.js';
import { GoldenHost, type WireAnswer } from './host.js';
import type { SyncEntry } from './sync.js';

/** Options of {@link runReplicated}. */
export type ReplicatedOptions = {
  maxTurns?: number;
  maxChoices?: number;
  /**
   * Called before each decision with each shadow, its seat and the decision's index: a test
   * changes a shadow's state here to see the desync caught.
   */
  tamper?: (shadow: Game, seat: Seat, decision: number) => void;
  /**
   * Called with every entry for a seat's shadow as the golden makes it, with the golden as it is
   * then (its state and internals only): a leak scan reads them here.
   */
  onEntry?: (seat: Seat, entry: Readonly<SyncEntry>, golden: Pick<Game, 'state' | 'internals'>) => void;
  /** The command line that reproduces the game, for the desync message (default: the `runReplicated` call). */
  reproduce?: string;
  /**
   * The shadows keep priority checkpoints, so a searching controller can fork its seat's shadow
   * at any decision (src/mtg/search/). Default: when a controller says it `forks` (each
   * checkpoint costs a copy of the state at every priority decision).
   */
  checkpoints?: boolean;
};

/** What {@link runReplicated} returns: the golden's result and its copies, with counts. */
export type ReplicatedResult = RunResult & {
  golden: Game;
  shadows: [Game, Game];
  /** Decisions made (asked of a controller). */
  decisions: number;
  /** Sync entries sent to each seat's shadow. */
  entries: [number, number];
  /** Hash comparisons made (a seat's projection, public part and its private part, golden against that seat's shadow). */
  hashChecks: number;
};

/**
 * Plays a game as a golden engine and two shadows, each shadow fed only its seat's sync stream,
 * each seat deciding on its own shadow; checks the public hash of every copy after every decision.
 * Board set-ups are not replicated (a puzzle's hidden zones are its author's, not dealt).
 *
 * @throws ReplicaDesync (`mtg/desync`) at the first disagreement between copies: never recovered.
 * @example
 * ```ts
 * const r = runReplicated({ registry, decks: [a, b], seed: 7 }, [randomController(1), randomController(2)]);
 * r.winner; // the golden's result, as runGame gives it
 * ```
 */
export function runReplicated(config: CreateGameOptions, controllers: readonly [Controller, Controller], options: ReplicatedOptions = {}): ReplicatedResult {
  if (config.setup) throw new StoryletError('mtg/bad-config', 'runReplicated plays deck games: a board set-up is not replicated (give decks, no setup)');
  if (!config.decks) throw new StoryletError('mtg/bad-config', 'runReplicated needs two decks');
  const maxTurns = options.maxTurns ?? Infinity;
  const maxChoices = options.maxChoices ?? 100_000;
  const reproduce =
    options.reproduce ??
    `runReplicated({ seed: ${JSON.stringify(String(config.seed))}${config.deckSeed !== undefined ? `, deckSeed: ${JSON.stringify(String(config.deckSeed))}` : ''}, decks: [${config.decks[0].length} cards, ${config.decks[1].length} cards] }, [${controllers[0].name}, ${controllers[1].name}])`;
  // In process every question and answer carries the full hash: the harness checks all a wire can.
  const host = new GoldenHost(config, { debug: true, reproduce, ...(options.onEntry ? { onEntry: options.onEntry } : {}) });
  const golden = host.game;
  const publicConfig = host.publicConfig();
  // Entries cross as JSON, as they do on a wire.
  const wire = (seat: Seat): SyncEntry[] => JSON.parse(JSON.stringify(host.take(seat))) as SyncEntry[];
  const followers = ([0, 1] as Seat[]).map(
    (s) =>
      new ShadowFollower(publicConfig, config.registry, s, wire(s), {
        reproduce,
        checkpoints: options.checkpoints ?? controllers.some((c) => c.forks === true),
      }),
  ) as [ShadowFollower, ShadowFollower];
  const shadows = [followers[0].game, followers[1].game] as [Game, Game];
  let hashChecks = 0;
  let decisions = 0;
  let reason: RunResult['reason'] = 'game-over';
  /** Brings seat `s`'s follower up to the golden: the entries made for it, then as far as they take it. */
  const deliver = (s: Seat): ChoicePoint | null => {
    followers[s].receive(wire(s));
    return followers[s].advance();
  };
  for (let q = host.ask(); q; q = host.ask()) {
    if (golden.state.turn > maxTurns) {
      reason = 'max-turns';
      break;
    }
    if (decisions >= maxChoices) {
      reason = 'max-choices';
      break;
    }
    if (options.tamper) for (const s of [0, 1] as Seat[]) options.tamper(shadows[s], s, q.index);
    const seat = q.seat;
    const point = deliver(seat);
    const follower = followers[seat];
    follower.check(q);
    const controller = controllers[seat];
    // A searching controller's model is the seat's shadow: it never holds a face the seat may not see.
    const i = controller.choose(lazyView(shadows[seat], seat), point!, shadows[seat]);
    if (!Number.isInteger(i) || i < 0 || i >= point!.options.length) {
      throw new StoryletError('mtg/bad-controller', `controller ${controller.name} chose ${JSON.stringify(i)} of ${point!.options.length} options`, {
        index: i,
        seat,
      });
    }
    host.answer(seat, JSON.parse(JSON.stringify(follower.decide(i))) as WireAnswer);
    decisions++;
    // The other seat's shadow runs through this decision, up to where it waits next.
    deliver(opponent(seat));
  }
  // Stopped by a limit or over: each shadow is brought up to the golden.
  const last = host.ask();
  for (const s of [0, 1] as Seat[]) deliver(s);
  if (last) followers[last.seat].check(last);
  else {
    for (const s of [0, 1] as Seat[]) {
      const f = followers[s];
      if (shadows[s].pending()) f.fail('the golden game is over but the shadow waits for a decision');
      if (f.waiting > 0) f.fail(`the game is over with ${f.waiting} entries of its stream not taken`);
      if (publicHash(shadows[s], s) !== publicHash(golden, s))
        host.desync(s, 'its state differs from the golden at the end', publicHash(golden, s), publicHash(shadows[s], s));
      hashChecks++;
    }
  }
  hashChecks += followers[0].hashChecks + followers[1].hashChecks;
  return {
    winner: golden.winner,
    turns: golden.state.turn,
    choices: decisions,
    reason,
    golden,
    shadows,
    decisions,
    entries: [followers[0].received, followers[1].received],
    hashChecks,
  };
}
