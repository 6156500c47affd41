/**
 * Mentor (CR 702.134a): "Whenever this creature attacks, put a +1/+1 counter on target attacking
 * creature with lesser power." The target must have less power than the mentor as the trigger
 * goes on the stack and again as it resolves (CR 608.2b: a target no longer legal is not
 * affected); the mentor's power is read each time.
 */
import { registerKeyword } from './registry.js';

registerKeyword('Mentor', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Mentor takes no arguments' };
  const counter = ctx.svar('counter');
  const power = ctx.svar('power');
  return {
    triggers: [
      `Mode$ Attacks | ValidCard$ Card.Self | Execute$ ${counter} | TriggerDescription$ Mentor (Whenever this creature attacks, put a +1/+1 counter on target attacking creature with lesser power.)`,
    ],
    svars: [
      [
        counter,
        `DB$ PutCounter | ValidTgts$ Creature.attacking+powerLT${power} | TgtPrompt$ Select target attacking creature with lesser power | CounterType$ P1P1 | CounterNum$ 1`,
      ],
      [power, 'Count$CardPower'],
    ],
  };
});
