/**
 * `runReplicated` (issue 15, docs/mtg/network.md): a golden engine and one shadow per seat, in
 * process, with no network. The golden records each seat's sync stream as it plays; each shadow
 * is given only its own stream; each seat's controller decides on its own shadow (its view and
 * its point), and its decision crosses to the golden and to the other shadow by public ids.
 * Every copy's public hash is compared with the golden's after every decision (and the seat's
 * private part with that seat's shadow); any disagreement ends the game with `DESYNC DETECTED`.
 */
import { StoryletError } from '../../../core/errors.js';
import { Rng, type RngState } from '../../../core/random.js';
import type { ChoiceOption, ChoicePoint, Seat } from '../choice.js';
import { opponent, type G, type ReplicaLink } from '../context.js';
import { lazyView, type Controller, type RunResult } from '../controllers.js';
import { createGame, rederivePriority, type CreateGameOptions, type Game } from '../game.js';
import { faceVisible, publicHash, publicHashes } from '../public-hash.js';
import type { GameObject } from '../types.js';
import { createShadow, ReplicaDesync, ShadowFeed } from './shadow.js';
import { sameAction, wireAction, type SyncEntry, type WireAction } from './sync.js';

/** The golden's random stream: its own numbers, each sent to both shadows once drawn (it is public once used). */
class RecordingRng extends Rng {
  constructor(
    private readonly real: Rng,
    private readonly sent: (e: SyncEntry) => void,
  ) {
    super('recording');
  }
  override next(): number {
    throw new StoryletError('mtg/invariant', 'the engine read a raw random number; replicated games send int(n) outcomes only');
  }
  override int(n: number): number {
    const value = this.real.int(n);
    this.sent({ type: 'random', n, value });
    return value;
  }
  override state(): RngState {
    return this.real.state();
  }
}

/** The golden's end of the streams: what each seat is sent, in order. */
class GoldenRecorder implements ReplicaLink {
  readonly role = 'golden' as const;
  readonly out: [SyncEntry[], SyncEntry[]] = [[], []];
  private g: G | null = null;

  constructor(private readonly onEntry?: ReplicatedOptions['onEntry']) {}

  /** Records an entry for `seat`, telling `onEntry` while the golden is where it made it. */
  private send(seat: Seat, e: SyncEntry): void {
    this.out[seat].push(e);
    if (this.onEntry && this.g) this.onEntry(seat, e, { state: this.g.s, internals: this.g });
  }
  /** Faces sent ahead of a decision, by `id:inc`, per seat: the RevealCard they stand for is not sent again. */
  private readonly prebound: [Set<string>, Set<string>] = [new Set(), new Set()];

  private face(o: GameObject): SyncEntry {
    return { type: 'reveal', card: o.id, inc: o.inc, name: o.card, face: o.face };
  }

  reveal(_g: G, o: GameObject, to: readonly Seat[]): void {
    for (const s of to) if (!this.prebound[s].delete(`${o.id}:${o.inc}`)) this.send(s, this.face(o));
  }

  peek(_g: G, objs: readonly GameObject[], seat: Seat): void {
    for (const o of objs) if (!o.known[seat]) this.send(seat, this.face(o));
  }

  /** Sends `seat` the face of a card the other seat's decision names (a card cast from a hand), unless it sees it. */
  ahead(o: GameObject, seat: Seat): void {
    const key = `${o.id}:${o.inc}`;
    if (faceVisible(o, seat) || this.prebound[seat].has(key)) return;
    this.prebound[seat].add(key);
    this.send(seat, { ...this.face(o), pre: true } as SyncEntry);
  }

  forced(g: G, seat: Seat, point: ChoicePoint): void {
    this.send(opponent(seat), {
      type: 'decision',
      index: g.choices.length,
      seat,
      kind: point.kind,
      action: wireAction(point.options[0]!.action),
      forced: true,
    });
  }

  relays(): boolean {
    return false;
  }

  takeForced(): boolean {
    return false;
  }

  shuffled(): void {}

  /** A decision of `seat` for the other seat's stream. */
  decided(seat: Seat, e: SyncEntry): void {
    this.send(opponent(seat), e);
  }

