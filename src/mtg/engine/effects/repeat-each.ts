/**
 * `RepeatEach`: `RepeatSubAbility$` once for each of `RepeatPlayers$` or `RepeatCards$`, with that
 * player or card remembered on the host while it runs (Forge's convention).
 */
import { param } from '../cards.js';
import { touch } from '../context.js';
import { definedPlayers } from '../defined.js';
import { registerEffect, runSub } from '../resolve.js';
import { objectMatches } from '../select.js';
import { cardsIn, hostObject } from './util.js';
import type { Ref } from '../types.js';

registerEffect(
  'RepeatEach',
  function* (run) {
    const h = hostObject(run);
    if (!h) return;
    const items: Ref[] = [];
    const players = param(run.ref, 'RepeatPlayers');
    if (players !== undefined) for (const p of definedPlayers(run, players)) items.push({ player: p });
    const cards = param(run.ref, 'RepeatCards');
    if (cards !== undefined) for (const o of cardsIn(run.g, 'battlefield')) if (objectMatches(run, cards, o)) items.push({ card: o.id, inc: o.inc });
    for (const item of items) {
      h.remembered.push(item);
      touch(run.g);
      yield* runSub(run.g, run, 'RepeatSubAbility');
      const at = h.remembered.indexOf(item);
      if (at >= 0) h.remembered.splice(at, 1);
      touch(run.g);
    }
  },
  { reads: ['RepeatPlayers', 'RepeatCards', 'RepeatSubAbility'] },
);
