/**
 * `MultiplyCounter` (CR 701.10e): "double the number of counters": each permanent `Defined$` names
 * (or targets) is given as many more counters of a kind as it already has, so the counters are put
 * on it (counter-put replacements and triggers see them, as Forge's CountersMultiplyEffect adds
 * them). `CounterType$` names the one kind (Kalonian Hydra's +1/+1 counters); without it, each
 * kind on it (Vorel of the Hull Clade's "each kind of counter"). `Multiplier$` (2 when absent)
 * makes the count that many times what it was.
 */
import { param } from '../cards.js';
import { putCounters } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedCards, amount, effectSource } from './util.js';

registerEffect(
  'MultiplyCounter',
  function* (run) {
    const g = run.g;
    const kind = param(run.ref, 'CounterType');
    const times = amount(run, 'Multiplier', 2);
    for (const o of affectedCards(run)) {
      if (o.zone !== 'battlefield') continue;
      // Each kind there as it resolves, in a fixed order (the log is deterministic).
      const kinds = kind !== undefined ? [kind] : Object.keys(o.counters).sort();
      for (const k of kinds) {
        const n = o.counters[k] ?? 0;
        if (n > 0 && times > 1) yield* putCounters(g, o, k, n * (times - 1), { effect: true, source: effectSource(run) });
      }
    }
  },
  { reads: ['Defined', 'ValidTgts', 'CounterType', 'Multiplier'] },
);
