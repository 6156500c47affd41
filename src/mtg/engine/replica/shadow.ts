/**
 * A shadow (issue 15, docs/mtg/network.md): seat S's own copy of a game, built from the public
 * configuration only — both decklists as multisets, the starting life, the public options; no
 * seed, no deck seed, no library order — and kept in step by S's sync stream alone. Its objects
 * whose faces S has not been shown are {@link HIDDEN_CARD}; its random stream is a feed that pops
 * the golden's public outcomes; its table has no hidden randomness (a shuffle only forgets faces).
 */
import { StoryletError } from '../../../core/errors.js';
import { Rng, type RngState } from '../../../core/random.js';
import type { Seat } from '../choice.js';
import type { G, ReplicaLink } from '../context.js';
import { createGame, type CreateGameOptions, type Game } from '../game.js';
import type { GameObject } from '../types.js';
import { bindFace, forgetFace, shadowRegistry } from './identity.js';
import type { RevealEntry, SyncEntry } from './sync.js';

/** The seed a shadow's table is made with: a public constant, so its shuffles hide nothing and tell nothing. */
const SHADOW_SEED = 'shadow';

/**
 * The error of a copy that disagrees with the golden (code `mtg/desync`): fatal, never recovered.
 * Its message starts `DESYNC DETECTED` and carries what disagreed, both hashes, the action count,
 * the decision index and how to reproduce the game.
 */
export class ReplicaDesync extends StoryletError {
  constructor(message: string, details: Record<string, unknown>) {
    super('mtg/desync', message.startsWith('DESYNC DETECTED') ? message : `DESYNC DETECTED: ${message}`, details);
  }
}

/** A random stream that holds no seed and no state: each number is the golden's, popped from the feed. */
class FeedRng extends Rng {
  constructor(private readonly feed: ShadowFeed) {
    super(SHADOW_SEED);
  }
  override next(): number {
    throw new ReplicaDesync('a shadow read a raw random number; only int(n) outcomes are sent', { seat: this.feed.seat });
  }
  override int(n: number): number {
    const e = this.feed.take('random', `a random number below ${n}`);
    if (e.n !== n) this.feed.fail(`the golden drew a random number below ${e.n}, this shadow one below ${n}`);
    return e.value;
  }
  override state(): RngState {
    return { seed: SHADOW_SEED, alea: { c: 0, s0: 0, s1: 0, s2: 0 } };
  }
}

/**
 * A shadow's end of its sync stream: entries are appended as they arrive and taken by the rules
 * (reveals and random numbers, at the points the golden made them) and by the harness (the other
 * seat's decisions).
 */
export class ShadowFeed implements ReplicaLink {
  readonly role = 'shadow' as const;
  private readonly queue: SyncEntry[] = [];
  private at = 0;
  /** Faces bound ahead of a decision (`pre` reveals), by `id:inc`: the RevealCard they stand for is not sent again. */
  private readonly prebound = new Set<string>();
  private forcedNext = false;
  /** How many entries this shadow was sent. */
  received = 0;

  constructor(readonly seat: Seat) {}

  /** Appends an entry that arrived. */
  push(entry: SyncEntry): void {
    this.queue.push(entry);
    this.received++;
  }

  /** The next entry not taken yet. */
  next(): SyncEntry | undefined {
    return this.queue[this.at];
  }

  /** Entries arrived and not taken. */
  get waiting(): number {
    return this.queue.length - this.at;
  }

  fail(why: string): never {
    throw new ReplicaDesync(`p${this.seat + 1}'s shadow: ${why}`, { seat: this.seat });
  }

