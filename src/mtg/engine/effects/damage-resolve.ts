/**
 * `DamageResolve`: deals the damage map a `DealDamage` with `DamageMap$ True` opened earlier in
 * the chain, all at once (damage-map.ts): Arc Trail's "2 damage to any target and 1 damage to
 * another target", Char's "4 damage to any target and 2 damage to you" are one event (CR 120.3).
 */
import { registerEffect } from '../resolve.js';
import { dealDamageMap } from './damage-map.js';

registerEffect(
  'DamageResolve',
  function* (run) {
    yield* dealDamageMap(run);
  },
  { reads: [] },
);
