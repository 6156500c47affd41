// The reference, "The @hand scope" and "Hand templates": @hand is assembled per deal from (1) the
// properties of every tag the hand binds, (2) the hand's own properties, (3) what was asked for,
// later overriding earlier; each name remembers its source so a write goes back there. Templates
// are shared, evaluated per hand against its own @hand; a hand can override only its slots.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Engine, Flow } from '../../src/runtime/index.js';
import { engineOf, expectCode, ids, verdicts } from './support/content.js';

const CONTENT = `
world: { coins: 3 }
qualities:
  haunting: [calm, uneasy, haunted]
tagGroups:
  zone:
    properties: { peril: 0, haunting: { quality: haunting, start: calm } }
    tags:
      forest: { peril: 2 }
      village: { market_day: false }
  npc:
    properties: { trust: 0, mood: 1 }
    tags: { elder: {}, smith: { trust: 1 } }
handTemplates:
  talk:
    tags: { zone: village }
    choose: [npc]
    properties: { patience: 2, mood: 5 }
    condition: "@hand.patience > 0"
    slots: 2
boxes:
  b:
    decks:
      d:
        cards:
          scare:
            tags: { zone: forest }
            effects: ["@hand.peril = @hand.peril + 1", "advance(@hand.haunting)"]
          dread:
            tags: { zone: forest }
            effects: ["advance(@hand.haunting, 5)"]
          calm_down:
            tags: { zone: forest }
            effects: ["retreat(@hand.haunting, 9)"]
          chat:
            tags: { npc: [elder, smith] }
            copies: 3
            effects: ["@hand.patience = @hand.patience - 1", "@hand.trust = @hand.trust + 1"]
          trade:
            tags: { zone: village }
            copies: 3
            effects: ["@world.coins = @world.coins + 1"]
          broken:
            tags: { zone: forest }
            effects: ["@world.coins = @world.coins + 1", "@hand.peril = @hand.peril + 1", "@world.coins = @world.coins / (@hand.peril - @hand.peril)"]
    hands:
      forest_path: { tags: { zone: forest }, slots: 6 }
      forest_edge: { tags: { zone: forest }, slots: 6 }
      elder_chat: { template: talk, tags: { npc: elder } }
      smithy: { template: talk, tags: { npc: smith }, slots: 1 }
      square: { template: talk }
`;

let engine: Engine;
let flow: Flow;
beforeEach(async () => {
  ({ engine } = await engineOf(CONTENT));
  flow = engine.flow('a');
});

const scope = (f: Flow, hand: string, ask?: Record<string, string>) => Object.fromEntries(f.handScope(hand, ask).map((e) => [e.name, e.value]));

describe('assembly (reference: "from three sources, later ones overriding earlier ones")', () => {
  it("reads the bound tags' properties, the hand's own, and the asked and pinned groups by name", () => {
    const entries = flow.handScope('square', { npc: 'smith' });
    expect(Object.fromEntries(entries.map((e) => [e.name, e.value]))).toEqual({
      peril: 0,
      haunting: 'calm',
      market_day: false,
      trust: 1,
      mood: 5,
      patience: 2,
      zone: 'village',
      npc: 'smith',
    });
    const source = Object.fromEntries(entries.map((e) => [e.name, e.source]));
    expect(source.peril).toEqual({ kind: 'tag', group: 'zone', tag: 'village' });
    expect(source.trust).toEqual({ kind: 'tag', group: 'npc', tag: 'smith' });
    expect(source.patience).toEqual({ kind: 'hand', hand: 'square' });
    expect(source.npc).toEqual({ kind: 'group', group: 'npc' });
    expect(entries.find((e) => e.name === 'npc')!.readOnly).toBe(true);
  });

  it('a hand property overrides a tag property of the same name', () => {
    // npc declares mood: 1, the template mood: 5: the hand's own wins.
    expect(flow.handScope('elder_chat').find((e) => e.name === 'mood')).toMatchObject({ value: 5, source: { kind: 'hand' } });
  });

  it('a name the hand does not bind is absent (the deal did not ask for npc)', () => {
    expect(scope(flow, 'square')).not.toHaveProperty('npc');
    expect(scope(flow, 'square')).not.toHaveProperty('trust');
  });
});

