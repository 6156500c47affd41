/**
 * `SacrificeAll`: every permanent matching `ValidCards$` is sacrificed by its controller; with
 * `Defined$`, the permanents it names that are still on the battlefield (as the same objects,
 * CR 400.7) instead; with `Controller$` only those the players it names control (Archfiend of
 * Depravity's "each opponent sacrifices the rest"; an `AtEOT$ Sacrifice` delayed trigger's `You`:
 * you cannot sacrifice what another player controls, CR 701.17a).
 */
import { param } from '../cards.js';
import { sacrifice } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { definedPlayers } from '../defined.js';
import { chars } from '../layers.js';
import { affectedCards, cardsIn, remember } from './util.js';

registerEffect(
  'SacrificeAll',
  function* (run) {
    const sel = param(run.ref, 'ValidCards') ?? 'Permanent';
    const defined = param(run.ref, 'Defined');
    let pool =
      defined === undefined
        ? cardsIn(run.g, 'battlefield').filter((o) => objectMatches(run, sel, o))
        : affectedCards(run, defined).filter((o) => o.zone === 'battlefield' && (param(run.ref, 'ValidCards') === undefined || objectMatches(run, sel, o)));
    const controller = param(run.ref, 'Controller');
    if (controller !== undefined) {
      const who = definedPlayers(run, controller);
      pool = pool.filter((o) => who.includes(chars(run.g, o).controller));
    }
    const gone = yield* sacrifice(run.g, pool);
    if (param(run.ref, 'RememberSacrificed') === 'True')
      remember(
        run,
        gone.map((l) => ({ card: l.id, inc: l.inc + 1, lki: l })),
      );
  },
  { reads: ['ValidCards', 'Defined', 'Controller', 'RememberSacrificed'] },
);
