/** `Draw` (CR 121): each defined or targeted player draws `NumCards$` cards. */
import { param } from '../cards.js';
import { drawCards } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers, amount, remember } from './util.js';
import { ask, askYesNo, type YesNoAbout } from '../ask.js';
import { chars } from '../layers.js';

registerEffect(
  'Draw',
  function* (run) {
    const n = amount(run, 'NumCards', 1);
    for (const seat of affectedPlayers(run)) {
      if (param(run.ref, 'OptionalDecider') === undefined && param(run.ref, 'Optional') === 'True') {
        // The drawer is asked; `Defined$` is read from the ability's controller (`run.you`).
        const host = run.g.s.objects[run.host];
        const about: YesNoAbout = {
          kind: 'optional',
          source: host ? { id: host.id, name: chars(run.g, host).name } : null,
          controller: run.you,
          effects: [{ api: 'Draw', targets: [], defined: seat === run.you ? 'You' : 'Opponent', amount: String(n) }],
        };
        if (!(yield* askYesNo(run.g, seat, `Draw ${n} card${n === 1 ? '' : 's'}?`, about))) continue;
      }
      // `Upto$ True`: "may draw up to N cards" (Truce, Arcane Denial): the drawer chooses how many.
      let k = n;
      if (param(run.ref, 'Upto') === 'True' && n > 0) {
        const options = [];
        for (let i = 0; i <= n; i++) options.push({ label: String(i), action: { verb: 'choose' as const, text: String(i) } });
        k = yield* ask(run.g, seat, 'choose', `Draw up to ${n} card${n === 1 ? '' : 's'}: how many?`, options);
      }
      const drawn = yield* drawCards(run.g, seat, k);
      if (param(run.ref, 'RememberDrawn') === 'True')
        remember(
          run,
          drawn.map((o) => ({ card: o.id, inc: o.inc })),
        );
    }
  },
  { reads: ['NumCards', 'Defined', 'ValidTgts', 'Optional', 'RememberDrawn', 'Upto'] },
);