  /** Takes the next entry, which must be of `type`. */
  take<T extends SyncEntry['type']>(type: T, wanted: string): Extract<SyncEntry, { type: T }> {
    const e = this.queue[this.at];
    if (!e) this.fail(`it needs ${wanted} but its stream has nothing more`);
    if (e.type !== type) this.fail(`it needs ${wanted} but its stream's next entry is a ${e.type} (${JSON.stringify(e)})`);
    this.at++;
    // Taken entries are not needed again: the queue keeps only what is still to come.
    if (this.at > 256) {
      this.queue.splice(0, this.at);
      this.at = 0;
    }
    return e as Extract<SyncEntry, { type: T }>;
  }

  private bind(g: G, o: GameObject, e: RevealEntry): void {
    if (e.card !== o.id) this.fail(`it reveals card ${o.id} here but the golden revealed card ${e.card}`);
    bindFace(g, o, e.name, e.face);
  }

  /** Binds a face sent ahead of the other seat's decision. */
  bindAhead(g: G, e: RevealEntry): void {
    const o = g.s.objects[e.card];
    if (!o) this.fail(`the golden revealed card ${e.card}, which this shadow does not have`);
    bindFace(g, o, e.name, e.face);
    this.prebound.add(`${e.card}:${e.inc}`);
  }

  /** The next answer given is to a decision the golden did not ask (it had one option). */
  markForced(): void {
    this.forcedNext = true;
  }

  reveal(g: G, o: GameObject, to: readonly Seat[]): void {
    if (!to.includes(this.seat)) return;
    if (this.prebound.delete(`${o.id}:${o.inc}`)) return;
    this.bind(g, o, this.take('reveal', `the face of card ${o.id}`));
  }

  peek(g: G, objs: readonly GameObject[], seat: Seat): void {
    if (seat !== this.seat) return;
    for (const o of objs) if (!o.known[seat]) this.bind(g, o, this.take('reveal', `the face of card ${o.id} (a look)`));
  }

  forced(): void {}

  relays(seat: Seat): boolean {
    return seat !== this.seat;
  }

  takeForced(): boolean {
    const f = this.forcedNext;
    this.forcedNext = false;
    return f;
  }

  shuffled(g: G, ids: readonly number[]): void {
    for (const id of ids) forgetFace(g, g.s.objects[id]!);
  }

  rng(): Rng {
    return new FeedRng(this);
  }
}

/** The public part of a game's options: what a shadow is made from. */
export type PublicConfig = Pick<CreateGameOptions, 'registry' | 'decks' | 'startingLife' | 'first' | 'payment' | 'explain' | 'strict'>;

/** Options of {@link createShadow} that are no part of the game. */
export type ShadowOptions = {
  /**
   * Keep priority checkpoints (`createGame`'s `checkpoints`), so that a searching controller can
   * fork its seat's shadow at any decision, not only at a priority decision (src/mtg/search/).
   */
  checkpoints?: boolean;
};

/**
 * Makes seat `seat`'s shadow from the public configuration, with its feed (which must already
 * hold the entries the game's opening needs: the opening hand's faces, a random first player).
 *
 * @example
 * ```ts
 * const feed = new ShadowFeed(0);
 * const shadow = createShadow({ registry, decks }, feed);
 * ```
 */
export function createShadow(config: PublicConfig, feed: ShadowFeed, shadow: ShadowOptions = {}): Game {
  if (!config.decks) throw new StoryletError('mtg/bad-config', 'a shadow needs both decklists');
  // The decklists as multisets: sorted, so the list's order (which a deck file fixes) says nothing.
  const decks = config.decks.map((d) => d.map((n) => config.registry.get(n).name).sort()) as [string[], string[]];
  const options: CreateGameOptions = { registry: shadowRegistry(config.registry), decks, seed: SHADOW_SEED, replica: feed };
  if (config.startingLife !== undefined) options.startingLife = config.startingLife;
  if (config.first !== undefined) options.first = config.first;
  if (config.payment) options.payment = config.payment;
  if (config.explain) options.explain = true;
  if (config.strict) options.strict = true;
  if (shadow.checkpoints) options.checkpoints = true;
  return createGame(options);
}
