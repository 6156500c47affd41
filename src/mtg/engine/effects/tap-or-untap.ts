/** `TapOrUntap`: the controller chooses to tap or untap each target. */
import { askYesNo } from '../ask.js';
import { chars } from '../layers.js';
import { tapObject, untapObject } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedCards } from './util.js';

registerEffect(
  'TapOrUntap',
  function* (run) {
    for (const o of affectedCards(run)) {
      if (o.zone !== 'battlefield') continue;
      if (yield* askYesNo(run.g, run.you, `Tap ${chars(run.g, o).name}? (no: untap it)`)) tapObject(run.g, o);
      else untapObject(run.g, o);
    }
  },
  { reads: ['Defined', 'ValidTgts'] },
);
