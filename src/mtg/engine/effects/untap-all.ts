/** `UntapAll`: every permanent matching `ValidCards$` becomes untapped. */
import { param } from '../cards.js';
import { untapObject } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { cardsIn } from './util.js';

registerEffect(
  'UntapAll',
  function* (run) {
    const sel = param(run.ref, 'ValidCards') ?? 'Permanent';
    for (const o of cardsIn(run.g, 'battlefield')) if (objectMatches(run, sel, o)) untapObject(run.g, o);
  },
  { reads: ['ValidCards'] },
);
