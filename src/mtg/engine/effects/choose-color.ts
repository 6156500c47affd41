/** `ChooseColor`: the controller (or `Defined$` player) chooses a colour, remembered on the host as its chosen colour. */
import { ask } from '../ask.js';
import { param } from '../cards.js';
import { touch } from '../context.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers, hostObject } from './util.js';

const ALL = ['White', 'Blue', 'Black', 'Red', 'Green'];

registerEffect(
  'ChooseColor',
  function* (run) {
    const h = hostObject(run);
    const choices = param(run.ref, 'Choices')
      ? param(run.ref, 'Choices')!
          .split(',')
          .map((c) => c.trim().charAt(0).toUpperCase() + c.trim().slice(1).toLowerCase())
      : ALL;
    for (const seat of affectedPlayers(run)) {
      const k = yield* ask(
        run.g,
        seat,
        'choose',
        'Choose a colour',
        choices.map((c) => ({ label: c, action: { verb: 'choose', text: c } })),
      );
      if (h) h.chosen.colour = choices[k]!;
    }
    touch(run.g);
  },
  { reads: ['Choices', 'Defined'] },
);
