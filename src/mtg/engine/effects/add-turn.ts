/** `AddTurn` (CR 500.7): `NumTurns$` extra turns for the defined player, taken after this one. */
import { touch } from '../context.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers, amount } from './util.js';

registerEffect(
  'AddTurn',
  function* (run) {
    const n = amount(run, 'NumTurns', 1);
    for (const seat of affectedPlayers(run)) for (let i = 0; i < n; i++) run.g.s.extraTurns.push(seat);
    touch(run.g);
  },
  { reads: ['NumTurns', 'Defined', 'ValidTgts'] },
);
