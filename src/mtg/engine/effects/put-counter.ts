/** `PutCounter` (CR 122.1): `CounterNum$` counters of `CounterType$` on targets or `Defined$` objects. */
import { param } from '../cards.js';
import { addCounters } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedCards, amount } from './util.js';

registerEffect(
  'PutCounter',
  function* (run) {
    const kind = param(run.ref, 'CounterType') ?? 'P1P1';
    const n = amount(run, 'CounterNum', 1);
    const divided = run.item?.divided && param(run.ref, 'DividedAsYouChoose') !== undefined ? run.item.divided : null;
    affectedCards(run).forEach((o, i) => addCounters(run.g, o, kind, divided ? (divided[i] ?? 0) : n));
  },
  { reads: ['CounterType', 'CounterNum', 'Defined', 'ValidTgts', 'ETB', 'DividedAsYouChoose'] },
);
