/** `DamageAll`: `NumDmg$` damage to each creature matching `ValidCards$` and each player matching `ValidPlayers$`. */
import { param } from '../cards.js';
import { dealDamage } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { matchesPlayer, objectMatches } from '../select.js';
import { amount, cardsIn, damageSource } from './util.js';
import type { Seat } from '../choice.js';

registerEffect(
  'DamageAll',
  function* (run) {
    const source = damageSource(run);
    if (!source) return;
    const n = amount(run, 'NumDmg', 0);
    const cardSel = param(run.ref, 'ValidCards');
    const playerSel = param(run.ref, 'ValidPlayers');
    if (cardSel !== undefined) {
      for (const o of cardsIn(run.g, 'battlefield').filter((x) => objectMatches(run, cardSel, x)))
        yield* dealDamage(run.g, source, { card: o.id, inc: o.inc }, n, false);
    }
    if (playerSel !== undefined) {
      for (const seat of [0, 1] as Seat[]) if (matchesPlayer(run, playerSel, seat)) yield* dealDamage(run.g, source, { player: seat }, n, false);
    }
  },
  { reads: ['NumDmg', 'ValidCards', 'ValidPlayers', 'DamageSource'] },
);
