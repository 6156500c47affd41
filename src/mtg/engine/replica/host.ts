/**
 * The golden's side of a replicated game (issues 15 and 16, docs/mtg/network.md), with no
 * transport: the authoritative engine with its recorder, the entries each seat is to be sent,
 * the decision it waits for (as the deciding seat is asked it) and the check of a seat's answer.
 * `runReplicated` drives it in process; the game server (src/mtg/net/) drives it over a socket.
 * Both only call {@link GoldenHost.take}, {@link GoldenHost.ask} and {@link GoldenHost.answer},
 * in that order, so the in-process harness tests exactly what the wire carries.
 */
import { StoryletError } from '../../../core/errors.js';
import { Rng, type RngState } from '../../../core/random.js';
import type { ChoiceKind, ChoicePoint, Seat } from '../choice.js';
import { opponent, type G, type ReplicaLink } from '../context.js';
import { createGame, type CreateGameOptions, type Game } from '../game.js';
import { faceVisible, publicHash, publicHashes } from '../public-hash.js';
import type { GameObject } from '../types.js';
import { pileId } from '../zones.js';
import { ReplicaDesync } from './shadow.js';
import { sameAction, wireAction, type DecisionEntry, type SyncEntry, type WireAction } from './sync.js';

/**
 * The checks that travel with every question and every answer: the deciding seat's option count,
 * both hand sizes and both library sizes (cheap, always), and with `debug` the hash of the
 * deciding seat's projection (the public state and its private part, publicHash).
 */
export type SeatCheck = { options: number; hands: [number, number]; libraries: [number, number]; hash?: string };

/** The decision the golden waits for, as the deciding seat is asked it: its index (choices made before it), seat, kind and checks. */
export type Ask = { index: number; seat: Seat; kind: ChoiceKind; check: SeatCheck };

/**
 * A seat's answer as it crosses: the option's index on its shadow (which lists the golden's
 * options in the golden's order), that option's action by public ids (`nth`: its rank among the
 * options with the same action), and the seat's checks made on its shadow before it chose.
 */
export type WireAnswer = { index: number; option: number; action: WireAction; nth?: number; check: SeatCheck };

/** The public configuration a shadow is made from, as JSON: both decklists (sorted names), life, who plays first, options. No seed. */
export type PublicConfigJson = {
  decks: [string[], string[]];
  startingLife?: number;
  first?: Seat;
  payment?: ['auto' | 'ask', 'auto' | 'ask'];
  explain?: boolean;
  strict?: boolean;
};

/**
 * A refused answer (code `mtg/refused`): not this seat's decision, not the decision waiting, an
 * option out of range, a malformed answer. The game is unchanged and still waits for its answer.
 */
export class HostRefusal extends StoryletError {
  constructor(message: string, details: Record<string, unknown>) {
    super('mtg/refused', message, details);
  }
}

/** Options of {@link GoldenHost}. */
export type GoldenHostOptions = {
  /** Put the full hash in every question and answer and every decision entry (`--network-debug`). */
  debug?: boolean;
  /** The command line that reproduces the game, for desync messages. */
  reproduce?: string;
  /** Called with every entry for a seat as the golden makes it, with the golden as it is then: a leak scan reads them here. */
  onEntry?: (seat: Seat, entry: Readonly<SyncEntry>, golden: Pick<Game, 'state' | 'internals'>) => void;
};

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

/** The golden's end of the streams: what each seat is to be sent, in order. */
class GoldenRecorder implements ReplicaLink {
  readonly role = 'golden' as const;
  readonly out: [SyncEntry[], SyncEntry[]] = [[], []];
  private g: G | null = null;
  /** Faces sent ahead of a decision, by `id:inc`, per seat: the RevealCard they stand for is not sent again. */
  private readonly prebound: [Set<string>, Set<string>] = [new Set(), new Set()];

  constructor(private readonly onEntry?: GoldenHostOptions['onEntry']) {}

