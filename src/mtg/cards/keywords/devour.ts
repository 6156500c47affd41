/**
 * Devour N (CR 702.82a): "As this object enters, you may sacrifice any number of creatures. This
 * permanent enters with N +1/+1 counters on it for each creature sacrificed this way." A
 * replacement as it enters (CR 614.1c), the engine's `ETBReplacement` keyword naming an optional
 * `Sacrifice` of up to every other creature its controller has, remembered, then an `ETB$`
 * `PutCounter` of N times their number, then the memory cleared (as Forge's CardFactoryUtil writes
 * it). Thromok the Insatiable's `Devour:X` ("where X is the number of creatures devoured this way")
 * puts X times X counters. What "it devoured" reads later (`Count$Devoured`, `HasDevoured`) is not
 * implemented: those cards stay unplayable by their own primitives.
 */
import { registerKeyword } from './registry.js';

registerKeyword('Devour', (keyword, ctx) => {
  const n = keyword.args[0];
  if (n === undefined || !/^(\d+|X)$/.test(n)) return { error: 'Devour needs an amount: Devour:<N> (or X, the number devoured)' };
  const sac = ctx.svar('sacrifice');
  const most = ctx.svar('creatures');
  const put = ctx.svar('counters');
  const devoured = ctx.svar('devoured');
  const amount = ctx.svar('amount');
  const clear = ctx.svar('cleanup');
  return {
    keywords: [`ETBReplacement:Other:${sac}`],
    svars: [
      [
        sac,
        `DB$ Sacrifice | Defined$ You | Amount$ ${most} | SacValid$ Creature.Other | RememberSacrificed$ True | Optional$ True | SubAbility$ ${put} | SpellDescription$ Devour ${n}`,
      ],
      [most, 'Count$Valid Creature.YouCtrl+Other'],
      [put, `DB$ PutCounter | ETB$ True | Defined$ Self | CounterType$ P1P1 | CounterNum$ ${amount} | SubAbility$ ${clear}`],
      [devoured, 'Count$RememberedSize'],
      [amount, `SVar$${devoured}/Times.${n === 'X' ? devoured : n}`],
      [clear, 'DB$ Cleanup | ClearRemembered$ True'],
    ],
  };
});
