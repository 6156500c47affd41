/** `RemoveCounter` (CR 122): `CounterNum$` counters of `CounterType$` come off targets or `Defined$` objects (`All` for all). */
import { param } from '../cards.js';
import { removeCounters } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedCards, amount } from './util.js';

registerEffect(
  'RemoveCounter',
  function* (run) {
    const kind = param(run.ref, 'CounterType') ?? 'P1P1';
    const all = param(run.ref, 'CounterNum') === 'All';
    for (const o of affectedCards(run)) {
      const kinds = kind === 'Any' ? Object.keys(o.counters) : [kind];
      for (const k of kinds) removeCounters(run.g, o, k, all ? (o.counters[k] ?? 0) : amount(run, 'CounterNum', 1));
    }
  },
  { reads: ['CounterType', 'CounterNum', 'Defined', 'ValidTgts'] },
);