  /** Records an entry for `seat`, telling `onEntry` while the golden is where it made it. */
  private send(seat: Seat, e: SyncEntry): void {
    this.out[seat].push(e);
    if (this.onEntry && this.g) this.onEntry(seat, e, { state: this.g.s, internals: this.g });
  }

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

/**
 * The checks of `seat`'s decision in a game (golden or shadow): its option count, both hand and
 * library sizes, and with `hash` the seat's projection hash.
 */
export function seatCheck(game: Game, seat: Seat, point: ChoicePoint, hash: boolean): SeatCheck {
  const z = game.internals.s.zones;
  const check: SeatCheck = {
    options: point.options.length,
    hands: [z[pileId('hand', 0)]!.length, z[pileId('hand', 1)]!.length],
    libraries: [z[pileId('library', 0)]!.length, z[pileId('library', 1)]!.length],
  };
  if (hash) check.hash = publicHash(game, seat);
  return check;
}

/** What differs between two checks, in words, or null when they agree. */
export function checkDifference(golden: SeatCheck, shadow: SeatCheck): string | null {
  if (golden.options !== shadow.options) return `${golden.options} options in the golden, ${shadow.options} in the shadow`;
  for (const [what, a, b] of [
    ['hand', golden.hands, shadow.hands],
    ['library', golden.libraries, shadow.libraries],
  ] as const) {
    for (const s of [0, 1] as Seat[]) if (a[s] !== b[s]) return `p${s + 1}'s ${what} holds ${a[s]} cards in the golden, ${b[s]} in the shadow`;
  }
  if (golden.hash !== undefined && shadow.hash !== undefined && golden.hash !== shadow.hash) return 'its state differs from the golden (hash)';
  return null;
}

/** The `nth` of option `i`: its rank among the options before it with the same wire action. */
export function nthOf(point: ChoicePoint, i: number, action: WireAction): number {
  let nth = 0;
  for (let j = 0; j < i; j++) if (sameAction(wireAction(point.options[j]!.action), action)) nth++;
  return nth;
}

/**
 * The golden engine of a replicated game, with no transport: a caller takes each seat's entries,
 * reads the decision waiting, and hands it the deciding seat's answer.
 *
 * @example
 * ```ts
 * const host = new GoldenHost({ registry, decks: [a, b], seed: 7 });
 * for (let q = host.ask(); q; q = host.ask()) {
 *   send(opponent(q.seat), host.take(opponent(q.seat)));
 *   send(q.seat, host.take(q.seat), q);
 *   host.answer(q.seat, await answerOf(q.seat)); // HostRefusal: wrong seat, index or option; ReplicaDesync: fatal
 * }
 * ```
 */
export class GoldenHost {
  /** The golden: the whole state, hidden information included. */
  readonly game: Game;
  private readonly recorder: GoldenRecorder;
  private readonly debug: boolean;
  /** The question of the decision waiting, made once per decision: its index and both seats' projection hashes (debug). */
  private asked: { ask: Ask; hashes: [string, string] | null } | null = null;

  constructor(
    readonly config: CreateGameOptions,
    private readonly options: GoldenHostOptions = {},
  ) {
    if (config.setup) throw new StoryletError('mtg/bad-config', 'a replicated game is a deck game: a board set-up is not replicated (give decks, no setup)');
    if (!config.decks) throw new StoryletError('mtg/bad-config', 'a replicated game needs two decks');
    this.debug = options.debug === true;
    this.recorder = new GoldenRecorder(options.onEntry);
    this.game = createGame({ ...config, replica: this.recorder });
  }

  /** Whether the game is over. */
  get over(): boolean {
    return this.game.pending() === null;
  }

  /** The winner (null: a draw; undefined: not over). */
  get winner(): Seat | null | undefined {
    return this.game.winner;
  }

  /**
   * The public configuration both shadows are made from: the decklists as sorted name lists
   * (the multisets: a list's order says nothing), life, who plays first (resolved, as the golden
   * plays it) and the public options.
   */
  publicConfig(): PublicConfigJson {
    const c = this.config;
    const decks = c.decks!.map((d) => d.map((n) => c.registry.get(n).name).sort()) as [string[], string[]];
    const out: PublicConfigJson = { decks };
    if (c.startingLife !== undefined) out.startingLife = c.startingLife;
    if (c.first !== undefined && c.first !== 'random') out.first = c.first;
    if (c.payment) out.payment = [c.payment[0], c.payment[1]];
    if (c.explain) out.explain = true;
    if (c.strict) out.strict = true;
    return out;
  }

  /** The entries made for `seat` since the last take, in order: what is to be sent it now. The host keeps no copy. */
  take(seat: Seat): SyncEntry[] {
    return this.recorder.out[seat].splice(0);
  }

