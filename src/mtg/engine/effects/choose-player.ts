/** `ChoosePlayer`: choose a player among `Choices$`, remembered on the host as its chosen player. */
import { ask } from '../ask.js';
import { param } from '../cards.js';
import { touch } from '../context.js';
import { definedPlayers } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers, hostObject } from './util.js';
import type { Seat } from '../choice.js';

registerEffect(
  'ChoosePlayer',
  function* (run) {
    const choices: Seat[] = param(run.ref, 'Choices') ? definedPlayers(run, param(run.ref, 'Choices')) : [0, 1];
    if (choices.length === 0) return;
    const h = hostObject(run);
    for (const seat of affectedPlayers(run)) {
      const k = yield* ask(
        run.g,
        seat,
        'choose',
        'Choose a player',
        choices.map((p) => ({ label: `p${p + 1}`, action: { verb: 'choose', player: { seat: p } } })),
      );
      if (h) h.chosen.player = choices[k]!;
    }
    touch(run.g);
  },
  { reads: ['Choices', 'Defined'] },
);
