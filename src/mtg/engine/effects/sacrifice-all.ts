/** `SacrificeAll`: every permanent matching `ValidCards$` is sacrificed by its controller. */
import { param } from '../cards.js';
import { sacrifice } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { cardsIn, remember } from './util.js';

registerEffect(
  'SacrificeAll',
  function* (run) {
    const sel = param(run.ref, 'ValidCards') ?? 'Permanent';
    const gone = yield* sacrifice(
      run.g,
      cardsIn(run.g, 'battlefield').filter((o) => objectMatches(run, sel, o)),
    );
    if (param(run.ref, 'RememberSacrificed') === 'True')
      remember(
        run,
        gone.map((l) => ({ card: l.id, inc: l.inc + 1, lki: l })),
      );
  },
  { reads: ['ValidCards', 'RememberSacrificed'] },
);
