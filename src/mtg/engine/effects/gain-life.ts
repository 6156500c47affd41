/** `GainLife` (CR 119.3): each defined or targeted player gains `LifeAmount$` life. */
import { gainLife } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers, amount, damageSource } from './util.js';

registerEffect(
  'GainLife',
  function* (run) {
    const n = amount(run, 'LifeAmount', 1);
    for (const seat of affectedPlayers(run)) gainLife(run.g, seat, n, damageSource(run));
  },
  { reads: ['LifeAmount', 'Defined', 'ValidTgts'] },
);
