/**
 * `Bond` (soulbond's pairing, CR 702.95a–d; written only by keywords/soulbond.ts): pair the
 * creature `Defined$` names with one unpaired creature matching `ValidCards$`, chosen by the
 * ability's controller when there are several. Both must be creatures on the battlefield under
 * that player's control and unpaired as it resolves, else neither becomes paired (CR 702.95c); a
 * creature is paired with one other at most (CR 702.95d). Unpairing (CR 702.95e) is zones.ts's
 * (leaving the battlefield) and sba.ts's (a change of control or of type).
 */
import { param } from '../cards.js';
import { touch, type G } from '../context.js';
import { chars } from '../layers.js';
import { definedCards } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import type { Seat } from '../choice.js';
import type { GameObject } from '../types.js';
import { cardsIn, chooseCards } from './util.js';

/** Whether `o` may become paired by `seat`'s soulbond ability now (CR 702.95c). */
export function pairable(g: G, o: GameObject, seat: Seat): boolean {
  if (o.zone !== 'battlefield' || o.pairedWith !== undefined) return false;
  const c = chars(g, o);
  return c.cardTypes.includes('Creature') && c.controller === seat;
}

registerEffect(
  'Bond',
  function* (run) {
    const g = run.g;
    const first = definedCards(run, param(run.ref, 'Defined') ?? 'Self')[0]?.live;
    if (!first || !pairable(g, first, run.you)) return;
    const sel = param(run.ref, 'ValidCards') ?? 'Creature.Other+YouCtrl';
    const pool = cardsIn(g, 'battlefield').filter((o) => o !== first && pairable(g, o, run.you) && objectMatches(run, sel, o));
    const [other] = yield* chooseCards(g, run.you, `Choose a creature to pair with ${chars(g, first).name}`, pool, 1);
    if (!other) return;
    first.pairedWith = other.id;
    other.pairedWith = first.id;
    touch(g);
  },
  { reads: ['Defined', 'ValidCards'] },
);
