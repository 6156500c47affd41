/** `Draw` (CR 121): each defined or targeted player draws `NumCards$` cards. */
import { param } from '../cards.js';
import { drawCards } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers, amount, remember } from './util.js';
import { askYesNo } from '../ask.js';

registerEffect(
  'Draw',
  function* (run) {
    const n = amount(run, 'NumCards', 1);
    for (const seat of affectedPlayers(run)) {
      if (param(run.ref, 'OptionalDecider') === undefined && param(run.ref, 'Optional') === 'True') {
        if (!(yield* askYesNo(run.g, seat, `Draw ${n} card${n === 1 ? '' : 's'}?`))) continue;
      }
      const drawn = yield* drawCards(run.g, seat, n);
      if (param(run.ref, 'RememberDrawn') === 'True') remember(run, drawn.map((o) => ({ card: o.id, inc: o.inc })));
    }
  },
  { reads: ['NumCards', 'Defined', 'ValidTgts', 'Optional', 'RememberDrawn'] },
);
