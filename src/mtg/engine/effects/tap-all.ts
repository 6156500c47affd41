/** `TapAll`: every permanent matching `ValidCards$` becomes tapped. */
import { param } from '../cards.js';
import { tapObject } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { cardsIn } from './util.js';
import { definedPlayers } from '../defined.js';

registerEffect(
  'TapAll',
  function* (run) {
    const sel = param(run.ref, 'ValidCards') ?? 'Permanent';
    const players =
      param(run.ref, 'Defined') !== undefined
        ? definedPlayers(run, param(run.ref, 'Defined'))
        : param(run.ref, 'ValidTgts') !== undefined
          ? (run.item?.targets[run.pos ?? 0] ?? []).filter((t): t is { player: 0 | 1 } => 'player' in t).map((t) => t.player)
          : null;
    for (const o of cardsIn(run.g, 'battlefield')) {
      if (players && !players.includes(o.controller)) continue;
      if (objectMatches(run, sel, o)) tapObject(run.g, o);
    }
  },
  { reads: ['ValidCards', 'Defined', 'ValidTgts'] },
);
