/** `PumpAll`: every creature matching `ValidCards$` gets `NumAtt$`/`NumDef$` and `KW$` (locked in at resolution, CR 611.2c). */
import { param } from '../cards.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { addEffect, cardsIn, durationOf, pumpMods } from './util.js';

registerEffect(
  'PumpAll',
  function* (run) {
    const sel = param(run.ref, 'ValidCards') ?? 'Creature';
    const cards = cardsIn(run.g, 'battlefield').filter((o) => objectMatches(run, sel, o));
    addEffect(run, cards, pumpMods(run), durationOf(run));
  },
  { reads: ['ValidCards', 'NumAtt', 'NumDef', 'KW', 'Permanent', 'UntilEndOfCombat', 'Duration'] },
);
