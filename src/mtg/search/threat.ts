/**
 * What seat 0's creatures threaten before its attack: the puzzle solver's measure of an attack
 * being set up. Most Forge puzzles are won by an attack that the opponent's blockers cannot stop,
 * made so by several moves that each change nothing by themselves (a protection from one colour,
 * then from another, a blocker's colour changed, a pump on the creature that will get through).
 * The opponent's life does not move until the last of them, so the solver's progress alone sees a
 * plateau and the rollout search (solve.ts) has nothing to follow. This measure rises with each.
 *
 * It reads the whole game, as the solver does, and asks the engine's own blocking rules
 * (`canBlock`, CR 509.1b: evasion, protection, "can't block") of each attacker and blocker pair.
 */
import type { Game } from '../engine/index.js';
import { canAttack, canBlock } from '../engine/combat.js';
import { chars } from '../engine/layers.js';
import type { GameObject } from '../engine/types.js';

/** See {@link attackThreat}. */
export type Threat = {
  /**
   * The damage that gets through if the defender blocks to stop as much as it can, one blocker
   * to an attacker (a maximum matching weighted by power; trample, menace and first strike are
   * not counted).
   */
  through: number;
  /** Each attacker's power by the share of the defender's creatures that cannot block it. */
  evasion: number;
};

const NONE: Threat = { through: 0, evasion: 0 };

/**
 * The threat of the active seat's creatures that can attack now against the untapped creatures
 * of the other seat; nothing when the active seat is not `seat`.
 *
 * @example
 * ```ts
 * attackThreat(game, 0); // { through: 5, evasion: 5 }: a 5/5 no blocker can block
 * ```
 */
export function attackThreat(game: Game, seat: 0 | 1): Threat {
  const g = game.internals;
  if (g.s.active !== seat) return NONE;
  const attackers: Array<{ o: GameObject; power: number }> = [];
  const blockers: GameObject[] = [];
  for (const id of g.s.zones['battlefield']!) {
    const o = g.s.objects[id]!;
    const c = chars(g, o);
    if (!c.cardTypes.includes('Creature')) continue;
    if (c.controller === seat) {
      if (canAttack(g, o) && (c.power ?? 0) > 0) attackers.push({ o, power: c.power! });
    } else if (!o.tapped) blockers.push(o);
  }
  if (attackers.length === 0) return NONE;
  // The heaviest attackers first: the greedy choice over a transversal matroid, each attacker
  // kept blocked when an augmenting path finds it a blocker, gives the maximum weight matching.
  attackers.sort((a, b) => b.power - a.power);
  const able = attackers.map((a) => blockers.map((b, j) => (canBlock(g, b, a.o) ? j : -1)).filter((j) => j >= 0));
  const blockerOf = new Array<number>(blockers.length).fill(-1);
  const augment = (i: number, seen: boolean[]): boolean => {
    for (const j of able[i]!) {
      if (seen[j]) continue;
      seen[j] = true;
      if (blockerOf[j] === -1 || augment(blockerOf[j]!, seen)) {
        blockerOf[j] = i;
        return true;
      }
    }
    return false;
  };
  let through = 0;
  let evasion = 0;
  attackers.forEach((a, i) => {
    if (!augment(i, new Array<boolean>(blockers.length).fill(false))) through += a.power;
    evasion += blockers.length === 0 ? a.power : (a.power * (blockers.length - able[i]!.length)) / blockers.length;
  });
  return { through, evasion };
}

/**
 * A threat on the scale of the solver's progress (src/mtg/search/progress.ts: 10 a point of the
 * opponent's life): damage that gets through counts 8 a point, short of damage dealt, and evasion
 * 2, each up to the opponent's life (more than lethal sets nothing further up).
 *
 * @example
 * ```ts
 * threatScore({ through: 5, evasion: 5 }, 5); // 50
 * ```
 */
export function threatScore(t: Threat, life: number): number {
  const cap = Math.max(life, 0);
  return 8 * Math.min(t.through, cap) + 2 * Math.min(t.evasion, cap);
}
