/**
 * `RemoveFromCombat` (CR 506.4): the targeted or `Defined$` creatures stop being attacking or
 * blocking creatures. An attacker it blocked stays blocked (CR 509.1h), unless
 * `UnblockCreaturesBlockedOnlyBy$` names it and it was that attacker's only blocker (Ydwen
 * Efreet: "creatures it was blocking that had become blocked by only it become unblocked").
 * `RememberRemovedFromCombat$` keeps them on the host.
 */
import { param } from '../cards.js';
import { touch } from '../context.js';
import { definedCards } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { affectedCards, remember } from './util.js';

registerEffect(
  'RemoveFromCombat',
  function* (run) {
    const g = run.g;
    const combat = g.s.combat;
    if (!combat) return;
    const only = param(run.ref, 'UnblockCreaturesBlockedOnlyBy');
    const unblockers = new Set(only === undefined ? [] : definedCards(run, only).map((s) => s.id));
    const removed: number[] = [];
    for (const o of affectedCards(run)) {
      const attacking = combat.attackers.some((a) => a.id === o.id);
      const blocking = combat.blocks.filter((b) => b.blocker === o.id);
      if (!attacking && blocking.length === 0) continue;
      removed.push(o.id);
      combat.attackers = combat.attackers.filter((a) => a.id !== o.id);
      delete combat.order[String(o.id)];
      combat.blocked = combat.blocked.filter((id) => id !== o.id);
      combat.blocks = combat.blocks.filter((b) => b.blocker !== o.id && b.attacker !== o.id);
      for (const b of blocking) {
        const order = combat.order[String(b.attacker)];
        if (order) combat.order[String(b.attacker)] = order.filter((id) => id !== o.id);
        const alone = !combat.blocks.some((x) => x.attacker === b.attacker);
        if (unblockers.has(o.id) && alone) combat.blocked = combat.blocked.filter((id) => id !== b.attacker);
      }
    }
    if (removed.length > 0) touch(g);
    if (param(run.ref, 'RememberRemovedFromCombat') === 'True')
      remember(
        run,
        removed.map((id) => ({ card: id, inc: g.s.objects[id]!.inc })),
      );
  },
  { reads: ['Defined', 'ValidTgts', 'UnblockCreaturesBlockedOnlyBy', 'RememberRemovedFromCombat'] },
);
