/** `StoreSVar`: store a number on the host under `SVar$`, read later like an SVar (Drain Life's limit). */
import { param } from '../cards.js';
import { touch } from '../context.js';
import { definedCards, definedPlayers } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { evalNumber } from '../values.js';
import { hostObject } from './util.js';

registerEffect(
  'StoreSVar',
  function* (run) {
    const h = hostObject(run);
    const name = param(run.ref, 'SVar');
    if (!h || !name) return;
    const type = param(run.ref, 'Type') ?? 'Number';
    const expr = param(run.ref, 'Expression') ?? '0';
    let value = 0;
    if (type === 'Number') value = evalNumber(run, expr);
    // `CountSVar`: an SVar's value (the number stored under it, once one is) with math after it:
    // Soulbright Flamekin counts its resolutions this turn with `SoulbrightNum/Plus.1`.
    else if (type === 'CountSVar') value = evalNumber(run, `SVar$${expr}`);
    else if (type === 'Count' || type === 'Calculate')
      value =
        expr === 'TargetedLifeTotal'
          ? (definedPlayers(run, 'TargetedPlayer').map((s) => run.g.s.players[s].life)[0] ?? 0)
          : evalNumber(run, expr.includes('$') ? expr : `Count$${expr}`);
    else if (type === 'Targeted' || type === 'Triggered' || type === 'Remembered') {
      const card = definedCards(run, type === 'Triggered' ? 'TriggeredCard' : type)[0];
      if (card)
        value =
          expr === 'CardToughness'
            ? (card.chars.toughness ?? 0)
            : expr === 'CardPower'
              ? (card.chars.power ?? 0)
              : expr === 'CardLoyalty'
                ? (card.counters['LOYALTY'] ?? 0)
                : expr === 'CardManaCost'
                  ? card.chars.cmc
                  : 0;
    }
    h.stored[name] = value;
    touch(run.g);
  },
  { reads: ['SVar', 'Type', 'Expression'] },
);
