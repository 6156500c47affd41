/** `PutCounterAll`: counters on every permanent matching `ValidCards$`. */
import { param } from '../cards.js';
import { putCounters } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { amount, cardsIn, effectSource } from './util.js';

registerEffect(
  'PutCounterAll',
  function* (run) {
    const kind = param(run.ref, 'CounterType') ?? 'P1P1';
    const n = amount(run, 'CounterNum', 1);
    const sel = param(run.ref, 'ValidCards') ?? 'Permanent';
    const source = effectSource(run);
    for (const o of cardsIn(run.g, 'battlefield').filter((x) => objectMatches(run, sel, x))) yield* putCounters(run.g, o, kind, n, { effect: true, source });
  },
  { reads: ['CounterType', 'CounterNum', 'ValidCards'] },
);
