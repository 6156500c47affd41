/** `Debuff`: targets or `Defined$` creatures lose keywords (`Keywords$`) until end of turn. */
import { param, splitKeywords } from '../cards.js';
import { registerEffect } from '../resolve.js';
import { addEffect, affectedCards, durationOf } from './util.js';

registerEffect(
  'Debuff',
  function* (run) {
    const kws = splitKeywords(param(run.ref, 'Keywords') ?? '');
    addEffect(
      run,
      affectedCards(run).filter((o) => o.zone === 'battlefield'),
      { removeKeywords: kws },
      durationOf(run),
    );
  },
  { reads: ['Keywords', 'Defined', 'ValidTgts', 'Duration'] },
);
