/**
 * `Mode$ PreventDamage` statics (CR 615.1a, 615.7): "if a source would deal damage to you, prevent
 * 1 of that damage" (Benevolent Bodyguard's kin, the Wards of Urza's Legacy, Urza's Armor). Each one
 * that applies to the event reduces it, in the order the statics are found (timestamp order of
 * their hosts on the battlefield, then the command zone).
 *
 * - `Target$`: what is dealt the damage (a player or a permanent selector: `You`, `Creature.YouCtrl`).
 * - `Source$`: the source dealing it, as it is now or as it last existed.
 * - `CombatDamage$ True`: combat damage only.
 * - `Amount$`: how much is prevented — a number or an SVar, `HalfUp`/`HalfDown` (half the damage,
 *   rounded), or all of it when absent.
 *
 * Simplified: these apply before the replacement effects of `R:Event$ DamageDone`, rather than in
 * an order the affected player chooses among all of them (CR 616.1); a prevention shield from an
 * effect (`turnFacts.shields`) applies first too.
 */
import { param } from './cards.js';
import type { G } from './context.js';
import { matchesCard, refMatches, type Seen } from './select.js';
import { activeStatics } from './statics.js';
import type { Ref } from './types.js';
import { evalNumber } from './values.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('stat:PreventDamage', { reads: ['Target', 'Source', 'CombatDamage', 'Amount', 'EffectZone'] });

/**
 * The damage left after the `PreventDamage` statics that apply to it.
 *
 * @example
 * ```ts
 * preventByStatics(g, src, { player: 0 }, 3, false); // 2 under "prevent 1 of that damage"
 * ```
 */
export function preventByStatics(g: G, src: Seen, target: Ref, amount: number, combat: boolean): number {
  for (const st of activeStatics(g, 'PreventDamage')) {
    if (amount <= 0) return 0;
    const ref = st.ref;
    if (param(ref, 'CombatDamage') === 'True' && !combat) continue;
    const t = param(ref, 'Target');
    if (t !== undefined && !refMatches(st.run, t, target)) continue;
    const s = param(ref, 'Source');
    if (s !== undefined && !matchesCard(st.run, s, src)) continue;
    const text = param(ref, 'Amount');
    let prevented: number;
    if (text === undefined) prevented = amount;
    else if (text === 'HalfUp') prevented = Math.ceil(amount / 2);
    else if (text === 'HalfDown') prevented = Math.floor(amount / 2);
    else prevented = Math.max(0, evalNumber(st.run, text));
    amount -= Math.min(amount, prevented);
  }
  return amount;
}
