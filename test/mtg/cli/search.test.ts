// `--p1 search` / `--p2 search` with `--search-playouts N` or `--search-ms N` (issue 19): a search
// seat plays in mtg tui, its spec (budget and memory) survives a snapshot and resume, and bad
// budgets are refused with search/bad-budget before any game is made. The built CLI, the starter
// decks, a few turns.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mtg, requireBuild, RG, scratch, WU } from './support.js';

let dir: string;
let done: () => void;
beforeAll(() => {
  requireBuild();
  ({ dir, done } = scratch());
});
afterAll(() => done());

const GAME = ['tui', RG, WU, '--p1', 'search', '--search-playouts', '4', '--p2', 'heuristic', '--seed', '3', '--max-turns', '4', '-v', '1'];

describe('mtg tui with a search seat', () => {
  it('plays, the same game for the same seed and playouts, and resumes into the same game', () => {
    const a = mtg(dir, GAME);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toContain('(search) vs p2');
    expect(mtg(dir, GAME).stdout).toBe(a.stdout);
    const stopped = mtg(dir, [...GAME, '--stop-on-choice', '20', '--snapshot-output', 's.snapshot', '--json']);
    expect(stopped.code).toBe(0);
    const saved = JSON.parse(readFileSync(join(dir, 's.snapshot'), 'utf8')) as { seats: Array<{ kind: string; playouts?: number }> };
    expect(saved.seats[0]).toMatchObject({ kind: 'search', playouts: 4 });
    const resumed = mtg(dir, ['resume', 's.snapshot', '-v', '1']);
    expect(resumed.code).toBe(0);
    expect(stopped.stdout + resumed.stdout).toBe(a.stdout);
  });

  it('refuses a bad budget, or a budget without a search seat', () => {
    for (const [args, pattern] of [
      [['--p1', 'search', '--search-ms', 'fast'], /search\/bad-budget.*--search-ms must be a whole number/],
      [['--p1', 'search', '--search-playouts', '0'], /search\/bad-budget/],
      [['--p2', 'search', '--search-ms', '100', '--search-playouts', '8'], /search\/bad-budget.*not both/],
      [['--p1', 'heuristic', '--search-ms', '100'], /--search-ms is the budget of a search seat, and no seat is search/],
    ] as const) {
      const r = mtg(dir, ['tui', RG, WU, ...args, '--max-turns', '1']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(pattern);
    }
  });
});
