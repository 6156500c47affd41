/**
 * `RemoveCounterAll` (CR 122): counters come off every permanent matching `ValidCards$`
 * (`ValidZone$ Exile`: cards in exile, Ghirapur's suspended cards): `CounterNum$` of
 * `CounterType$`, all of that kind with `AllCounters$ True`, or every counter of every kind with
 * `AllCounterTypes$ True` (Aether Snap).
 */
import { param } from '../cards.js';
import { removeCounters } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { amount, cardsIn } from './util.js';

registerEffect(
  'RemoveCounterAll',
  function* (run) {
    const sel = param(run.ref, 'ValidCards') ?? 'Permanent';
    const zone = param(run.ref, 'ValidZone') === 'Exile' ? 'exile' : 'battlefield';
    const everyKind = param(run.ref, 'AllCounterTypes') === 'True';
    const kind = param(run.ref, 'CounterType') ?? 'P1P1';
    const all = param(run.ref, 'AllCounters') === 'True';
    const n = all || everyKind ? 0 : amount(run, 'CounterNum', 1);
    for (const o of cardsIn(run.g, zone).filter((x) => objectMatches(run, sel, x))) {
      if (everyKind) {
        for (const k of Object.keys(o.counters).sort()) removeCounters(run.g, o, k, o.counters[k] ?? 0);
      } else removeCounters(run.g, o, kind, all ? (o.counters[kind] ?? 0) : n);
    }
  },
  { reads: ['ValidCards', 'ValidZone', 'CounterType', 'CounterNum', 'AllCounters', 'AllCounterTypes'] },
);
