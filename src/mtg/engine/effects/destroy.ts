/** `Destroy` (CR 701.8): targets or `Defined$` permanents are destroyed; `NoRegen$` forbids regeneration. */
import { param } from '../cards.js';
import { destroy, lkiOf, sacrifice } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedCards, remember } from './util.js';

registerEffect(
  'Destroy',
  function* (run) {
    const cards = affectedCards(run).filter((o) => o.zone === 'battlefield');
    if (param(run.ref, 'RememberLKI') === 'True')
      remember(
        run,
        cards.map((o) => ({ card: o.id, inc: o.inc, lki: lkiOf(run.g, o) })),
      );
    if (param(run.ref, 'Sacrifice') === 'True') {
      yield* sacrifice(run.g, cards);
      return;
    }
    const gone = yield* destroy(run.g, cards, { noRegen: param(run.ref, 'NoRegen') === 'True' });
    if (param(run.ref, 'RememberDestroyed') === 'True')
      remember(
        run,
        gone.map((o) => ({ card: o.id, inc: o.inc })),
      );
  },
  { reads: ['Defined', 'ValidTgts', 'NoRegen', 'Sacrifice', 'RememberDestroyed', 'RememberLKI', 'Radiance'] },
);
