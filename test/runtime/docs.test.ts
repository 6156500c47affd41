// docs/deal-mechanics.md must say what the engine does: every YAML block on the page publishes as
// written, and the outcomes its tables state are checked here against the real engine.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { engineOf, ids, verdicts } from './support/content.js';

const page = readFileSync(new URL('../../docs/deal-mechanics.md', import.meta.url), 'utf8');
const blocks = [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
const block = (needle: string): string => {
  const found = blocks.find((b) => b.includes(needle));
  if (!found) throw new Error(`no yaml block in docs/deal-mechanics.md contains ${needle}`);
  return found;
};

describe('docs/deal-mechanics.md', () => {
  it('every YAML example publishes and loads', async () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    for (const yaml of blocks) await engineOf(yaml);
  });

  it('The stock: the gate example', async () => {
    const { engine } = await engineOf(block('harvest_news: {}'));
    const flow = engine.flow('alice');
    expect(ids(flow.peek('square').cards)).toEqual([]);
    flow.setWorld('now', 1);
    expect(ids(flow.peek('square').cards)).toEqual(['harvest_news']);
    flow.setWorld('now', 0);
    expect(ids(flow.peek('square').cards)).toEqual([]);
  });

  it('The checks, in order: the table', async () => {
    const { engine } = await engineOf(block('reads_npc'));
    const flow = engine.flow('alice');
    expect(verdicts(flow.peek('forest_path').trace)).toEqual({
      forest_only: 'listed',
      elder_only: 'tags',
      perilous: 'listed',
      reads_npc: 'tags',
      divides: 'condition',
    });
    expect(verdicts(flow.peek('village').trace)).toEqual({
      forest_only: 'tags',
      elder_only: 'tags',
      perilous: 'condition',
      reads_npc: 'condition',
      divides: 'condition',
    });
    expect(verdicts(flow.peek('village', { npc: 'elder' }).trace)).toMatchObject({ elder_only: 'listed', reads_npc: 'listed' });
    flow.setWorld('hot', true);
    const { dealt, trace } = flow.deal('village');
    expect(dealt).toEqual([]);
    expect(trace.cards).toEqual([]);
    expect(trace.handCondition?.ok).toBe(false);
  });

  it('How specificity is counted: the stated numbers', async () => {
    const { engine } = await engineOf(block('negated'));
    const spec = Object.fromEntries(
      engine
        .flow('a')
        .peek('h')
        .trace.cards.map((c) => [c.id, c.specificity]),
    );
    expect(spec).toEqual({ none: 0, one_test: 1, both: 2, either: 1, negated: 2, tagged: 3 });
  });

  it('Slots: high first, one of the two lows, the other capped at rank 3; a second deal adds nothing', async () => {
    const { engine } = await engineOf(block('also_low'));
    const flow = engine.flow('alice');
    const first = flow.deal('h');
    expect(ids(first.dealt)[0]).toBe('high');
    expect(first.trace.cards.find((c) => c.verdict === 'capped')?.rank).toBe(3);
    const second = flow.deal('h');
    expect(second.dealt).toEqual([]);
    expect(ids(second.cards)).toEqual(ids(first.cards));
  });

  it('Copies and claims: the rumour table', async () => {
    const { engine } = await engineOf(block('rumour:'));
    const flow = engine.flow('alice');
    expect(ids(flow.deal('market').dealt)).toEqual(['rumour']);
    expect(verdicts(flow.deal('tavern').trace).rumour).toBe('claimed');
    flow.play('rumour', { hand: 'market' });
    expect(flow.hand('market')).toEqual([]);
    expect(ids(flow.deal('tavern').dealt)).toEqual(['rumour']);
  });

  it('Flows and shared cards: the goblin table and the tickets', async () => {
    const { engine } = await engineOf(block('golden_ticket'));
    expect(ids(engine.flow('alice').deal('cave').dealt).sort()).toEqual(['goblin', 'golden_ticket']);
    expect(verdicts(engine.flow('bob').deal('cave').trace).goblin).toBe('claimed-elsewhere');
    expect(verdicts(engine.flow('alice').deal('hills').trace)).toEqual({ goblin: 'claimed', golden_ticket: 'claimed' });
    engine.flow('alice').play('goblin', { hand: 'cave' });
    expect(ids(engine.flow('bob').deal('cave').dealt)).toEqual(['goblin']);
    for (const who of ['c3', 'c4', 'c5']) expect(ids(engine.flow(who).deal('cave').dealt)).toContain('golden_ticket');
    expect(verdicts(engine.flow('c6').deal('cave').trace).golden_ticket).toBe('claimed-elsewhere');
  });

  it('Turns and cooldowns: the goblin and dragon table', async () => {
    const { engine } = await engineOf(block('dragon: { shared: true, redraw: never'));
    const alice = engine.flow('alice');
    const bob = engine.flow('bob');
    alice.deal('cave');
    alice.play('goblin', { hand: 'cave' });
    expect(alice.turn('wild')).toBe(1);
    expect(ids(bob.deal('cave').dealt)).toContain('goblin');
    for (const t of [1, 2, 3]) {
      expect(alice.turn('wild')).toBe(t);
      expect(verdicts(alice.peek('cave').trace).goblin).toBe('cooldown');
      alice.advance('wild');
    }
    bob.play('goblin', { hand: 'cave' });
    expect(ids(alice.deal('cave').dealt)).toContain('goblin');
    alice.deal('lair');
    alice.play('dragon', { hand: 'lair' });
    expect(engine.taken()).toEqual(['dragon']);
    for (const f of [alice, bob]) expect(verdicts(f.peek('lair').trace).dragon).toBe('taken');
  });

  it('Hand templates: slots, per-hand patience, asked instances', async () => {
    const { engine } = await engineOf(block('smithy'));
    const flow = engine.flow('alice');
    expect(flow.deal('elder_chat').dealt).toHaveLength(2);
    expect(flow.deal('smithy').dealt).toHaveLength(1);
    flow.play('chat', { hand: 'elder_chat' });
    flow.deal('elder_chat');
    flow.play('chat', { hand: 'elder_chat' });
    expect(flow.deal('elder_chat').trace.handCondition?.ok).toBe(false);
    expect(flow.peek('smithy').cards.length).toBeGreaterThan(0);
    expect(flow.deal('square', { npc: 'elder' }).trace.handKey).toBe('square{npc=elder}');
  });

  it('The @hand scope: the scare example', async () => {
    const { engine } = await engineOf(block('scare:'));
    const flow = engine.flow('alice');
    flow.deal('forest_path');
    flow.play('scare', { hand: 'forest_path' });
    const read = (hand: string) => Object.fromEntries(flow.handScope(hand).map((e) => [e.name, e.value]));
    expect(read('forest_path')).toMatchObject({ peril: 3, haunting: 'uneasy' });
    expect(read('forest_edge')).toMatchObject({ peril: 3, haunting: 'uneasy' });
    expect(read('square')).toMatchObject({ peril: 0, haunting: 'calm' });
  });
});
