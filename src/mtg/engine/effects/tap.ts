/** `Tap` (CR 701.26): targets or `Defined$` permanents become tapped; with `ETB$ True` a permanent enters tapped. */
import { tapObject } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedCards } from './util.js';
import { touch } from '../context.js';

registerEffect(
  'Tap',
  function* (run, ctx) {
    for (const o of affectedCards(run)) {
      if (o.zone !== 'battlefield') continue;
      if (ctx.etb) {
        o.tapped = true;
        touch(run.g);
      } else tapObject(run.g, o);
    }
  },
  { reads: ['Defined', 'ValidTgts', 'ETB'] },
);
