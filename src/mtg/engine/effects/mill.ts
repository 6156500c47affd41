/** `Mill` (CR 701.13): each defined or targeted player puts the top `NumCards$` cards of their library into their graveyard. */
import { param } from '../cards.js';
import { changeZone, mill } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers, amount, remember } from './util.js';
import { pileId } from '../zones.js';

registerEffect(
  'Mill',
  function* (run) {
    const n = amount(run, 'NumCards', 1);
    const dest = param(run.ref, 'Destination');
    for (const seat of affectedPlayers(run)) {
      let moved;
      if (dest === 'Exile') {
        const lib = run.g.s.zones[pileId('library', seat)]!;
        moved = yield* changeZone(
          run.g,
          lib.slice(0, n).map((id) => run.g.s.objects[id]!),
          'exile',
          // "Exiled with" its source (CR 607.2a: Ashiok's "cards exiled with Ashiok"), as ChangeZone's are.
          run.host === undefined ? {} : { exiledWith: run.host },
        );
      } else moved = yield* mill(run.g, seat, n);
      if (param(run.ref, 'RememberMilled') === 'True')
        remember(
          run,
          moved.map((o) => ({ card: o.id, inc: o.inc })),
        );
    }
  },
  { reads: ['NumCards', 'Defined', 'ValidTgts', 'Destination', 'RememberMilled'] },
);
