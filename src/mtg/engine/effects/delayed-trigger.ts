/**
 * `DelayedTrigger` (CR 603.7): a triggered ability created by a resolving ability, written as the
 * node's own `Mode$` and trigger parameters; it triggers once and remembers `RememberObjects$`.
 */
import { param } from '../cards.js';
import { newId, touch } from '../context.js';
import { definedCards } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { lkiOfSeen } from '../select.js';
import type { Duration, Ref } from '../types.js';

registerEffect(
  'DelayedTrigger',
  function* (run) {
    const rem = param(run.ref, 'RememberObjects');
    const remembered: Ref[] = rem === undefined ? [] : definedCards(run, rem).map((c) => ({ card: c.id, inc: c.inc, lki: lkiOfSeen(c) }));
    if (param(run.ref, 'RememberNumber') === 'True') {
      const h = run.host ? run.g.s.objects[run.host] : undefined;
      for (const r of h?.remembered ?? []) if ('number' in r) remembered.push(r);
    }
    const duration: Duration = param(run.ref, 'ThisTurn') === 'True' ? { until: 'eot' } : { until: 'forever' };
    run.g.s.delayed.push({ id: newId(run.g), source: run.host, controller: run.you, trigger: run.ref.key, remembered, once: true, duration });
    touch(run.g);
  },
  { reads: ['Mode', 'Execute', 'RememberObjects', 'RememberNumber', 'ThisTurn', 'Phase', 'ValidPlayer', 'TriggerDescription'] },
);
