/**
 * `DamageAll`: `NumDmg$` damage to each creature matching `ValidCards$` and each player matching
 * `ValidPlayers$`; `RememberDamaged$` remembers those dealt damage, and `ReplaceDyingDefined$`
 * exiles the creatures it names instead if they would die this turn (Anger of the Gods).
 */
import { param } from '../cards.js';
import { dealDamage } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { matchesPlayer, objectMatches } from '../select.js';
import { amount, cardsIn, damageSource, remember } from './util.js';
import type { Seat } from '../choice.js';
import type { Ref } from '../types.js';
import { replaceDying } from './replace-dying.js';

registerEffect(
  'DamageAll',
  function* (run) {
    const source = damageSource(run);
    if (!source) return;
    const n = amount(run, 'NumDmg', 0);
    const cardSel = param(run.ref, 'ValidCards');
    const playerSel = param(run.ref, 'ValidPlayers');
    const damaged: Ref[] = [];
    if (cardSel !== undefined) {
      for (const o of cardsIn(run.g, 'battlefield').filter((x) => objectMatches(run, cardSel, x))) {
        const ref = { card: o.id, inc: o.inc };
        if ((yield* dealDamage(run.g, source, ref, n, false)) > 0) damaged.push(ref);
      }
    }
    if (playerSel !== undefined) {
      for (const seat of [0, 1] as Seat[])
        if (matchesPlayer(run, playerSel, seat) && (yield* dealDamage(run.g, source, { player: seat }, n, false)) > 0) damaged.push({ player: seat });
    }
    if (param(run.ref, 'RememberDamaged') === 'True') remember(run, damaged);
    replaceDying(run);
  },
  { reads: ['NumDmg', 'ValidCards', 'ValidPlayers', 'DamageSource', 'RememberDamaged', 'ReplaceDyingDefined'] },
);
