// The same random play, run against any engine: the synchronous one, the async one over memory,
// async ones over Redis. Each run gives a transcript (every deal's and peek's verdicts, every
// play's outcome) that must be the same whatever the store.
import fc from 'fast-check';
import { StoryletError } from '../../../src/core/errors.js';
import type { AsyncFlow, CardView, Flow, PeekResult } from '../../../src/runtime/index.js';

export const CONTENT = `
world: { now: 0 }
tagGroups:
  npc: { tags: { elder: {}, smith: {} } }
handTemplates:
  talk: { choose: [npc], slots: 2 }
boxes:
  town:
    decks:
      local:
        cards:
          rumour: {}
          coin: { copies: 2, redraw: 1 }
          letter: { redraw: never }
          late_news: { condition: "@world.now >= 2", priority: 3 }
      world:
        shared: true
        cards:
          goblin: { redraw: 2 }
          ticket: { copies: 1, sharedCopies: 2 }
          crown: { redraw: never }
          bread: { copies: 2, sharedCopies: 3 }
          relic: { redraw: never, copies: 1, sharedCopies: 2, tags: { npc: elder } }
          omen: { redraw: never, condition: "@world.now >= 1" }
    hands:
      tavern: { slots: 3 }
      market: { slots: 2 }
      square: { template: talk }
`;

export const FLOWS = ['ann', 'ben', 'cat'] as const;
const HANDS = ['tavern', 'market', 'square'] as const;
const ASKS = [undefined, { npc: 'elder' }, { npc: 'smith' }] as const;
const INSTANCES = [
  ['tavern', undefined],
  ['market', undefined],
  ['square', ASKS[1]],
  ['square', ASKS[2]],
] as const;

export type Cmd =
  | { kind: 'deal' | 'peek'; flow: number; hand: number; ask: number }
  | { kind: 'play'; flow: number; hand: number; ask: number; pick: number }
  | { kind: 'advance'; flow: number; n: number }
  | { kind: 'world'; flow: number; now: number };

export const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('deal' as const, 'peek' as const), flow: fc.nat(2), hand: fc.nat(2), ask: fc.nat(2) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('play' as const), flow: fc.nat(2), hand: fc.nat(3), ask: fc.nat(2), pick: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('advance' as const), flow: fc.nat(2), n: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('world' as const), flow: fc.nat(2), now: fc.nat(2) }) },
);

type AnyFlow = Flow | AsyncFlow;

/** Runs the commands; `flowOf` says which engine's handle plays a flow. */
export async function transcript(cmds: readonly Cmd[], flowOf: (id: string) => AnyFlow): Promise<string[]> {
  const out: string[] = [];
  for (const c of cmds) {
    const id = FLOWS[c.flow]!;
    const flow = flowOf(id);
    if (c.kind === 'deal' || c.kind === 'peek') {
      const hand = HANDS[c.hand]!;
      const ask = hand === 'square' ? ASKS[c.ask] : undefined;
      const r: PeekResult & { dealt?: CardView[] } = c.kind === 'deal' ? await flow.deal(hand, ask) : await flow.peek(hand, ask);
      const verdicts = r.trace.cards.map((t) => `${t.id}:${t.verdict}${t.rank ? `#${t.rank}` : ''}`).join(' ');
      const dealt = r.dealt ? r.dealt.map((x) => x.id).join(',') : '';
      out.push(`${id} ${c.kind} ${r.trace.handKey} [${dealt}] ${verdicts} ${r.trace.cards.map((t) => t.reason).join('|')}`);
    } else if (c.kind === 'play') {
      // Plays a card some hand of the flow holds (most plays succeed); an empty flow tries one anyway.
      const holding = INSTANCES.map(([hand, ask]) => ({ hand, ask, cards: flow.hand(hand, ask) })).filter((h) => h.cards.length > 0);
      const at = holding[c.hand % Math.max(1, holding.length)];
      const hand = at?.hand ?? 'tavern';
      const ask = at?.ask;
      const card = at ? at.cards[c.pick % at.cards.length]!.id : 'rumour';
      try {
        const r = await flow.play(card, { hand, ask });
        out.push(`${id} play ${card} ${r.box}@${r.turn}`);
      } catch (err) {
        if (!(err instanceof StoryletError)) throw err;
        out.push(`${id} play ${card} refused ${err.code}`);
      }
    } else if (c.kind === 'advance') {
      out.push(`${id} advance ${flow.advance('town', c.n)}`);
    } else if (c.kind === 'world') {
      flow.setWorld('now', c.now);
      out.push(`${id} now=${c.now}`);
    }
  }
  return out;
}
