/**
 * Damage maps: damage an effect deals as one simultaneous event (Forge's `DamageMap$`). Arc
 * Trail ("2 damage to any target and 1 damage to another target"), Acidic Soil ("damage to each
 * player equal to the number of lands they control") and Moonlight Hunt ("each Wolf you control
 * deals damage equal to its power to that creature") each deal their damage at once (CR 120.3,
 * 608.2h): every amount is worked out before any of it is dealt, and an object or player dealt
 * damage by several parts is dealt it in one event, so "whenever [this] is dealt damage"
 * (`DamageDoneOnce`) triggers once, with the total (CR 603.2c).
 *
 * A map is opened by a `DealDamage` with `DamageMap$ True` (dealt by the chain's `DamageResolve`)
 * or by a `RepeatEach` with `DamageMap$ True` (dealt once its loop is over). While one is open for
 * the resolving ability, `DealDamage` and `DamageAll` add their damage to it instead of dealing it.
 * Prevention and replacement still apply to each part as it is dealt (CR 615, 616); lifelink
 * gains life for each part, as combat damage does here.
 */
import type { Gen } from '../ask.js';
import type { Run } from '../context.js';
import { damageDoneOnce, dealDamage, type DamageDealt } from '../actions.js';
import type { Lki, Ref, StackItem } from '../types.js';
import { remember } from './util.js';

/** One part of a map: who deals what to whom, and where a dealt part is remembered (`RememberDamaged$`). */
type Part = { source: Lki; target: Ref; amount: number; unpreventable: boolean; rememberOn: Run | null };

/**
 * The open maps of each resolving ability, innermost last (a `RepeatEach` map inside a chain
 * that opened its own). Keyed by the stack item the ability resolves as, which every node of its
 * chain and every sub-ability shares; the map lives only while the ability resolves.
 */
const open = new WeakMap<StackItem, Part[][]>();

/**
 * Opens a damage map for the ability `run` belongs to; false (and nothing opened) when the run
 * has no stack item to key it by.
 *
 * @example
 * ```ts
 * if (param(run.ref, 'DamageMap') === 'True') openDamageMap(run);
 * ```
 */
export function openDamageMap(run: Run): boolean {
  const item = run.item;
  if (!item) return false;
  const maps = open.get(item) ?? [];
  maps.push([]);
  open.set(item, maps);
  return true;
}

/**
 * Adds damage to the innermost open map of the run's ability; false when none is open (then the
 * caller deals it at once).
 *
 * @example
 * ```ts
 * if (!queueDamage(run, source, target, 2, false, null)) yield* dealDamage(g, source, target, 2, false);
 * ```
 */
export function queueDamage(run: Run, source: Lki, target: Ref, amount: number, unpreventable: boolean, rememberOn: Run | null): boolean {
  const maps = run.item ? open.get(run.item) : undefined;
  const map = maps?.[maps.length - 1];
  if (!map) return false;
  if (amount > 0) map.push({ source, target, amount, unpreventable, rememberOn });
  return true;
}

/** Whether a damage map is open for the run's ability. */
export function damageMapOpen(run: Run): boolean {
  const maps = run.item ? open.get(run.item) : undefined;
  return (maps?.length ?? 0) > 0;
}

/**
 * Closes the innermost open map of the run's ability and deals its damage, in the order it was
 * added, as one event: one `DamageDoneOnce` per object or player dealt damage, with the total.
 *
 * @example
 * ```ts
 * yield* dealDamageMap(run); // DamageResolve
 * ```
 */
export function* dealDamageMap(run: Run): Gen<void> {
  const maps = run.item ? open.get(run.item) : undefined;
  const map = maps?.pop();
  if (!maps || !map) return;
  if (maps.length === 0) open.delete(run.item!);
  const dealt: DamageDealt[] = [];
  for (const p of map) {
    const n = yield* dealDamage(run.g, p.source, p.target, p.amount, false, p.unpreventable, dealt);
    if (n > 0 && p.rememberOn) remember(p.rememberOn, [p.target]);
  }
  damageDoneOnce(run.g, dealt, false);
}
