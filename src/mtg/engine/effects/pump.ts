/**
 * `Pump`: targets or `Defined$` creatures get `NumAtt$`/`NumDef$` and keywords (`KW$`) until end
 * of turn unless a duration says otherwise (CR 611.2, layer 7c and layer 6).
 */
import { param } from '../cards.js';
import { registerEffect } from '../resolve.js';
import { addEffect, affectedCards, amount, durationOf, keywordsParam, remember } from './util.js';
import { definedCards } from '../defined.js';
import type { Mods } from '../types.js';

registerEffect(
  'Pump',
  function* (run) {
    const cards = affectedCards(run).filter((o) => o.zone === 'battlefield');
    const mods: Mods = {};
    const att = amount(run, 'NumAtt', 0);
    const def = amount(run, 'NumDef', 0);
    if (att !== 0) mods.addPower = att;
    if (def !== 0) mods.addToughness = def;
    const kws = keywordsParam(run, 'KW');
    if (kws.length > 0) mods.addKeywords = kws;
    addEffect(run, cards, mods, durationOf(run));
    const rem = param(run.ref, 'RememberObjects');
    if (rem !== undefined) remember(run, definedCards(run, rem).map((c) => ({ card: c.id, inc: c.inc })));
  },
  { reads: ['NumAtt', 'NumDef', 'KW', 'Defined', 'ValidTgts', 'Permanent', 'UntilEndOfCombat', 'UntilYourNextTurn', 'UntilHostLeavesPlay', 'Duration', 'RememberObjects', 'IsCurse'] },
);
