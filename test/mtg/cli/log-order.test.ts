// The game log tells a cause before its result: "Shock deals 2 damage to p2", then
// "p2 life 20 → 18" (the engine logs DamageDealt before the life loss it causes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines, mtg, requireBuild, RG, scratch, WU } from './support.js';

let cwd: string;
let done: () => void;
beforeAll(() => {
  requireBuild();
  ({ dir: cwd, done } = scratch());
});
afterAll(() => done());

const DAMAGE = /^(.+) deals (\d+)(?: combat)? damage to (p[12])$/;
const LIFE = /^(p[12]) life (-?\d+) → (-?\d+)$/;

describe('the game log at verbosity 2', () => {
  it('prints damage to a player before the life it costs, never after', () => {
    const r = mtg(cwd, ['tui', RG, WU, '--p1', 'heuristic', '--p2', 'heuristic', '--seed', '3', '-v', '2']);
    expect(r.code, r.stderr).toBe(0);
    const log = lines(r.stdout);
    // In these decks a player loses life only to damage, so every loss follows the damage that
    // caused it, directly (with the old order it came first, after the attack line).
    const losses = log.flatMap((l, i) => {
      const life = LIFE.exec(l);
      return life && Number(life[3]) < Number(life[2]) ? [i] : [];
    });
    expect(losses.length).toBeGreaterThan(3);
    for (const i of losses) {
      const life = LIFE.exec(log[i]!)!;
      const damage = DAMAGE.exec(log[i - 1] ?? '');
      expect(damage && `${damage[3]} ${damage[2]}`, `${log[i - 1]} / ${log[i]}`).toBe(`${life[1]} ${Number(life[2]) - Number(life[3])}`);
    }
  });
});
