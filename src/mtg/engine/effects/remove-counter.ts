/**
 * `RemoveCounter` (CR 122): `CounterNum$` counters of `CounterType$` come off targets or
 * `Defined$` objects (`CounterNum$ All`: every counter of that kind). Two kinds are not counter
 * names: `All` (Vampire Hexmage's "remove all counters") takes every counter of every kind, and
 * `Any` (Thrull Parasite's "remove a counter") takes `CounterNum$` counters in all, the
 * controller choosing the kind of each when the permanent has more than one.
 * `RememberRemoved$ True` has the host remember one entry per counter actually removed, so that
 * `Count$RememberedSize` is how many came off ("remove a +1/+1 counter from it. If you do, ...":
 * Clockwork Hydra; Ashling the Pilgrim's "damage equal to the number of counters removed").
 */
import { param } from '../cards.js';
import { removeCounters } from '../actions.js';
import { ask, type Gen } from '../ask.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
import { affectedCards, amount, remember } from './util.js';
import type { GameObject } from '../types.js';

/** The kinds of counter on an object, sorted so that a choice among them is deterministic. */
function kindsOn(o: GameObject): string[] {
  return Object.keys(o.counters)
    .filter((k) => (o.counters[k] ?? 0) > 0)
    .sort();
}

/** `CounterType$ Any`: `n` counters of any kinds, one at a time when there is a choice. */
function* removeAny(run: ResolveRun, o: GameObject, n: number): Gen<number> {
  let left = n;
  while (left > 0) {
    const kinds = kindsOn(o);
    if (kinds.length === 0) return n - left;
    if (kinds.length === 1) return n - left + removeCounters(run.g, o, kinds[0]!, left);
    const i = yield* ask(
      run.g,
      run.you,
      'choose',
      'Choose the kind of counter to remove',
      kinds.map((k) => ({ label: `a ${k} counter`, action: { verb: 'choose' as const, text: k } })),
    );
    left -= removeCounters(run.g, o, kinds[i]!, 1);
  }
  return n;
}

registerEffect(
  'RemoveCounter',
  function* (run) {
    const kind = param(run.ref, 'CounterType') ?? 'P1P1';
    const all = param(run.ref, 'CounterNum') === 'All';
    const rememberRemoved = param(run.ref, 'RememberRemoved') === 'True';
    for (const o of affectedCards(run)) {
      let removed = 0;
      if (kind === 'All') {
        for (const k of kindsOn(o)) removed += removeCounters(run.g, o, k, o.counters[k] ?? 0);
      } else if (kind === 'Any') {
        removed = yield* removeAny(run, o, all ? kindsOn(o).reduce((s, k) => s + (o.counters[k] ?? 0), 0) : amount(run, 'CounterNum', 1));
      } else {
        removed = removeCounters(run.g, o, kind, all ? (o.counters[kind] ?? 0) : amount(run, 'CounterNum', 1));
      }
      if (rememberRemoved && removed > 0)
        remember(
          run,
          Array.from({ length: removed }, () => ({ number: 1 })),
        );
    }
  },
  { reads: ['CounterType', 'CounterNum', 'Defined', 'ValidTgts', 'RememberRemoved'] },
);
