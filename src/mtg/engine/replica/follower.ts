/**
 * One seat's side of a replicated game (issues 15 and 16, docs/mtg/network.md), with no
 * transport: the seat's shadow, fed the entries the golden sends that seat, run through the other
 * seat's decisions as they arrive, checked against each question, and answering with its own
 * decisions by public ids. `runReplicated` drives two of them in process; `mtg connect` drives
 * one over a socket.
 *
 * Its own decision is applied to the shadow only when the entries that follow it have arrived:
 * the golden makes them as it runs on from the answer (a card drawn, a coin flipped), and a
 * shadow that ran ahead of them would find its stream empty.
 */
import type { CardRegistry } from '../../cards/index.js';
import type { ChoicePoint, Seat } from '../choice.js';
import { rederivePriority, type Game } from '../game.js';
import { publicHash } from '../public-hash.js';
import { checkDifference, nthOf, seatCheck, type Ask, type PublicConfigJson, type SeatCheck, type WireAnswer } from './host.js';
import { createShadow, ReplicaDesync, ShadowFeed } from './shadow.js';
import { sameAction, wireAction, type SyncEntry, type WireAction } from './sync.js';

/** Options of {@link ShadowFollower}. */
export type FollowerOptions = {
  /** The command line that reproduces the game, for desync messages. */
  reproduce?: string;
  /** Compute the full hash for each answer even when the questions carry none. */
  hash?: boolean;
  /** The shadow keeps priority checkpoints, for a searching controller's forks (`createShadow`). */
  checkpoints?: boolean;
};

/**
 * Seat `seat`'s shadow and its stream.
 *
 * @example
 * ```ts
 * const f = new ShadowFollower(started.config, registry, started.seat, started.entries);
 * f.receive(sync.entries);
 * const point = f.advance(); // its own decision, or null while the other seat decides
 * f.check(ask);
 * socket.send(JSON.stringify({ type: 'Answer', answer: f.decide(controller.choose(lazyView(f.game, seat), point!, f.game)) }));
 * ```
 */
export class ShadowFollower {
  readonly game: Game;
  private readonly feed: ShadowFeed;
  /** Its own answer given and not applied yet (the entries after it have not arrived). */
  private own: number | null = null;
  /** The hash the golden sent with the decision being checked (debug), for the desync message. */
  private lastGoldenHash: string | undefined;
  /** The checks made of its own decision waiting, by decision index: the answer carries them (the state has not moved since). */
  private checked: { index: number; check: SeatCheck } | null = null;

  constructor(
    config: PublicConfigJson,
    registry: CardRegistry,
    readonly seat: Seat,
    first: readonly SyncEntry[],
    private readonly options: FollowerOptions = {},
  ) {
    this.feed = new ShadowFeed(seat);
    this.receive(first);
    this.game = this.guard(() => createShadow({ ...config, registry }, this.feed, { checkpoints: options.checkpoints === true }));
  }

  /** Hash comparisons made (the golden's hash, sent with a question or another seat's decision, against the shadow's). */
  hashChecks = 0;

  /** Entries received in all. */
  get received(): number {
    return this.feed.received;
  }

  /** Entries received and not taken by the shadow yet. */
  get waiting(): number {
    return this.feed.waiting;
  }

  /** Appends entries that arrived, in order. */
  receive(entries: readonly SyncEntry[]): void {
    for (const e of entries) this.feed.push(e);
  }

  /**
   * Runs the shadow on through its own answer (once the entries after it have arrived) and the
   * other seat's decisions received, to its own next decision (returned) or to where it waits
   * for more (null; also when the game is over).
   */
  advance(): ChoicePoint | null {
    return this.guard(() => {
      if (this.own !== null) {
        const i = this.own;
        this.own = null;
        this.game.choose(i);
      }
      const shadow = this.game;
      const feed = this.feed;
      for (;;) {
        const p = shadow.pending();
        if (!p) return null;
        if (p.seat === this.seat) return p;
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
        if (!next) return null;
        if (next.type !== 'decision')
          this.fail(`it waits for p${p.seat + 1}'s ${p.kind} decision but the golden sent a ${next.type} first (${JSON.stringify(next)})`);
        const e = feed.take('decision', 'a decision');
        const where = shadow.choices.length;
        if (e.seat !== p.seat || e.kind !== p.kind || e.index !== where)
          this.fail(`it is at p${p.seat + 1}'s ${p.kind} decision ${where} but the golden sent p${e.seat + 1}'s ${e.kind} decision ${e.index}`);
        if (e.hash !== undefined) {
          if (publicHash(shadow, this.seat) !== e.hash) {
            this.lastGoldenHash = e.hash;
            this.fail(`its state differs from the golden's at decision ${e.index}`);
          }
          this.hashChecks++;
        }
        const j = nthMatch(p, e.action, e.nth ?? 0);
        if (j < 0) this.fail(`no option of its p${p.seat + 1} ${p.kind} decision ${where} is ${JSON.stringify(e.action)} (it has ${p.options.length})`);
        if (e.forced) feed.markForced();
        shadow.choose(j);
      }
    });
  }

