/**
 * Split second (CR 702.61): "As long as this spell is on the stack, players can't cast other
 * spells or activate abilities that aren't mana abilities." Mana abilities and special actions
 * stay possible, and triggered abilities still trigger and go on the stack (CR 702.61b). Checked
 * once, where a priority decision's offers are made (cast.ts), so nothing else needs to know.
 */
import type { Unavailable } from './choice.js';
import { cardRef } from './ask.js';
import type { G } from './context.js';
import { chars, hasKeyword } from './layers.js';
import type { GameObject } from './types.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:Split second');

/**
 * Whether a spell with split second is on the stack (CR 702.61a).
 *
 * @example
 * ```ts
 * splitSecondOnStack(g); // true while Sudden Shock is on the stack
 * ```
 */
export function splitSecondOnStack(g: G): boolean {
  for (const item of g.s.stack) {
    if (item.kind !== 'spell') continue;
    const o = g.s.objects[item.source];
    if (o && o.zone === 'stack' && hasKeyword(g, o, 'Split second')) return true;
  }
  return false;
}

type Offerish = { kind: 'land' | 'cast' | 'activate' | 'special'; card: GameObject; index?: number; mana?: boolean };

/**
 * The offers left while a spell with split second is on the stack: mana abilities (and land
 * plays, special actions, CR 702.61b); the rest are refused, with the reason `timing` when
 * `explain` asks for reasons. `offers` unchanged when no such spell is on the stack.
 *
 * @example
 * ```ts
 * const left = underSplitSecond(g, offers, unavailable, explain);
 * ```
 */
export function underSplitSecond<T extends Offerish>(g: G, offers: T[], unavailable: Unavailable[], explain: boolean): T[] {
  if (g.s.stack.length === 0 || !splitSecondOnStack(g)) return offers;
  const left: T[] = [];
  for (const offer of offers) {
    if (offer.kind === 'land' || offer.kind === 'special' || (offer.kind === 'activate' && offer.mana === true)) {
      left.push(offer);
      continue;
    }
    if (!explain) continue;
    const name = chars(g, offer.card).name;
    unavailable.push({
      card: cardRef(offer.card.id, name),
      ...(offer.kind === 'activate' && offer.index !== undefined ? { ability: offer.index } : {}),
      label: `${offer.kind} ${name}`,
      reason: 'timing',
    });
  }
  return left;
}
