/**
 * `ImmediateTrigger`: a reflexive triggered ability (CR 603.12), "when you do, ...": created by the
 * resolving ability, it triggers at once (Skyrider Patrol's "you may pay {G}{U}. When you do, put a
 * +1/+1 counter on another target creature you control"). It waits as any triggered ability does
 * and is put on the stack the next time a player would receive priority, its `Execute$` ability's
 * targets chosen then (CR 603.3, 603.3d); a reflexive trigger whose "when you do" did not happen
 * (the cost not paid, a condition not met) never reaches here. `RememberObjects$` is what it
 * remembers (`DelayTriggerRemembered`, as a delayed trigger's).
 */
import { param } from '../cards.js';
import { touch } from '../context.js';
import { definedCards } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { lkiOfSeen } from '../select.js';
import type { Ref } from '../types.js';

registerEffect(
  'ImmediateTrigger',
  function* (run) {
    const rem = param(run.ref, 'RememberObjects');
    const remembered: Ref[] = rem === undefined ? [] : definedCards(run, rem).map((c) => ({ card: c.id, inc: c.inc, lki: lkiOfSeen(c) }));
    run.g.s.pending.push({
      source: run.host,
      sourceLki: null,
      controller: run.you,
      trigger: run.ref.key,
      data: { mode: 'ImmediateTrigger' },
      effect: null,
      ...(remembered.length > 0 ? { remembered } : {}),
    });
    touch(run.g);
  },
  { reads: ['Execute', 'RememberObjects', 'TriggerDescription'] },
);
