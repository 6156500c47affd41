/**
 * Ability words Forge writes as a flag on a trigger or replacement (`Revolt$ True`, `Delirium$
 * True`): each is an intervening "if" clause (CR 603.4) that conditions.ts's `conditionsHold`
 * checks. Its own module, imported by conditions.ts, layers.ts and activation.ts, because those
 * import each other and a list read at module load must not wait on that cycle.
 */
export const ABILITY_WORD_FLAGS: readonly string[] = ['Threshold', 'Metalcraft', 'Delirium', 'Revolt', 'Desert', 'Hellbent'];
