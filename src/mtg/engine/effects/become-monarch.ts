/**
 * `BecomeMonarch` (CR 724): the defined player becomes the monarch ("When this enters, you become
 * the monarch": Palace Jailer, Custodi Lich, ...). The monarch draws a card at the beginning of
 * their end step, and a creature that deals combat damage to the monarch makes its controller the
 * monarch (turn.ts, actions.ts).
 */
import { becomeMonarch } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers } from './util.js';

registerEffect(
  'BecomeMonarch',
  function* (run) {
    const seat = affectedPlayers(run)[0];
    if (seat !== undefined) becomeMonarch(run.g, seat);
  },
  { reads: ['Defined'] },
);
