/**
 * `AtEOT$` (CR 603.7): "exile it at the beginning of the next end step", "sacrifice them at end
 * of combat". As an effect that made or changed permanents resolves, the delayed triggered ability
 * the compiler wrote for its node (src/mtg/cards/at-eot.ts) is created, remembering those objects
 * as they are now: a permanent that left and came back is a new object the trigger no longer
 * finds (CR 400.7), and it triggers once (CR 603.7c), at the first end step (or end of combat) to
 * begin after it was made.
 */
import { svarNode } from '../cards.js';
import { lkiOf } from '../actions.js';
import { newId, touch } from '../context.js';
import type { ResolveRun } from '../resolve.js';
import { param } from '../cards.js';
import type { GameObject } from '../types.js';
import { atEotSVar } from '../../cards/at-eot.js';

/**
 * Creates the node's `AtEOT$` delayed trigger over `objects`, when it has one and there are any.
 *
 * @example
 * ```ts
 * const made = yield* createTokens(g, def, owner, n);
 * atEndOfTurn(run, made); // Akoum Stonewaker's Elemental: exile it at the beginning of the next end step
 * ```
 */
export function atEndOfTurn(run: ResolveRun, objects: readonly GameObject[]): void {
  if (objects.length === 0 || param(run.ref, 'AtEOT') === undefined) return;
  const trigger = svarNode(run.g.registry, run.ref, atEotSVar(run.ref.node));
  // No SVar: a value Forge does not know either (at-eot.ts), so nothing waits.
  if (!trigger) return;
  const g = run.g;
  g.s.delayed.push({
    id: newId(g),
    source: run.host,
    controller: run.you,
    trigger: trigger.key,
    remembered: objects.map((o) => ({ card: o.id, inc: o.inc, lki: lkiOf(g, o) })),
    once: true,
    duration: { until: 'forever' },
  });
  touch(g);
}
