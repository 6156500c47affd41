/** `PumpAll`: every creature matching `ValidCards$` gets `NumAtt$`/`NumDef$` and `KW$` (locked in at resolution, CR 611.2c). */
import { param } from '../cards.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { addEffect, amount, cardsIn, durationOf, keywordsParam } from './util.js';
import type { Mods } from '../types.js';

registerEffect(
  'PumpAll',
  function* (run) {
    const sel = param(run.ref, 'ValidCards') ?? 'Creature';
    const cards = cardsIn(run.g, 'battlefield').filter((o) => objectMatches(run, sel, o));
    const mods: Mods = {};
    const att = amount(run, 'NumAtt', 0);
    const def = amount(run, 'NumDef', 0);
    if (att !== 0) mods.addPower = att;
    if (def !== 0) mods.addToughness = def;
    const kws = keywordsParam(run, 'KW');
    if (kws.length > 0) mods.addKeywords = kws;
    addEffect(run, cards, mods, durationOf(run));
  },
  { reads: ['ValidCards', 'NumAtt', 'NumDef', 'KW', 'Permanent', 'UntilEndOfCombat', 'Duration'] },
);
