/** `DrainMana`: the defined players' mana pools empty (CR 106.4). */
import { touch } from '../context.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers } from './util.js';

registerEffect(
  'DrainMana',
  function* (run) {
    for (const seat of affectedPlayers(run)) run.g.s.players[seat].pool = [];
    touch(run.g);
  },
  { reads: ['Defined'] },
);
