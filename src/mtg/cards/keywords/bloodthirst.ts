/**
 * Bloodthirst N (CR 702.54a): "If an opponent was dealt damage this turn, this permanent enters
 * with N +1/+1 counters on it"; Bloodthirst X (702.54b): "with X +1/+1 counters on it, where X is
 * the total damage your opponents have been dealt this turn." A replacement of how it enters
 * (CR 614.1c), active wherever the card is, that reads the turn's damage to opponents.
 */
import { registerKeyword } from './registry.js';

registerKeyword('Bloodthirst', (keyword, ctx) => {
  const arg = keyword.args[0];
  if (arg === undefined || !/^(\d+|X)$/.test(arg)) return { error: 'Bloodthirst needs an amount: Bloodthirst:<N or X>' };
  const put = ctx.svar();
  const damage = ctx.svar('damage');
  return {
    replacements: [
      `Event$ Moved | ValidCard$ Card.Self | Destination$ Battlefield | ActiveZones$ All | CheckSVar$ ${damage} | SVarCompare$ GE1 | ReplaceWith$ ${put} | Description$ Bloodthirst ${arg}`,
    ],
    svars: [
      [put, `DB$ PutCounter | Defined$ Self | ETB$ True | CounterType$ P1P1 | CounterNum$ ${arg === 'X' ? damage : arg}`],
      [damage, 'Count$TotalOppDamageThisTurn'],
    ],
  };
});
