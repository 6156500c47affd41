/**
 * `Attach` (CR 701.3): the host (or `Defined$` object) becomes attached to the target — an
 * Equipment's equip ability (CR 702.6), or an Aura moved by an effect. An Aura spell's own
 * `SP$ Attach` is handled when the spell resolves (CR 303.4f).
 */
import { param } from '../cards.js';
import { attach, live } from '../actions.js';
import { definedCards } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { hostObject, ownTargets } from './util.js';

registerEffect(
  'Attach',
  function* (run) {
    const g = run.g;
    const objects =
      param(run.ref, 'Object') !== undefined
        ? definedCards(run, param(run.ref, 'Object'))
            .map((s) => s.live)
            .filter((x) => x !== null)
        : [hostObject(run)].filter((x) => x !== undefined);
    const targetRef = ownTargets(run)[0];
    const target = targetRef
      ? live(g, targetRef)
      : param(run.ref, 'Defined') !== undefined
        ? (definedCards(run, param(run.ref, 'Defined'))[0]?.live ?? undefined)
        : undefined;
    if (!target || target.zone !== 'battlefield') return;
    for (const o of objects) if (o && o.zone === 'battlefield' && o.id !== target.id) attach(g, o, target);
  },
  { reads: ['ValidTgts', 'Defined', 'Object'] },
);
