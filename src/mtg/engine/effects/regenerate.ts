/** `Regenerate` (CR 701.19): a regeneration shield on targets or `Defined$` permanents (the host by default), until end of turn. */
import { touch } from '../context.js';
import { registerEffect } from '../resolve.js';
import { affectedCards } from './util.js';

registerEffect(
  'Regenerate',
  function* (run) {
    for (const o of affectedCards(run)) {
      if (o.zone !== 'battlefield') continue;
      o.shields++;
      touch(run.g);
    }
  },
  { reads: ['Defined', 'ValidTgts'] },
);
