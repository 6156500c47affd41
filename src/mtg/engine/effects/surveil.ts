/**
 * `Surveil` (CR 701.42): look at the top `Amount$` cards of your library, put any number of them
 * into your graveyard and the rest back on top. Like Scry here, the cards kept stay in the order
 * they were in (the "any order" choice of CR 701.42a is not asked).
 */
import { changeZone } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers, amount, lookAtTop } from './util.js';

registerEffect(
  'Surveil',
  function* (run) {
    const g = run.g;
    const n = amount(run, 'Amount', 1);
    for (const seat of affectedPlayers(run)) {
      const binned = yield* lookAtTop(run, seat, n, { verb: 'Surveil', away: 'graveyard', label: 'into your graveyard' });
      // Into the graveyard together, as one event (CR 701.42a), so triggers see them at once.
      if (binned.length > 0) yield* changeZone(g, binned, 'graveyard');
    }
  },
  { reads: ['Amount', 'Defined'] },
);
