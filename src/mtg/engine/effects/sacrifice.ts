/**
 * `Sacrifice` (CR 701.17): each defined player sacrifices `Amount$` permanents matching
 * `SacValid$` of their choice; `SacValid$ Self` (or `Defined$ Self` alone) sacrifices the host.
 * `Exploit$ True` is exploit's sacrifice (CR 702.110b, keywords/exploit.ts): each creature
 * sacrificed is exploited by the host, the `Exploited` trigger event, with the host as it was
 * just before (it may have sacrificed itself: its "when it exploits" then looks back, as a
 * leaves-the-battlefield ability does, CR 603.10a). A host no longer on the battlefield as the
 * ability resolves exploits nothing.
 */
import { param } from '../cards.js';
import { lkiOf, sacrifice } from '../actions.js';
import { raise } from '../triggers.js';
import type { Lki } from '../types.js';
import { chars } from '../layers.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
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
        const gone = yield* sacrifice(g, [h], sacrificeParam(run));
        if (param(run.ref, 'RememberSacrificed') === 'True')
          remember(
            run,
            gone.map((l) => ({ card: l.id, inc: l.inc + 1, lki: l })),
          );
      }
      return;
    }
    // Forge reads `SacValid$ TriggeredCard` as the card the trigger names, not as a type word
    // (Grafted Exoskeleton's "sacrifice that permanent").
    const sel = valid === 'TriggeredCard' ? 'Card.TriggeredCard' : valid;
    const n = amount(run, 'Amount', 1);
    const exploiter = param(run.ref, 'Exploit') === 'True' ? exploiterBefore(run) : undefined;
    const causeParam = sacrificeParam(run);
    for (const seat of affectedPlayers(run)) {
      const pool = cardsIn(g, 'battlefield').filter((o) => chars(g, o).controller === seat && objectMatches({ ...run, you: seat }, sel, o));
      const chosen = yield* chooseCards(g, seat, `Choose ${valid} to sacrifice`, pool, n, param(run.ref, 'Optional') === 'True');
      const gone = yield* sacrifice(g, chosen, causeParam);
      if (exploiter) {
        // Gone from the battlefield (sacrificed to its own exploit), it is seen as it was.
        const lookback = gone.some((l) => l.id === exploiter.id) ? [exploiter] : [];
        for (const l of gone) raise(g, { mode: 'Exploited', card: l, source: exploiter, player: seat }, lookback);
      }
      if (param(run.ref, 'RememberSacrificed') === 'True')
        remember(
          run,
          gone.map((l) => ({ card: l.id, inc: l.inc + 1, lki: l })),
        );
    }
  },
  { reads: ['SacValid', 'Amount', 'Defined', 'ValidTgts', 'RememberSacrificed', 'Optional', 'Exploit', 'SacrificeParam'] },
);

/** `SacrificeParam$ <word>`: the mark a `Sacrificed` trigger's `CauseParam$` looks for (a "when you do" reflexive trigger, CR 603.12). */
function sacrificeParam(run: ResolveRun): { causeParam?: string } {
  const word = param(run.ref, 'SacrificeParam');
  return word === undefined ? {} : { causeParam: word };
}

/** The host of an exploit ability as it is before the sacrifice, when it is still the object that entered and on the battlefield. */
function exploiterBefore(run: Parameters<typeof hostObject>[0]): Lki | undefined {
  const h = hostObject(run);
  if (!h || h.zone !== 'battlefield') return undefined;
  if (run.item && h.inc !== run.item.sourceInc) return undefined;
  return lkiOf(run.g, h);
}
