/** `WinsGame` and `LosesGame` (CR 104.2–104.3). */
import { registerEffect } from '../resolve.js';
import { affectedPlayers } from './util.js';
import { cantLose, cantWin, endGame } from '../sba.js';
import { touch } from '../context.js';

registerEffect(
  'WinsGame',
  function* (run) {
    const seats = affectedPlayers(run);
    // A player who can't win the game doesn't: the effect does nothing (CR 104.2b).
    if (seats.length > 0 && !cantWin(run.g, seats[0]!)) endGame(run.g, seats[0]!, 'an effect won the game');
  },
  { reads: ['Defined'] },
);
registerEffect(
  'LosesGame',
  function* (run) {
    for (const seat of affectedPlayers(run)) {
      // A player who can't lose the game doesn't, whatever says so (CR 104.3).
      if (cantLose(run.g, seat)) continue;
      const p = run.g.s.players[seat];
      p.lost = true;
      p.lossReason = 'an effect';
      touch(run.g);
    }
  },
  { reads: ['Defined', 'ValidTgts'] },
);
