/**
 * `DamageResolve`: Forge collects the damage of `DamageMap$` abilities (Char: "4 damage to any
 * target and 2 damage to you") and deals it here, all at once. This engine deals each part's
 * damage as that part resolves, and nothing looks at the result before the ability has finished
 * resolving (state-based actions and triggered abilities wait for it, CR 608.2, 704.3, 603.3), so
 * by this point every bit of the damage has been dealt and there is nothing left to do.
 */
import { registerEffect } from '../resolve.js';

registerEffect(
  'DamageResolve',
  function* () {
    // Nothing left to deal: see above.
  },
  { reads: [] },
);
