/** `FlipACoin` (CR 705): the seeded stream decides; `WinSubAbility$` or `LoseSubAbility$` follows. */
import { registerEffect, runSub } from '../resolve.js';

registerEffect(
  'FlipACoin',
  function* (run) {
    const won = run.g.rng.int(2) === 0;
    yield* runSub(run.g, run, won ? 'WinSubAbility' : 'LoseSubAbility');
    yield* runSub(run.g, run, won ? 'HeadsSubAbility' : 'TailsSubAbility');
  },
  { reads: ['WinSubAbility', 'LoseSubAbility', 'HeadsSubAbility', 'TailsSubAbility'] },
);