  rng(real: Rng, g: G): Rng {
    this.g = g;
    return new RecordingRng(real, (e) => {
      this.send(0, e);
      this.send(1, e);
    });
  }
}

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
  const recorder = new GoldenRecorder(options.onEntry);
  const golden = createGame({ ...config, replica: recorder });
  const feeds: [ShadowFeed, ShadowFeed] = [new ShadowFeed(0), new ShadowFeed(1)];
  const sentUpTo: [number, number] = [0, 0];
  /**
   * The golden's hashes at each decision it asked, by index, kept for the last 64: each seat's
   * projection (the public part and that seat's private part, so one comparison checks both).
   */
  const hashes = new Map<number, { seat: [string, string]; actions: number }>();
  let hashChecks = 0;
  let shadows: [Game, Game] | null = null;

  const reproduce = (): string =>
    options.reproduce ??
    `runReplicated({ seed: ${JSON.stringify(String(config.seed))}${config.deckSeed !== undefined ? `, deckSeed: ${JSON.stringify(String(config.deckSeed))}` : ''}, decks: [${config.decks![0].length} cards, ${config.decks![1].length} cards] }, [${controllers[0].name}, ${controllers[1].name}])`;

  const fail = (seat: Seat | null, why: string, at?: number): never => {
    const index = at ?? golden.choices.length;
    const h = hashes.get(index);
    // The hashes the copies disagree on: the seat's projection at that decision, else the public one now.
    const goldenHash = h && seat !== null ? h.seat[seat] : publicHash(golden, null);
    const shadowHash = shadows && seat !== null ? publicHash(shadows[seat], h ? seat : null) : '(none)';
    throw new ReplicaDesync(
      `DESYNC DETECTED: ${seat === null ? '' : `p${seat + 1}'s shadow: `}${why}; golden hash ${goldenHash}, shadow hash ${shadowHash}; ` +
        `${h ? h.actions : golden.actions.length} actions, decision ${index}; reproduce: ${reproduce()}`,
      { seat, decision: index, actions: h ? h.actions : golden.actions.length, goldenHash, shadowHash, reproduce: reproduce() },
    );
  };

  /** Hands the seat's shadow the entries the golden has recorded for it since the last delivery, as JSON. */
  const deliver = (seat: Seat): void => {
    const out = recorder.out[seat];
    for (let i = sentUpTo[seat]; i < out.length; i++) {
      // Entries cross as JSON, as they will on a wire.
      feeds[seat].push(JSON.parse(JSON.stringify(out[i])) as SyncEntry);
    }
    // What was delivered is the shadow's now: the golden keeps no copy.
    out.length = 0;
    sentUpTo[seat] = 0;
  };

  const checkHashes = (seat: Seat, index: number): void => {
    const h = hashes.get(index);
    if (!h) return;
    const shadow = shadows![seat];
    // The seat's projection holds the public one: a difference in either shows here.
    if (publicHash(shadow, seat) !== h.seat[seat]) {
      // The golden has moved on when the shadow checks a past decision: then only the whole projection is known.
      const part =
        shadow.choices.length !== golden.choices.length ? 'state' : publicHash(shadow, null) === publicHash(golden, null) ? 'private part' : 'public state';
      fail(seat, `its ${part} differs from the golden's at decision ${index}`, index);
    }
    hashChecks++;
  };

  /** Runs a shadow on through the other seat's decisions it has been sent, to its own next decision or the end of its stream. */
  const advance = (seat: Seat): void => {
    deliver(seat);
    const shadow = shadows![seat];
    const feed = feeds[seat];
    for (;;) {
      const p = shadow.pending();
      if (!p || p.seat === seat) return;
      let bound = false;
      for (let e = feed.next(); e && e.type === 'reveal' && e.pre; e = feed.next()) {
        feed.bindAhead(shadow.internals, feed.take('reveal', 'a face sent ahead'));
        bound = true;
      }
      // A priority decision listed the other seat's options without the faces just learned: asked again.
      if (bound) {
        rederivePriority(shadow);
        continue;
      }
      const next = feed.next();
      if (!next) return;
      if (next.type !== 'decision')
        fail(seat, `it waits for p${p.seat + 1}'s ${p.kind} decision but the golden sent a ${next.type} first (${JSON.stringify(next)})`);
      const e = feed.take('decision', 'a decision');
      const where = shadow.choices.length;
      if (e.seat !== p.seat || e.kind !== p.kind || e.index !== where)
        fail(seat, `it is at p${p.seat + 1}'s ${p.kind} decision ${where} but the golden sent p${e.seat + 1}'s ${e.kind} decision ${e.index}`);
      if (!e.forced) checkHashes(seat, e.index);
      const j = nthMatch(p.options, e.action, e.nth ?? 0);
      if (j < 0) fail(seat, `no option of its p${p.seat + 1} ${p.kind} decision ${where} is ${JSON.stringify(e.action)} (it has ${p.options.length})`);
      if (e.forced) feed.markForced();
      shadow.choose(j);
    }
  };

  const guard = <T>(seat: Seat | null, fn: () => T): T => {
    try {
      return fn();
    } catch (error) {
      if (error instanceof ReplicaDesync && !String(error.message).includes('; reproduce: '))
        return fail(seat, error.message.replace(/^DESYNC DETECTED: /, ''));
      throw error;
    }
  };

  shadows = guard(null, () => {
    deliver(0);
    deliver(1);
    return [createShadow(config, feeds[0]), createShadow(config, feeds[1])];
  });
  let decisions = 0;
  let reason: RunResult['reason'] = 'game-over';
  for (let p = golden.pending(); p; p = golden.pending()) {
    if (golden.state.turn > maxTurns) {
      reason = 'max-turns';
      break;
    }
    if (decisions >= maxChoices) {
      reason = 'max-choices';
      break;
    }
    const index = golden.choices.length;
    // Both seats' hashes at once: the public part is written and hashed once (publicHashes).
    hashes.set(index, { seat: publicHashes(golden).seats, actions: golden.actions.length });
    hashes.delete(index - 64);
    if (options.tamper) for (const s of [0, 1] as Seat[]) options.tamper(shadows[s], s, index);
    const seat = p.seat;
    const other = opponent(seat);
    const shadow = shadows[seat];
    guard(seat, () => advance(seat));
    const sp = shadow.pending();
    if (!sp || sp.seat !== seat || sp.kind !== p.kind || shadow.choices.length !== index)
      fail(
        seat,
        `the golden asks p${seat + 1} for a ${p.kind} decision ${index}; the shadow is at ${sp ? `p${sp.seat + 1}'s ${sp.kind} decision ${shadow.choices.length}` : 'no decision'}`,
      );
    if (sp!.options.length !== p.options.length)
      fail(seat, `p${seat + 1} has ${p.options.length} options in the golden, ${sp!.options.length} in its shadow (${p.kind} decision ${index})`);
    checkHashes(seat, index);
    const controller = controllers[seat];
    const i = controller.choose(lazyView(shadow, seat), sp!);
    if (!Number.isInteger(i) || i < 0 || i >= sp!.options.length) {
      throw new StoryletError('mtg/bad-controller', `controller ${controller.name} chose ${JSON.stringify(i)} of ${sp!.options.length} options`, {
        index: i,
        seat,
      });
    }
    const action = wireAction(sp!.options[i]!.action);
    if (!sameAction(wireAction(p.options[i]!.action), action))
      fail(seat, `option ${i} is ${JSON.stringify(action)} in the shadow but ${JSON.stringify(wireAction(p.options[i]!.action))} in the golden`);
    // The other seat is shown a card this decision brings out of a hidden zone before the decision itself.
    // A card cast face down stays hidden from the other seat (CR 708.5): its face is not sent (and a
    // shadow, which cannot cast an unknown card face down, then fails with a desync, never a leak).
    if (p.kind === 'priority' && action.card !== undefined && action.text !== 'face down') recorder.ahead(golden.state.objects[action.card]!, other);
    // Options that say the same on the wire (two triggers of one source to order) are told apart by
    // their rank among those options, which every copy lists in the same order.
    const nth = p.options.slice(0, i).filter((o) => sameAction(wireAction(o.action), action)).length;
    recorder.decided(seat, { type: 'decision', index, seat, kind: p.kind, action, ...(nth > 0 ? { nth } : {}) });
    golden.choose(i);
    decisions++;
    guard(seat, () => {
      deliver(seat);
      shadow.choose(i);
    });
    guard(other, () => advance(other));
  }
  if (golden.pending()) {
    // Stopped by a limit: the shadows are brought up to the golden's waiting decision.
    const index = golden.choices.length;
    for (const s of [0, 1] as Seat[]) guard(s, () => advance(s));
    const seat = golden.pending()!.seat;
    if (shadows[seat].choices.length !== index) fail(seat, `the golden waits at decision ${index}, its shadow at ${shadows[seat].choices.length}`);
    checkHashes(seat, index);
  } else {
    for (const s of [0, 1] as Seat[]) {
      guard(s, () => advance(s));
      if (shadows[s].pending()) fail(s, 'the golden game is over but the shadow waits for a decision');
      if (feeds[s].waiting > 0) fail(s, `the game is over with ${feeds[s].waiting} entries of its stream not taken`);
      if (publicHash(shadows[s], s) !== publicHash(golden, s)) fail(s, 'its state differs from the golden at the end');
      hashChecks++;
    }
  }
  return {
    winner: golden.winner,
    turns: golden.state.turn,
    choices: decisions,
    reason,
    golden,
    shadows,
    decisions,
    entries: [feeds[0].received, feeds[1].received],
    hashChecks,
  };
}

/** The index of the `nth` option (from 0) whose wire action is `action`, or -1. */
function nthMatch(options: readonly ChoiceOption[], action: WireAction, nth: number): number {
  let seen = 0;
  for (let i = 0; i < options.length; i++) {
    if (!sameAction(wireAction(options[i]!.action), action)) continue;
    if (seen === nth) return i;
    seen++;
  }
  return -1;
}