describe('writes go back to their source (reference: "Every name remembers where it came from")', () => {
  it('@hand.peril = @hand.peril + 1 raises the peril of the zone the card was dealt into', () => {
    flow.deal('forest_path');
    flow.play('scare', { hand: 'forest_path' });
    expect(scope(flow, 'forest_path').peril).toBe(3);
    // Every hand bound to the forest sees the forest's peril; the village's is untouched.
    expect(scope(flow, 'forest_edge').peril).toBe(3);
    expect(scope(flow, 'elder_chat').peril).toBe(0);
  });

  it("advance(@hand.haunting) moves only that place's stage of the shared ladder", () => {
    flow.deal('forest_path');
    flow.play('scare', { hand: 'forest_path' });
    expect(scope(flow, 'forest_path').haunting).toBe('uneasy');
    expect(scope(flow, 'elder_chat').haunting).toBe('calm');
  });

  it('advance and retreat stop at the ends of the ladder', () => {
    flow.deal('forest_path');
    flow.play('dread', { hand: 'forest_path' });
    expect(scope(flow, 'forest_path').haunting).toBe('haunted');
    flow.play('calm_down', { hand: 'forest_path' });
    expect(scope(flow, 'forest_path').haunting).toBe('calm');
  });

  it('a hand property belongs to its hand instance; tag state is per flow', () => {
    flow.deal('elder_chat');
    flow.play('chat', { hand: 'elder_chat' });
    expect(scope(flow, 'elder_chat')).toMatchObject({ patience: 1, trust: 1 });
    expect(scope(flow, 'square', { npc: 'elder' })).toMatchObject({ patience: 2, trust: 1 });
    expect(scope(flow, 'smithy')).toMatchObject({ patience: 2, trust: 1 });
    expect(scope(engine.flow('other'), 'elder_chat')).toMatchObject({ patience: 2, trust: 0 });
  });

  it("@world writes go to the flow's world", () => {
    flow.deal('elder_chat');
    flow.play('trade', { hand: 'elder_chat' });
    expect(flow.getWorld('coins')).toBe(4);
    expect(engine.flow('other').getWorld('coins')).toBe(3);
  });

  it('a play is atomic: when an effect fails, nothing of it is kept', () => {
    flow.deal('forest_path');
    const before = JSON.stringify(flow.snapshot());
    const err = expectCode(() => flow.play('broken', { hand: 'forest_path' }), 'play/effect-failed');
    expect(err.details).toMatchObject({ id: 'broken' });
    expect(JSON.stringify(flow.snapshot())).toBe(before);
    expect(ids(flow.hand('forest_path'))).toContain('broken');
  });
});

describe('hand templates (reference: "Hand templates")', () => {
  it('one condition, evaluated for each hand against its own @hand', () => {
    flow.deal('elder_chat');
    flow.play('chat', { hand: 'elder_chat' });
    flow.play('trade', { hand: 'elder_chat' });
    flow.deal('elder_chat');
    flow.play('chat', { hand: 'elder_chat' }); // patience 2 → 0
    const { trace } = flow.deal('elder_chat');
    expect(trace.handCondition?.ok).toBe(false);
    expect(trace.cards).toEqual([]);
    expect(flow.deal('smithy').trace.handCondition?.ok).toBe(true);
  });

  it('a hand can override its slots', () => {
    expect(flow.deal('elder_chat').dealt).toHaveLength(2);
    expect(flow.deal('smithy').dealt).toHaveLength(1);
  });
});

describe('asked tags (issue: "a hand asked for different tags is a different hand")', () => {
  it('each asked hand has its own slots and claims', () => {
    const elder = flow.deal('square', { npc: 'elder' });
    const smith = flow.deal('square', { npc: 'smith' });
    expect(elder.trace.handKey).toBe('square{npc=elder}');
    expect(smith.trace.handKey).toBe('square{npc=smith}');
    expect(ids(flow.hand('square', { npc: 'elder' }))).toEqual(ids(elder.cards));
    expect(ids(flow.hand('square', { npc: 'smith' }))).toEqual(ids(smith.cards));
    expect(flow.hand('square')).toEqual([]);
    expect(verdicts(flow.deal('square', { npc: 'elder' }).trace).chat).toBe('claimed');
  });

  it('asking for what the hand already pins is the same hand', () => {
    flow.deal('elder_chat');
    expect(ids(flow.hand('elder_chat', { npc: 'elder', zone: 'village' }))).toEqual(ids(flow.hand('elder_chat')));
  });
});
