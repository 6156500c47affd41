/**
 * `AddOrRemoveCounter` (Forge's CountersPutOrRemoveEffect): for a counter on each target, its
 * controller's choice of putting `CounterNum$` more of that kind on it or removing that many.
 * `EachExistingCounter$ True` does it for each kind there (Quarry Hauler: "for each kind of counter
 * on target permanent, put another counter of that kind on it or remove one from it"); otherwise
 * one kind is chosen among those there (Clockspinning, Jhoira's Timebug), or `CounterType$` names
 * it. The kinds are read as it resolves; put counters are an effect's (CR 122.6), so counter
 * replacements and "whenever counters are put" see them.
 */
import { ask } from '../ask.js';
import { param } from '../cards.js';
import { putCounters, removeCounters } from '../actions.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { affectedCards, amount, chooseCounterKind, counterKindsOn, effectSource } from './util.js';

registerEffect(
  'AddOrRemoveCounter',
  function* (run) {
    const g = run.g;
    const n = amount(run, 'CounterNum', 1);
    const named = param(run.ref, 'CounterType');
    const each = param(run.ref, 'EachExistingCounter') === 'True';
    const source = effectSource(run);
    for (const o of affectedCards(run)) {
      const name = chars(g, o).name;
      const there = counterKindsOn(o);
      const kinds = each ? there : named !== undefined ? there.filter((k) => k === named) : [yield* chooseCounterKind(g, run.you, name, there)];
      for (const kind of kinds) {
        if (kind === undefined) continue;
        const k = yield* ask(g, run.you, 'choose', `${name}: put or remove a ${kind} counter`, [
          { label: `put a ${kind} counter`, action: { verb: 'choose', text: 'put' } },
          { label: `remove a ${kind} counter`, action: { verb: 'choose', text: 'remove' } },
        ]);
        if (k === 0) yield* putCounters(g, o, kind, n, { effect: true, source });
        else removeCounters(g, o, kind, n);
      }
    }
  },
  { reads: ['CounterNum', 'CounterType', 'EachExistingCounter', 'Defined', 'ValidTgts'] },
);
