/** `Untap` (CR 701.26): targets or `Defined$` permanents become untapped. */
import { untapObject } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedCards } from './util.js';

registerEffect(
  'Untap',
  function* (run) {
    for (const o of affectedCards(run)) if (o.zone === 'battlefield') untapObject(run.g, o);
  },
  { reads: ['Defined', 'ValidTgts'] },
);
