/** `Reveal` and `RevealHand` (CR 701.16): cards are shown to every player; the action log records the reveal with its audience. */
import { param } from '../cards.js';
import { definedCards } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { SEAT_NAMES } from '../zones.js';
import { affectedPlayers, cardsIn } from './util.js';

registerEffect(
  'RevealHand',
  function* (run) {
    const g = run.g;
    for (const seat of affectedPlayers(run)) {
      for (const o of cardsIn(g, `hand-${seat}`)) {
        if (!o.known[run.you]) g.actions.push({ type: 'RevealCard', card: o.id, name: o.card, to: [run.you] });
        o.known[run.you] = true;
        g.table.reveal(o.tid, [SEAT_NAMES[run.you]]);
      }
    }
  },
  { reads: ['Defined', 'ValidTgts'] },
);
registerEffect(
  'Reveal',
  function* (run) {
    const g = run.g;
    for (const c of definedCards(run, param(run.ref, 'Defined') ?? 'Self')) {
      const o = c.live;
      if (!o) continue;
      g.actions.push({ type: 'RevealCard', card: o.id, name: o.card, to: [0, 1] });
      o.known = [true, true];
      g.table.reveal(o.tid, 'anyone');
    }
  },
  { reads: ['Defined', 'RevealValid'] },
);
