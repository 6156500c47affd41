// The issue, "All state is plain data so that a snapshot is the whole truth": flow.snapshot() →
// engine.restore(snapshot) gives the same state bit for bit and the same next deal.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/runtime/index.js';
import type { Bundle } from '../../src/content/bundle.js';
import type { Engine, FlowSnapshot } from '../../src/runtime/index.js';
import { bundleOf, expectCode, ids, verdicts } from './support/content.js';

const CONTENT = `
world: { now: 0, mood: "fine" }
qualities:
  haunting: [calm, uneasy, haunted]
tagGroups:
  zone:
    properties: { peril: 0, haunting: { quality: haunting, start: calm } }
    tags: { forest: { peril: 2 }, village: {} }
  npc: { tags: { elder: {}, smith: {} } }
  place: { tags: { lair: {} } }
handTemplates:
  talk: { tags: { zone: village }, choose: [npc], properties: { patience: 3 }, slots: 2 }
boxes:
  b:
    decks:
      d:
        cards:
${Array.from({ length: 12 }, (_, i) => `          c${i}: { redraw: ${i % 3 === 0 ? 'never' : i % 3 === 1 ? 2 : 'always'}, effects: ["@world.now = @world.now + 1"] }`).join('\n')}
          scare: { tags: { zone: forest }, effects: ["@hand.peril = @hand.peril + 1", "advance(@hand.haunting)"] }
          chat: { tags: { zone: village }, copies: 2, effects: ["@hand.patience = @hand.patience - 1"] }
      monsters:
        shared: true
        cards:
          goblin: { priority: 10 }
          dragon: { redraw: never, tags: { place: lair }, priority: 10 }
    hands:
      forest_path: { tags: { zone: forest }, slots: 4 }
      square: { template: talk }
      elder_chat: { template: talk, tags: { npc: elder } }
      lair: { tags: { place: lair } }
`;

async function played(bundle: Bundle, seed = 's'): Promise<Engine> {
  const engine = createEngine(bundle, { seed });
  const flow = engine.flow('alice');
  flow.setWorld('mood', 'grim');
  for (const c of flow.deal('forest_path').dealt) flow.play(c.id, { hand: 'forest_path' });
  flow.deal('forest_path');
  flow.deal('square', { npc: 'smith' });
  const chat = flow.deal('elder_chat').dealt.find((c) => c.id === 'chat');
  if (chat) flow.play('chat', { hand: 'elder_chat' });
  flow.advance('b', 1);
  return engine;
}

describe('flow snapshots', () => {
  it('are plain JSON carrying the format, version and bundle hash', async () => {
    const bundle = await bundleOf(CONTENT);
    const snap = (await played(bundle)).flow('alice').snapshot();
    expect(JSON.parse(JSON.stringify(snap))).toEqual(snap);
    expect(snap).toMatchObject({ format: 'storyletengine/flow', version: 1, bundle: bundle.hash, flow: 'alice' });
  });

  it('restore → snapshot is bit-identical, and the next deal is the same', async () => {
    const bundle = await bundleOf(CONTENT);
    const original = await played(bundle);
    const snap = JSON.parse(JSON.stringify(original.flow('alice').snapshot())) as FlowSnapshot;
    const fresh = createEngine(bundle, { seed: 's' });
    const restored = fresh.restore(snap);
    expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(original.flow('alice').snapshot()));
    for (const hand of ['forest_path', 'elder_chat'] as const) {
      const a = original.flow('alice').deal(hand);
      const b = restored.deal(hand);
      expect(ids(b.cards)).toEqual(ids(a.cards));
      expect(JSON.stringify(b.trace)).toBe(JSON.stringify(a.trace));
    }
    expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(original.flow('alice').snapshot()));
  });

  it('restore replaces a flow that exists, and the old handle sees the restored state', async () => {
    const bundle = await bundleOf(CONTENT);
    const engine = await played(bundle);
    const flow = engine.flow('alice');
    const snap = flow.snapshot();
    flow.advance('b', 10);
    flow.setWorld('now', 99);
    engine.restore(snap);
    expect(flow.turn('b')).toBe(snap.clocks[0]!.turn);
    expect(JSON.stringify(flow.snapshot())).toBe(JSON.stringify(snap));
  });

  it('a restored flow holds its shared claims again', async () => {
    const bundle = await bundleOf(CONTENT);
    const a = createEngine(bundle, { seed: 's' });
    a.flow('alice').deal('forest_path');
    expect(ids(a.flow('alice').hand('forest_path'))).toContain('goblin');
    const snap = a.flow('alice').snapshot();
    const b = createEngine(bundle, { seed: 's' });
    expect(verdicts(b.flow('bob').peek('forest_path').trace).goblin).toBe('listed');
    b.restore(snap);
    expect(verdicts(b.flow('bob').peek('forest_path').trace).goblin).toBe('claimed-elsewhere');
  });
});

