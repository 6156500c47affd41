/** `LoseLife` (CR 119.3): each defined or targeted player loses `LifeAmount$` life. */
import { loseLife } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers, amount } from './util.js';

registerEffect(
  'LoseLife',
  function* (run) {
    const n = amount(run, 'LifeAmount', 1);
    for (const seat of affectedPlayers(run)) loseLife(run.g, seat, n);
  },
  { reads: ['LifeAmount', 'Defined', 'ValidTgts'] },
);
