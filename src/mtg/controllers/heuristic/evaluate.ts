/**
 * The heuristic's measures: what a permanent is worth, and who wins a fight between two
 * creatures (CR 510: combat damage; 702.2 deathtouch, 702.7 first strike, 702.4 double strike,
 * 702.9 flying, 702.17 reach, 702.19 trample). Everything reads a {@link CardView}, which is what
 * the seat sees.
 */
import type { CardView } from '../../engine/index.js';
import { manaValueOf } from './knowledge.js';

/**
 * Whether a card view has a keyword (case-insensitive; `Landwalk:Swamp` has `Landwalk`).
 *
 * @example
 * ```ts
 * has(serraAngelView, 'flying'); // true
 * ```
 */
export function has(c: CardView, keyword: string): boolean {
  const k = keyword.toLowerCase();
  return c.keywords.some((w) => w.toLowerCase() === k || w.toLowerCase().startsWith(`${k}:`) || w.toLowerCase().startsWith(`${k} `));
}

/**
 * Whether a card view is a creature (now, after continuous effects).
 *
 * @example
 * ```ts
 * isCreature(grizzlyBearsView); // true
 * ```
 */
export function isCreature(c: CardView): boolean {
  return c.types.includes('Creature');
}

/**
 * Whether a card view is a land.
 *
 * @example
 * ```ts
 * isLand(forestView); // true
 * ```
 */
export function isLand(c: CardView): boolean {
  return c.types.includes('Land');
}

/**
 * A creature's power, never below 0 (CR 510.1a: a negative power deals no damage).
 *
 * @example
 * ```ts
 * power(hillGiantView); // 3
 * ```
 */
export function power(c: CardView): number {
  return Math.max(0, c.power ?? 0);
}

/**
 * Toughness left: damage marked counts against it (CR 704.5g).
 *
 * @example
 * ```ts
 * toughnessLeft({ ...hillGiantView, damage: 2 }); // 1
 * ```
 */
export function toughnessLeft(c: CardView): number {
  return (c.toughness ?? 0) - c.damage;
}

/**
 * What a creature is worth on the battlefield: its body, and its evasion and combat keywords.
 *
 * @example
 * ```ts
 * creatureValue(serraAngelView); // more than a vanilla 4/4: flying and vigilance
 * ```
 */
export function creatureValue(c: CardView): number {
  const p = power(c);
  const t = Math.max(0, c.toughness ?? 0);
  let v = 1 + p * 2 + t * 1.2;
  if (has(c, 'Flying')) v += p * 0.8 + 1;
  if (has(c, 'First Strike')) v += p * 0.5 + 0.5;
  if (has(c, 'Double Strike')) v += p;
  if (has(c, 'Trample')) v += p * 0.4;
  if (has(c, 'Deathtouch')) v += 2;
  if (has(c, 'Lifelink')) v += p * 0.5;
  if (has(c, 'Vigilance')) v += 0.5;
  if (has(c, 'Shroud') || has(c, 'Hexproof')) v += 1;
  if (has(c, 'Indestructible')) v += 3;
  if (has(c, 'Defender')) v -= p * 1.5;
  if (c.token) v -= 0.5;
  return v;
}

/**
 * What any permanent (or card) is worth, on one scale: creatures by {@link creatureValue}, lands
 * a little, other permanents by their mana value.
 *
 * @example
 * ```ts
 * permanentValue(forestView); // 3
 * ```
 */
export function permanentValue(c: CardView): number {
  if (isCreature(c)) return creatureValue(c) + manaValueOf(c.manaCost) * 0.3;
  if (isLand(c)) return 3;
  return 2 + manaValueOf(c.manaCost);
}

/**
 * Whether `blocker` may block `attacker`, as far as the view tells (CR 509.1b: flying and reach,
 * landwalk, "can't be blocked").
 *
 * @example
 * ```ts
 * canBlock(grizzlyBearsView, serraAngelView, []); // false: the Angel flies
 * ```
 */
export function canBlock(blocker: CardView, attacker: CardView, defenderLands: readonly CardView[]): boolean {
  if (blocker.tapped || !isCreature(blocker)) return false;
  if (has(attacker, 'Flying') && !has(blocker, 'Flying') && !has(blocker, 'Reach')) return false;
  if (attacker.keywords.some((k) => /can't be blocked\.?$/i.test(k) || /^Unblockable$/i.test(k) || /^Shadow$/i.test(k))) return false;
  for (const k of attacker.keywords) {
    const walk = /^Landwalk:(.+)$/i.exec(k) ?? /^(\w+)walk$/i.exec(k);
    if (walk) {
      const type = walk[1]!.toLowerCase();
      if (defenderLands.some((l) => l.subtypes.some((s) => s.toLowerCase() === type) || l.name.toLowerCase() === type)) return false;
    }
  }
  return true;
}

/**
 * Whether `source` deals lethal damage to `target` in a fight (deathtouch counts, CR 702.2b).
 *
 * @example
 * ```ts
 * kills(hillGiantView, grizzlyBearsView); // true
 * ```
 */
export function kills(source: CardView, target: CardView, extraPower = 0): boolean {
  const p = power(source) + extraPower;
  if (p <= 0) return false;
  if (has(target, 'Indestructible')) return false;
  return has(source, 'Deathtouch') || p >= toughnessLeft(target);
}

/**
 * The outcome of `attacker` and `blocker` fighting each other alone, first strike included: who
 * dies. `pump` adds power and toughness to the attacker (a Giant Growth in mind).
 *
 * @example
 * ```ts
 * fight(grizzly, wallOfStone); // { attackerDies: false, blockerDies: false }
 * ```
 */
export function fight(
  attacker: CardView,
  blocker: CardView,
  pump: { attacker?: number; blocker?: number } = {},
): { attackerDies: boolean; blockerDies: boolean } {
  const a = pump.attacker ?? 0;
  const b = pump.blocker ?? 0;
  const aFirst = has(attacker, 'First Strike') || has(attacker, 'Double Strike');
  const bFirst = has(blocker, 'First Strike') || has(blocker, 'Double Strike');
  const aKills = kills(attacker, { ...blocker, damage: blocker.damage - b }, a);
  const bKills = kills(blocker, { ...attacker, damage: attacker.damage - a }, b);
  if (aFirst && !bFirst) return { attackerDies: !aKills && bKills, blockerDies: aKills };
  if (bFirst && !aFirst) return { attackerDies: bKills, blockerDies: !bKills && aKills };
  return { attackerDies: bKills, blockerDies: aKills };
}
