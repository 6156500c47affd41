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
import { queueDamage } from './damage-map.js';
import type { Gen } from '../ask.js';

registerEffect(
  'DamageAll',
  function* (run) {
    const source = damageSource(run);
    if (!source) return;
    const n = amount(run, 'NumDmg', 0);
    const cardSel = param(run.ref, 'ValidCards');
    const playerSel = param(run.ref, 'ValidPlayers');
    const rememberDamaged = param(run.ref, 'RememberDamaged') === 'True';
    const damaged: Ref[] = [];
    const deal = function* (ref: Ref): Gen<void> {
      // Inside a damage map (Incite Rebellion's `RepeatEach`), the damage joins its one event.
      if (queueDamage(run, source, ref, n, false, rememberDamaged ? run : null)) return;
      if ((yield* dealDamage(run.g, source, ref, n, false)) > 0) damaged.push(ref);
    };
    if (cardSel !== undefined) {
      for (const o of cardsIn(run.g, 'battlefield').filter((x) => objectMatches(run, cardSel, x))) yield* deal({ card: o.id, inc: o.inc });
    }
    if (playerSel !== undefined) {
      for (const seat of [0, 1] as Seat[]) if (matchesPlayer(run, playerSel, seat)) yield* deal({ player: seat });
    }
    if (rememberDamaged) remember(run, damaged);
    replaceDying(run);
  },
  { reads: ['NumDmg', 'ValidCards', 'ValidPlayers', 'DamageSource', 'RememberDamaged', 'ReplaceDyingDefined'] },
);
