// The reference, "The stock" and "The checks, in order": the hand's condition first, once; then
// every card of the box through deck gate → cooldown → tags → condition → claims, stopping at
// the first it fails; a condition that cannot be evaluated never passes.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Engine, Flow } from '../../src/runtime/index.js';
import { engineOf, ids, reasonOf, verdicts } from './support/content.js';

const CONTENT = `
world: { open: true, hot: false, now: 0 }
tagGroups:
  zone:
    properties: { peril: 0 }
    tags: { forest: { peril: 2 }, village: {} }
  npc:
    tags: { elder: {}, smith: {} }
boxes:
  b:
    decks:
      gated:
        gate: "@world.open"
        cards:
          gated_card: { redraw: 5 }
      free:
        cards:
          plain: { redraw: 5 }
          forest_only: { tags: { zone: forest } }
          forest_cooling: { tags: { zone: forest }, redraw: 5 }
          forest_or_village: { tags: { zone: [forest, village] } }
          elder_only: { tags: { npc: elder } }
          perilous: { condition: "@hand.peril >= 2" }
          reads_npc: { tags: { zone: village }, condition: "@hand.npc == elder" }
          divides: { condition: "not (@world.now / 0 > 1)" }
          odd_priority: { priority: "10 / @world.now" }
    hands:
      forest_path: { tags: { zone: forest }, slots: 20 }
      village: { tags: { zone: village }, choose: [npc], slots: 20, condition: "not @world.hot" }
`;

let engine: Engine;
let flow: Flow;
beforeEach(async () => {
  ({ engine } = await engineOf(CONTENT));
  flow = engine.flow('alice');
});

describe('the hand condition (reference: "checked first, once")', () => {
  it('when it fails nothing is dealt and the trace lists no cards', () => {
    flow.setWorld('hot', true);
    const { cards, dealt, trace } = flow.deal('village');
    expect(cards).toEqual([]);
    expect(dealt).toEqual([]);
    expect(trace.cards).toEqual([]);
    expect(trace.handCondition).toMatchObject({ ok: false });
    expect(trace.handCondition?.reason).toContain('not @world.hot');
    expect(flow.hand('village')).toEqual([]);
  });

  it('when it holds every card of the box is considered', () => {
    const { trace } = flow.deal('village');
    expect(trace.handCondition).toEqual({ ok: true });
    expect(trace.cards.map((c) => c.id)).toEqual([
      'gated_card',
      'plain',
      'forest_only',
      'forest_cooling',
      'forest_or_village',
      'elder_only',
      'perilous',
      'reads_npc',
      'divides',
      'odd_priority',
    ]);
  });

  it('a peek has no hand condition', () => {
    flow.setWorld('hot', true);
    const { cards, trace } = flow.peek('village');
    expect(trace.handCondition).toBeUndefined();
    expect(cards.length).toBeGreaterThan(0);
  });
});

describe('each check and its verdict (reference: "The checks, in order")', () => {
  it('1. deck gate: a false gate keeps out every card of its deck', () => {
    flow.setWorld('open', false);
    const { trace } = flow.deal('forest_path');
    expect(verdicts(trace).gated_card).toBe('deck-gate');
    expect(reasonOf(trace, 'gated_card')).toContain('@world.open');
  });

  it('2. cooldown: a played card waits out its redraw', () => {
    flow.deal('forest_path');
    flow.play('plain', { hand: 'forest_path' });
    expect(verdicts(flow.deal('forest_path').trace).plain).toBe('cooldown');
  });

  it("3. tags: a listed group must be bound to one of the card's tags; an unlisted group matches any hand", () => {
    const forest = verdicts(flow.peek('forest_path').trace);
    expect(forest.forest_only).toBe('listed');
    expect(forest.forest_or_village).toBe('listed');
    expect(forest.plain).toBe('listed');
    const village = verdicts(flow.peek('village').trace);
    expect(village.forest_only).toBe('tags');
    expect(village.forest_or_village).toBe('listed');
  });

  it('3. tags: a hand that leaves the group open and was not asked for it does not match', () => {
    const { trace } = flow.peek('village');
    expect(verdicts(trace).elder_only).toBe('tags');
    expect(reasonOf(trace, 'elder_only')).toMatch(/does not bind group npc; ask for it/);
    expect(verdicts(flow.peek('village', { npc: 'elder' }).trace).elder_only).toBe('listed');
    expect(verdicts(flow.peek('village', { npc: 'smith' }).trace).elder_only).toBe('tags');
  });

  it('4. condition: a false condition keeps the card out', () => {
    expect(verdicts(flow.peek('forest_path').trace).perilous).toBe('listed');
    const { trace } = flow.peek('village');
    expect(verdicts(trace).perilous).toBe('condition');
    expect(reasonOf(trace, 'perilous')).toContain('@hand.peril >= 2');
  });

  it('5. claims: a card this hand already holds is claimed', () => {
    flow.deal('forest_path');
    const { trace } = flow.deal('forest_path');
    expect(verdicts(trace).plain).toBe('claimed');
    expect(reasonOf(trace, 'plain')).toContain('already in this hand');
  });
});

