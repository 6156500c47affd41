/**
 * `ExchangeLifeVariant` (CR 701.12g): a player exchanges their life total with the host
 * creature's power (`Mode$ Power`, Evra, Halcyon Witness) or toughness (`Mode$ Toughness`,
 * Tree of Perdition, Tree of Redemption). Each value becomes the other's previous value: the
 * player gains or loses the difference, and a continuous effect sets the power or toughness to
 * the old life total (layer 7b, CR 613.4b), for as long as the creature stays on the battlefield.
 */
import { param } from '../cards.js';
import { canGainLife, gainLife, loseLife } from '../actions.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { addEffect, affectedPlayers, hostObject } from './util.js';

registerEffect(
  'ExchangeLifeVariant',
  function* (run) {
    const g = run.g;
    const host = hostObject(run);
    // The creature must still be there to exchange with (CR 701.12a: else no part happens).
    if (!host || host.zone !== 'battlefield' || host.inc !== (run.item?.sourceInc ?? host.inc)) return;
    const toughness = param(run.ref, 'Mode') === 'Toughness';
    for (const seat of affectedPlayers(run)) {
      const c = chars(g, host);
      const value = toughness ? c.toughness : c.power;
      if (value === null || !c.cardTypes.includes('Creature')) return;
      const life = g.s.players[seat].life;
      // A player who can't gain life can't be given a higher life total so, and then the whole
      // exchange does not happen (CR 701.12a, 701.12g, 119.7).
      if (value > life && !canGainLife(g, seat)) continue;
      if (value > life) gainLife(g, seat, value - life);
      else if (value < life) loseLife(g, seat, life - value);
      addEffect(run, [host], toughness ? { setToughness: life } : { setPower: life }, { until: 'forever' });
    }
  },
  { reads: ['Mode', 'Defined', 'ValidTgts'] },
);
