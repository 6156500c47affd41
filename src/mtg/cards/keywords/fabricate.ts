/**
 * Fabricate N (CR 702.123a): "When this permanent enters, you may put N +1/+1 counters on it. If
 * you don't, create N 1/1 colorless Servo artifact creature tokens." An enters trigger whose
 * effect is the controller's choice between the two (`GenericChoice`).
 */
import { amountArg, isError, registerKeyword } from './registry.js';

registerKeyword('Fabricate', (keyword, ctx) => {
  const n = amountArg(keyword, ctx);
  if (isError(n)) return n;
  const choice = ctx.svar();
  const counters = ctx.svar('counters');
  const servos = ctx.svar('servos');
  return {
    triggers: [`Mode$ ChangesZone | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ ${choice} | TriggerDescription$ Fabricate ${n}`],
    svars: [
      [choice, `DB$ GenericChoice | Defined$ You | Choices$ ${counters},${servos}`],
      [counters, `DB$ PutCounter | Defined$ Self | CounterType$ P1P1 | CounterNum$ ${n} | SpellDescription$ Put ${n} +1/+1 counters on it`],
      [
        servos,
        `DB$ Token | TokenAmount$ ${n} | TokenName$ Servo | TokenTypes$ Artifact,Creature,Servo | TokenOwner$ You | TokenColors$ Colorless | TokenPower$ 1 | TokenToughness$ 1 | SpellDescription$ Create ${n} 1/1 Servo tokens`,
      ],
    ],
  };
});
