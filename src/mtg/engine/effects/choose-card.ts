/** `ChooseCard`: choose `Amount$` cards matching `Choices$` in `ChoiceZone$`; they become the host's chosen cards (and remembered with `RememberChosen$`). */
import { param } from '../cards.js';
import { touch } from '../context.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { affectedPlayers, amount, cardsIn, chooseCards, hostObject } from './util.js';

registerEffect(
  'ChooseCard',
  function* (run) {
    const g = run.g;
    const sel = param(run.ref, 'Choices') ?? 'Card';
    const zone = (param(run.ref, 'ChoiceZone') ?? 'Battlefield').toLowerCase();
    const n = amount(run, 'Amount', 1);
    const h = hostObject(run);
    if (!h) return;
    h.chosen.cards = [];
    for (const seat of affectedPlayers(run)) {
      const piles = zone === 'battlefield' ? ['battlefield'] : zone === 'hand' || zone === 'graveyard' || zone === 'library' ? [`${zone}-0`, `${zone}-1`] : [zone];
      const pool = piles.flatMap((p) => (g.s.zones[p] ? cardsIn(g, p) : [])).filter((o) => objectMatches({ ...run, you: seat }, sel, o));
      const chosen = yield* chooseCards(g, seat, 'Choose a card', pool, n, param(run.ref, 'Mandatory') !== 'True' && param(run.ref, 'ChoiceOptional') === 'True');
      for (const o of chosen) {
        h.chosen.cards.push({ card: o.id, inc: o.inc });
        if (param(run.ref, 'RememberChosen') === 'True') h.remembered.push({ card: o.id, inc: o.inc });
      }
    }
    touch(g);
  },
  { reads: ['Choices', 'ChoiceZone', 'Amount', 'Defined', 'RememberChosen', 'Mandatory', 'ChoiceOptional'] },
);
