/**
 * Combat plans for the heuristic: which creatures attack (CR 508.1) and which block what
 * (CR 509.1). The engine asks for one declaration at a time, so each plan is computed afresh
 * from the view at every step and its first declaration not yet made is the answer; the plan
 * depends only on the view, so the controller keeps no state between declarations.
 */
import type { CardView, SeatView } from '../../engine/index.js';
import { canBlock, creatureValue, fight, has, isCreature, isLand, power } from './evaluate.js';

/**
 * The ids of the creatures to attack with, from `candidates` (the creatures the engine offers).
 *
 * An attacker goes in when no untapped creature of the opponent could block it and kill it, when
 * every creature that could kill it would die too and is worth as much, or when the whole attack
 * is lethal even if each blocker stops one attacker. When the opponent's creatures could kill us
 * on the swing back, creatures without vigilance stay home unless the attack is lethal.
 *
 * @example
 * ```ts
 * planAttack(view, [bearsView]); // [bearsView.id] when the opponent has no creatures
 * ```
 */
export function planAttack(view: SeatView, candidates: readonly CardView[]): number[] {
  const me = view.seat;
  const them = me === 0 ? 1 : 0;
  const theirs = view.battlefield.filter((c) => c.controller === them);
  const mine = view.battlefield.filter((c) => c.controller === me);
  const blockers = theirs.filter((c) => isCreature(c) && !c.tapped);
  const myLands = mine.filter(isLand);
  const theirLife = view.players[them].life;
  const myLife = view.players[me].life;

  // Lethal if every potential blocker stops the biggest attacker it can.
  const powers = candidates.map(power).sort((a, b) => b - a);
  const unblocked = powers.slice(Math.min(blockers.length, powers.length)).reduce((a, b) => a + b, 0);
  if (candidates.length > 0 && unblocked >= theirLife) return candidates.map((c) => c.id);

  const theirPower = theirs.filter(isCreature).reduce((sum, c) => sum + power(c), 0);
  const defend = theirPower >= myLife;
  void myLands;

  const chosen: number[] = [];
  for (const a of candidates) {
    if (power(a) <= 0) continue;
    if (defend && !has(a, 'Vigilance')) continue;
    const able = blockers.filter((b) => canBlock(b, a, theirs.filter(isLand)));
    if (able.length === 0) {
      chosen.push(a.id);
      continue;
    }
    let good = true;
    for (const b of able) {
      const r = fight(a, b);
      if (!r.attackerDies) continue;
      // A trade is fine when what dies on their side is worth as much.
      if (!(r.blockerDies && creatureValue(b) >= creatureValue(a) * 0.9)) {
        good = false;
        break;
      }
    }
    if (good) chosen.push(a.id);
  }
  return chosen;
}

/** One planned block. */
export type Block = { blocker: number; attacker: number };

/**
 * The blocks to make against the attackers in `view.combat`, from the pairs the engine offers.
 *
 * Per attacker, most valuable first: a blocker that kills it and survives; else one that survives
 * (a wall); else a trade when the attacker is worth at least as much. Then, if the damage left
 * unblocked would kill us, the cheapest remaining blockers chump the biggest attackers.
 *
 * @example
 * ```ts
 * planBlocks(view, [{ blocker: 12, attacker: 40 }]); // [{ blocker: 12, attacker: 40 }] when 12 survives and kills 40
 * ```
 */
export function planBlocks(view: SeatView, offered: readonly Block[]): Block[] {
  const me = view.seat;
  const byId = new Map<number, CardView>();
  for (const c of view.battlefield) byId.set(c.id, c);
  const combat = view.combat;
  if (!combat) return [];
  const attackers = combat.attackers.map((id) => byId.get(id)).filter((c): c is CardView => c !== undefined);
  const used = new Set<number>(combat.blocks.map((b) => b.blocker));
  const blocked = new Set<number>(combat.blocks.map((b) => b.attacker));
  const plan: Block[] = [];
  const offeredFor = (attacker: number): CardView[] =>
    offered
      .filter((o) => o.attacker === attacker && !used.has(o.blocker))
      .map((o) => byId.get(o.blocker))
      .filter((c): c is CardView => c !== undefined);
  const take = (b: CardView, a: CardView): void => {
    plan.push({ blocker: b.id, attacker: a.id });
    used.add(b.id);
    blocked.add(a.id);
  };

  const sorted = [...attackers].sort((x, y) => creatureValue(y) - creatureValue(x) || x.id - y.id);
  for (const a of sorted) {
    // One blocker is not a legal block of a creature with menace (CR 702.111b): the engine would
    // refuse the declaration and ask again, and this plan would make the same one.
    if (blocked.has(a.id) || has(a, 'Menace')) continue;
    const options = offeredFor(a.id).sort((x, y) => creatureValue(x) - creatureValue(y) || x.id - y.id);
    const eat = options.find((b) => {
      const r = fight(a, b);
      return r.blockerDies === false && r.attackerDies;
    });
    if (eat) {
      take(eat, a);
      continue;
    }
    const wall = options.find((b) => !fight(a, b).blockerDies);
    if (wall) {
      take(wall, a);
      continue;
    }
    const trade = options.find((b) => fight(a, b).attackerDies && creatureValue(a) >= creatureValue(b));
    if (trade) take(trade, a);
  }

  // Chump blocks when the rest would be lethal.
  const life = view.players[me].life;
  const incoming = (): number => attackers.filter((a) => !blocked.has(a.id) || has(a, 'Trample')).reduce((s, a) => s + power(a), 0);
  const byThreat = [...attackers].sort((x, y) => power(y) - power(x) || x.id - y.id);
  for (const a of byThreat) {
    if (incoming() < life) break;
    if (blocked.has(a.id) || has(a, 'Trample') || has(a, 'Menace')) continue;
    const cheapest = offeredFor(a.id).sort((x, y) => creatureValue(x) - creatureValue(y) || x.id - y.id)[0];
    if (cheapest) take(cheapest, a);
  }
  return plan;
}