  /** The decision the golden waits for, as the deciding seat is asked it (null: the game is over). */
  ask(): Ask | null {
    const p = this.game.pending();
    if (!p) return null;
    const index = this.game.choices.length;
    if (this.asked?.ask.index !== index) {
      const hashes = this.debug ? publicHashes(this.game).seats : null;
      const check = seatCheck(this.game, p.seat, p, false);
      if (hashes) check.hash = hashes[p.seat];
      this.asked = { ask: { index, seat: p.seat, kind: p.kind, check }, hashes };
    }
    return this.asked.ask;
  }

  /**
   * Applies `seat`'s answer to the decision waiting and records it for the other seat.
   *
   * @throws HostRefusal (`mtg/refused`) when the game is over, it is not `seat`'s decision, the
   *   answer is for another decision or names no option: nothing changes, the decision still waits.
   * @throws ReplicaDesync (`mtg/desync`) when the answer's checks or action disagree with the
   *   golden: the seat's shadow is not the golden's copy, and the game cannot go on.
   */
  answer(seat: Seat, a: WireAnswer): void {
    const q = this.ask();
    const refuse = (why: string): never => {
      throw new HostRefusal(`answer refused: ${why}`, { seat, index: q?.index ?? null });
    };
    if (!q) return refuse('the game is over');
    if (q.seat !== seat) return refuse(`decision ${q.index} is p${q.seat + 1}'s, not p${seat + 1}'s`);
    if (typeof a !== 'object' || a === null) return refuse('an answer is an object { index, option, action, check }');
    if (a.index !== q.index) return refuse(`it answers decision ${JSON.stringify(a.index)}; the decision waiting is ${q.index}`);
    const p = this.game.pending()!;
    const i = a.option;
    if (!Number.isInteger(i) || i < 0 || i >= p.options.length)
      return refuse(`option ${JSON.stringify(i)} is not one of the ${p.options.length} options (0–${p.options.length - 1})`);
    if (typeof a.check !== 'object' || a.check === null || typeof a.action !== 'object' || a.action === null)
      return refuse('the answer carries no action or checks');
    const other = opponent(seat);
    const differs = checkDifference(q.check, a.check);
    if (differs) this.desync(seat, `p${seat + 1}'s ${p.kind} decision ${q.index}: ${differs}`, q.check.hash, a.check.hash);
    const action = wireAction(p.options[i]!.action);
    if (!sameAction(action, a.action) || (a.nth ?? 0) !== nthOf(p, i, action))
      this.desync(seat, `option ${i} is ${JSON.stringify(a.action)} in the shadow but ${JSON.stringify(action)} in the golden`, q.check.hash, a.check.hash);
    // The other seat is shown a card this decision brings out of a hidden zone before the decision itself.
    // A card cast face down stays hidden from the other seat (CR 708.5): its face is not sent (and a
    // shadow, which cannot cast an unknown card face down, then fails with a desync, never a leak).
    // A card chosen for an opening-hand action (CR 103.6) is shown the same way: the other shadow lists its unseen cards as possible choices.
    if ((p.kind === 'priority' || p.kind === 'opening-hand') && action.card !== undefined && action.text !== 'face down')
      this.recorder.ahead(this.game.state.objects[action.card]!, other);
    // Options that say the same on the wire (two triggers of one source to order) are told apart by
    // their rank among those options, which every copy lists in the same order.
    const nth = nthOf(p, i, action);
    const e: DecisionEntry = { type: 'decision', index: q.index, seat, kind: p.kind, action, ...(nth > 0 ? { nth } : {}) };
    if (this.asked!.hashes) e.hash = this.asked!.hashes[other];
    this.recorder.decided(seat, e);
    this.game.choose(i);
  }

  /** Throws the desync of `seat`'s answer: the hashes, the action count, the decision, the reproducer. */
  desync(seat: Seat | null, why: string, goldenHash?: string, shadowHash?: string): never {
    const index = this.game.choices.length;
    const actions = this.game.actions.length;
    const g = goldenHash ?? publicHash(this.game, seat);
    const s = shadowHash ?? '(not sent)';
    const reproduce = this.options.reproduce ?? '(no reproducer given)';
    throw new ReplicaDesync(
      `DESYNC DETECTED: ${seat === null ? '' : `p${seat + 1}'s shadow: `}${why}; golden hash ${g}, shadow hash ${s}; ${actions} actions, decision ${index}; reproduce: ${reproduce}`,
      { seat, decision: index, actions, goldenHash: g, shadowHash: s, reproduce },
    );
  }
}
