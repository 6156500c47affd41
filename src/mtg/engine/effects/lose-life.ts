/**
 * `LoseLife` (CR 119.3): each defined or targeted player loses `LifeAmount$` life. The total lost
 * is kept as the host's `AFLifeLost` when its script has that SVar ("then you gain life equal to
 * the life lost this way": Chancellor of the Dross, Sovereign's Bite), which a later node reads.
 */
import { loseLife } from '../actions.js';
import { svarText } from '../cards.js';
import { touch } from '../context.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers, amount } from './util.js';

registerEffect(
  'LoseLife',
  function* (run) {
    const n = amount(run, 'LifeAmount', 1);
    let lost = 0;
    for (const seat of affectedPlayers(run)) lost += loseLife(run.g, seat, n);
    const host = run.host !== undefined ? run.g.s.objects[run.host] : undefined;
    if (host && svarText(run.ref, 'AFLifeLost') !== undefined) {
      host.stored['AFLifeLost'] = lost;
      touch(run.g);
    }
  },
  { reads: ['LifeAmount', 'Defined', 'ValidTgts'] },
);