describe('engine snapshots', () => {
  it('carry every flow and the taken set, and restore them whole', async () => {
    const bundle = await bundleOf(CONTENT);
    const engine = await played(bundle);
    const bob = engine.flow('bob');
    expect(ids(bob.deal('lair').dealt)).toEqual(['dragon']);
    bob.play('dragon', { hand: 'lair' });
    const snap = engine.snapshot();
    expect(snap.taken).toEqual(['dragon']);
    expect(snap.flows.map((f) => f.flow)).toEqual(['alice', 'bob']);
    const fresh = createEngine(bundle, { seed: 's' });
    fresh.restore(JSON.parse(JSON.stringify(snap)));
    expect(JSON.stringify(fresh.snapshot())).toBe(JSON.stringify(snap));
    expect(fresh.taken()).toEqual(['dragon']);
    expect(verdicts(fresh.flow('carol').peek('lair').trace).dragon).toBe('taken');
  });
});

describe('refused snapshots leave everything as it was', () => {
  async function setup() {
    const bundle = await bundleOf(CONTENT);
    const engine = await played(bundle);
    const snap = engine.flow('alice').snapshot();
    const before = JSON.stringify(engine.snapshot());
    const refuse = (bad: unknown, code: string) => {
      expectCode(() => engine.restore(bad as FlowSnapshot), code);
      expect(JSON.stringify(engine.snapshot())).toBe(before);
    };
    return { bundle, engine, snap, refuse };
  }

  it('snapshot/malformed: not an object, wrong format, unknown ids, wrong types, too many cards', async () => {
    const { snap, refuse } = await setup();
    const edit = (f: (s: any) => void) => {
      const s = structuredClone(snap) as any;
      f(s);
      return s;
    };
    refuse(null, 'snapshot/malformed');
    refuse('{}', 'snapshot/malformed');
    refuse(
      edit((s) => (s.format = 'storyletengine/bundle')),
      'snapshot/malformed',
    );
    refuse(
      edit((s) => (s.world.now = 'seven')),
      'snapshot/malformed',
    );
    refuse(
      edit((s) => (s.world.nope = 1)),
      'snapshot/malformed',
    );
    refuse(
      edit((s) => delete s.world.now),
      'snapshot/malformed',
    );
    refuse(
      edit((s) => s.hands.push({ hand: 'nowhere', ask: {}, holds: [] })),
      'snapshot/malformed',
    );
    refuse(
      edit((s) => s.hands.push({ hand: 'square', ask: { npc: 'wizard' }, holds: [] })),
      'snapshot/malformed',
    );
    refuse(
      edit((s) => s.hands.push({ hand: 'square', ask: { npc: 'elder' }, holds: ['c1', 'c2', 'c3'] })),
      'snapshot/malformed',
    );
    refuse(
      edit((s) => s.hands.push({ hand: 'square', ask: { npc: 'elder' }, holds: ['ghost'] })),
      'snapshot/malformed',
    );
    refuse(
      edit((s) => (s.clocks[0].turn = -1)),
      'snapshot/malformed',
    );
    refuse(
      edit((s) => s.cooldowns.push({ card: 'c1', until: 'soon' })),
      'snapshot/malformed',
    );
    refuse(
      edit((s) => s.tags.push({ group: 'zone', tag: 'moon', values: {} })),
      'snapshot/malformed',
    );
    refuse(
      edit((s) => (s.flow = '')),
      'snapshot/malformed',
    );
  });

  it('snapshot/malformed: a field snapshot() never writes, at the top, in a hand or in any nested entry', async () => {
    const { bundle, engine, snap, refuse } = await setup();
    const edit = (f: (s: any) => void) => {
      const s = structuredClone(snap) as any;
      f(s);
      return s;
    };
    // The snapshot being edited has an entry of every kind, so each edit below reaches its check.
    expect(snap.hands.length).toBeGreaterThan(0);
    expect(snap.tags.length).toBeGreaterThan(0);
    expect(snap.cooldowns.length).toBeGreaterThan(0);
    const extra = [
      edit((s) => (s.notes = 'hello')),
      edit((s) => (s.hands[0].pinned = true)),
      edit((s) => (s.tags[0].colour = 'red')),
      edit((s) => (s.clocks[0].speed = 2)),
      edit((s) => (s.cooldowns[0].why = 'x')),
    ];
    const wheres = extra.map((s) => {
      const err = expectCode(() => engine.restore(s), 'snapshot/malformed');
      return err.details.where;
    });
    expect(wheres).toEqual(['(top)', 'hands[0]', 'tags[0]', 'clocks[0]', 'cooldowns[0]']);
    for (const s of extra) refuse(s, 'snapshot/malformed');
    // The engine's own snapshot: at the top, and in a flow inside it.
    const whole = engine.snapshot() as any;
    refuse({ ...whole, extra: 1 }, 'snapshot/malformed');
    refuse({ ...whole, flows: [{ ...whole.flows[0], extra: 1 }, ...whole.flows.slice(1)] }, 'snapshot/malformed');
    // Nothing in what snapshot() writes is refused.
    createEngine(bundle, { seed: 's' }).restore(structuredClone(whole));
  });

  it('snapshot/malformed, not a TypeError: a value JSON cannot write (a BigInt) in a snapshot', async () => {
    const { snap, refuse } = await setup();
    refuse({ ...snap, world: { ...snap.world, now: 3n } }, 'snapshot/malformed');
  });

  it('snapshot/version: a snapshot from a newer runtime', async () => {
    const { snap, refuse } = await setup();
    refuse({ ...snap, version: 2 }, 'snapshot/version');
  });

  it('snapshot/bundle-mismatch: a snapshot taken with other content', async () => {
    const { snap, refuse } = await setup();
    refuse({ ...snap, bundle: 'feedface' }, 'snapshot/bundle-mismatch');
  });

  it('snapshot/shared-conflict: restoring would put more shared copies out than allowed', async () => {
    const bundle = await bundleOf(CONTENT);
    const engine = createEngine(bundle, { seed: 's' });
    const snap = structuredClone(engine.flow('alice').snapshot());
    snap.hands.push({ hand: 'forest_path', ask: {}, holds: ['goblin'] });
    const bob = structuredClone(snap);
    bob.flow = 'bob';
    engine.restore(bob);
    const before = JSON.stringify(engine.snapshot());
    expectCode(() => engine.restore(snap), 'snapshot/shared-conflict');
    expect(JSON.stringify(engine.snapshot())).toBe(before);
    // Restoring bob's own flow again is fine: its own claims are replaced, not added.
    engine.restore(bob);
    expect(JSON.stringify(engine.snapshot())).toBe(before);
  });
});
