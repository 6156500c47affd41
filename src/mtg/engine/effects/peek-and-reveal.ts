/**
 * `PeekAndReveal`: you look at the top `PeekAmount$` (1) cards of each `Defined$` player's library
 * (yours by default; `NoPeek$` skips the look), then reveal those matching `RevealValid$` to every
 * player — unless `NoReveal$`, or `RevealOptional$` and you decline. Revealed cards are
 * remembered with `RememberRevealed$` (or `ImprintRevealed$`); unrevealed ones with
 * `RememberPeeked$`. A look shows the cards to you alone (CR 701.16a reveals to all).
 */
import { askYesNo } from '../ask.js';
import { param } from '../cards.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { touch } from '../context.js';
import { affectedPlayers, amount, hostObject, remember } from './util.js';
import { showCards, topCards } from './library-top.js';

registerEffect(
  'PeekAndReveal',
  function* (run) {
    const g = run.g;
    const n = amount(run, 'PeekAmount', 1);
    const valid = param(run.ref, 'RevealValid');
    for (const seat of affectedPlayers(run)) {
      const peeked = topCards(g, seat, n);
      if (peeked.length === 0) continue;
      const revealable = valid === undefined ? peeked : peeked.filter((o) => objectMatches(run, valid, o));
      if (param(run.ref, 'NoPeek') !== 'True') showCards(g, peeked, [run.you]);
      let reveal = param(run.ref, 'NoReveal') !== 'True' && revealable.length > 0;
      if (reveal && param(run.ref, 'RevealOptional') === 'True') reveal = yield* askYesNo(g, run.you, `Reveal ${revealable.map((o) => o.card).join(', ')}?`);
      const refs = revealable.map((o) => ({ card: o.id, inc: o.inc }));
      if (reveal) {
        showCards(g, revealable, [0, 1]);
        if (param(run.ref, 'RememberRevealed') === 'True') remember(run, refs);
        const h = hostObject(run);
        if (h && param(run.ref, 'ImprintRevealed') === 'True') {
          h.imprinted.push(...refs);
          touch(g);
        }
      } else if (param(run.ref, 'RememberPeeked') === 'True') remember(run, refs);
    }
  },
  { reads: ['PeekAmount', 'Defined', 'RevealValid', 'NoPeek', 'NoReveal', 'RevealOptional', 'RememberRevealed', 'ImprintRevealed', 'RememberPeeked'] },
);
