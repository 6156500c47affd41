/**
 * `MustBlock` (CR 509.1c): "target creature blocks CARDNAME this turn if able" (Rampant Elephant,
 * Tangle Angler). The requirement is kept for the turn (`turnFacts.mustBlock`) and obeyed when
 * blockers are declared, with the other blocking requirements (combat.ts). The attacker is the
 * host, or `DefinedAttacker$` (`ParentTarget`: the parent ability's target); other
 * `DefinedAttacker$` values (`Equipped`, `TriggeredAttacker`, `Valid`) are recorded in `game.unsupported`.
 */
import { param } from '../cards.js';
import { maybeObj, touch, unsupported } from '../context.js';
import { registerEffect } from '../resolve.js';
import { affectedCards } from './util.js';
import type { GameObject } from '../types.js';

registerEffect(
  'MustBlock',
  function* (run) {
    const g = run.g;
    const which = param(run.ref, 'DefinedAttacker');
    let attacker: GameObject | undefined;
    if (which === undefined || which === 'Self') attacker = maybeObj(g, run.host);
    else if (which === 'ParentTarget') {
      const t = (run.item?.targets.slice(0, run.pos ?? 0) ?? []).flat().find((r) => 'card' in r);
      attacker = t && 'card' in t ? maybeObj(g, t.card) : undefined;
      if (attacker && t && 'card' in t && attacker.inc !== t.inc) attacker = undefined;
    } else unsupported(g, `param:MustBlock DefinedAttacker ${which}`);
    if (!attacker || attacker.zone !== 'battlefield') return;
    const list = [...(g.s.turnFacts.mustBlock ?? [])];
    for (const b of affectedCards(run)) {
      if (b.zone !== 'battlefield') continue;
      list.push({ blocker: [b.id, b.inc], attacker: [attacker.id, attacker.inc] });
    }
    g.s.turnFacts.mustBlock = list;
    touch(g);
  },
  { reads: ['ValidTgts', 'Defined', 'DefinedAttacker'] },
);
