// `trace`: a script's deal and peek events streamed as text or JSON lines, with a session line
// that lets `--replay` run it again and check nothing changed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from './support.js';

const tmp = mkdtempSync(join(tmpdir(), 'se-trace-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const SCRIPT = 'test/fixtures/cli/play/village.txt';

describe('trace', () => {
  it('streams one JSON line per deal and peek after a session line', async () => {
    const r = await cli(['trace', 'examples/village', '--script', SCRIPT, '--format', 'jsonl', '--seed', 'golden']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ kind: 'session', seed: 'golden', flow: 'main' });
    expect(lines[0].script).toContain('deal forest_path');
    const events = lines.slice(1);
    expect(events.map((e) => `${e.kind} ${e.handKey}`)).toEqual([
      'deal forest_path',
      'peek square{npc=elder}',
      'deal square{npc=elder}',
      'deal forest_path',
      'deal forest_path',
    ]);
    const first = events[0];
    expect(first.cards.map((c: { id: string; verdict: string }) => `${c.id}:${c.verdict}`)).toEqual([
      'goblin_rumour:deck-gate',
      'market_gossip:deck-gate',
      'elder_advice:tags',
      'smith_offer:tags',
      'small_talk:tags',
      'the_goblin:dealt',
      'dark_path:condition',
    ]);
    for (const c of first.cards) expect(typeof c.reason).toBe('string');
    // The raining deal: the hand's condition failed, so no card was looked at.
    expect(events[4].handCondition.ok).toBe(false);
    expect(events[4].cards).toEqual([]);
  });

  it('prints text for people', async () => {
    const r = await cli(['trace', 'examples/village', '--script', SCRIPT]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('deal forest_path · flow main · box village turn 0\n');
    expect(r.stdout).toMatch(/ {2}deck-gate +goblin_rumour +the gate of deck rumours is false: @world\.now >= 1\n/);
    expect(r.stdout).toContain('peek square npc=elder · flow main');
  });

  it('replays a recorded trace and finds the same events', async () => {
    const recorded = await cli(['trace', 'examples/village', '--script', SCRIPT, '--format', 'jsonl', '--seed', 'replay']);
    const file = join(tmp, 'bug.jsonl');
    writeFileSync(file, recorded.stdout);
    const r = await cli(['trace', 'examples/village', '--replay', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('replayed 5 events, all the same');
  });

  it('says where a replay diverges and exits 1', async () => {
    const recorded = await cli(['trace', 'examples/village', '--script', SCRIPT, '--format', 'jsonl']);
    const file = join(tmp, 'tampered.jsonl');
    writeFileSync(file, recorded.stdout.replace('"the_goblin","verdict":"dealt"', '"the_goblin","verdict":"capped"'));
    const r = await cli(['trace', 'examples/village', '--replay', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the replay diverged: event 1 differs');
  });

  it('reports failing lines on stderr with their number, keeps stdout for the trace, exits 1', async () => {
    const script = join(tmp, 'bad.txt');
    writeFileSync(script, 'deal forest_path\ndeal nowhere\npeek forest_path\n');
    const r = await cli(['trace', 'examples/village', '--script', script, '--format', 'jsonl']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('line 2: error deal/unknown-hand');
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
  });

  it('needs exactly one of --script and --replay (usage, exit 2)', async () => {
    expect((await cli(['trace', 'examples/village'])).code).toBe(2);
  });
});
