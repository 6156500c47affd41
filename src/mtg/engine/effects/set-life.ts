/** `SetLife` (CR 119.5): a player's life total becomes a number (a gain or loss of the difference). */
import { gainLife, loseLife } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers, amount } from './util.js';

registerEffect(
  'SetLife',
  function* (run) {
    const n = amount(run, 'LifeAmount', 20);
    for (const seat of affectedPlayers(run)) {
      const life = run.g.s.players[seat].life;
      if (n > life) gainLife(run.g, seat, n - life);
      else loseLife(run.g, seat, life - n);
    }
  },
  { reads: ['LifeAmount', 'Defined', 'ValidTgts'] },
);
