/**
 * `Poison`: each defined or targeted player gets `Num$` poison counters (CR 122.1f; ten or more
 * and the player loses, CR 104.3d, a state-based action, CR 704.5c). A negative `Num$` removes
 * them (Leeches: "loses all poison counters"), never below zero.
 */
import { touch } from '../context.js';
import { registerEffect } from '../resolve.js';
import { putPlayerCounters } from '../actions.js';
import { affectedPlayers, amount, effectSource } from './util.js';

registerEffect(
  'Poison',
  function* (run) {
    const n = amount(run, 'Num', 1);
    for (const seat of affectedPlayers(run)) {
      if (n >= 0) yield* putPlayerCounters(run.g, seat, 'POISON', n, true, effectSource(run));
      else {
        const p = run.g.s.players[seat];
        p.poison = Math.max(0, p.poison + n);
        touch(run.g);
      }
    }
  },
  { reads: ['Num', 'Defined', 'ValidTgts'] },
);
