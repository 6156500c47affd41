// Invariants over random play (issue, "Done means"): random sequences of deal/peek/play/advance
// over several flows never put a card in two places within one hand, never exceed `copies` in a
// flow or `sharedCopies` across flows, never deal a taken card, never change anything on a peek;
// and snapshot → restore → the same next deal.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/runtime/index.js';
import type { Bundle } from '../../src/content/bundle.js';
import type { Engine, FlowSnapshot, TraceCard } from '../../src/runtime/index.js';
import { bundleOf } from './support/content.js';

const CONTENT = `
world: { now: 0 }
tagGroups:
  npc: { tags: { elder: {}, smith: {}, child: {} } }
handTemplates:
  talk: { choose: [npc], slots: 2 }
boxes:
  town:
    decks:
      local:
        cards:
          rumour: {}
          coin: { copies: 3, redraw: 1 }
          letter: { copies: 2, redraw: never }
          elder_tale: { tags: { npc: elder }, redraw: 2 }
          smith_job: { tags: { npc: [smith, child] }, copies: 2 }
          late_news: { condition: "@world.now >= 2", priority: 3 }
      world:
        shared: true
        cards:
          goblin: { redraw: 3 }
          ticket: { copies: 1, sharedCopies: 2 }
          crown: { redraw: never }
          bread: { copies: 2, sharedCopies: 3 }
    hands:
      tavern: { slots: 3 }
      market: { slots: 2 }
      square: { template: talk }
      gate: { slots: 1 }
`;

const FLOWS = ['ann', 'ben', 'cat'] as const;
const HANDS = ['tavern', 'market', 'square', 'gate'] as const;
const ASKS = [undefined, { npc: 'elder' }, { npc: 'smith' }, { npc: 'child' }] as const;

type Cmd =
  | { kind: 'deal'; flow: number; hand: number; ask: number }
  | { kind: 'peek'; flow: number; hand: number; ask: number }
  | { kind: 'play'; flow: number; hand: number; ask: number; pick: number }
  | { kind: 'advance'; flow: number; n: number }
  | { kind: 'world'; flow: number; now: number };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({ kind: fc.constantFrom('deal' as const, 'peek' as const), flow: fc.nat(2), hand: fc.nat(3), ask: fc.nat(3) }),
  fc.record({ kind: fc.constant('play' as const), flow: fc.nat(2), hand: fc.nat(3), ask: fc.nat(3), pick: fc.nat(5) }),
  fc.record({ kind: fc.constant('advance' as const), flow: fc.nat(2), n: fc.nat(3) }),
  fc.record({ kind: fc.constant('world' as const), flow: fc.nat(2), now: fc.nat(3) }),
);

let bundle: Bundle;
beforeAll(async () => {
  bundle = await bundleOf(CONTENT);
});

const askFor = (hand: number, ask: number) => (HANDS[hand] === 'square' ? ASKS[ask] : undefined);

function run(engine: Engine, cmds: Cmd[], check: () => void): void {
  for (const c of cmds) {
    const flow = engine.flow(FLOWS[c.flow]!);
    if (c.kind === 'advance') flow.advance('town', c.n);
    else if (c.kind === 'world') flow.setWorld('now', c.now);
    else {
      const hand = HANDS[c.hand]!;
      const ask = askFor(c.hand, c.ask);
      if (c.kind === 'peek') {
        const before = JSON.stringify(engine.snapshot());
        const { cards, trace } = flow.peek(hand, ask);
        expect(JSON.stringify(engine.snapshot())).toBe(before);
        topAgrees(trace.cards, 'listed', cards.length);
      } else if (c.kind === 'deal') {
        const taken = engine.taken();
        const { dealt, trace } = flow.deal(hand, ask);
        for (const card of dealt) expect(taken).not.toContain(card.id);
        topAgrees(trace.cards, 'dealt', dealt.length);
      } else {
        const held = flow.hand(hand, ask);
        if (held.length > 0) flow.play(held[c.pick % held.length]!.id, { hand, ask });
      }
    }
    check();
  }
}

/** The cards a deal took (or a peek listed) are exactly the trace's ranks 1..n: one ordering. */
function topAgrees(cards: readonly TraceCard[], verdict: 'dealt' | 'listed', n: number): void {
  const taken = cards
    .filter((c) => c.verdict === verdict)
    .map((c) => c.rank)
    .sort((a, b) => a! - b!);
  expect(taken).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  for (const c of cards) if (c.verdict === 'capped') expect(c.rank).toBeGreaterThan(n);
}

/** Counts holdings from the snapshot: what the engine says it holds, not what it thinks. */
function checkInvariants(engine: Engine): void {
  const snap = engine.snapshot();
  const world = new Map<string, number>();
  for (const f of snap.flows) {
    const perFlow = new Map<string, number>();
    for (const h of f.hands) {
      expect(new Set(h.holds).size).toBe(h.holds.length);
      for (const id of h.holds) perFlow.set(id, (perFlow.get(id) ?? 0) + 1);
    }
    for (const [id, n] of perFlow) {
      const card = bundle.cards.find((c) => c.id === id)!;
      expect(n).toBeLessThanOrEqual(card.copies);
      if (card.shared) world.set(id, (world.get(id) ?? 0) + n);
    }
  }
  for (const [id, n] of world) expect(n).toBeLessThanOrEqual(bundle.cards.find((c) => c.id === id)!.sharedCopies);
}

describe('random play over several flows', () => {
  it('never exceeds copies per flow or sharedCopies across flows; peeks change nothing; taken cards are never dealt', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.array(cmd, { maxLength: 60 }), (seed, cmds) => {
        const engine = createEngine(bundle, { seed, traceLimit: 0 });
        run(engine, cmds, () => checkInvariants(engine));
      }),
      { numRuns: 150 },
    );
  });

  it('engine snapshot → restore → the same snapshot and the same next deal in every flow and hand', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.array(cmd, { maxLength: 40 }), (seed, cmds) => {
        const engine = createEngine(bundle, { seed, traceLimit: 0 });
        run(engine, cmds, () => {});
        const snap = JSON.parse(JSON.stringify(engine.snapshot()));
        const copy = createEngine(bundle, { seed, traceLimit: 0 });
        copy.restore(snap);
        expect(JSON.stringify(copy.snapshot())).toBe(JSON.stringify(engine.snapshot()));
        for (const f of FLOWS) {
          for (let h = 0; h < HANDS.length; h++) {
            const ask = askFor(h, h % 4);
            const a = engine.flow(f).deal(HANDS[h]!, ask);
            const b = copy.flow(f).deal(HANDS[h]!, ask);
            expect(JSON.stringify(b)).toBe(JSON.stringify(a));
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('flow snapshot → restore into a fresh engine is bit-identical', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.array(cmd, { maxLength: 40 }), (seed, cmds) => {
        const engine = createEngine(bundle, { seed, traceLimit: 0 });
        run(engine, cmds, () => {});
        for (const f of FLOWS) {
          const snap = JSON.parse(JSON.stringify(engine.flow(f).snapshot())) as FlowSnapshot;
          const restored = createEngine(bundle, { seed }).restore(snap);
          expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(snap));
        }
      }),
      { numRuns: 100 },
    );
  });
});
