// `links`: golden output on examples/village in every format, @hand relationships left out of
// the graph and said so (reference, "The @hand scope"), never-dealt cards, broken content.
import { describe, expect, it } from 'vitest';
import { cli, golden } from './support.js';

describe('links', () => {
  it.each([
    ['text', 'village.txt'],
    ['json', 'village.json'],
    ['dot', 'village.dot'],
    ['mermaid', 'village.mmd'],
  ])('matches the golden %s output on examples/village', async (format, file) => {
    const r = await cli(['links', 'examples/village', '--format', format]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    golden(`links/${file}`, r.stdout);
  });

  it('links world names to their readers and writers, and leaves @hand out of the graph', async () => {
    const r = await cli(['links', 'examples/village', '--format', 'json']);
    const g = JSON.parse(r.stdout);
    expect(g.note).toMatch(/@hand are left out/);
    const coins = g.world.find((w: { name: string }) => w.name === 'coins');
    expect(coins.readBy).toEqual([
      { kind: 'card', id: 'market_gossip' },
      { kind: 'card', id: 'smith_offer' },
    ]);
    expect(coins.writtenBy).toEqual([
      { kind: 'card', id: 'market_gossip' },
      { kind: 'card', id: 'smith_offer' },
    ]);
    const now = g.world.find((w: { name: string }) => w.name === 'now');
    expect(now.readBy).toContainEqual({ kind: 'deck', id: 'village/rumours' });
    // goblin_rumour reads and writes only through @hand: listed, but no world edge.
    const rumour = g.cards.find((c: { id: string }) => c.id === 'goblin_rumour');
    expect(rumour).toMatchObject({ reads: [], writes: [], hand: { reads: ['peril', 'haunting'], writes: ['peril', 'haunting'] }, dealtBy: ['forest_path'] });
    for (const w of g.world) for (const a of [...w.readBy, ...w.writtenBy]) expect(a.id).not.toMatch(/^@hand/);
    const square = g.hands.find((h: { id: string }) => h.id === 'square');
    expect(square.deals).toEqual(['market_gossip', 'elder_advice', 'smith_offer', 'small_talk']);
    expect(g.neverDealt).toEqual([]);
  });

  it('says so in the picture formats too', async () => {
    expect((await cli(['links', 'examples/village', '--format', 'dot'])).stdout).toContain('@hand are left out');
    expect((await cli(['links', 'examples/village', '--format', 'mermaid'])).stdout).toContain('%% Relationships through @hand are left out');
  });

  it('lists the cards no hand can ever deal', async () => {
    const r = await cli(['links', 'test/fixtures/cli/warnings']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Never dealt\n {2}ghost: no hand in box woods can deal it \(it wants zone: village\)/);
  });

  it('reads a published bundle as well as a folder', async () => {
    const bundle = await cli(['publish', 'examples/village', '-o', '-']);
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'se-links-')), 'bundle.json');
    writeFileSync(file, bundle.stdout);
    const fromBundle = await cli(['links', file, '--format', 'json']);
    const fromDir = await cli(['links', 'examples/village', '--format', 'json']);
    expect(JSON.parse(fromBundle.stdout).cards).toEqual(JSON.parse(fromDir.stdout).cards);
  });

  it('prints the diagnostics of broken content and exits 1', async () => {
    const r = await cli(['links', 'test/fixtures/cli/broken']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('SE012');
  });
});
