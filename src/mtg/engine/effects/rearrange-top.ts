/**
 * `RearrangeTopOfLibrary`: the controller (or the `RearrangePlayer$`) looks at the top `NumCards$`
 * cards of each targeted or `Defined$` player's library and puts them back in any order, choosing
 * the top card first. Only the one who looks learns the cards. With `MayShuffle$` they may then
 * have that player shuffle it (CR 701.20).
 */
import { askYesNo } from '../ask.js';
import { param } from '../cards.js';
import { definedPlayers } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { moveObject, pileId, shuffleLibrary } from '../zones.js';
import { affectedPlayers, amount } from './util.js';
import { orderCards, showCards, topCards } from './library-top.js';

registerEffect(
  'RearrangeTopOfLibrary',
  function* (run) {
    const g = run.g;
    const n = amount(run, 'NumCards', 1);
    const who = param(run.ref, 'RearrangePlayer');
    const looker = who === undefined ? run.you : (definedPlayers(run, who)[0] ?? run.you);
    for (const seat of affectedPlayers(run)) {
      const top = topCards(g, seat, n);
      if (top.length === 0) continue;
      showCards(g, top, [looker]);
      const order = yield* orderCards(g, looker, 'to be on top', top);
      // Remove-then-insert in the same pile: placing each at its index, top first, leaves them in order.
      order.forEach((o, i) => {
        if (g.s.zones[pileId('library', seat)]!.indexOf(o.id) !== i) moveObject(g, o, 'library', i);
      });
      // Moving a card within the library forgets who knew it (zones.ts); the looker still knows
      // them, so a later look does not log them again.
      for (const o of top) o.known[looker] = true;
      if (param(run.ref, 'MayShuffle') === 'True' && (yield* askYesNo(g, looker, 'Shuffle the library?'))) shuffleLibrary(g, seat);
    }
  },
  { reads: ['NumCards', 'Defined', 'ValidTgts', 'RearrangePlayer', 'MayShuffle'] },
);
