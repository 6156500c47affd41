/**
 * Riot (CR 702.136a): "You may have this permanent enter with an additional +1/+1 counter on it.
 * If you don't, it gains haste." A replacement of how it enters (CR 614.1c), its controller's
 * choice between the counter and haste (which it then has for as long as it is on the
 * battlefield).
 */
import { registerKeyword } from './registry.js';

registerKeyword('Riot', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Riot takes no arguments' };
  const choice = ctx.svar();
  const counter = ctx.svar('counter');
  const haste = ctx.svar('haste');
  return {
    replacements: [`Event$ Moved | ValidCard$ Card.Self | Destination$ Battlefield | ActiveZones$ All | ReplaceWith$ ${choice} | Description$ Riot`],
    svars: [
      [choice, `DB$ GenericChoice | Defined$ You | ETB$ True | Choices$ ${counter},${haste}`],
      [counter, 'DB$ PutCounter | Defined$ Self | ETB$ True | CounterType$ P1P1 | CounterNum$ 1 | SpellDescription$ Put a +1/+1 counter on it'],
      [haste, 'DB$ Pump | Defined$ Self | KW$ Haste | Duration$ Permanent | SpellDescription$ It gains haste'],
    ],
  };
});
