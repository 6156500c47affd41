/** `Scry` (CR 701.22): look at the top `ScryNum$` cards; each goes to the bottom or stays on top. */
import { registerEffect } from '../resolve.js';
import { moveObject } from '../zones.js';
import { affectedPlayers, amount, lookAtTop } from './util.js';

registerEffect(
  'Scry',
  function* (run) {
    const g = run.g;
    const n = amount(run, 'ScryNum', 1);
    for (const seat of affectedPlayers(run)) {
      const bottom = yield* lookAtTop(run, seat, n, { verb: 'Scry', away: 'bottom', label: 'on the bottom' });
      for (const o of bottom) moveObject(g, o, 'library', 'bottom');
    }
  },
  { reads: ['ScryNum', 'Defined'] },
);
