/**
 * `Sacrifice` (CR 701.17): each defined player sacrifices `Amount$` permanents matching
 * `SacValid$` of their choice; `SacValid$ Self` (or `Defined$ Self` alone) sacrifices the host.
 */
import { param } from '../cards.js';
import { sacrifice } from '../actions.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { affectedPlayers, amount, cardsIn, chooseCards, hostObject, remember } from './util.js';
import { askYesNo, type YesNoAbout } from '../ask.js';

registerEffect(
  'Sacrifice',
  function* (run) {
    const g = run.g;
    // Forge's default is `SacValid$ Self`: sacrifice the host, if it is still the same object.
    const valid = param(run.ref, 'SacValid') ?? 'Self';
    if (valid === 'Self' || valid === 'CARDNAME') {
      const h = hostObject(run);
      const same = h !== undefined && (run.item?.kind !== 'spell' ? true : h.inc === run.item.sourceInc);
      if (h && same && h.zone === 'battlefield') {
        if (param(run.ref, 'Optional') === 'True') {
          const c = chars(g, h);
          const about: YesNoAbout = {
            kind: 'optional',
            source: { id: h.id, name: c.name },
            controller: run.you,
            effects: [{ api: 'Sacrifice', targets: [{ card: h.id, name: c.name, controller: c.controller }], valid }],
          };
          if (!(yield* askYesNo(g, run.you, `Sacrifice ${c.name}?`, about))) return;
        }
        const gone = yield* sacrifice(g, [h]);
        if (param(run.ref, 'RememberSacrificed') === 'True')
          remember(
            run,
            gone.map((l) => ({ card: l.id, inc: l.inc + 1, lki: l })),
          );
      }
      return;
    }
    const n = amount(run, 'Amount', 1);
    for (const seat of affectedPlayers(run)) {
      const pool = cardsIn(g, 'battlefield').filter((o) => chars(g, o).controller === seat && objectMatches({ ...run, you: seat }, valid, o));
      const chosen = yield* chooseCards(g, seat, `Choose ${valid} to sacrifice`, pool, n, param(run.ref, 'Optional') === 'True');
      const gone = yield* sacrifice(g, chosen);
      if (param(run.ref, 'RememberSacrificed') === 'True')
        remember(
          run,
          gone.map((l) => ({ card: l.id, inc: l.inc + 1, lki: l })),
        );
    }
  },
  { reads: ['SacValid', 'Amount', 'Defined', 'ValidTgts', 'RememberSacrificed', 'Optional'] },
);
