/** `Shuffle` (CR 701.20): each defined player shuffles their library. */
import { registerEffect } from '../resolve.js';
import { shuffleLibrary } from '../zones.js';
import { affectedPlayers } from './util.js';

registerEffect(
  'Shuffle',
  function* (run) {
    for (const seat of affectedPlayers(run)) shuffleLibrary(run.g, seat);
  },
  { reads: ['Defined', 'ValidTgts'] },
);