  /** Compares the golden's question with the shadow's own decision waiting: a disagreement is a desync. */
  check(ask: Ask): void {
    const p = this.game.pending();
    const at = this.game.choices.length;
    if (this.own !== null || !p || p.seat !== ask.seat || p.kind !== ask.kind || at !== ask.index)
      this.fail(
        `the golden asks p${ask.seat + 1} for a ${ask.kind} decision ${ask.index}; the shadow is at ${this.own !== null ? 'its own answer, not applied' : p ? `p${p.seat + 1}'s ${p.kind} decision ${at}` : 'no decision'}`,
      );
    this.lastGoldenHash = ask.check.hash;
    const mine = seatCheck(this.game, this.seat, p, ask.check.hash !== undefined || this.options.hash === true);
    this.checked = { index: at, check: mine };
    const differs = checkDifference(ask.check, mine);
    if (differs) this.fail(`${p.kind} decision ${ask.index}: ${differs}`);
    if (ask.check.hash !== undefined) this.hashChecks++;
  }

  /** Gives its own option `i` at the decision waiting: the answer to send. The shadow applies it when the next entries arrive. */
  decide(i: number): WireAnswer {
    const p = this.game.pending();
    if (this.own !== null || !p || p.seat !== this.seat) this.fail('it was asked to decide, but the decision waiting is not its own');
    if (!Number.isInteger(i) || i < 0 || i >= p.options.length) this.fail(`option ${JSON.stringify(i)} is not one of its ${p.options.length} options`);
    const action = wireAction(p.options[i]!.action);
    const nth = nthOf(p, i, action);
    const index = this.game.choices.length;
    // The checks of the question just compared, when there was one: the state has not moved since.
    const check =
      this.checked?.index === index ? this.checked.check : seatCheck(this.game, this.seat, p, this.options.hash === true || this.lastGoldenHash !== undefined);
    const answer: WireAnswer = { index, option: i, action, check };
    if (nth > 0) answer.nth = nth;
    this.own = i;
    return answer;
  }

  /** Throws this seat's desync: what disagreed, the hashes it knows, where, and the reproducer. */
  fail(why: string): never {
    // A desync while the shadow is being made has no shadow to describe yet.
    const game = this.game as Game | undefined;
    const index = game ? game.choices.length : 0;
    const actions = game ? game.actions.length : 0;
    const goldenHash = this.lastGoldenHash ?? '(not sent)';
    const shadowHash = game ? publicHash(game, this.seat) : '(none)';
    const reproduce = this.options.reproduce ?? '(no reproducer given)';
    throw new ReplicaDesync(
      `DESYNC DETECTED: p${this.seat + 1}'s shadow: ${why}; golden hash ${goldenHash}, shadow hash ${shadowHash}; ${actions} actions, decision ${index}; reproduce: ${reproduce}`,
      { seat: this.seat, decision: index, actions, goldenHash, shadowHash, reproduce },
    );
  }

  /** Runs `fn`, giving a desync the feed or the rules raised this follower's diagnostics. */
  private guard<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof ReplicaDesync && !String(error.message).includes('; reproduce: '))
        return this.fail(error.message.replace(/^DESYNC DETECTED: /, '').replace(/^p\d's shadow: /, ''));
      throw error;
    }
  }
}

/** The index of the `nth` option (from 0) whose wire action is `action`, or -1. */
function nthMatch(point: ChoicePoint, action: WireAction, nth: number): number {
  let seen = 0;
  for (let i = 0; i < point.options.length; i++) {
    if (!sameAction(wireAction(point.options[i]!.action), action)) continue;
    if (seen === nth) return i;
    seen++;
  }
  return -1;
}
