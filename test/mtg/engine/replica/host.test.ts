// The golden host and a seat's follower (issue 16, docs/mtg/network.md), the two ends a game
// server and `mtg connect` drive over a socket: what the host refuses (state unchanged), what it
// takes for a desync, and that a follower applies its own answer only once the entries after it
// have arrived.
import { describe, expect, it } from 'vitest';
import { StoryletError } from '../../../../src/core/errors.js';
import { opponent } from '../../../../src/mtg/engine/context.js';
import { GoldenHost, HostRefusal, ReplicaDesync, ShadowFollower, randomController, type Seat, type WireAnswer } from '../../../../src/mtg/engine/index.js';
import { lazyView } from '../../../../src/mtg/engine/controllers.js';
import { spellDeck } from '../fixtures/cards.js';
import { fixtureRegistry } from '../helpers.js';

const registry = fixtureRegistry();
const config = (seed: string) => ({ registry, decks: [spellDeck('R'), spellDeck('G')] as [string[], string[]], seed, strict: true });

/** A host and both followers at the first decision, with the asked seat's answer ready. */
function start(seed: string, debug: boolean) {
  const host = new GoldenHost(config(seed), { debug, reproduce: `test ${seed}` });
  const cfg = JSON.parse(JSON.stringify(host.publicConfig()));
  const followers = ([0, 1] as Seat[]).map((s) => new ShadowFollower(cfg, registry, s, host.take(s))) as [ShadowFollower, ShadowFollower];
  return { host, followers };
}

/** Plays `n` decisions with random controllers, as a server and two clients would. */
function play(host: GoldenHost, followers: [ShadowFollower, ShadowFollower], n: number, seed: string): void {
  const controllers = [randomController(`${seed}a`), randomController(`${seed}b`)];
  for (let k = 0; k < n; k++) {
    const q = host.ask();
    if (!q) return;
    followers[opponent(q.seat)].receive(host.take(opponent(q.seat)));
    followers[opponent(q.seat)].advance();
    const f = followers[q.seat];
    f.receive(host.take(q.seat));
    const p = f.advance()!;
    f.check(q);
    host.answer(q.seat, f.decide(controllers[q.seat]!.choose(lazyView(f.game, q.seat), p)));
  }
}

describe('GoldenHost', () => {
  it('refuses an answer from the wrong seat, for another decision, out of range or malformed, and changes nothing', () => {
    const { host, followers } = start('h1', true);
    play(host, followers, 12, 'h1');
    const q = host.ask()!;
    const f = followers[q.seat];
    f.receive(host.take(q.seat));
    const p = f.advance()!;
    const good = f.decide(0);
    const before = host.game.stateHash();
    const refusals: [Seat, unknown, RegExp][] = [
      [opponent(q.seat), good, /is p\d's, not p\d's/],
      [q.seat, { ...good, index: q.index - 1 }, /the decision waiting is/],
      [q.seat, { ...good, option: p.options.length }, /is not one of the/],
      [q.seat, { ...good, option: -1 }, /is not one of the/],
      [q.seat, { ...good, option: 0.5 }, /is not one of the/],
      [q.seat, null, /an answer is an object/],
      [q.seat, { index: q.index, option: 0 }, /no action or checks/],
    ];
    for (const [seat, answer, why] of refusals) {
      let caught: unknown;
      try {
        host.answer(seat, answer as WireAnswer);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(HostRefusal);
      expect((caught as StoryletError).code).toBe('mtg/refused');
      expect((caught as Error).message).toMatch(why);
      expect(host.game.stateHash()).toBe(before);
      expect(host.ask()).toEqual(q);
    }
    // The right answer still goes through after all that.
    host.answer(q.seat, good);
    expect(host.game.choices.length).toBe(q.index + 1);
  });

  it('takes an answer whose action, checks or hash disagree with the golden for a desync', () => {
    const { host, followers } = start('h2', true);
    play(host, followers, 8, 'h2');
    const q = host.ask()!;
    const f = followers[q.seat];
    f.receive(host.take(q.seat));
    f.advance();
    const good = f.decide(0);
    const bad: WireAnswer[] = [
      { ...good, action: { verb: 'concede' as never } },
      { ...good, check: { ...good.check, options: good.check.options + 1 } },
      { ...good, check: { ...good.check, hands: [good.check.hands[0] + 1, good.check.hands[1]] } },
      { ...good, check: { ...good.check, hash: '0000000000000000' } },
    ];
    for (const answer of bad) {
      expect(() => host.answer(q.seat, answer)).toThrow(ReplicaDesync);
      try {
        host.answer(q.seat, answer);
      } catch (error) {
        expect((error as Error).message).toMatch(
          /^DESYNC DETECTED: p\d's shadow: .*; golden hash [0-9a-f]+, shadow hash \S+; \d+ actions, decision \d+; reproduce: test h2$/,
        );
      }
    }
  });

  it('sends the full hash with questions and decisions only with debug', () => {
    for (const debug of [false, true]) {
      const { host, followers } = start('h3', debug);
      const seen: unknown[] = [];
      const take = host.take.bind(host);
      host.take = (s: Seat) => {
        const out = take(s);
        seen.push(...out);
        return out;
      };
      play(host, followers, 30, 'h3');
      expect(host.ask()!.check.hash !== undefined).toBe(debug);
      const decisions = seen.filter((e) => (e as { type: string; forced?: boolean }).type === 'decision' && !(e as { forced?: boolean }).forced);
      expect(decisions.length).toBeGreaterThan(5);
      for (const e of decisions) expect('hash' in (e as object)).toBe(debug);
      // The cheap checks are there either way.
      expect(host.ask()!.check).toMatchObject({ options: expect.any(Number), hands: [expect.any(Number), expect.any(Number)] });
    }
  });
});

describe('ShadowFollower', () => {
  it('applies its own answer only when the entries after it arrive, and then catches up', () => {
    const { host, followers } = start('h4', true);
    const q = host.ask()!;
    const f = followers[q.seat];
    f.receive(host.take(q.seat));
    f.advance();
    f.check(q);
    const answer = f.decide(0);
    // Not applied yet: the shadow still waits at the decision it answered.
    expect(f.game.choices.length).toBe(q.index);
    host.answer(q.seat, answer);
    f.receive(host.take(q.seat));
    f.advance();
    expect(f.game.choices.length).toBeGreaterThan(q.index);
  });

  it('finds a question for another decision than its own a desync', () => {
    const { host, followers } = start('h5', false);
    const q = host.ask()!;
    const f = followers[q.seat];
    f.receive(host.take(q.seat));
    f.advance();
    expect(() => f.check({ ...q, index: q.index + 1 })).toThrow(/DESYNC DETECTED: p\d's shadow: the golden asks/);
    expect(() => f.check({ ...q, check: { ...q.check, libraries: [0, 0] } })).toThrow(/library holds/);
  });
});
