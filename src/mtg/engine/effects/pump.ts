/**
 * `Pump`: targets or `Defined$` creatures get `NumAtt$`/`NumDef$` and keywords (`KW$`) until end
 * of turn unless a duration says otherwise (CR 611.2, layer 7c and layer 6); `AtEOT$` exiles,
 * sacrifices, destroys or returns them later (at-eot.ts). `PumpZone$` pumps cards in another zone;
 * `ForgetObjects$` takes cards off the host's remembered list.
 */
import { param } from '../cards.js';
import { registerEffect } from '../resolve.js';
import { touch } from '../context.js';
import { addEffect, affectedCards, durationOf, hostObject, pumpMods, remember } from './util.js';
import { definedCards, definedPlayers } from '../defined.js';
import { atEndOfTurn } from './at-eot.js';
import { replaceDying } from './replace-dying.js';

registerEffect(
  'Pump',
  function* (run) {
    // `PumpZone$`: where the cards it affects are (Snapcaster Mage's graveyard card); the
    // battlefield by default. Off the battlefield the effect applies to that object alone (layers.ts).
    const zones = (param(run.ref, 'PumpZone') ?? 'Battlefield').split(',').map((z) => z.trim().toLowerCase());
    const cards = affectedCards(run).filter((o) => zones.includes(o.zone));
    addEffect(run, cards, pumpMods(run), durationOf(run));
    atEndOfTurn(run, cards);
    replaceDying(run);
    // "Forget it" (Cold Storage, Ashiok: a card exiled with the host left exile): off the host's list.
    const forget = param(run.ref, 'ForgetObjects');
    const h = forget === undefined ? undefined : hostObject(run);
    if (forget !== undefined && h) {
      const gone = definedCards(run, forget);
      h.remembered = h.remembered.filter((r) => !('card' in r && gone.some((c) => c.id === r.card && (r.inc === c.inc || r.lki?.inc === c.inc))));
      touch(run.g);
    }
    const rem = param(run.ref, 'RememberObjects');
    if (rem !== undefined) {
      // A definition that names players (Harmless Offering's `Targeted` opponent, remembered for
      // its `NewController$ Remembered`) remembers them, as an Effect's does.
      const cards = definedCards(run, rem);
      remember(run, cards.length > 0 ? cards.map((c) => ({ card: c.id, inc: c.inc })) : definedPlayers(run, rem).map((p) => ({ player: p })));
    }
  },
  {
    reads: [
      'NumAtt',
      'NumDef',
      'KW',
      'Defined',
      'ValidTgts',
      'Permanent',
      'UntilEndOfCombat',
      'UntilYourNextTurn',
      'UntilYourNextUpkeep',
      'UntilHostLeavesPlay',
      'Duration',
      'RememberObjects',
      'AtEOT',
      'ReplaceDyingDefined',
      'PumpZone',
      'ForgetObjects',
      'Radiance',
    ],
  },
);
