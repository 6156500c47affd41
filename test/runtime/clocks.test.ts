// The reference, "Turns and cooldowns": each box has its own turn clock, per flow; a play advances
// the played card's box by the project's amount (default 1, overridable per call); redraw is
// always / never / N of the box's turns, starting at the play, never at the deal; a peek never
// touches any clock.
import { describe, expect, it } from 'vitest';
import { engineOf, ids, verdicts } from './support/content.js';

const CONTENT = (playAdvances = 1) => `
settings: { playAdvances: ${playAdvances} }
boxes:
  b:
    decks:
      d:
        cards:
          again: { redraw: always }
          zero: { redraw: 0 }
          once: { redraw: never }
          three: { redraw: 3 }
    hands:
      h: { slots: 4 }
      other: { slots: 4 }
  c:
    decks:
      e:
        cards: { x: {} }
    hands:
      ch: {}
`;

describe('box clocks (reference: "each box has its own")', () => {
  it('start at 0 and move only when the game advances them or a card of the box is played', async () => {
    const { engine } = await engineOf(CONTENT());
    const flow = engine.flow('a');
    expect(flow.turn('b')).toBe(0);
    expect(flow.advance('b')).toBe(1);
    expect(flow.advance('b', 3)).toBe(4);
    expect(flow.turn('c')).toBe(0);
    flow.peek('h');
    flow.deal('h');
    expect(flow.turn('b')).toBe(4);
    flow.play('again', { hand: 'h' });
    expect(flow.turn('b')).toBe(5);
    expect(flow.turn('c')).toBe(0);
  });

  it('are per flow: advancing a box in one flow moves nothing in another', async () => {
    const { engine } = await engineOf(CONTENT());
    engine.flow('a').advance('b', 2);
    expect(engine.flow('b').turn('b')).toBe(0);
  });

  it("a play advances by settings.playAdvances, or by the call's own `advance`", async () => {
    const { engine } = await engineOf(CONTENT(2));
    const flow = engine.flow('a');
    flow.deal('h');
    expect(flow.play('again', { hand: 'h' }).turn).toBe(2);
    expect(flow.play('zero', { hand: 'h', advance: 0 }).turn).toBe(2);
    expect(flow.play('three', { hand: 'h', advance: 5 }).turn).toBe(7);
  });
});

describe('redraw (reference: "A card\'s redraw policy is its cooldown")', () => {
  it('always (and 0): the card can be dealt again at once', async () => {
    const { engine } = await engineOf(CONTENT());
    const flow = engine.flow('a');
    flow.deal('h');
    flow.play('again', { hand: 'h', advance: 0 });
    flow.play('zero', { hand: 'h', advance: 0 });
    expect(ids(flow.deal('h').dealt).sort()).toEqual(['again', 'zero']);
  });

  it('never: a one-shot, out for good in this flow', async () => {
    const { engine } = await engineOf(CONTENT());
    const flow = engine.flow('a');
    flow.deal('h');
    flow.play('once', { hand: 'h' });
    flow.advance('b', 1000);
    expect(verdicts(flow.deal('h').trace).once).toBe('cooldown');
  });

  it("N: out for N of its box's turns after the play", async () => {
    const { engine } = await engineOf(CONTENT());
    const flow = engine.flow('a');
    flow.deal('h');
    flow.play('three', { hand: 'h' }); // turn 0 → 1: out at turns 1, 2, 3
    const seen: string[] = [];
    for (let t = 1; t <= 4; t++) {
      seen.push(`${flow.turn('b')}:${verdicts(flow.peek('other').trace).three}`);
      flow.advance('b');
    }
    expect(seen).toEqual(['1:cooldown', '2:cooldown', '3:cooldown', '4:listed']);
  });

  it("counts only its own box's turns", async () => {
    const { engine } = await engineOf(CONTENT());
    const flow = engine.flow('a');
    flow.deal('h');
    flow.play('three', { hand: 'h' });
    flow.advance('c', 10);
    expect(verdicts(flow.peek('other').trace).three).toBe('cooldown');
  });

  it('starts when the card is played, not when it is dealt', async () => {
    const { engine } = await engineOf(CONTENT());
    const flow = engine.flow('a');
    flow.deal('h');
    flow.advance('b', 10);
    // Held for ten turns: no cooldown has started; playing it now starts one.
    flow.play('three', { hand: 'h' });
    expect(flow.turn('b')).toBe(11);
    expect(verdicts(flow.peek('h').trace).three).toBe('cooldown');
    flow.advance('b', 3);
    expect(verdicts(flow.peek('h').trace).three).toBe('listed');
  });

  it('is per flow: a cooldown in one flow does not touch another', async () => {
    const { engine } = await engineOf(CONTENT());
    engine.flow('a').deal('h');
    engine.flow('a').play('three', { hand: 'h' });
    expect(verdicts(engine.flow('b').peek('h').trace).three).toBe('listed');
  });

  it('a peek never touches any clock, however often', async () => {
    const { engine } = await engineOf(CONTENT());
    const flow = engine.flow('a');
    flow.deal('h');
    flow.play('three', { hand: 'h' });
    const before = JSON.stringify(flow.snapshot());
    for (let i = 0; i < 5; i++) flow.peek('h');
    expect(JSON.stringify(flow.snapshot())).toBe(before);
  });
});
