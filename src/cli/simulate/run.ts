/**
 * One simulated playthrough: a fresh engine, a seeded stream of moves, and tallies of what the
 * deals did. A run depends only on the bundle, the seed and its own index, never on which thread
 * runs it or what ran before, so splitting runs across threads cannot change the report.
 */
import type { Bundle } from '../../content/bundle.js';
import { StoryletError } from '../../core/errors.js';
import { Rng } from '../../core/random.js';
import { createEngine, VERDICTS, type Verdict } from '../../runtime/index.js';

export type Policy = 'random' | 'first';
export const POLICIES: readonly Policy[] = ['random', 'first'];

export interface RunOptions {
  seed: string;
  steps: number;
  policy: Policy;
}

/** Verdicts a simulation tallies: everything but `listed` (peeks are not counted). */
export const TALLIED: readonly Verdict[] = VERDICTS.filter((v) => v !== 'listed');

/** What one run saw, by position in the bundle's `cards` / `hands` (plain JSON, to cross threads). */
export interface RunResult {
  deals: number;
  plays: number;
  advances: number;
  /** By card, by {@link TALLIED} index: how many deals gave it that verdict. */
  verdicts: number[][];
  /** By hand: deals of it, and deals after which it held at least one card. */
  handDeals: number[];
  handHeld: number[];
  /** By card: checks (one per step per holding hand) at which it was stuck, and 1 if ever stuck. */
  stuckChecks: number[];
  stuckRun: number[];
  /** By card: plays whose effects were refused (nothing changed). */
  effectFailures: number[];
}

/**
 * Runs playthrough `index`. Each step deals a hand chosen at random (asking a random tag for each
 * group it leaves open), then plays from it by the policy (`first`: the card it has held longest;
 * `random`: one of its cards or none), then advances a random box one time in four. After every
 * step, each hand holding cards is peeked: a held card whose verdict is `condition` is stuck, a
 * card that was dealt and then stopped being playable by its own rule.
 *
 * @example
 * ```ts
 * const r = simulateRun(bundle, 0, { seed: 's', steps: 50, policy: 'random' });
 * ```
 */
export function simulateRun(bundle: Bundle, index: number, o: RunOptions): RunResult {
  const engine = createEngine(bundle, { seed: `${o.seed}/run ${index}`, traceLimit: 0 });
  const flow = engine.flow('sim');
  const rng = new Rng(`${o.seed}/moves ${index}`);
  const cardIndex = new Map(bundle.cards.map((c, i) => [c.id, i]));
  const groups = new Map(bundle.tagGroups.map((g) => [g.id, g.tags.map((t) => t.id)]));
  const zeros = () => bundle.cards.map(() => 0);
  const r: RunResult = {
    deals: 0,
    plays: 0,
    advances: 0,
    verdicts: bundle.cards.map(() => TALLIED.map(() => 0)),
    handDeals: bundle.hands.map(() => 0),
    handHeld: bundle.hands.map(() => 0),
    stuckChecks: zeros(),
    stuckRun: zeros(),
    effectFailures: zeros(),
  };
  // Instances that have held something, in the order they first did: the stuck check visits them.
  const holding = new Map<string, { hand: string; ask: Record<string, string> }>();
  if (bundle.hands.length === 0) return r;

  for (let step = 0; step < o.steps; step++) {
    const h = rng.int(bundle.hands.length);
    const hand = bundle.hands[h]!;
    const ask: Record<string, string> = {};
    for (const g of hand.choose) {
      const tags = groups.get(g) ?? [];
      if (tags.length) ask[g] = tags[rng.int(tags.length)]!;
    }
    const { cards, trace } = flow.deal(hand.id, ask);
    r.deals++;
    r.handDeals[h]!++;
    for (const c of trace.cards) {
      const v = TALLIED.indexOf(c.verdict);
      if (v >= 0) r.verdicts[cardIndex.get(c.id)!]![v]!++;
    }
    if (cards.length > 0) {
      r.handHeld[h]!++;
      holding.set(trace.handKey, { hand: hand.id, ask });
    }

    const pick = o.policy === 'first' ? (cards.length > 0 ? 0 : -1) : rng.int(cards.length + 1) - 1;
    const card = pick >= 0 ? cards[pick] : undefined;
    if (card) {
      try {
        flow.play(card.id, { hand: hand.id, ask });
        r.plays++;
      } catch (err) {
        // A refused effect (a stage past the end of its ladder, say) changes nothing; count it.
        if (!(err instanceof StoryletError) || err.code !== 'play/effect-failed') throw err;
        r.effectFailures[cardIndex.get(card.id)!]!++;
      }
    }
    if (bundle.boxes.length > 0 && rng.int(4) === 0) {
      flow.advance(bundle.boxes[rng.int(bundle.boxes.length)]!.id);
      r.advances++;
    }

    for (const inst of holding.values()) {
      const held = flow.hand(inst.hand, inst.ask);
      if (held.length === 0) continue;
      const { trace: peek } = flow.peek(inst.hand, inst.ask);
      for (const c of held) {
        if (peek.verdictOf(c.id) !== 'condition') continue;
        const i = cardIndex.get(c.id)!;
        r.stuckChecks[i]!++;
        r.stuckRun[i] = 1;
      }
    }
  }
  return r;
}

/**
 * Adds `b` into `a` (every field is a count), for merging runs in index order.
 *
 * @example
 * ```ts
 * const total = results.reduce(addResult);
 * ```
 */
export function addResult(a: RunResult, b: RunResult): RunResult {
  const add = (x: number[], y: number[]) => x.map((v, i) => v + y[i]!);
  return {
    deals: a.deals + b.deals,
    plays: a.plays + b.plays,
    advances: a.advances + b.advances,
    verdicts: a.verdicts.map((row, i) => add(row, b.verdicts[i]!)),
    handDeals: add(a.handDeals, b.handDeals),
    handHeld: add(a.handHeld, b.handHeld),
    stuckChecks: add(a.stuckChecks, b.stuckChecks),
    stuckRun: add(a.stuckRun, b.stuckRun),
    effectFailures: add(a.effectFailures, b.effectFailures),
  };
}