describe('the first failed check is the one reported (reference: "The order matters")', () => {
  it('a card outside its deck gate and on cooldown is reported deck-gate', () => {
    flow.deal('forest_path');
    flow.play('gated_card', { hand: 'forest_path' });
    flow.setWorld('open', false);
    expect(verdicts(flow.peek('forest_path').trace).gated_card).toBe('deck-gate');
    flow.setWorld('open', true);
    expect(verdicts(flow.peek('forest_path').trace).gated_card).toBe('cooldown');
  });

  it('a card on cooldown whose tags would also fail is reported cooldown', () => {
    flow.deal('forest_path');
    flow.play('forest_cooling', { hand: 'forest_path' });
    expect(verdicts(flow.peek('village').trace).forest_cooling).toBe('cooldown');
    flow.advance('b', 5);
    expect(verdicts(flow.peek('village').trace).forest_cooling).toBe('tags');
  });

  it('a card that fails tags is reported tags, though its condition could not be evaluated there', () => {
    // reads_npc reads @hand.npc, which forest_path does not have: tags come first.
    const { trace } = flow.peek('forest_path');
    expect(verdicts(trace).reads_npc).toBe('tags');
  });
});

describe('a condition that cannot be evaluated never passes (reference: "It never quietly passes")', () => {
  it('a missing @hand name makes the card unavailable with the reason recorded', () => {
    const { trace } = flow.peek('village');
    expect(verdicts(trace).reads_npc).toBe('condition');
    expect(reasonOf(trace, 'reads_npc')).toMatch(/@hand\.npc is not set/);
    expect(verdicts(flow.peek('village', { npc: 'elder' }).trace).reads_npc).toBe('listed');
  });

  it('division by zero is not evaluable, even under a `not`', () => {
    const { trace } = flow.peek('forest_path');
    expect(verdicts(trace).divides).toBe('condition');
    expect(reasonOf(trace, 'divides')).toMatch(/division by zero/);
  });

  it('a priority expression that cannot be worked out gives the verdict priority', () => {
    const { trace } = flow.peek('forest_path');
    expect(verdicts(trace).odd_priority).toBe('priority');
    flow.setWorld('now', 2);
    const after = flow.peek('forest_path').trace.cards.find((c) => c.id === 'odd_priority');
    expect(after).toMatchObject({ verdict: 'listed', priority: 5, rank: 1 });
  });

  it('a gate that cannot be evaluated keeps its deck out as deck-gate', async () => {
    const { engine: e } = await engineOf(`
tagGroups:
  npc: { tags: { elder: {}, smith: {} } }
boxes:
  b:
    decks:
      d:
        gate: "@hand.npc == elder"
        cards: { c: {} }
    hands:
      h: { choose: [npc] }
`);
    const f = e.flow('a');
    const { trace } = f.peek('h');
    expect(verdicts(trace).c).toBe('deck-gate');
    expect(reasonOf(trace, 'c')).toMatch(/could not be evaluated.*@hand\.npc is not set/);
    expect(verdicts(f.peek('h', { npc: 'elder' }).trace).c).toBe('listed');
  });
});

describe('the stock (reference: "It isn\'t stored anywhere")', () => {
  it('is worked out on every call from the current state', () => {
    expect(ids(flow.peek('forest_path').cards)).toContain('gated_card');
    flow.setWorld('open', false);
    expect(ids(flow.peek('forest_path').cards)).not.toContain('gated_card');
    flow.setWorld('open', true);
    expect(ids(flow.peek('forest_path').cards)).toContain('gated_card');
  });
});
