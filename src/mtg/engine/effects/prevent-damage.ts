/** `PreventDamage` (CR 615.7): prevent the next `Amount$` damage to each target this turn (a prevention shield). */
import { touch } from '../context.js';
import { registerEffect } from '../resolve.js';
import { amount, ownTargets, radianceOf } from './util.js';
import { definedCards, definedPlayers } from '../defined.js';
import { param } from '../cards.js';
import type { Ref } from '../types.js';

registerEffect(
  'PreventDamage',
  function* (run) {
    const g = run.g;
    const n = amount(run, 'Amount', 1);
    let refs: Ref[] = ownTargets(run);
    if (param(run.ref, 'Radiance') === 'True') refs = [...refs, ...radianceOf(run, refs)];
    if (param(run.ref, 'ValidTgts') === undefined) {
      const d = param(run.ref, 'Defined') ?? 'Self';
      refs = [
        ...definedCards(run, d).map((c) => ({ card: c.id, inc: c.inc })),
        ...(definedCards(run, d).length ? [] : definedPlayers(run, d).map((p) => ({ player: p }))),
      ];
    }
    g.s.turnFacts.shields ??= {};
    for (const r of refs) {
      const key = 'player' in r ? `p${r.player}` : 'card' in r ? `c${r.card}:${r.inc}` : '';
      if (key) g.s.turnFacts.shields[key] = (g.s.turnFacts.shields[key] ?? 0) + n;
    }
    touch(g);
  },
  { reads: ['Amount', 'ValidTgts', 'Defined', 'Radiance'] },
);
