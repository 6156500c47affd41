/**
 * `SkipTurn` (CR 614.10, 614.1b: "skip your next turn"): the defined player skips their next
 * `NumTurns$` turns. Kept on the player (`turnsToSkip`) and used as turns would begin
 * (skip-turn.ts), before any other turn-skipping replacement.
 */
import { touch } from '../context.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers, amount } from './util.js';

registerEffect(
  'SkipTurn',
  function* (run) {
    const n = amount(run, 'NumTurns', 1);
    if (n <= 0) return;
    for (const seat of affectedPlayers(run)) {
      const p = run.g.s.players[seat];
      p.turnsToSkip = (p.turnsToSkip ?? 0) + n;
    }
    touch(run.g);
  },
  { reads: ['NumTurns', 'Defined'] },
);
