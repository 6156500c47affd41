/**
 * Emerge (CR 702.119a): "You may cast this spell by paying [cost] and sacrificing a creature rather
 * than paying its mana cost" and "If you chose to pay this spell's emerge cost, its total cost is
 * reduced by an amount of generic mana equal to the sacrificed creature's mana value." The
 * alternative cost is offered as `cast NAME (emerge)` (alt-costs.ts, `emerge` on the way); the
 * creature is chosen as the cost is chosen (CR 702.119c, 601.2b) and sacrificed as the total cost
 * is paid (601.2h, cast.ts). Only generic mana is reduced: a creature of greater mana value than
 * the generic part leaves the coloured part to pay.
 *
 * The sacrifice needs no untapped creature, so a creature may tap for mana and then be
 * sacrificed (CR 601.2g–h); the automatic payer only taps sources whose whole cost is {T}, so a
 * creature chosen stays on the battlefield until it is sacrificed.
 */
import type { Seat } from './choice.js';
import { ask, cardRef, type Gen, type Opt } from './ask.js';
import type { G } from './context.js';
import { chars } from './layers.js';
import type { ManaCost } from './mana.js';
import type { GameObject } from './types.js';

/**
 * The creatures `seat` could sacrifice for an emerge cost: the creatures they control on the
 * battlefield, in battlefield order.
 * @example
 * ```ts
 * emergeCandidates(g, 0); // [Grizzly Bears, Llanowar Elves]
 * ```
 */
export function emergeCandidates(g: G, seat: Seat): GameObject[] {
  const out: GameObject[] = [];
  for (const id of g.s.zones['battlefield']!) {
    const o = g.s.objects[id]!;
    const c = chars(g, o);
    if (c.controller === seat && c.cardTypes.includes('Creature')) out.push(o);
  }
  return out;
}

/**
 * The greatest reduction an emerge cost can get now (the greatest mana value among the creatures
 * `seat` could sacrifice), or null when there is no creature to sacrifice. A smaller cost is
 * payable whenever a larger one is, so the offer check asks only this one.
 * @example
 * ```ts
 * bestEmergeReduction(g, 0); // 3 with a Hill Giant, null with no creature
 * ```
 */
export function bestEmergeReduction(g: G, seat: Seat): number | null {
  let best: number | null = null;
  for (const o of emergeCandidates(g, seat)) best = Math.max(best ?? 0, chars(g, o).cmc);
  return best;
}

/**
 * A mana cost with its generic part reduced by `n` (never below zero; the coloured part stays).
 * @example
 * ```ts
 * lessGeneric({ generic: 5, shards: [u, u] }, 3); // { generic: 2, shards: [u, u] }
 * ```
 */
export function lessGeneric(cost: ManaCost, n: number): ManaCost {
  if (n <= 0 || cost.generic === 0) return cost;
  return { generic: Math.max(0, cost.generic - n), shards: cost.shards };
}

/**
 * Asks the caster which creature to sacrifice for the emerge cost among those whose reduction
 * leaves the cost payable (`payable(manaValue)`): a `choose` point naming each, or the one there
 * is. Undefined when none would do (the cast is then undone, CR 732).
 * @example
 * ```ts
 * const victim = yield* chooseEmergeSacrifice(g, 0, (mv) => canPayMana(g, 0, lessGeneric(cost, mv)));
 * ```
 */
export function* chooseEmergeSacrifice(g: G, seat: Seat, payable: (mv: number) => boolean): Gen<{ victim: GameObject; mv: number } | undefined> {
  const pool: Array<{ victim: GameObject; mv: number }> = [];
  for (const o of emergeCandidates(g, seat)) {
    const mv = chars(g, o).cmc;
    if (payable(mv)) pool.push({ victim: o, mv });
  }
  if (pool.length <= 1) return pool[0];
  const opts: Opt[] = pool.map(({ victim }) => {
    const name = chars(g, victim).name;
    return { label: name, action: { verb: 'choose', card: cardRef(victim.id, name) } };
  });
  const k = yield* ask(g, seat, 'choose', 'Choose a creature to sacrifice for emerge', opts);
  return pool[k];
}
