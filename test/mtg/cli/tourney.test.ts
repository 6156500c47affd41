// `mtg tourney` and `mtg stats`, spawned. A tourney of N games is the same table for the same seed
// whatever the number of worker threads; the table gives each win rate a confidence interval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wilson } from '../../../src/mtg/cli/tourney-stats.js';
import { lines, mtg, requireBuild, RG, scratch, WU } from './support.js';

let cwd: string;
let done: () => void;
beforeAll(() => {
  requireBuild();
  ({ dir: cwd, done } = scratch());
});
afterAll(() => done());

const FAST = ['--max-turns', '16'];

describe('mtg tourney', () => {
  it('gives the same table for the same seed on one thread and on two', () => {
    const args = ['tourney', RG, WU, '--games', '4', '--seed', '3', ...FAST];
    const one = mtg(cwd, [...args, '--threads', '1']);
    const two = mtg(cwd, [...args, '--threads', '2']);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(one.stderr).toMatch(/4 games in [\d.]+ s on 1 thread \([\d.]+ games\/s, \d+ choices\/s\)/);
    expect(two.stderr).toMatch(/on 2 threads/);
    const out = lines(one.stdout);
    expect(out[0]).toBe('mtg tourney: 2 decks, 4 games, seed 3, p1 heuristic vs p2 heuristic, draw after turn 16');
    const row = out.find((l) => l.startsWith('Starter Red-Green Aggro '))!;
    expect(row).toMatch(/^Starter Red-Green Aggro\s+4\s+\d+\s+\d+\s+\d+\s+[\d.]+%\s+\[[\d.]+%, [\d.]+%\]$/);
    expect(out.some((l) => l.startsWith('Starter Red-Green Aggro vs Starter White-Blue Control'))).toBe(true);
  });

  it('plays only mirror matches with --mirror-only, and for a time budget with --seconds', () => {
    const mirror = mtg(cwd, ['tourney', RG, WU, '--mirror-only', '--games', '4', '--p1', 'random', '--p2', 'random', '--threads', '1', ...FAST]);
    expect(mirror.code, mirror.stderr).toBe(0);
    expect(mirror.stdout).toContain('Starter Red-Green Aggro vs Starter Red-Green Aggro');
    expect(mirror.stdout).toContain('Starter White-Blue Control vs Starter White-Blue Control');
    expect(mirror.stdout).not.toContain('Starter Red-Green Aggro vs Starter White-Blue Control');
    const timed = mtg(cwd, ['tourney', RG, WU, '--seconds', '1', '--p1', 'random', '--p2', 'random', '--threads', '1', ...FAST]);
    expect(timed.code, timed.stderr).toBe(0);
    expect(lines(timed.stdout)[0]).toMatch(/^mtg tourney: 2 decks, [1-9]\d* games/);
  });

  it('computes Wilson intervals', () => {
    const [lo, hi] = wilson(50, 100);
    expect(lo).toBeCloseTo(0.4038, 3);
    expect(hi).toBeCloseTo(0.5962, 3);
    expect(wilson(0, 0)).toEqual([0, 1]);
    expect(wilson(10, 10)[1]).toBe(1);
  });
});

describe('mtg stats', () => {
  it('describes the starter set on a machine with no corpus, as text and as JSON', () => {
    const text = mtg(cwd, ['stats']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^cards from the starter set: 65 cards/);
    expect(text.stdout).toContain('playable    65 (100.0%)');
    const json = mtg(cwd, ['stats', '--json']);
    const figures = JSON.parse(json.stdout);
    expect(figures).toMatchObject({ source: 'the starter set', cards: 65, playable: 65 });
    expect(figures.byType.Land).toBe(5);
  });
});
