/** `DestroyAll` (CR 701.8): every permanent matching `ValidCards$` is destroyed at once. */
import { param } from '../cards.js';
import { destroy } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { cardsIn, remember } from './util.js';

registerEffect(
  'DestroyAll',
  function* (run) {
    const sel = param(run.ref, 'ValidCards') ?? 'Permanent';
    const cards = cardsIn(run.g, 'battlefield').filter((o) => objectMatches(run, sel, o));
    const gone = yield* destroy(run.g, cards, { noRegen: param(run.ref, 'NoRegen') === 'True' });
    if (param(run.ref, 'RememberDestroyed') === 'True')
      remember(
        run,
        gone.map((o) => ({ card: o.id, inc: o.inc })),
      );
  },
  { reads: ['ValidCards', 'NoRegen', 'RememberDestroyed'] },
);
